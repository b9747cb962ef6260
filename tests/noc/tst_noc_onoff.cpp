// injection_process = on_off: BookSim's OnOffInjectionProcess (injection.cpp).
// The derivation of the missing rate and the key rules are worked by hand from
// its constructor; the state machine is checked at its edge cases, by the
// number of random draws per trial (state first, then the packet only when on)
// and by its stationary behaviour; invariants hold on stepped bursty runs; and
// the 8x8 mesh agrees with BookSim2.

#include <QtTest>

#include "noc/noc_engine.h"
#include "noc/onoff_injection.h"
#include "noc_test_support.h"

using namespace commviz::noc;

namespace {

QString refusal(const std::vector<std::string>& overrides) {
    auto doc = parseBookSimConfig(noctest::kA1, "a1");
    if (!doc) return "parse failed";
    if (auto ok = applyOverrides(doc.value(), overrides); !ok) return QString::fromStdString(ok.error().message);
    auto cfg = makeNocConfig(doc.value());
    return cfg ? QString() : QString::fromStdString(cfg.error().message);
}

}  // namespace

class TstNocOnOff : public QObject {
    Q_OBJECT
private slots:
    // OnOffInjectionProcess's constructor, by hand: with rate 0.2, alpha = beta
    // = 0.5 the on-state rate is 0.2 (0.5 + 0.5) / 0.5 = 0.4; with rate 0.1,
    // beta = 0.2, r1 = 0.5: alpha = 0.2 * 0.1 / 0.4 = 0.05; with rate 0.1,
    // alpha = 0.05, r1 = 0.5: beta = 0.05 * 0.4 / 0.1 = 0.2.
    void derivesTheMissingRate() {
        auto r1 = resolveOnOffRates(0.2, 0.5, 0.5, -1.0);
        QVERIFY(r1);
        QCOMPARE(r1.value().r1, 0.4);
        auto alpha = resolveOnOffRates(0.1, -1.0, 0.2, 0.5);
        QVERIFY(alpha);
        QVERIFY(std::abs(alpha.value().alpha - 0.05) < 1e-12);
        auto beta = resolveOnOffRates(0.1, 0.05, -1.0, 0.5);
        QVERIFY(beta);
        QVERIFY(std::abs(beta.value().beta - 0.2) < 1e-12);
        // the engine's config derives from the packet rate: 0.4 flits of
        // 4-flit packets = 0.1 packets, alpha 0.05, beta 0.2 -> r1 = 0.1 * 0.25 / 0.05
        const NocConfig c = noctest::config({"injection_process=on_off", "burst_alpha=0.05", "burst_beta=0.2",
                                             "injection_rate=0.4", "injection_rate_uses_flits=1", "packet_size=4"});
        QVERIFY(std::abs(c.onOffRates().r1 - 0.5) < 1e-12);
    }

    void refusesInvalidParameters_data() {
        QTest::addColumn<QStringList>("overrides");
        QTest::addColumn<QStringList>("needles");
        QTest::newRow("unknown process") << QStringList{"injection_process=poisson"}
                                         << QStringList{"injection_process = poisson", "bernoulli, on_off"};
        QTest::newRow("none negative") << QStringList{"injection_process=on_off", "burst_r1=0.5"}
                                       << QStringList{"injection_process = on_off", "exactly one", "negative"};
        QTest::newRow("two negative") << QStringList{"injection_process=on_off", "burst_alpha=-1.0"}
                                      << QStringList{"burst_alpha = -1", "burst_r1 = -1", "exactly one"};
        QTest::newRow("above 1") << QStringList{"injection_process=on_off", "burst_beta=1.5"}
                                 << QStringList{"burst_beta = 1.5", "at most 1.0"};
        QTest::newRow("integer written for a float")
            << QStringList{"injection_process=on_off", "burst_alpha=1"} << QStringList{"burst_alpha = 1", "float"};
        QTest::newRow("alpha 0 with r1 derived") << QStringList{"injection_process=on_off", "burst_alpha=0.0"}
                                                 << QStringList{"burst_alpha = 0", "greater than 0.0"};
        QTest::newRow("r1 not above the rate")
            << QStringList{"injection_process=on_off", "burst_alpha=-1.0", "burst_r1=0.2", "injection_rate=0.3"}
            << QStringList{"burst_r1 = 0.2", "must exceed", "0.3"};
    }
    void refusesInvalidParameters() {
        QFETCH(QStringList, overrides);
        QFETCH(QStringList, needles);
        std::vector<std::string> keys;
        for (const QString& o : overrides) keys.push_back(o.toStdString());
        const QString message = refusal(keys);
        QVERIFY2(!message.isEmpty(), "accepted");
        for (const QString& needle : needles) QVERIFY2(message.contains(needle), qPrintable(message));
    }

