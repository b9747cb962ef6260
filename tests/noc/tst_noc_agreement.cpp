// A reduced version of the reference's §3 agreement table: default-length
// BookSim runs (3 warm-up + 3 measured periods) at a few loads, against the
// figures BookSim2 printed for the same configs. Tolerances are set by hand
// from BookSim's own seed-to-seed spread (±0.5 % latency at 0.3, more near
// saturation): latency 3 %, accepted rate 2 %.

#include <QtTest>

#include "noc/noc_engine.h"
#include "noc_test_support.h"

using namespace commviz::noc;

namespace {

const char* kMesh44 = R"(
topology = mesh;
k = 4;
n = 2;
routing_function = dor;
num_vcs = 4;
vc_buf_size = 4;
traffic = uniform;
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
        // reference §3.1 (a1) and §3.4 (4x4); the torus, tornado and 4-flit rows were
        // measured with BookSim2 28f43299 on this machine, same header + the overrides.
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
        // on /work/oracle/a1.cfg (= the a1 header + the common blocks) + the overrides, seed 0.
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
    }

    void overdrivenThroughputModeDeliversTheSaturationRate() {
        // BookSim throughput mode at 0.5 offered: 0.400 accepted (reference §3.1)
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
        // the fixed-length block of reference §4 never converges: exactly max_samples periods
        const NocReport fixed = runNocBatch(
            noctest::config({"injection_rate=0.1", "stopping_thres=0.0", "acc_stopping_thres=0.0", "max_samples=8"}));
        QCOMPARE(fixed.periods.size(), std::size_t(8));
    }
};

QTEST_APPLESS_MAIN(TstNocAgreement)
#include "tst_noc_agreement.moc"
