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
//  non-overlapping: coll/tuned's reduce to 0 (the fixed rules for n = 1680 at p:
//            linear for p < 4, one round; binary tree for p < 32, one round per
//            level below the root: 2 for p = 4…7, 3 for 8, 4 for 16), p-1 messages
//            of n, then coll/basic's linear scatterv (p-1 blocks, one round):
//            total (p-1)(n + b).
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

#include <map>

#include "collectives/rank_buffers.h"
#include "collectives_test_support.h"
#include "ompi/base/ompi_reduce_scatter.h"
#include "ompi/tuned/ompi_fixed_rules.h"

using namespace commviz;
using namespace commviz::collectives;
using namespace commviz::collectives::test;

namespace {

constexpr std::int64_t n = 1680;
constexpr std::int64_t S = 1000;

bool powerOfTwo(int p) { return (p & (p - 1)) == 0; }

/// A fixed-rule expectation: at p ranks and S bytes the rules pick algorithm id.
struct Pick {
    int ranks;
    std::int64_t bytes;
    int id;
};

void checkPicks(Collective collective, std::initializer_list<Pick> picks) {
    for (const Pick& pick : picks) {
        const auto choice = fixedDecision(collective, pick.ranks, pick.bytes, true).value();
        QVERIFY2(choice.algorithmId == pick.id, choice.rule.c_str());
    }
}

/// reduce_scatter of `bytes` (the whole vector), run to its end.
auto scatter = [](const char* algorithm, int p, std::int64_t bytes = n) {
    return runToEnd(configFor(Collective::ReduceScatter, algorithm, p, bytes));
};
/// reduce_scatter_block of `bytes` per block, run to its end.
auto block = [](const char* algorithm, int p, std::int64_t bytes = S) {
    return runToEnd(configFor(Collective::ReduceScatterBlock, algorithm, p, bytes));
};

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
        const std::map<int, int> rounds{{1, 0}, {2, 2}, {3, 2}, {4, 3}, {5, 3}, {6, 3}, {7, 3}, {8, 4}, {16, 5}};
        for (int p : kRanks)
            checkSchedule(scatter("non-overlapping", p), rounds.at(p), 2LL * (p - 1), p > 1 ? n : 0,
                          (p - 1) * (n + n / p));
    }

    void emptyBlocksAreNotSent() {
        // n = 3 over p = 8: blocks 1,1,1,0,0,0,0,0. Recursive halving skips the
        // empty halves; the ring sends them anyway (zero-byte sends).
        for (const char* algorithm : {"non-overlapping", "recursive_halving", "ring", "butterfly"})
            for (int p : {3, 5, 6, 7, 8, 16})
                for (std::int64_t bytes : {1, 3, 7, 1001})
                    QVERIFY2(scatter(algorithm, p, bytes)["result_ok"].get<bool>(), algorithm);
        // Non-overlapping with one element: the reduce (binary, p < 8, S < 4K), and nothing to scatter.
        const auto single = scatter("non-overlapping", 4, 1);
        QCOMPARE(single["rounds"].get<int>(), 2);
        QCOMPARE(single["messages"].get<std::int64_t>(), std::int64_t(3));
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

    void reduceScatterFixedRulesAtTheThresholds() {
        checkPicks(Collective::ReduceScatter,
                   {// p < 4: S<64K -> 3 · <128K -> 4 · else 3
                    {2, 65535, 3},
                    {3, 65536, 4},
                    {3, 131071, 4},
                    {2, 131072, 3},
                    // p < 8: S<8 -> 1 · <256K -> 2 · else 3
                    {4, 7, 1},
                    {7, 8, 2},
                    {7, 262143, 2},
                    {7, 262144, 3},
                    // p < 64: S<64 -> 1 · <2K -> 2 · <512K -> 4 · else 3
                    {32, 63, 1},
                    {32, 64, 2},
                    {63, 2047, 2},
                    {63, 2048, 4},
                    {63, 524287, 4},
                    {63, 524288, 3},
                    // p < 128: S<256 -> 1 · <512 -> 2 · <2K -> 4 · <4K -> 2 · else 4
                    {64, 255, 1},
                    {64, 256, 2},
                    {64, 512, 4},
                    {64, 2048, 2},
                    {127, 4095, 2},
                    {127, 4096, 4},
                    // p >= 4096: S<1K -> 1 · <8K -> 2 · else 4
                    {4096, 1023, 1},
                    {4096, 1024, 2},
                    {4096, 8191, 2},
                    {4096, 8192, 4}});
        QCOMPARE(fixedDecision(Collective::ReduceScatter, 4096, 8191, true)->rule,
                 std::string("p >= 4096: S < 8K -> 2"));
        QCOMPARE(fixedDecision(Collective::ReduceScatter, 16, 100, false)->algorithmId, 1);
    }

    void reduceScatterBlockFixedRulesAtTheThresholds() {
        checkPicks(Collective::ReduceScatterBlock,
                   {// p < 4: S<4 -> 2 · <8 -> 4 · <16 -> 3 · <128 -> 4 · <256 -> 3 · <4K -> 4 · <8K -> 3 ·
                    // <128K -> 4 · else 1
                    {3, 3, 2},
                    {3, 4, 4},
                    {3, 7, 4},
                    {3, 8, 3},
                    {3, 15, 3},
                    {3, 16, 4},
                    {3, 127, 4},
                    {3, 128, 3},
                    {3, 255, 3},
                    {3, 256, 4},
                    {3, 4095, 4},
                    {3, 4096, 3},
                    {3, 8191, 3},
                    {3, 8192, 4},
                    {3, 131071, 4},
                    {3, 131072, 1},
                    // p < 16: S<4 -> 1 · <32 -> 3 · <128 -> 4 · <512K -> 3 · <4M -> 1 · else 4
                    {8, 3, 1},
                    {8, 4, 3},
                    {8, 524287, 3},
                    {15, 524288, 1},
                    {15, 4194303, 1},
                    {15, 4194304, 4},
                    // p >= 32: S<4 -> 3 · <16 -> 1 · <64K -> 4 · <256K -> 1 · else 4
                    {32, 3, 3},
                    {32, 4, 1},
                    {4096, 15, 1},
                    {4096, 16, 4},
                    {100, 65535, 4},
                    {100, 65536, 1}});
        QCOMPARE(fixedDecision(Collective::ReduceScatterBlock, 100, 262144, true)->rule,
                 std::string("p >= 32: S >= 256K -> 4"));
    }

    void closedFormsBesideTheSimulation() {
        // α = 1 µs, β = 1 GB/s, γ = 2 GB/s. Ring p = 4, n = 1680: 3 steps of
        // α + 420 B (β + γ) = 1.63 µs: 4.89 µs, the closed form (p-1)α + 3/4 n(β+γ).
        const auto ring = scatter("ring", 4);
        QVERIFY(qFuzzyCompare(ring["time_us"].get<double>(), 4.89));
        QVERIFY(qFuzzyCompare(ring["closed_form_us"].get<double>(), 4.89));
        // Recursive doubling, p = 4, S = 1000: 3 then 2 blocks; 5.5 + 4 = 9.5 µs;
        // closed form lg p α + n(lg p - 3/4)(β + γ) with n = 4000: 2 + 5 + 2.5.
        const auto doubling = block("recursive_doubling", 4);
        QCOMPARE(doubling["time_us"].get<double>(), 9.5);
        QCOMPARE(doubling["closed_form_us"].get<double>(), 9.5);
    }

    void rankBuffersSkipEmptyBlocks() {
        // reduce_scatter of 1 element over 2 ranks: block 1 is empty. Rank 0's
        // block is reduced; nobody ever holds all of block 1, and that is right.
        RankBuffers buffers(Collective::ReduceScatter, 2, 0, {1, 0});
        QVERIFY(!buffers.resultOk());
        buffers.apply({Message{1, 0, 1, {{0, 1}}, true}});
        QVERIFY(buffers.resultOk());
    }

    void relayedMessagesCarryWhatTheSenderReceived() {
        // reduce_scatter_block over 3 ranks: 2 sends its blocks to 0; 0 relays
        // them to 1, which adds 2's share only, not 0's (already added by 1 itself).
        RankBuffers buffers(Collective::ReduceScatterBlock, 3, 0, {1, 1, 1});
        buffers.apply({Message{0, 1, 1, {{1, 1}}, true}});
        buffers.apply({Message{2, 0, 1, {{1, 1}}, true}});
        Message relay{0, 1, 1, {{1, 1}}, true};
        relay.relay = true;
        buffers.apply({relay});
        QCOMPARE(buffers.inspect(1)["blocks"][1]["contributions"].get<int>(), 3);
        QVERIFY(buffers.consistent());
        // Without the relay, 0's own copy (0 + 2) would count rank 0 twice in rank 1's sum.
        RankBuffers doubled(Collective::ReduceScatterBlock, 3, 0, {1, 1, 1});
        doubled.apply({Message{0, 1, 1, {{1, 1}}, true}});
        doubled.apply({Message{2, 0, 1, {{1, 1}}, true}});
        doubled.apply({Message{0, 1, 1, {{1, 1}}, true}});
        QCOMPARE(doubled.inspect(1)["blocks"][1]["contributions"].get<int>(), 4);
        QVERIFY(!doubled.consistent());
    }

    void autoFollowsTheFixedRules() {
        auto summary = scatter("auto", 6, 262143);
        QCOMPARE(summary["rule"].get<std::string>(), std::string("p < 8: S < 256K -> 2"));
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("recursive_halving"));
        QVERIFY(summary["result_ok"].get<bool>());
        auto config = configFor(Collective::ReduceScatter, "auto", 6, n);
        config.op = ReduceOp::NonCommutative;
        summary = runToEnd(config);
        // The reduce takes the non-commutative reduce rules (p < 8 -> 1 linear).
        QCOMPARE(summary["rule"].get<std::string>(),
                 std::string("non-commutative op: -> 1; reduce: linear (p < 8: -> 1), then scatterv: basic_linear"));
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("non-overlapping"));
        summary = block("auto", 40, 65535);
        QCOMPARE(summary["rule"].get<std::string>(), std::string("p >= 32: S < 64K -> 4"));
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("butterfly"));
    }
};

QTEST_GUILESS_MAIN(ReduceScatterSchedulesTest)
#include "tst_ompi_reduce_scatter_schedules.moc"
