// Proves Open MPI's gather and scatter algorithms move the rounds, messages
// and bytes their patterns imply for p = 1…8 and 16 (S = 210 bytes per rank),
// every block reaching its rank (scatter) or the root (gather) from any root.
//  basic_linear, linear_nb: 1 round, p-1 messages of S.
//  binomial: in-order binomial tree, ⌈lg p⌉ rounds; vrank v's bundle holds
//            min(lowest bit of v, p - v) blocks. Summed over v = 1 … p-1:
//            p = 2: 1, 3: 1+1, 4: 1+2+1, 5: 1+2+1+1, 6: 1+2+1+2+1,
//            7: 1+2+1+3+1+1, 8: 1+2+1+4+1+2+1 = 12, 16: 8 x 4 = 32 blocks;
//            the largest bundle is vrank 2^(⌈lg p⌉-1)'s.
//  linear_sync: for each non-root rank a zero-byte go, the first segment,
//            the rest (empty with segsize 0, still sent): 3(p-1) messages in
//            2p-1 rounds.

#include "collectives_test_support.h"
#include "ompi/tuned/ompi_fixed_rules.h"

using namespace commviz;
using namespace commviz::collectives;
using namespace commviz::collectives::test;

namespace {

constexpr std::int64_t S = 210;

sim::Json run(Collective collective, const char* algorithm, int p, int root = 0, std::int64_t segsize = 0) {
    auto config = configFor(collective, algorithm, p, S);
    config.root = root;
    config.segsize = segsize;
    return runToEnd(config);
}

struct Bundles {
    int total = 0;
    int largest = 0;
};

// Hand-summed above, indexed by p.
Bundles binomialBundles(int p) {
    switch (p) {
        case 1:
            return {0, 0};
        case 2:
            return {1, 1};
        case 3:
            return {2, 1};
        case 4:
            return {4, 2};
        case 5:
            return {5, 2};
        case 6:
            return {7, 2};
        case 7:
            return {9, 3};
        case 8:
            return {12, 4};
        default:
            return {32, 8};
    }
}

int choice(Collective collective, int ranks, std::int64_t bytes) {
    return fixedDecision(collective, ranks, bytes, true)->algorithmId;
}

}  // namespace

class GatherScatterSchedulesTest : public QObject {
    Q_OBJECT

private slots:
    void linear() {
        for (int p : kRanks) {
            const int rounds = p > 1 ? 1 : 0;
            checkSchedule(run(Collective::Gather, "basic_linear", p, p - 1), rounds, p - 1, p > 1 ? S : 0, (p - 1) * S);
            checkSchedule(run(Collective::Scatter, "basic_linear", p, p / 2), rounds, p - 1, (p - 1) * S, (p - 1) * S);
            checkSchedule(run(Collective::Scatter, "linear_nb", p, 0), rounds, p - 1, (p - 1) * S, (p - 1) * S);
        }
    }

    void binomial() {
        for (int p : kRanks) {
            const Bundles bundles = binomialBundles(p);
            checkSchedule(run(Collective::Gather, "binomial", p, p / 2), ceilLog(p, 2), p - 1, bundles.largest * S,
                          bundles.total * S);
            // The root sends every other rank's block, its largest subtree first.
            checkSchedule(run(Collective::Scatter, "binomial", p, p - 1), ceilLog(p, 2), p - 1, (p - 1) * S,
                          bundles.total * S);
        }
    }

    void scatterServesTheLargestSubtreeFirst() {
        auto engine = CollectivesEngine::create(configFor(Collective::Scatter, "binomial", 8, S));
        QVERIFY(engine);
        const std::vector<std::pair<int, int>> expected[] = {
            {{0, 4}}, {{0, 2}, {4, 6}}, {{0, 1}, {2, 3}, {4, 5}, {6, 7}}};
        for (const auto& round : expected) {
            const auto events = engine->step();
            QCOMPARE(events.size(), round.size());
            for (std::size_t index = 0; index < round.size(); ++index) {
                const auto& message = std::get<SendEvent>(events[index]).message;
                QCOMPARE(std::pair(message.src, message.dst), round[index]);
            }
        }
        // Root 6 of 8: vrank 4 is rank 2 and its bundle wraps: ranks 2, 3, 4, 5.
        auto rooted = CollectivesEngine::create([] {
            auto config = configFor(Collective::Scatter, "binomial", 8, S);
            config.root = 6;
            return config;
        }());
        const auto first = std::get<SendEvent>(rooted->step().front()).message;
        QCOMPARE(first.dst, 2);
        QCOMPARE(first.blocks, (std::vector<BlockRange>{{2, 4}}));
        QCOMPARE(first.bytes, 4 * S);
    }

