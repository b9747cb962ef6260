// BookSim2's own figures for a few configs against ours: default-length
// BookSim runs (3 warm-up + 3 measured periods) at a few loads, against the
// figures BookSim2 printed for the same configs. Tolerances are set by hand
// from BookSim's own seed-to-seed spread (±0.5 % latency at 0.3, more near
// saturation): latency 3 %, accepted rate 2 %.

#include <QtTest>

#include "noc/noc_engine.h"
#include "noc_test_support.h"

using namespace commviz::noc;

namespace {

const std::string kMesh44 = noctest::meshHeader(4, 4) + R"(traffic = uniform;
packet_size = 1;
)";

}  // namespace

class TstNocAgreement : public QObject {
    Q_OBJECT
private slots:
    void stablePointsAgree_data() {
        QTest::addColumn<QString>("base");
        QTest::addColumn<QStringList>("overrides");
        QTest::addColumn<double>("latency");   // BookSim2 packet latency average
        QTest::addColumn<double>("accepted");  // BookSim2 accepted flit rate average
        // BookSim2 28f43299 on the a1 header (8x8) or its 4x4 variant; the torus, tornado and
        // 4-flit rows likewise, same header + the overrides.
        QTest::newRow("8x8 mesh 0.1") << "a1" << QStringList{"injection_rate=0.1"} << 33.78 << 0.0999;
        QTest::newRow("8x8 mesh 0.3") << "a1" << QStringList{"injection_rate=0.3"} << 37.81 << 0.2986;
        QTest::newRow("4x4 mesh 0.1") << "44" << QStringList{"injection_rate=0.1"} << 19.84 << 0.0996;
        QTest::newRow("4x4 mesh 0.5") << "44" << QStringList{"injection_rate=0.5"} << 21.97 << 0.4989;
        QTest::newRow("8x8 torus 0.3") << "a1" << QStringList{"topology=torus", "routing_function=dim_order"} << 33.2231
                                       << 0.298661;
        QTest::newRow("8x8 mesh tornado 0.2")
            << "a1" << QStringList{"traffic=tornado", "injection_rate=0.2"} << 49.2029 << 0.200115;
        QTest::newRow("8x8 mesh 4-flit 0.08")
            << "a1" << QStringList{"packet_size=4", "injection_rate=0.08"} << 48.44 << 0.320026;
        // Router variants, permutation traffic, larger packets and the 4x4 torus: BookSim2 28f43299
        // on the a1 config (noc_test_support.h's header + BookSim's run-control defaults) + the
        // overrides, seed 0.
        // Two-cycle allocators make that build assert, so their row comes from the same source
        // built with -DNDEBUG (its re-check loops then skip unstarted entries, as ours do).
        QTest::newRow("speculative, credit_delay=2, wait_for_tail_credit 0.1")
            << "a1" << QStringList{"injection_rate=0.1", "speculative=1", "credit_delay=2", "wait_for_tail_credit=1"}
            << 27.6277 << 0.0999583;
        QTest::newRow("VA 2 + SA 2 0.1") << "a1"
                                         << QStringList{"injection_rate=0.1", "vc_alloc_delay=2", "sw_alloc_delay=2"}
                                         << 51.4361 << 0.0999896;
        QTest::newRow("st_final_delay=2 0.3")
            << "a1" << QStringList{"injection_rate=0.3", "st_final_delay=2"} << 48.662 << 0.298776;
        QTest::newRow("input_speedup=2 0.3")
            << "a1" << QStringList{"injection_rate=0.3", "input_speedup=2"} << 37.0065 << 0.298573;
        QTest::newRow("output_speedup=2 0.3")
            << "a1" << QStringList{"injection_rate=0.3", "output_speedup=2"} << 37.3526 << 0.298578;
        QTest::newRow("internal_speedup=1.5 0.3")
            << "a1" << QStringList{"injection_rate=0.3", "internal_speedup=1.5"} << 28.9334 << 0.298542;
        QTest::newRow("4-flit by flits, wait_for_tail_credit 0.3")
            << "a1"
            << QStringList{"injection_rate=0.3", "packet_size=4", "injection_rate_uses_flits=1",
                           "wait_for_tail_credit=1"}
            << 46.5162 << 0.299599;
        QTest::newRow("8-flit, 8 VCs x 8 by flits 0.3")
            << "a1"
            << QStringList{"injection_rate=0.3", "packet_size=8", "injection_rate_uses_flits=1", "num_vcs=8",
                           "vc_buf_size=8"}
            << 63.4343 << 0.299914;
        QTest::newRow("bitcomp 0.2") << "a1" << QStringList{"injection_rate=0.2", "traffic=bitcomp"} << 54.543
                                     << 0.200234;
        QTest::newRow("neighbor 0.2") << "a1" << QStringList{"injection_rate=0.2", "traffic=neighbor"} << 24.5
                                      << 0.200068;
        QTest::newRow("shuffle 0.2") << "a1" << QStringList{"injection_rate=0.2", "traffic=shuffle"} << 31.2711
                                     << 0.200276;
        QTest::newRow("transpose 0.1") << "a1" << QStringList{"injection_rate=0.1", "traffic=transpose"} << 35.0159
                                       << 0.0998333;
        QTest::newRow("bitrev 0.1") << "a1" << QStringList{"injection_rate=0.1", "traffic=bitrev"} << 35.4397
                                    << 0.0999479;
        QTest::newRow("4x4 torus 0.5") << "a1"
                                       << QStringList{"injection_rate=0.5", "topology=torus",
                                                      "routing_function=dim_order", "k=4"}
                                       << 20.4242 << 0.498875;
        // hold_switch_for_packet = 1: BookSim2 28f43299 on the a1 config (the a1 header +
        // BookSim's run-control defaults) + the overrides, seed 0. Over seeds 0-4 BookSim2 / commviz average
        // 41.37 / 41.26 at 0.1, 59.54 (57.51-62.49) / 58.27 (56.93-59.32) at 0.3.
        const QStringList held{"hold_switch_for_packet=1", "packet_size=5", "injection_rate_uses_flits=1"};
        QTest::newRow("held 5-flit by flits 0.1")
            << "a1" << held + QStringList{"injection_rate=0.1"} << 41.3006 << 0.098474;
        QTest::newRow("held 5-flit by flits 0.3")
            << "a1" << held + QStringList{"injection_rate=0.3"} << 60.0482 << 0.302182;
        QTest::newRow("held 5-flit, speculative 0.3")
            << "a1" << held + QStringList{"injection_rate=0.3", "speculative=1"} << 51.8526 << 0.300207;
        QTest::newRow("held 5-flit, input_speedup=2 0.3")
            << "a1" << held + QStringList{"injection_rate=0.3", "input_speedup=2"} << 53.4335 << 0.30237;
        QTest::newRow("held 5-flit, output_speedup=2 0.3")
            << "a1" << held + QStringList{"injection_rate=0.3", "output_speedup=2"} << 54.2241 << 0.302323;
        QTest::newRow("held 2-flit by flits 0.3") << "a1"
                                                  << QStringList{"hold_switch_for_packet=1", "packet_size=2",
                                                                 "injection_rate_uses_flits=1", "injection_rate=0.3"}
                                                  << 39.377 << 0.300677;
    }

