// Proves the chart's cost-only sweep: its times are the engine's time_us, the
// crossover of recursive doubling and ring is where the α-β-γ formulas put
// it, and the auto bands are Open MPI's fixed decision at every point. Costs
// as collectives_test_support.h: α = 1 µs, β = 1000 B/µs, γ = 2000 B/µs.

#include <atomic>
#include <cmath>

#include "collectives_scene/algorithm_catalog.h"
#include "collectives_scene/collectives_sweep.h"
#include "collectives_test_support.h"
#include "ompi/tuned/ompi_fixed_rules.h"

using namespace commviz;
using namespace commviz::collectives;
using namespace commviz::collectives::test;

namespace {

/// The sweep with only the curves named `keep`, in the catalog's order.
Sweep onlyCurves(Sweep sweep, const std::vector<std::string>& keep) {
    std::erase_if(sweep.curves, [&](const AlgorithmCurve& curve) {
        return std::find(keep.begin(), keep.end(), curve.algorithm) == keep.end();
    });
    return sweep;
}

/// The engine's time_us for `config`, NaN when the engine refuses it.
double engineTimeUs(const Config& config) {
    if (!CollectivesEngine::create(config)) return std::nan("");
    return runToEnd(config)["time_us"].get<double>();
}

/// Equal times, or both NaN (the sweep leaves out what the engine refuses).
bool sameTime(double sweep, double engine) { return (std::isnan(sweep) && std::isnan(engine)) || sweep == engine; }

/// Each auto band as "first..last: id algorithm": the points it covers (indices
/// into the sweep's x), Open MPI's algorithm ID and its modelled name.
QStringList bandsOf(const Sweep& sweep) {
    QStringList out;
    for (const AutoBand& band : sweep.bands)
        out << QStringLiteral("%1..%2: %3 %4")
                   .arg(band.first)
                   .arg(band.last)
                   .arg(band.algorithmId)
                   .arg(QString::fromStdString(band.algorithm));
    return out;
}

}  // namespace

class SweepTest : public QObject {
    Q_OBJECT

private slots:
    void axesAreThePowersOfTwo() {
        const auto sizes = sweepSizes();
        QCOMPARE(sizes.size(), std::size_t(31));
        QCOMPARE(sizes.front(), std::int64_t(1));
        QCOMPARE(sizes[10], std::int64_t(1024));
        QCOMPARE(sizes.back(), std::int64_t(1) << 30);
        const auto ranks = sweepRanks();
        QCOMPARE(ranks.size(), std::size_t(10));
        QCOMPARE(ranks.front(), 2);
        QCOMPARE(ranks.back(), 1024);
    }

    void timesAreTheEnginesTimeUs_data() {
        QTest::addColumn<int>("collective");
        QTest::addColumn<int>("ranks");
        QTest::newRow("allreduce p=6") << int(Collective::Allreduce) << 6;
        QTest::newRow("allreduce p=8") << int(Collective::Allreduce) << 8;
        QTest::newRow("bcast p=5") << int(Collective::Bcast) << 5;
        QTest::newRow("allgather p=7") << int(Collective::Allgather) << 7;
    }

    void timesAreTheEnginesTimeUs() {
        QFETCH(int, collective);
        QFETCH(int, ranks);
        Config config = configFor(Collective(collective), "auto", ranks, 1);
        config.segsize = 4096;  // the segmented algorithms cut 64 KiB into 16
        const Sweep sweep = sweepOverSizes(config);
        QCOMPARE(sweep.curves.size(), algorithms(Library::Ompi, config.collective).size());
        for (const auto& curve : sweep.curves) {
            QCOMPARE(curve.timeUs.size(), std::size_t(31));
            for (const int index : {0, 3, 9, 16}) {  // 1 B, 8 B, 512 B, 64 KiB
                config.algorithm = curve.algorithm;
                config.bytes = std::int64_t(sweep.x[std::size_t(index)]);
                const double engine = engineTimeUs(config);
                QVERIFY2(sameTime(curve.timeUs[std::size_t(index)], engine),
                         qPrintable(QString::fromStdString(curve.algorithm) + QString(" at %1").arg(config.bytes)));
            }
        }
    }