    void linearSync() {
        for (int p : kRanks) {
            checkSchedule(run(Collective::Gather, "linear_sync", p, p / 2), p > 1 ? 2 * p - 1 : 0, 3LL * (p - 1),
                          p > 1 ? S : 0, (p - 1) * S);
            checkSchedule(run(Collective::Gather, "linear_sync", p, 0, 70), p > 1 ? 2 * p - 1 : 0, 3LL * (p - 1),
                          p > 1 ? S : 0, (p - 1) * S);
        }
        auto engine = CollectivesEngine::create([] {
            auto config = configFor(Collective::Gather, "linear_sync", 3, S);
            config.root = 1;
            config.segsize = 70;
            return config;
        }());
        // Round 0: go to rank 0; round 1: its first 70 B; round 2: go to rank 2 and rank 0's other 140 B.
        const auto go = std::get<SendEvent>(engine->step().front()).message;
        QCOMPARE(std::tuple(go.src, go.dst, go.bytes), std::tuple(1, 0, std::int64_t(0)));
        QCOMPARE(std::get<SendEvent>(engine->step().front()).message.bytes, std::int64_t(70));
        const auto third = engine->step();
        QCOMPARE(third.size(), std::size_t(2));
        QCOMPARE(std::get<SendEvent>(third[0]).message.dst, 2);
        QCOMPARE(std::get<SendEvent>(third[1]).message.bytes, std::int64_t(140));
    }

    void everyRootEveryCount() {
        const std::pair<Collective, const char*> algorithms[] = {
            {Collective::Gather, "basic_linear"}, {Collective::Gather, "binomial"},
            {Collective::Gather, "linear_sync"},  {Collective::Scatter, "basic_linear"},
            {Collective::Scatter, "binomial"},    {Collective::Scatter, "linear_nb"}};
        for (const auto& [collective, algorithm] : algorithms)
            for (int p : kRanks)
                for (int root = 0; root < p; ++root)
                    for (std::int64_t bytes : {1, 3, 1001}) {
                        auto config = configFor(collective, algorithm, p, bytes);
                        config.root = root;
                        config.segsize = 2;
                        QVERIFY2(runToEnd(config)["result_ok"].get<bool>(),
                                 qPrintable(QString("%1 p=%2 root=%3").arg(algorithm).arg(p).arg(root)));
                    }
    }

    void closedFormsOfTheLinearAndBinomialTrees() {
        // α = 1 µs, β = 1 GB/s: n = 8 x 210 = 1680 B, (p-1)/p n = 1470 B = 1.47 µs.
        QCOMPARE(run(Collective::Scatter, "binomial", 8)["closed_form_us"].get<double>(), 3 + 1.47);
        QCOMPARE(run(Collective::Gather, "basic_linear", 8)["closed_form_us"].get<double>(), 7 + 1.47);
        QCOMPARE(run(Collective::Gather, "binomial", 8)["time_us"].get<double>(), 3 + 1.47);
        QVERIFY(run(Collective::Gather, "linear_sync", 8)["closed_form_us"].is_null());
    }

