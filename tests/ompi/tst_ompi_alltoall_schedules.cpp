// Proves Open MPI's alltoall algorithms send the rounds, messages and bytes
// their patterns imply for p = 1…8 and 16, every rank ending with the block
// each other rank meant for it. S = 1000 bytes is the block for one peer
// (int8 elements); every algorithm but Bruck sends each of its p-1 blocks
// once: per rank (p-1)S, total p(p-1)S.
//  linear:      one round of p(p-1) messages.
//  pairwise:    p-1 rounds of p messages (step p is the local copy).
//  linear_sync: Open MPI's default max_requests 0 means no limit: linear.
//               With max_requests 2 at p = 8: ⌈7/2⌉ = 4 rounds.
//  modified_bruck: ⌈lg p⌉ rounds of p messages; step k carries the slots
//               0 < i < p with bit k set, so a rank sends as many blocks as
//               there are set bits in 1 … p-1: p = 3: 1+1 = 2; 5: 1+1+2+1 = 5;
//               6: 5+2 = 7; 7: 7+2 = 9; 8: 9+3 = 12; 16: 32 (4 bits x 8).
//  two_proc:    p = 2 only.

#include "collectives/rank_buffers.h"
#include "collectives_test_support.h"
#include "ompi/base/ompi_alltoall.h"
#include "ompi/tuned/ompi_fixed_rules.h"

using namespace commviz;
using namespace commviz::collectives;
using namespace commviz::collectives::test;

namespace {

constexpr std::int64_t S = 1000;

sim::Json run(const char* algorithm, int p, std::int64_t bytes = S) {
    return runToEnd(configFor(Collective::Alltoall, algorithm, p, bytes));
}

int alltoallId(int ranks, std::int64_t bytes) {
    return fixedDecision(Collective::Alltoall, ranks, bytes, true).value().algorithmId;
}

int setBitsBelow(int p) {
    switch (p) {
        case 1:
            return 0;
        case 2:
            return 1;
        case 3:
            return 2;
        case 4:
            return 4;
        case 5:
            return 5;
        case 6:
            return 7;
        case 7:
            return 9;
        case 8:
            return 12;
        default:
            return 32;  // p = 16
    }
}

}  // namespace

class AlltoallSchedulesTest : public QObject {
    Q_OBJECT

private slots:
    void linearIsOneRound() {
        for (int p : kRanks)
            checkSchedule(run("linear", p), p > 1 ? 1 : 0, std::int64_t(p) * (p - 1), (p - 1) * S, p * (p - 1) * S);
    }

    void pairwiseTakesPMinusOneSteps() {
        for (int p : kRanks)
            checkSchedule(run("pairwise", p), p - 1, std::int64_t(p) * (p - 1), (p - 1) * S, p * (p - 1) * S);
    }

    void linearSyncWithoutLimitIsLinear() {
        for (int p : kRanks)
            checkSchedule(run("linear_sync", p), p > 1 ? 1 : 0, std::int64_t(p) * (p - 1), (p - 1) * S,
                          p * (p - 1) * S);
        ScheduleRequest request;
        request.collective = Collective::Alltoall;
        request.ranks = 8;
        request.count = S;
        const Schedule windowed = alltoallLinearSyncWindow(request, 2);
        QCOMPARE(windowed.rounds, 4);
        QCOMPARE(windowed.round(0).size(), std::size_t(16));  // hops 1 and 2
        QCOMPARE(windowed.round(3).size(), std::size_t(8));   // hop 7 alone
        QCOMPARE(windowed.round(3).front().dst, 1);           // rank 0 sends to 0 - 7 = 1
    }

    void modifiedBruckSendsTheSetBits() {
        for (int p : kRanks) {
            const std::int64_t perRank = setBitsBelow(p) * S;
            checkSchedule(run("modified_bruck", p), ceilLog(p, 2), std::int64_t(p) * ceilLog(p, 2), perRank,
                          p * perRank);
        }
    }

