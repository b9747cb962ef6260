// Proves the α-β-γ critical path, the closed forms beside it and nccl-tests'
// algbw / busbw, with numbers worked by hand (α = 1 µs, β = 1 GB/s = 1000 B/µs,
// γ = 2 GB/s = 2000 B/µs).

#include "collectives/closed_form.h"
#include "collectives/collective.h"
#include "collectives/cost_model.h"
#include "collectives_test_support.h"

using namespace commviz;
using namespace commviz::collectives;
using namespace commviz::collectives::test;

class CostModelTest : public QObject {
    Q_OBJECT

private slots:
    void ringTimeIsTheClosedForm() {
        // p = 4, n = 4000: blocks of 1000 B. Reduce-scatter rounds 1 + 1 + 0.5 = 2.5 µs,
        // allgather rounds 2 µs: 3 x 2.5 + 3 x 2 = 13.5 µs.
        // Closed form 2(p-1)α + 2(p-1)/p nβ + (p-1)/p nγ = 6 + 6 + 1.5 = 13.5.
        const auto summary = runToEnd(configFor(Collective::Allreduce, "ring", 4, 4000));
        QCOMPARE(summary["time_us"].get<double>(), 13.5);
        QCOMPARE(summary["closed_form_us"].get<double>(), 13.5);
        // algbw = 4000 B / 13.5 µs = 0.2963 GB/s; busbw = x 2(p-1)/p = 1.5.
        QVERIFY(qFuzzyCompare(summary["algbw_GBps"].get<double>(), 4000.0 / 13.5e3));
        QVERIFY(qFuzzyCompare(summary["busbw_GBps"].get<double>(), 1.5 * 4000.0 / 13.5e3));
    }

    void rootSendsQueueUp() {
        // basic_linear, p = 4, n = 1000: the root receives three vectors one after
        // another (3 x (1 + 1 + 0.5) = 7.5 µs) and sends three (3 x 2 = 6): 13.5 µs.
        const auto summary = runToEnd(configFor(Collective::Allreduce, "basic_linear", 4, 1000));
        QCOMPARE(summary["time_us"].get<double>(), 13.5);
    }

    void recursiveDoublingMatchesItsFormula() {
        // p = 8, n = 1000: lg p (α + nβ + nγ) = 3 x 2.5 = 7.5 µs.
        const auto summary = runToEnd(configFor(Collective::Allreduce, "recursive_doubling", 8, 1000));
        QCOMPARE(summary["time_us"].get<double>(), 7.5);
        QCOMPARE(summary["closed_form_us"].get<double>(), 7.5);
    }

    void busbwFactors() {
        QCOMPARE(busbwFactor(Collective::Allreduce, 8), 1.75);
        QCOMPARE(busbwFactor(Collective::Allgather, 8), 0.875);
        QCOMPARE(busbwFactor(Collective::ReduceScatter, 4), 0.75);
        QCOMPARE(busbwFactor(Collective::Alltoall, 2), 0.5);
        QCOMPARE(busbwFactor(Collective::Bcast, 8), 1.0);
        QCOMPARE(busbwFactor(Collective::Reduce, 8), 1.0);
        QCOMPARE(algbwBytes(Collective::Allgather, 100, 8), std::int64_t(800));
        QCOMPARE(algbwBytes(Collective::Allreduce, 100, 8), std::int64_t(100));
    }

    void linkPresetsStateTheirValues() {
        QCOMPARE(findLinkPreset("nvlink4")->beta_GBps, 450.0);
        QCOMPARE(findLinkPreset("pcie4x16")->beta_GBps, 32.0);
        QCOMPARE(findLinkPreset("ib400")->beta_GBps, 50.0);
        QVERIFY(!findLinkPreset("custom"));
    }

    void singleRankTakesNoTime() {
        const auto summary = runToEnd(configFor(Collective::Allreduce, "ring", 1, 1000));
        QCOMPARE(summary["time_us"].get<double>(), 0.0);
        QVERIFY(summary["algbw_GBps"].is_null());
    }
};

QTEST_GUILESS_MAIN(CostModelTest)
#include "tst_collectives_cost_model.moc"