    // With injection_rate = 1.0 a Bernoulli source injects every cycle and these traffic
    // patterns have fixed destinations, so no random number is drawn at all: the run is then
    // BookSim's cycle for cycle, and every figure must equal what BookSim2 prints (six
    // significant digits). Throughput mode, 5 periods, 4-flit packets, switch hold on unless
    // the row says otherwise; BookSim2 28f43299 on that a1.cfg + injection_rate=1.0
    // sim_type=throughput max_samples=5 packet_size=4 hold_switch_for_packet=1 + the row's
    // keys. Columns: packet and network latency average, accepted flit rate average and
    // minimum, hops average, time taken.
    void deterministicRunsMatchBookSimDigitForDigit_data() {
        QTest::addColumn<QStringList>("overrides");
        QTest::addColumn<QStringList>("bookSim");
        const auto row = [](const char* name, QStringList keys, const char* printed) {
            QTest::newRow(name) << keys << QString(printed).split(' ');
        };
        row("tornado, not held", {"traffic=tornado", "hold_switch_for_packet=0"},
            "4058.89 297.685 0.149977 0.014 8.85142 5372");
        row("tornado", {"traffic=tornado"}, "4067.16 306.061 0.141289 0.008 8.82753 5372");
        row("bitcomp", {"traffic=bitcomp"}, "4064.14 265.663 0.125906 0.032 6.70804 5308");
        row("bitrev", {"traffic=bitrev"}, "3474.54 97.7331 0.277523 0.016 3.61637 5273");
        row("transpose", {"traffic=transpose"}, "3421.23 74.6849 0.34375 0.016 3.18218 5273");
        row("shuffle", {"traffic=shuffle"}, "3592.63 116.435 0.344422 0.1205 4.31147 5255");
        row("tornado, speculative", {"traffic=tornado", "speculative=1"}, "4065.56 303.628 0.142344 0.01 8.84902 5355");
        row("bitrev, look-ahead", {"traffic=bitrev", "routing_delay=0"}, "3473.78 95.0205 0.278687 0.014 3.63451 5268");
        row("tornado, speculative look-ahead", {"traffic=tornado", "speculative=1", "routing_delay=0"},
            "4046.25 290.721 0.149031 0.014 8.84177 5359");
        row("tornado, torus", {"traffic=tornado", "topology=torus", "routing_function=dim_order"},
            "4175.93 316.398 0.0684609 0 7 5408");
        row("bitrev, input_speedup=2", {"traffic=bitrev", "input_speedup=2"},
            "3480.89 97.2164 0.281031 0.016 3.66214 5273");
        row("tornado, output_speedup=2, output_buffer_size=2",
            {"traffic=tornado", "output_speedup=2", "output_buffer_size=2"},
            "4066.65 302.241 0.146555 0.012 8.81974 5351");
        row("bitrev, both speedups", {"traffic=bitrev", "input_speedup=2", "output_speedup=2"},
            "3482.58 100.25 0.281305 0.01 3.66296 5283");
        row("tornado, internal_speedup=1.5", {"traffic=tornado", "internal_speedup=1.5"},
            "4056.12 292.637 0.149461 0.018 8.82877 5338");
        row("bitrev, credit_delay=2", {"traffic=bitrev", "credit_delay=2"},
            "3485.81 101.685 0.27275 0.014 3.60838 5327");
        row("tornado, wait_for_tail_credit", {"traffic=tornado", "wait_for_tail_credit=1"},
            "4055.27 283.873 0.145805 0.01 8.85409 5388");
        row("bitrev, 2-flit VCs", {"traffic=bitrev", "vc_buf_size=2"}, "3795.6 73.6692 0.197703 0.044 4.95053 5140");
        row("tornado, 2 VCs", {"traffic=tornado", "num_vcs=2"}, "3946.93 164.64 0.145555 0.016 8.85263 5209");
        row("bitrev, 8-flit packets and VCs", {"traffic=bitrev", "packet_size=8", "vc_buf_size=8"},
            "3866.43 167.706 0.278875 0.012 3.65554 5505");
        row("tornado, st_final_delay=2", {"traffic=tornado", "st_final_delay=2"},
            "4106.19 321.132 0.142234 0.014 8.79158 5362");
        row("bitrev, 4x4x4 mesh", {"traffic=bitrev", "k=4", "n=3"}, "3498.69 73.8113 0.395625 0.1245 3.05874 5145");
        // The iq router builds its allocators without the config: alloc_iters changes nothing
        // (the same figures as "tornado, not held"); islip(N) in the allocator's name does.
        row("tornado, not held, alloc_iters=2", {"traffic=tornado", "hold_switch_for_packet=0", "alloc_iters=2"},
            "4058.89 297.685 0.149977 0.014 8.85142 5372");
        row("tornado, not held, islip(2) allocators",
            {"traffic=tornado", "hold_switch_for_packet=0", "vc_allocator=islip(2)", "sw_allocator=islip(2)"},
            "4062.55 294.014 0.151133 0.02 8.84237 5368");
        row("bitrev, sw_allocator=islip(3)", {"traffic=bitrev", "sw_allocator=islip(3)"},
            "3475.55 97.7333 0.277602 0.016 3.62278 5273");
        // Two-cycle allocators: a held connection still takes one cycle. The stock BookSim2 build
        // asserts there, so these are from the same source built with -DNDEBUG.
        row("tornado, SA 2", {"traffic=tornado", "sw_alloc_delay=2"}, "4306.82 439.481 0.0953125 0.006 8.83497 5554");
        row("tornado, VA 2", {"traffic=tornado", "vc_alloc_delay=2"}, "4084.94 309.602 0.143672 0.012 8.81901 5375");
        row("bitrev, VA 2 + SA 2", {"traffic=bitrev", "vc_alloc_delay=2", "sw_alloc_delay=2"},
            "3737.87 144.921 0.18275 0.008 3.61487 5407");
        row("tornado, speculative, SA 2", {"traffic=tornado", "speculative=1", "sw_alloc_delay=2"},
            "4304.17 449.345 0.0957188 0.012 8.80664 5536");
        row("bitrev, SA 2, look-ahead", {"traffic=bitrev", "sw_alloc_delay=2", "routing_delay=0"},
            "3731.03 137.68 0.185125 0.008 3.61551 5405");
    }