    void modifiedBruckRoutesThroughIntermediateRanks() {
        // p = 4, step 1 (distance 2): rank 0 sends slots 2 and 3. Slot 3 holds
        // what rank 3 sent it at step 0, meant for 3 + 3 = 2: block 3*4 + 2.
        ScheduleRequest request;
        request.collective = Collective::Alltoall;
        request.ranks = 4;
        request.count = 5;
        const Message sent = alltoallModifiedBruck(request).round(1).front();
        QCOMPARE(sent.dst, 2);
        QCOMPARE(sent.blocks, (std::vector<BlockRange>{{0 * 4 + 2, 1}, {3 * 4 + 2, 1}}));
        QCOMPARE(sent.bytes, std::int64_t(10));
    }

    void blockSTimesPPlusDGoesFromSToD() {
        // p = 3: rank s starts with blocks 3s … 3s+2 and must end with 0·3+r,
        // 1·3+r, 2·3+r. Delivering every block to its d passes; sending block
        // 1 (0 -> 1) to rank 2 instead fails, and so does a rank sending a block it never had.
        const BlockLayout layout(9, 2);
        Round right, wrong;
        for (int src = 0; src < 3; ++src)
            for (int dst = 0; dst < 3; ++dst)
                if (src != dst) {
                    right.push_back(Message{src, dst, 2, {{src * 3 + dst, 1}}, false});
                    wrong.push_back(Message{src, src * 3 + dst == 1 ? 2 : dst, 2, {{src * 3 + dst, 1}}, false});
                }
        RankBuffers buffers(Collective::Alltoall, 3, 0, layout);
        QVERIFY(!buffers.resultOk());
        buffers.apply(right);
        QVERIFY(buffers.resultOk());
        RankBuffers misrouted(Collective::Alltoall, 3, 0, layout);
        misrouted.apply(wrong);
        QVERIFY(!misrouted.resultOk());
        RankBuffers borrowed(Collective::Alltoall, 3, 0, layout);
        borrowed.apply({Message{1, 2, 2, {{0 * 3 + 2, 1}}, false}});
        QVERIFY(!borrowed.consistent());
    }

    void twoProcsOnlyOnTwoRanks() {
        checkSchedule(run("two_proc", 2), 1, 2, S, 2 * S);
        auto refused = CollectivesEngine::create(configFor(Collective::Alltoall, "two_proc", 3, S));
        QVERIFY(!refused.ok());
        QVERIFY(refused.error().message.find("algorithm=two_proc runs on exactly 2 ranks") == 0);
    }

    void everyAlgorithmDeliversOddAndTinyBlocks() {
        for (const char* algorithm : {"linear", "pairwise", "modified_bruck", "linear_sync"})
            for (int p : {3, 5, 7, 12, 33})
                for (std::int64_t bytes : {1, 3, 7}) {
                    const auto summary = run(algorithm, p, bytes);
                    QVERIFY2(summary["result_ok"].get<bool>(), algorithm);
                }
    }

    void timeIsTheCriticalPath() {
        // α = 1 µs, β = 1 GB/s, S = 1000 B: a block costs 2 µs. linear p = 4:
        // three hops back to back, 6 µs; Bruck p = 4: two steps of 2 blocks, 3 µs each.
        QCOMPARE(run("linear", 4)["time_us"].get<double>(), 6.0);
        QCOMPARE(run("modified_bruck", 4)["time_us"].get<double>(), 6.0);
        QCOMPARE(run("pairwise", 4)["time_us"].get<double>(), 6.0);
    }