    // alpha = 1, beta = 0, r1 = 1: an off source turns on at its first trial and
    // then injects every cycle; alpha = 0 keeps an off source silent; alpha =
    // beta = 1 alternates off / on, so a packet every other cycle.
    void stateMachineEdgeCases() {
        commviz::sim::Rng rng(7);
        bool on = false;
        for (int i = 0; i < 100; ++i) QVERIFY(onOffTrial(on, {1.0, 0.0, 1.0}, rng));
        on = false;
        for (int i = 0; i < 100; ++i) QVERIFY(!onOffTrial(on, {0.0, 0.0, 1.0}, rng));
        QVERIFY(!on);
        on = true;  // beta = 1: on turns off at once, and alpha = 1 turns it on again
        for (int i = 0; i < 10; ++i) {
            QVERIFY(!onOffTrial(on, {1.0, 1.0, 1.0}, rng));
            QVERIFY(!on);
            QVERIFY(onOffTrial(on, {1.0, 1.0, 1.0}, rng));
            QVERIFY(on);
        }
    }

    // BookSim's draw order: the state draw always, the packet draw only when on.
    void drawsOnceWhenOffTwiceWhenOn() {
        commviz::sim::Rng rng(3), reference(3);
        bool on = false;
        (void)onOffTrial(on, {0.0, 0.0, 1.0}, rng);  // stays off: one draw
        reference.next();
        QVERIFY(rng == reference);
        on = true;
        (void)onOffTrial(on, {0.0, 0.0, 0.5}, rng);  // stays on: state + packet
        reference.next();
        reference.next();
        QVERIFY(rng == reference);
    }

    // alpha = 0.1, beta = 0.3: on a fraction alpha / (alpha + beta) = 0.25 of
    // the cycles, on-runs last 1 / beta = 3.33 cycles on average, and with r1 =
    // 0.8 the packet rate is 0.25 * 0.8 = 0.2. Over 400,000 trials the on
    // fraction's standard error is sqrt(0.1875 / N * (1 + 0.6) / (1 - 0.6)) =
    // 0.0014 (lag-1 correlation 1 - alpha - beta = 0.6); tolerance 0.01.
    void stationaryBehaviour() {
        commviz::sim::Rng rng(11);
        const OnOffRates rates{0.1, 0.3, 0.8};
        bool on = false;
        int onCycles = 0, packets = 0, runs = 0;
        const int n = 400000;
        for (int i = 0; i < n; ++i) {
            const bool was = on;
            packets += onOffTrial(on, rates, rng);
            onCycles += on;
            runs += on && !was;
        }
        const double fraction = double(onCycles) / n;
        QVERIFY2(std::abs(fraction - 0.25) < 0.01, qPrintable(QString::number(fraction)));
        QVERIFY2(std::abs(double(packets) / n - 0.2) < 0.01, qPrintable(QString::number(double(packets) / n)));
        const double meanRun = double(onCycles) / runs;
        QVERIFY2(std::abs(meanRun - 1.0 / 0.3) < 0.1, qPrintable(QString::number(meanRun)));
    }

