// Proves Open MPI's reduce algorithms send the rounds, messages and bytes
// their trees imply for p = 1…8 and 16, with the sum landing at any root.
// n = 1680 bytes of int8. Every non-root rank sends the whole vector once in
// the tree algorithms, so they move (p-1)n in total.
//  linear:   1 round, p-1 messages into the root.
//  binomial: in-order binomial tree, vrank v sends in round log2(lowest bit of
//            v): ⌈lg p⌉ rounds; with 4 segments 4 + ⌈lg p⌉ - 1.
//  pipeline, 4 segments: the tail sends segment s in round s, the head in
//            round s + p - 2: 4 + p - 2 rounds, 4(p-1) messages.
//  chain, fanout 4, 4 segments: min(4, p-1) chains, the longest ⌈(p-1)/4⌉:
//            4 + longest - 1 rounds.
//  binary:   level-order binary tree of height ⌊lg p⌋: ⌊lg p⌋ rounds.
//  in-order_binary: its tree also has height ⌊lg p⌋ (p = 9: 8 -> 7, 3;
//            7 -> 6, 5; 3 -> 2, 1; 5 -> 4; 1 -> 0), then p-1 hands the
//            result to root 0 in one more round: p messages.
//  rabenseifner, p = 4: halving sends 840 then 420 B per rank; the gather
//            2 -> 0 and 3 -> 1 (one 420 B leaf), then 1 -> 0 (840 B): rank 1
//            sends 840 + 420 + 840 = 2100, all ranks 6720, 11 messages, 4 rounds.
//            p = 8: 2 lg p = 6 rounds, p lg p + p - 1 = 31 messages, rank 1
//            sends 840 + 420 + 210 + 840 = 2310, all 8 x 1470 + 2520 = 14280.
//            p = 5: rank 1 folds into 0 (2 rounds, 3 messages of 840 B), then
//            ranks 0, 2, 3, 4 as for p = 4: 6 rounds, 14 messages.

#include "collectives_test_support.h"
#include "ompi/base/ompi_topo.h"
#include "ompi/tuned/ompi_fixed_rules.h"

using namespace commviz;
using namespace commviz::collectives;
using namespace commviz::collectives::test;

namespace {

constexpr std::int64_t n = 1680;

sim::Json run(const char* algorithm, int p, int root = 0, std::int64_t segsize = 0, std::int64_t bytes = n) {
    auto config = configFor(Collective::Reduce, algorithm, p, bytes);
    config.root = root;
    config.segsize = segsize;
    return runToEnd(config);
}

int floorLog2(int p) {
    int log = 0;
    while ((2 << log) <= p) ++log;
    return log;
}

}  // namespace

class ReduceSchedulesTest : public QObject {
    Q_OBJECT

private slots:
    void treesAsOpenMpiBuildsThem() {
        QCOMPARE(inOrderBinaryTree(9).parent, (std::vector<int>{1, 3, 3, 8, 5, 7, 7, 8, -1}));
        QCOMPARE(binaryTree(7, 0).parent, (std::vector<int>{-1, 0, 0, 1, 2, 1, 2}));
        // Shifted by root 5: shifted s is rank (s + 5) mod 7.
        QCOMPARE(binaryTree(7, 5).parent, (std::vector<int>{5, 6, 0, 6, 0, -1, 5}));
        // 7 others in 3 chains: [1 2 3] [4 5] [6 7].
        QCOMPARE(chainTree(8, 0, 3).parent, (std::vector<int>{-1, 0, 1, 2, 0, 4, 0, 6}));
        QCOMPARE(chainTree(8, 0, 3).level, (std::vector<int>{0, 2, 1, 0, 1, 0, 1, 0}));
        // fanout 0 (what the fixed rules pass) is forced to 1: a pipeline.
        QCOMPARE(chainTree(4, 0, 0).parent, (std::vector<int>{-1, 0, 1, 2}));
        QCOMPARE(inOrderBinomialTree(8, 0).parent, (std::vector<int>{-1, 0, 0, 2, 0, 4, 4, 6}));
        QCOMPARE(inOrderBinomialTree(8, 0).level, (std::vector<int>{0, 0, 1, 0, 2, 0, 1, 0}));
    }

    void linearAndBinomial() {
        for (int p : kRanks) {
            checkSchedule(run("linear", p, p - 1), p > 1 ? 1 : 0, p - 1, p > 1 ? n : 0, (p - 1) * n);
            checkSchedule(run("binomial", p, p / 2), ceilLog(p, 2), p - 1, p > 1 ? n : 0, (p - 1) * n);
            checkSchedule(run("binomial", p, 0, n / 4), p > 1 ? 4 + ceilLog(p, 2) - 1 : 0, 4LL * (p - 1), p > 1 ? n : 0,
                          (p - 1) * n);
        }
    }