    void ranksSweepTimesAreTheEnginesToo() {
        Config config = configFor(Collective::Allreduce, "ring", 2, 4096);
        const Sweep sweep = sweepOverRanks(config);
        QCOMPARE(sweep.x.size(), std::size_t(10));
        for (const auto& curve : sweep.curves)
            for (const int index : {0, 2, 3}) {  // p = 2, 8, 16
                config.algorithm = curve.algorithm;
                config.ranks = int(sweep.x[std::size_t(index)]);
                QVERIFY(sameTime(curve.timeUs[std::size_t(index)], engineTimeUs(config)));
            }
    }

    void ncclUsesItsProtocolsBandwidth() {
        Config config = configFor(Collective::Allreduce, "ring", 4, 4000);
        config.library = Library::Nccl;
        config.protocol = NcclProtocol::Ll;
        QCOMPARE(sweepPointTimeUs(config), runToEnd(config)["time_us"].get<double>());
        QVERIFY(sweepOverSizes(config).bands.empty());  // the bands are Open MPI's fixed rules only
    }

    void recursiveDoublingMeetsRingWhereTheFormulasSay() {
        // p = 8: recursive doubling lg p (α + nβ + nγ) = 3 + 0.0045 n; ring
        // 2(p-1)α + 2(p-1)/p nβ + (p-1)/p nγ = 14 + 0.0021875 n. They meet
        // at n = 11 / 0.0023125 = 176000/37 ≈ 4757 B, between 4 KiB and 8 KiB.
        const Sweep both =
            onlyCurves(sweepOverSizes(configFor(Collective::Allreduce, "auto", 8, 1)), {"recursive_doubling", "ring"});
        QCOMPARE(both.curves[0].timeUs[12], 3 + 0.0045 * 4096);
        QCOMPARE(both.curves[1].timeUs[12], 14 + 0.0021875 * 4096);
        const auto found = findCrossovers(both);
        QCOMPARE(found.size(), std::size_t(1));
        QCOMPARE(found[0].before, 12);
        QCOMPARE(found[0].at, 176000.0 / 37.0);
        QCOMPARE(found[0].timeUs, 3 + 0.0045 * 176000.0 / 37.0);  // both lines: 24.4054 µs
        QCOMPARE(found[0].slower, std::string("recursive_doubling"));
        QCOMPARE(found[0].faster, std::string("ring"));
    }

    void crossoversFollowTheFastestLine() {
        const Sweep sweep = sweepOverSizes(configFor(Collective::Allreduce, "auto", 64, 1));
        QVERIFY(!sweep.crossovers.empty());
        for (const auto& crossover : sweep.crossovers) {
            const auto before = std::size_t(crossover.before);
            QCOMPARE(sweep.curves[std::size_t(fastestAt(sweep, crossover.before))].algorithm, crossover.slower);
            QCOMPARE(sweep.curves[std::size_t(fastestAt(sweep, crossover.before + 1))].algorithm, crossover.faster);
            QVERIFY(crossover.at >= sweep.x[before] && crossover.at <= sweep.x[before + 1]);
        }
    }

    void crossingPointIsExactForLines() {
        // a = 1 + x, b = 4 + x/4 over [0, 8]: meet at x = 4.
        QCOMPARE(crossingPoint(0, 8, 1, 9, 4, 6), 4.0);
        // Lines that do not meet inside are kept at the nearer end.
        QCOMPARE(crossingPoint(0, 8, 1, 9, 20, 12), 8.0);  // they would meet at x = 9.5
        QCOMPARE(crossingPoint(0, 8, 1, 9, 20, 30), 0.0);  // at x = -76
        QCOMPARE(crossingPoint(2, 4, 1, 1, 1, 1), 3.0);    // parallel: the middle
    }