    void deterministicRunsMatchBookSimDigitForDigit() {
        QFETCH(QStringList, overrides);
        QFETCH(QStringList, bookSim);
        std::vector<std::string> keys{"injection_rate=1.0", "sim_type=throughput", "max_samples=5", "packet_size=4",
                                      "hold_switch_for_packet=1"};
        for (const QString& o : overrides) keys.push_back(o.toStdString());
        const NocReport r = runNocBatch(noctest::config(keys));
        QCOMPARE(r.outcome, NocOutcome::Completed);
        QCOMPARE(noctest::bookSimFigures(r), bookSim);
    }

    void stablePointsAgree() {
        QFETCH(QString, base);
        QFETCH(QStringList, overrides);
        QFETCH(double, latency);
        QFETCH(double, accepted);
        std::vector<std::string> keys;
        for (const QString& o : overrides) keys.push_back(o.toStdString());
        const NocReport r = runNocBatch(noctest::config(keys, base == "a1" ? noctest::kA1 : kMesh44));
        QCOMPARE(r.outcome, NocOutcome::Completed);
        const double lat = r.overall.plat.average();
        const double acc = r.overall.acceptedFlits.average;
        // 8-flit packets: BookSim's own seeds 0-3 spread 62.1-64.3 there (ours 61.3-62.9), so the
        // issue's 5 % instead of 3 %.
        const double latTolerance = QString(QTest::currentDataTag()).contains("8-flit") ? 0.05 : 0.03;
        QVERIFY2(std::abs(lat - latency) / latency < latTolerance,
                 qPrintable(QString("latency %1 vs %2").arg(lat).arg(latency)));
        QVERIFY2(std::abs(acc - accepted) / accepted < 0.02,
                 qPrintable(QString("accepted %1 vs %2").arg(acc).arg(accepted)));
    }