    void pipelineAndChainsOfFourSegments() {
        for (int p : kRanks) {
            checkSchedule(run("pipeline", p, p / 2, n / 4), p > 1 ? 4 + p - 2 : 0, 4LL * (p - 1), p > 1 ? n : 0,
                          (p - 1) * n);
            const int longest = (p - 1 + 3) / 4;
            checkSchedule(run("chain", p, p - 1, n / 4), p > 1 ? 4 + longest - 1 : 0, 4LL * (p - 1), p > 1 ? n : 0,
                          (p - 1) * n);
        }
    }

    void binaryTrees() {
        for (int p : kRanks) {
            checkSchedule(run("binary", p, p / 3), p > 1 ? floorLog2(p) : 0, p - 1, p > 1 ? n : 0, (p - 1) * n);
            // Root p-1 is the in-order tree's own root: no hand-over.
            checkSchedule(run("in-order_binary", p, p - 1), p > 1 ? floorLog2(p) : 0, p - 1, p > 1 ? n : 0,
                          (p - 1) * n);
            checkSchedule(run("in-order_binary", p, 0), p > 1 ? floorLog2(p) + 1 : 0, p > 1 ? p : 0, p > 1 ? n : 0,
                          p > 1 ? p * n : 0);
        }
    }

    void rabenseifnerByHand() {
        checkSchedule(run("rabenseifner", 4), 4, 11, 2100, 6720);
        checkSchedule(run("rabenseifner", 8), 6, 31, 2310, 14280);
        const auto five = run("rabenseifner", 5);
        QCOMPARE(five["rounds"].get<int>(), 6);
        QCOMPARE(five["messages"].get<std::int64_t>(), std::int64_t(14));
        QVERIFY(five["result_ok"].get<bool>());
        // An odd root folded out in step 1 takes vrank 0's place: one more message.
        QCOMPARE(run("rabenseifner", 5, 1)["messages"].get<std::int64_t>(), std::int64_t(15));
        for (int p : kRanks) {
            if (p < 2) continue;
            const auto summary = run("rabenseifner", p, p - 1);
            QCOMPARE(summary["algorithm"].get<std::string>(), std::string("rabenseifner"));
            QCOMPARE(summary["rounds"].get<int>(), 2 * floorLog2(p) + (p == (1 << floorLog2(p)) ? 0 : 2));
        }
    }

    void rabenseifnerFallsBackToLinear() {
        // count 3 < 2^⌊lg 5⌋ = 4.
        const auto small = run("rabenseifner", 5, 0, 0, 3);
        QCOMPARE(small["algorithm"].get<std::string>(), std::string("linear"));
        QCOMPARE(small["algorithm_id"].get<int>(), 1);
        QCOMPARE(small["redirected_from"].get<std::string>(), std::string("rabenseifner"));
        auto config = configFor(Collective::Reduce, "rabenseifner", 8, n);
        config.op = ReduceOp::NonCommutative;
        QCOMPARE(runToEnd(config)["algorithm"].get<std::string>(), std::string("linear"));
        QCOMPARE(run("rabenseifner", 1)["algorithm"].get<std::string>(), std::string("linear"));
    }

    void everyAlgorithmSumsAtEveryRoot() {
        const char* names[] = {"linear", "chain", "pipeline", "binary", "binomial", "in-order_binary", "rabenseifner"};
        for (const char* algorithm : names)
            for (int p : kRanks)
                for (int root = 0; root < p; ++root)
                    for (std::int64_t bytes :
                         {std::int64_t(1), std::int64_t(p > 1 ? p - 1 : 1), std::int64_t(7), std::int64_t(1001)}) {
                        auto config = configFor(Collective::Reduce, algorithm, p, bytes);
                        config.root = root;
                        config.segsize = 3;
                        config.op = root % 2 == 0 ? ReduceOp::Sum : ReduceOp::Max;
                        const auto summary = runToEnd(config);
                        if (!summary["result_ok"].get<bool>())
                            QFAIL(qPrintable(
                                QString("%1 p=%2 root=%3 bytes=%4").arg(algorithm).arg(p).arg(root).arg(bytes)));
                    }
    }

