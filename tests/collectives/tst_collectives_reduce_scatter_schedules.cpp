// Proves Open MPI's reduce_scatter and reduce_scatter_block algorithms send
// the rounds, messages and bytes their patterns imply, every rank ending with
// its own block fully reduced.
//
// reduce_scatter, n = 1680 bytes (int8), split into p blocks of b = n/p
// (1680 divides by every p tested):
//  ring:     p-1 rounds of p messages of one block: per rank (p-1)b, total (p-1)n.
//  recursive_halving, p a power of two: lg p rounds, a rank sends n/2 + n/4 + …
//            = (p-1)b. p = 3 (p' = 2, one extra rank): fold 0->1 (n); halving:
//            rank 1 sends block 2 (560) to 2, rank 2 sends blocks 0-1 (1120) to 1;
//            rank 1 returns block 0 (560) to 0: 3 rounds, 4 messages, total 3920.
//            p = 5: fold 0->1 (1680); folded blocks {0,1},{2},{3},{4} of 672,
//            336, 336, 336 on ranks 1..4; distance 2: 672, 672, 1008, 1008;
//            distance 1: 336, 672, 336, 336; return 336: 4 rounds, 10 messages,
//            rank 0 sends 1680 and every other rank 1344: total 7056.
//  butterfly: p = 2: one exchange of n/2 each. p = 4: n/2 then n/4, then the
//            mirror permutation swaps ranks 1 and 2 (one block each): 3 rounds,
//            10 messages, ranks 1, 2 send n, ranks 0, 3 send 3n/4: total 5880.
//            p = 8: three exchanges (7n/8 per rank) and four mirror sends (ranks
//            1<->4, 3<->6): 4 rounds, 28 messages, total 8 x 1470 + 4 x 210 = 12600.
//            p = 6 (Open MPI's own example): fold 0->1, 2->3; exchanges of 560,
//            1120, 560, 1120 then 560, 280, 560, 280; mirror sends 0, 4, 2, 3 one
//            block each: 4 rounds, 14 messages, ranks 1 and 5 send 1400, the rest
//            1680: total 9520.
//  non-overlapping: binomial reduce to 0 (⌈lg p⌉ rounds, p-1 messages of n), then a
//            linear scatter (p-1 blocks): total (p-1)(n + b).
//
// reduce_scatter_block, S = 1000 per block, n = pS:
//  recursive_halving and butterfly (p a power of two): lg p rounds of p
//            messages, (p-1)S per rank; the butterfly needs no mirror round because it
//            permutes the blocks first.
//  recursive_doubling (p a power of two): lg p rounds, step k sends the p - 2^k
//            blocks outside the own subtree: per rank p lg p - (p - 1) blocks.
//            p = 3: 0<->1 swap two blocks each; 0<->2 swap one and two blocks; 0
//            hands blocks 0-1 on to 1, whose partner 3 does not exist: 3 rounds,
//            5 messages, rank 0 sends 5 blocks, ranks 1 and 2 two each.

#include "collectives/ompi_reduce_scatter.h"
#include "collectives_test_support.h"

using namespace commviz;
using namespace commviz::collectives;
using namespace commviz::collectives::test;

namespace {

constexpr std::int64_t n = 1680;
constexpr std::int64_t S = 1000;

bool powerOfTwo(int p) { return (p & (p - 1)) == 0; }

sim::Json scatter(const char* algorithm, int p, std::int64_t bytes = n) {
    return runToEnd(configFor(Collective::ReduceScatter, algorithm, p, bytes));
}

sim::Json block(const char* algorithm, int p, std::int64_t bytes = S) {
    return runToEnd(configFor(Collective::ReduceScatterBlock, algorithm, p, bytes));
}

}  // namespace

class ReduceScatterSchedulesTest : public QObject {
    Q_OBJECT

private slots:
    void ring() {
        for (int p : kRanks)
            checkSchedule(scatter("ring", p), p - 1, std::int64_t(p) * (p - 1), (p - 1) * (n / p), (p - 1) * n);
    }

    void recursiveHalving() {
        for (int p : {1, 2, 4, 8, 16}) {
            const int rounds = ceilLog(p, 2);
            checkSchedule(scatter("recursive_halving", p), rounds, std::int64_t(p) * rounds, (p - 1) * (n / p),
                          (p - 1) * n);
        }
        checkSchedule(scatter("recursive_halving", 3), 3, 4, n, 3920);
        checkSchedule(scatter("recursive_halving", 5), 4, 10, n, 7056);
    }

    void butterfly() {
        checkSchedule(scatter("butterfly", 1), 0, 0, 0, 0);
        checkSchedule(scatter("butterfly", 2), 1, 2, n / 2, n);
        checkSchedule(scatter("butterfly", 4), 3, 10, n, 5880);
        checkSchedule(scatter("butterfly", 8), 4, 28, n, 12600);
        checkSchedule(scatter("butterfly", 6), 4, 14, n, 9520);
        for (int p : kRanks) QVERIFY(scatter("butterfly", p)["result_ok"].get<bool>());
    }