    void gatherFixedRules() {
        QCOMPARE(fixedDecision(Collective::Gather, 3, 1, true)->rule, std::string("p < 4: S < 2 -> 3"));
        QCOMPARE(choice(Collective::Gather, 3, 2), 1);
        QCOMPARE(choice(Collective::Gather, 3, 4), 2);
        QCOMPARE(choice(Collective::Gather, 2, 32767), 2);
        QCOMPARE(choice(Collective::Gather, 2, 32768), 1);
        QCOMPARE(choice(Collective::Gather, 2, 65536), 2);
        QCOMPARE(fixedDecision(Collective::Gather, 3, 131072, true)->rule, std::string("p < 4: S >= 128K -> 3"));
        QCOMPARE(choice(Collective::Gather, 4, 1023), 2);
        QCOMPARE(choice(Collective::Gather, 7, 1024), 1);
        QCOMPARE(choice(Collective::Gather, 7, 8192), 2);
        QCOMPARE(choice(Collective::Gather, 7, 32768), 1);
        QCOMPARE(fixedDecision(Collective::Gather, 7, 262144, true)->rule, std::string("p < 8: S >= 256K -> 3"));
        QCOMPARE(fixedDecision(Collective::Gather, 8, 1 << 20, true)->rule, std::string("p < 256: -> 2"));
        QCOMPARE(choice(Collective::Gather, 256, 2047), 2);
        QCOMPARE(choice(Collective::Gather, 511, 2048), 1);
        QCOMPARE(choice(Collective::Gather, 511, 8192), 2);
        QCOMPARE(fixedDecision(Collective::Gather, 512, 4096, true)->rule, std::string("p >= 512: -> 2"));
    }

    void scatterFixedRules() {
        QCOMPARE(choice(Collective::Scatter, 3, 1), 3);
        QCOMPARE(choice(Collective::Scatter, 3, 2), 1);
        QCOMPARE(choice(Collective::Scatter, 3, 131072), 3);
        QCOMPARE(fixedDecision(Collective::Scatter, 2, 262144, true)->rule, std::string("p < 4: S >= 256K -> 1"));
        QCOMPARE(choice(Collective::Scatter, 4, 2047), 2);
        QCOMPARE(choice(Collective::Scatter, 4, 2048), 1);
        QCOMPARE(choice(Collective::Scatter, 4, 4096), 2);
        QCOMPARE(choice(Collective::Scatter, 7, 8192), 1);
        QCOMPARE(fixedDecision(Collective::Scatter, 7, 32768, true)->rule, std::string("p < 8: S < 1M -> 3"));
        QCOMPARE(choice(Collective::Scatter, 7, 1 << 20), 1);
        QCOMPARE(choice(Collective::Scatter, 8, 16383), 2);
        QCOMPARE(choice(Collective::Scatter, 15, 16384), 3);
        QCOMPARE(choice(Collective::Scatter, 15, 1 << 20), 1);
        QCOMPARE(choice(Collective::Scatter, 16, 16384), 1);
        QCOMPARE(choice(Collective::Scatter, 31, 32768), 3);
        QCOMPARE(choice(Collective::Scatter, 32, 511), 2);
        QCOMPARE(choice(Collective::Scatter, 63, 512), 3);
        QCOMPARE(choice(Collective::Scatter, 63, 8192), 2);
        QCOMPARE(choice(Collective::Scatter, 63, 16384), 3);
        QCOMPARE(fixedDecision(Collective::Scatter, 64, 511, true)->rule, std::string("p >= 64: S < 512 -> 2"));
        QCOMPARE(fixedDecision(Collective::Scatter, 4096, 512, true)->rule, std::string("p >= 64: S >= 512 -> 3"));
    }

    void autoPicksAndRuns() {
        auto config = configFor(Collective::Scatter, "auto", 12, 20000);
        config.root = 11;
        const auto summary = runToEnd(config);
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("linear_nb"));
        QCOMPARE(summary["algorithm_id"].get<int>(), 3);
        QCOMPARE(summary["rule"].get<std::string>(), std::string("p < 16: S < 1M -> 3"));
        QVERIFY(summary["result_ok"].get<bool>());
        const auto gather = runToEnd(configFor(Collective::Gather, "auto", 3, 1));
        QCOMPARE(gather["algorithm"].get<std::string>(), std::string("linear_sync"));
    }

    void badNames() {
        auto engine = CollectivesEngine::create(configFor(Collective::Scatter, "linear_sync", 4, S));
        QVERIFY(!engine);
        QCOMPARE(engine.error().message, std::string("algorithm=linear_sync is not an Open MPI scatter algorithm; "
                                                     "allowed: auto, basic_linear, binomial, linear_nb"));
    }
};

QTEST_GUILESS_MAIN(GatherScatterSchedulesTest)
#include "tst_ompi_gather_scatter_schedules.moc"