    void fixedRulesCommutative() {
        const std::pair<int, std::int64_t> below[] = {{2, 7}, {3, 15}, {3, 31}, {2, 262143}, {2, 524287}, {3, 1048575}};
        const int picks[] = {7, 4, 3, 1, 3, 2};
        for (std::size_t i = 0; i < std::size(below); ++i)
            QCOMPARE(fixedDecision(Collective::Reduce, below[i].first, below[i].second, true)->algorithmId, picks[i]);
        QCOMPARE(fixedDecision(Collective::Reduce, 3, 1048576, true)->rule, std::string("p < 4: S >= 1M -> 3"));
        QCOMPARE(fixedDecision(Collective::Reduce, 4, 4095, true)->rule, std::string("p < 8: S < 4K -> 4"));
        QCOMPARE(fixedDecision(Collective::Reduce, 7, 4096, true)->algorithmId, 2);
        QCOMPARE(fixedDecision(Collective::Reduce, 7, 1048576, true)->rule, std::string("p < 8: S >= 1M -> 1"));
        QCOMPARE(fixedDecision(Collective::Reduce, 8, 8191, true)->algorithmId, 4);
        QCOMPARE(fixedDecision(Collective::Reduce, 15, 8192, true)->algorithmId, 5);
        QCOMPARE(fixedDecision(Collective::Reduce, 16, 4095, true)->rule, std::string("p < 32: S < 4K -> 4"));
        QCOMPARE(fixedDecision(Collective::Reduce, 32, 1, true)->rule, std::string("p < 256: -> 5"));
        QCOMPARE(fixedDecision(Collective::Reduce, 256, 8192, true)->rule, std::string("p < 512: S < 16K -> 6"));
        QCOMPARE(fixedDecision(Collective::Reduce, 511, 16384, true)->algorithmId, 5);
        QCOMPARE(fixedDecision(Collective::Reduce, 2048, 512, true)->rule, std::string("p < 4096: S < 1K -> 6"));
        QCOMPARE(fixedDecision(Collective::Reduce, 4096, 16, true)->rule, std::string("p >= 4096: S < 32 -> 6"));
        QCOMPARE(fixedDecision(Collective::Reduce, 4096, 16384, true)->rule, std::string("p >= 4096: S >= 16K -> 5"));
    }

    void fixedRulesNonCommutativeKeepRankOrder() {
        QCOMPARE(fixedDecision(Collective::Reduce, 3, 7, false)->rule, std::string("p < 4: S < 8 -> 6"));
        QCOMPARE(fixedDecision(Collective::Reduce, 3, 8, false)->algorithmId, 1);
        QCOMPARE(fixedDecision(Collective::Reduce, 4, 1 << 30, false)->rule, std::string("p < 8: -> 1"));
        QCOMPARE(fixedDecision(Collective::Reduce, 8, 1023, false)->algorithmId, 6);
        QCOMPARE(fixedDecision(Collective::Reduce, 8, 1024, false)->algorithmId, 1);
        QCOMPARE(fixedDecision(Collective::Reduce, 15, 8192, false)->algorithmId, 6);
        QCOMPARE(fixedDecision(Collective::Reduce, 15, 16384, false)->algorithmId, 1);
        QCOMPARE(fixedDecision(Collective::Reduce, 15, 262144, false)->rule, std::string("p < 16: S >= 256K -> 6"));
        QCOMPARE(fixedDecision(Collective::Reduce, 128, 511, false)->algorithmId, 6);
        QCOMPARE(fixedDecision(Collective::Reduce, 255, 512, false)->rule, std::string("p < 256: S < 1K -> 1"));
        QCOMPARE(fixedDecision(Collective::Reduce, 256, 512, false)->rule, std::string("p >= 256: -> 6"));
        for (int p : {2, 3, 5, 9, 100, 300, 4096})
            for (std::int64_t bytes : {1, 700, 5000, 20000, 300000}) {
                const int id = fixedDecision(Collective::Reduce, p, bytes, false)->algorithmId;
                QVERIFY(id == 1 || id == 6);
            }
    }

    void autoRunsTheChosenAlgorithm() {
        auto config = configFor(Collective::Reduce, "auto", 12, 10000);
        config.op = ReduceOp::NonCommutative;
        config.root = 5;
        const auto summary = runToEnd(config);
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("in-order_binary"));
        QCOMPARE(summary["rule"].get<std::string>(), std::string("p < 16: S < 16K -> 6"));
        QVERIFY(summary["result_ok"].get<bool>());
        const auto small = runToEnd(configFor(Collective::Reduce, "auto", 2, 7));
        QCOMPARE(small["algorithm"].get<std::string>(), std::string("rabenseifner"));
        QCOMPARE(small["rule"].get<std::string>(), std::string("p < 4: S < 8 -> 7"));
    }

    void badNamesListTheAllowedOnes() {
        auto engine = CollectivesEngine::create(configFor(Collective::Reduce, "ring", 4, n));
        QVERIFY(!engine);
        QCOMPARE(engine.error().message,
                 std::string("algorithm=ring is not an Open MPI reduce algorithm; allowed: auto, linear, chain, "
                             "pipeline, binary, binomial, in-order_binary, rabenseifner"));
        auto segmented = configFor(Collective::Reduce, "pipeline", 4, std::int64_t(1) << 30);
        segmented.segsize = 1;
        QVERIFY(!CollectivesEngine::create(segmented));
    }
};

QTEST_GUILESS_MAIN(ReduceSchedulesTest)
#include "tst_ompi_reduce_schedules.moc"