    void invariantsHoldEveryCycle_data() {
        QTest::addColumn<QStringList>("overrides");
        QTest::newRow("bursty 1-flit") << QStringList{"burst_alpha=0.05", "burst_beta=0.2", "injection_rate=0.3"};
        QTest::newRow("bursty 4-flit, r1 given") << QStringList{"burst_alpha=-1.0", "burst_beta=0.1", "burst_r1=0.2",
                                                                "injection_rate=0.08", "packet_size=4"};
    }
    void invariantsHoldEveryCycle() {
        QFETCH(QStringList, overrides);
        std::vector<std::string> keys{"injection_process=on_off", "sample_period=300", "max_samples=6"};
        for (const QString& o : overrides) keys.push_back(o.toStdString());
        NocEngine engine(noctest::config(keys));
        for (int i = 0; i < 2000 && !engine.done(); ++i) {
            engine.step();
            const std::vector<std::string> broken = engine.checkInvariants();
            if (!broken.empty())
                QFAIL(qPrintable(QString("cycle %1: %2").arg(engine.time()).arg(broken.front().c_str())));
        }
        QVERIFY(engine.flitsEjected() > 0);
    }

    // BookSim2 28f43299: booksim on the a1 config (noc_test_support.h) +
    //   injection_process=on_off burst_alpha=A burst_beta=B injection_rate=R  (seed 0)
    // alpha = beta = 0.5 makes each cycle's state independent (Bernoulli-like);
    // 0.05 / 0.2 is bursty (on 20 % of the time, r1 = 5 x rate).
    void agreesWithBookSim_data() {
        QTest::addColumn<QString>("alpha");
        QTest::addColumn<QString>("beta");
        QTest::addColumn<QString>("rate");
        QTest::addColumn<double>("latency");   // BookSim2 packet latency average
        QTest::addColumn<double>("accepted");  // BookSim2 accepted flit rate average
        QTest::addColumn<double>("accTolerance");
        QTest::newRow("0.5/0.5 at 0.2") << "0.5"
                                        << "0.5"
                                        << "0.2" << 35.1921 << 0.200922 << 0.02;
        QTest::newRow("0.5/0.5 at 0.3") << "0.5"
                                        << "0.5"
                                        << "0.3" << 37.9069 << 0.301198 << 0.02;
        QTest::newRow("0.05/0.2 at 0.1") << "0.05"
                                         << "0.2"
                                         << "0.1" << 34.1112 << 0.0991406 << 0.02;
        // Bursty sources make a 3-period accepted rate noisy: BookSim's seeds 0-3 give
        // 0.1488-0.1499 at 0.15, ours 0.1493-0.1523; with sample_period=20000 BookSim2
        // prints 35.1112 / 0.149388 and commviz 35.0843 / 0.149848. So 3 % here.
        QTest::newRow("0.05/0.2 at 0.15") << "0.05"
                                          << "0.2"
                                          << "0.15" << 35.1186 << 0.148906 << 0.03;
    }
    void agreesWithBookSim() {
        QFETCH(QString, alpha);
        QFETCH(QString, beta);
        QFETCH(QString, rate);
        QFETCH(double, latency);
        QFETCH(double, accepted);
        QFETCH(double, accTolerance);
        const NocReport r =
            runNocBatch(noctest::config({"injection_process=on_off", "burst_alpha=" + alpha.toStdString(),
                                         "burst_beta=" + beta.toStdString(), "injection_rate=" + rate.toStdString()}));
        QCOMPARE(r.outcome, NocOutcome::Completed);
        const double lat = r.overall.plat.average();
        const double acc = r.overall.acceptedFlits.average;
        QVERIFY2(std::abs(lat - latency) / latency < 0.05,
                 qPrintable(QString("latency %1 vs %2").arg(lat).arg(latency)));
        QVERIFY2(std::abs(acc - accepted) / accepted < accTolerance,
                 qPrintable(QString("accepted %1 vs %2").arg(acc).arg(accepted)));
    }
};

QTEST_APPLESS_MAIN(TstNocOnOff)
#include "tst_noc_onoff.moc"