    void allreduceBandsAreTheFixedRules() {
        // p = 8 (the p < 16 row): S < 8K -> 3 (recursive doubling), else 6 (Rabenseifner).
        const Sweep sweep = sweepOverSizes(configFor(Collective::Allreduce, "auto", 8, 1));
        QCOMPARE(bandsOf(sweep), (QStringList{"0..12: 3 recursive_doubling", "13..30: 6 rabenseifner"}));
        QCOMPARE(sweep.bands[0].rule, std::string("p < 16: S < 8K -> 3"));
        // p = 4 (the p < 8 row): S < 16 -> 4 (ring), S < 8K -> 3, else 6.
        const Sweep four = sweepOverSizes(configFor(Collective::Allreduce, "auto", 4, 1));
        QCOMPARE(bandsOf(four), (QStringList{"0..3: 4 ring", "4..12: 3 recursive_doubling", "13..30: 6 rabenseifner"}));
    }

    void bandsNameTheAlgorithmThatRuns() {
        // bcast p = 4 (the p < 8 row): S < 64 -> 5, < 128 -> 6, < 2K -> 5, < 8K -> 6, < 1M -> 1, else 2.
        const Sweep sweep = sweepOverSizes(configFor(Collective::Bcast, "auto", 4, 1));
        QCOMPARE(bandsOf(sweep), (QStringList{"0..5: 5 binary_tree", "6..6: 6 binomial", "7..10: 5 binary_tree",
                                              "11..12: 6 binomial", "13..19: 1 basic_linear", "20..30: 2 chain"}));
    }

    void everyPointsBandIsFixedDecision() {
        for (const bool commutative : {true, false}) {
            Config config = configFor(Collective::Allreduce, "auto", 48, 1);
            config.op = commutative ? ReduceOp::Sum : ReduceOp::NonCommutative;
            const Sweep sweep = sweepOverSizes(config);
            int covered = 0;
            for (const auto& band : sweep.bands)
                for (int index = band.first; index <= band.last; ++index, ++covered)
                    QCOMPARE(band.algorithmId, fixedDecision(Collective::Allreduce, 48,
                                                             std::int64_t(sweep.x[std::size_t(index)]), commutative)
                                                   ->algorithmId);
            QCOMPARE(covered, 31);
        }
    }

    void ranksBandsAreTheFixedRules() {
        // S = 1 KiB: p = 2..16 -> 3; p = 32 (p < 64: S >= 128 -> 6); p = 64 (p < 128: S < 256K -> 3);
        // p = 128..1024 -> 2 (S < 128K, < 4K, < 2K).
        const Sweep sweep = sweepOverRanks(configFor(Collective::Allreduce, "auto", 2, 1024));
        QCOMPARE(bandsOf(sweep), (QStringList{"0..3: 3 recursive_doubling", "4..4: 6 rabenseifner",
                                              "5..5: 3 recursive_doubling", "6..9: 2 nonoverlapping"}));
    }

    void pointsTheEngineRefusesAreNaN() {
        Config config = configFor(Collective::Allreduce, "ring", 4, 1);
        config.elementBytes = 4;  // 1 B and 2 B are not whole int32s
        const Sweep sweep = sweepOverSizes(config);
        QVERIFY(std::isnan(sweep.curves[3].timeUs[0]));
        QVERIFY(std::isnan(sweep.curves[3].timeUs[1]));
        QVERIFY(!std::isnan(sweep.curves[3].timeUs[2]));
        Config rooted = configFor(Collective::Bcast, "binomial", 8, 64);
        rooted.root = 5;  // not a rank of p = 2 or 4
        const Sweep overRanks = sweepOverRanks(rooted);
        QVERIFY(std::isnan(overRanks.curves[0].timeUs[0]));
        QVERIFY(std::isnan(overRanks.curves[0].timeUs[1]));
        QVERIFY(!std::isnan(overRanks.curves[0].timeUs[2]));
    }

    void cancelStopsEarly() {
        std::atomic<bool> cancel{true};
        const Sweep sweep = sweepOverSizes(configFor(Collective::Allreduce, "auto", 8, 1), &cancel);
        QVERIFY(sweep.cancelled);
        QVERIFY(sweep.curves.front().timeUs.empty());
        QVERIFY(sweep.bands.empty());
    }
};

QTEST_GUILESS_MAIN(SweepTest)
#include "tst_collectives_sweep.moc"