    void beyondSaturationIsUnstable() {
        // BookSim: 8x8 aborts from 0.44 upward, 4x4 at 0.8 ("Simulation unstable")
        QCOMPARE(runNocBatch(noctest::config({"injection_rate=0.46"})).outcome, NocOutcome::Unstable);
        QCOMPARE(runNocBatch(noctest::config({"injection_rate=0.8"}, kMesh44)).outcome, NocOutcome::Unstable);
        // held 5-flit packets (BookSim2: seed 0 unstable at 0.4 flits, seeds 0-4 stable at 0.35)
        QCOMPARE(runNocBatch(noctest::config({"hold_switch_for_packet=1", "packet_size=5",
                                              "injection_rate_uses_flits=1", "injection_rate=0.4"}))
                     .outcome,
                 NocOutcome::Unstable);
    }

    void overdrivenThroughputModeDeliversTheSaturationRate() {
        // BookSim throughput mode at 0.5 offered: 0.400 accepted (BookSim2 28f43299, a1 config)
        const NocReport r = runNocBatch(noctest::config({"injection_rate=0.5", "sim_type=throughput"}));
        QCOMPARE(r.outcome, NocOutcome::Completed);
        const double acc = r.overall.acceptedFlits.average;
        QVERIFY2(std::abs(acc - 0.400) < 0.012, qPrintable(QString::number(acc)));
    }

    void runLengthFollowsBookSimsConvergenceRule() {
        // a stable point: 3 warm-up + 3 converged periods, then the drain (6100-6200 cycles)
        const NocReport r = runNocBatch(noctest::config({"injection_rate=0.1"}));
        QCOMPARE(r.periods.size(), std::size_t(6));
        QCOMPARE(r.warmedUpAt, std::int64_t(3000));
        QVERIFY(r.overall.timeTaken > 6000 && r.overall.timeTaken < 6300);
        // stopping thresholds of 0 never converge (TrafficManager::_SingleSim): exactly max_samples periods
        const NocReport fixed = runNocBatch(
            noctest::config({"injection_rate=0.1", "stopping_thres=0.0", "acc_stopping_thres=0.0", "max_samples=8"}));
        QCOMPARE(fixed.periods.size(), std::size_t(8));
    }
};

QTEST_APPLESS_MAIN(TstNocAgreement)
#include "tst_noc_agreement.moc"