    void autoFollowsTheFixedRules() {
        // p = 2: S < 4 -> 5 (two_proc); p = 40: S < 512 -> 3; S = 512 -> 1.
        auto summary = run("auto", 2, 3);
        QCOMPARE(summary["rule"].get<std::string>(), std::string("p = 2: S < 4 -> 5"));
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("two_proc"));
        summary = run("auto", 40, 511);
        QCOMPARE(summary["rule"].get<std::string>(), std::string("p < 64: S < 512 -> 3"));
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("modified_bruck"));
        QVERIFY(summary["result_ok"].get<bool>());
        QCOMPARE(run("auto", 40, 512)["algorithm_id"].get<int>(), 1);
    }

    void fixedRulesJustBelowAndAtEveryTwoRankThreshold() {
        // p = 2: S<2 -> 2 · <4 -> 5 · <16 -> 2 · <64 -> 5 · <256 -> 2 · <4K -> 5 ·
        // <32K -> 2 · <256K -> 4 · <1M -> 5 · else 2
        const std::pair<std::int64_t, int> expected[] = {
            {1, 2},     {2, 5},     {3, 5},      {4, 2},      {15, 2},      {16, 5},
            {63, 5},    {64, 2},    {255, 2},    {256, 5},    {4095, 5},    {4096, 2},
            {32767, 2}, {32768, 4}, {262143, 4}, {262144, 5}, {1048575, 5}, {1048576, 2}};
        for (const auto& [bytes, id] : expected) QCOMPARE(alltoallId(2, bytes), id);
        QCOMPARE(fixedDecision(Collective::Alltoall, 2, 1 << 20, true)->rule, std::string("p = 2: S >= 1M -> 2"));
    }

    void fixedRulesOfTheOtherBands() {
        // p < 8: S<8K -> 4 · <16K -> 1 · <64K -> 4 · <512K -> 1 · <1M -> 2 · else 1 (p = 1 too)
        QCOMPARE(alltoallId(1, 8191), 4);
        QCOMPARE(alltoallId(3, 8192), 1);
        QCOMPARE(alltoallId(7, 65535), 4);
        QCOMPARE(alltoallId(7, 524287), 1);
        QCOMPARE(alltoallId(4, 524288), 2);
        QCOMPARE(alltoallId(4, 1048576), 1);
        // p < 16: S<256K -> 4 · else 1
        QCOMPARE(alltoallId(8, 262143), 4);
        QCOMPARE(alltoallId(15, 262144), 1);
        // p < 32: S<4 -> 4 · <512 -> 3 · <8K -> 4 · <32K -> 1 · <256K -> 4 · <512K -> 1 · else 4
        QCOMPARE(alltoallId(16, 3), 4);
        QCOMPARE(alltoallId(16, 4), 3);
        QCOMPARE(alltoallId(31, 512), 4);
        QCOMPARE(alltoallId(31, 8192), 1);
        QCOMPARE(alltoallId(31, 32768), 4);
        QCOMPARE(alltoallId(31, 262144), 1);
        QCOMPARE(alltoallId(31, 524288), 4);
        // p < 128: … <256K -> 1 · else 2; p < 4096: … <128K -> 4 · else 1
        QCOMPARE(alltoallId(64, 262143), 1);
        QCOMPARE(alltoallId(127, 262144), 2);
        QCOMPARE(alltoallId(2048, 131071), 4);
        QCOMPARE(alltoallId(4095, 131072), 1);
        // p >= 4096: S<2K -> 3 · <8K -> 4 · <16K -> 1 · <32K -> 4 · <64K -> 1 · else 4
        QCOMPARE(fixedDecision(Collective::Alltoall, 4096, 2047, true)->rule, std::string("p >= 4096: S < 2K -> 3"));
        QCOMPARE(alltoallId(4096, 65535), 1);
        QCOMPARE(fixedDecision(Collective::Alltoall, 4096, 65536, true)->rule, std::string("p >= 4096: S >= 64K -> 4"));
    }

    void closedFormsBesideTheSimulation() {
        // p = 4, S = 1000, α = 1 µs, β = 1 GB/s: pairwise (p-1)(α + Sβ) = 6 µs;
        // Bruck ⌈lg p⌉α + (pS/2) lg p β = 2 + 4 = 6 µs.
        QCOMPARE(run("pairwise", 4)["closed_form_us"].get<double>(), 6.0);
        QCOMPARE(run("linear", 4)["closed_form_us"].get<double>(), 6.0);
        QCOMPARE(run("modified_bruck", 4)["closed_form_us"].get<double>(), 6.0);
        QCOMPARE(run("two_proc", 2)["closed_form_us"].get<double>(), 2.0);
    }

    void badNameListsTheAlgorithms() {
        auto refused = CollectivesEngine::create(configFor(Collective::Alltoall, "bruck", 4, S));
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().message,
                 std::string("algorithm=bruck is not an Open MPI alltoall algorithm; allowed: auto, linear, pairwise, "
                             "modified_bruck, linear_sync, two_proc"));
    }
};

QTEST_GUILESS_MAIN(AlltoallSchedulesTest)
#include "tst_ompi_alltoall_schedules.moc"