    void nonOverlapping() {
        for (int p : kRanks)
            checkSchedule(scatter("non-overlapping", p), p > 1 ? ceilLog(p, 2) + 1 : 0, 2LL * (p - 1), p > 1 ? n : 0,
                          (p - 1) * (n + n / p));
    }

    void emptyBlocksAreNotSent() {
        // n = 3 over p = 8: blocks 1,1,1,0,0,0,0,0. Recursive halving skips the
        // empty halves; the ring sends them anyway (zero-byte sends).
        for (const char* algorithm : {"non-overlapping", "recursive_halving", "ring", "butterfly"})
            for (int p : {3, 5, 6, 7, 8, 16})
                for (std::int64_t bytes : {1, 3, 7, 1001})
                    QVERIFY2(scatter(algorithm, p, bytes)["result_ok"].get<bool>(), algorithm);
        const auto ring = scatter("ring", 8, 3);
        QCOMPARE(ring["messages"].get<std::int64_t>(), std::int64_t(56));
        QCOMPARE(ring["bytes_sent_total"].get<std::int64_t>(), std::int64_t(3 * 7));
        // Halving p = 8, n = 3: distance 4 moves blocks 4-7 (empty: not sent) and
        // 0-3 (3 bytes) from ranks 4..7; distance 2 from 2,3 (block 0-1, 2 bytes)
        // and 0,1 (block 2, 1 byte); distance 1: ranks 0,1 swap blocks 1 and 0,
        // rank 3 sends block 2 to rank 2 and rank 2 keeps its empty block 3.
        const auto halving = scatter("recursive_halving", 8, 3);
        QCOMPARE(halving["messages"].get<std::int64_t>(), std::int64_t(4 + 4 + 3));
    }

    void blockRecursiveHalvingAndButterfly() {
        for (int p : {1, 2, 4, 8, 16}) {
            const int rounds = ceilLog(p, 2);
            checkSchedule(block("recursive_halving", p), rounds, std::int64_t(p) * rounds, (p - 1) * S,
                          p * (p - 1) * S);
            checkSchedule(block("butterfly", p), rounds, std::int64_t(p) * rounds, (p - 1) * S, p * (p - 1) * S);
        }
        // p = 3 halving as reduce_scatter's with n = 3000: 3000, 2000, 2000.
        checkSchedule(block("recursive_halving", 3), 3, 4, 3 * S, 7 * S);
    }

    void blockRecursiveDoubling() {
        for (int p : {2, 4, 8, 16}) {
            const int lg = ceilLog(p, 2);
            const std::int64_t perRank = (std::int64_t(p) * lg - (p - 1)) * S;
            checkSchedule(block("recursive_doubling", p), lg, std::int64_t(p) * lg, perRank, p * perRank);
        }
        checkSchedule(block("recursive_doubling", 3), 3, 5, 5 * S, 9 * S);
    }

    void everyBlockAlgorithmAtEveryRankCount() {
        for (const char* algorithm : {"basic_linear", "recursive_doubling", "recursive_halving", "butterfly"})
            for (int p : {1, 2, 3, 5, 6, 7, 9, 11, 12, 13, 16, 24})
                for (std::int64_t bytes : {1, 3, 1000}) {
                    const auto summary = block(algorithm, p, bytes);
                    QVERIFY2(summary["result_ok"].get<bool>(), algorithm);
                    QVERIFY(summary["data_consistent"].get<bool>());
                }
    }

    void commutativeOnlyFallsBackToBasicLinear() {
        auto config = configFor(Collective::ReduceScatterBlock, "recursive_halving", 4, S);
        config.op = ReduceOp::NonCommutative;
        const auto summary = runToEnd(config);
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("basic_linear"));
        QCOMPARE(summary["redirected_from"].get<std::string>(), std::string("recursive_halving"));
        // The butterfly and recursive doubling keep the operand order: they run.
        config.algorithm = "butterfly";
        QCOMPARE(runToEnd(config)["algorithm"].get<std::string>(), std::string("butterfly"));
        QVERIFY(powerOfTwo(4));
    }

    void autoFollowsTheFixedRules() {
        auto summary = scatter("auto", 6, 262143);
        QCOMPARE(summary["rule"].get<std::string>(), std::string("p < 8: S < 256K -> 2"));
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("recursive_halving"));
        QVERIFY(summary["result_ok"].get<bool>());
        auto config = configFor(Collective::ReduceScatter, "auto", 6, n);
        config.op = ReduceOp::NonCommutative;
        summary = runToEnd(config);
        QCOMPARE(summary["rule"].get<std::string>(), std::string("non-commutative op: -> 1"));
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("non-overlapping"));
        summary = block("auto", 40, 65535);
        QCOMPARE(summary["rule"].get<std::string>(), std::string("p >= 32: S < 64K -> 4"));
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("butterfly"));
    }
};

QTEST_GUILESS_MAIN(ReduceScatterSchedulesTest)
#include "tst_collectives_reduce_scatter_schedules.moc"
