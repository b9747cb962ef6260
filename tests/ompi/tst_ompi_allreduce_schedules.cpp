// Proves each Open MPI allreduce algorithm sends the rounds, messages and
// bytes its pattern implies, for p = 1…8 and 16, and that the data every rank
// ends with is the real sum. Expectations are worked by hand below, with
// n = 107520 bytes (int8 elements), divisible by every p tested and by every
// power of two up to 16, so blocks are equal.
//
// q = largest power of two <= p, e = p - q, lg = log2.
//  ring:      2(p-1) rounds; each round every rank sends one block n/p:
//             messages 2p(p-1), per rank 2(p-1)n/p, total 2(p-1)n.
//  recursive_doubling: lg q exchanges of the whole vector by the q ranks,
//             plus a fold-in and a fold-out round when e > 0 (e messages each):
//             rounds lg q + 2[e>0], messages q lg q + 2e; the busiest rank
//             (an odd rank below 2e) sends lg q + 1 vectors; total (q lg q + 2e)n.
//  rabenseifner: lg q halving + lg q doubling rounds, q messages each; with
//             e > 0 three more: swap halves (2e msgs), return a half (e), unfold (e).
//             A group rank sends n(q-1)/q in each direction: 2n(q-1)/q; an even
//             rank below 2e also sends n/2 (swap) and n (unfold).
//  basic_linear: 2 rounds (reduce to 0, bcast from 0), 2(p-1) messages, the
//             root sends (p-1)n.
//  nonoverlapping: coll/tuned's reduce, then its bcast, each the fixed rules'
//             choice for n = 105K at p (coll_tuned_decision_fixed.c, 4.1.4): all
//             move the whole vector, so 2(p-1) messages and 2(p-1)n in total.
//             p < 4: linear reduce (S < 256K -> 1), binary-tree bcast (S < 128K -> 5,
//             one segment: every child of the root in one round): 2 rounds.
//             p < 8: binomial reduce (S < 256K -> 5, ⌈lg p⌉ rounds), linear bcast
//             (S < 1M -> 1, one round). p = 8 (p < 16): binomial reduce (S >= 8K),
//             linear bcast (S >= 32K): 4 rounds, the root sends 7n.
//             p = 16 (p < 32): binomial reduce (S >= 4K), binomial bcast (S < 1M): 8 rounds.
//  allgather_reduce: 1 round, p(p-1) messages of n.

#include <map>

#include "collectives_test_support.h"

using namespace commviz;
using namespace commviz::collectives;
using namespace commviz::collectives::test;

namespace {

constexpr std::int64_t n = 107520;

struct Expected {
    int rounds;
    std::int64_t messages;
    std::int64_t sentMax;
    std::int64_t sentTotal;
};

int lg(int value) {
    int log = 0;
    while ((1 << (log + 1)) <= value) ++log;
    return log;
}

Expected ring(int p) { return {2 * (p - 1), 2LL * p * (p - 1), 2 * (p - 1) * n / p, 2 * (p - 1) * n}; }

Expected recursiveDoubling(int p) {
    const int q = 1 << lg(p), e = p - q;
    return {lg(q) + (e > 0 ? 2 : 0), std::int64_t(q) * lg(q) + 2 * e, (lg(q) + (e > 0 ? 1 : 0)) * n,
            (std::int64_t(q) * lg(q) + 2 * e) * n};
}

Expected rabenseifner(int p) {
    const int q = 1 << lg(p), e = p - q;
    const std::int64_t groupRank = 2 * n * (q - 1) / q;
    return {2 * lg(q) + (e > 0 ? 3 : 0), 2LL * q * lg(q) + 4 * e, groupRank + (e > 0 ? n / 2 + n : 0),
            q * groupRank + e * (n / 2 + n + n)};
}

Expected basicLinear(int p) { return {p > 1 ? 2 : 0, 2LL * (p - 1), (p - 1) * n, 2 * (p - 1) * n}; }

Expected allgatherReduce(int p) {
    return {p > 1 ? 1 : 0, std::int64_t(p) * (p - 1), (p - 1) * n, std::int64_t(p) * (p - 1) * n};
}

void checkCounts(const sim::Json& summary, const Expected& expected) {
    checkSchedule(summary, expected.rounds, expected.messages, expected.sentMax, expected.sentTotal);
}

}  // namespace

class AllreduceSchedulesTest : public QObject {
    Q_OBJECT

private slots:
    void ringCounts() {
        for (int p : kRanks) checkCounts(runToEnd(configFor(Collective::Allreduce, "ring", p, n)), ring(p));
    }

    void recursiveDoublingCounts() {
        // p = 6: q = 4, e = 2: ranks 0,2 fold into 1,3; rounds 1 + 2 + 1 = 4.
        QCOMPARE(recursiveDoubling(6).rounds, 4);
        for (int p : kRanks)
            checkCounts(runToEnd(configFor(Collective::Allreduce, "recursive_doubling", p, n)), recursiveDoubling(p));
    }

    void rabenseifnerCounts() {
        // p = 3: q = 2, e = 1: rounds 5, messages 2+1 (fold) + 2+2 (group) + 1 (unfold) = 8,
        // rank 0 sends n/2 + n/2 + n/2 + n = 2.5n, total 4.5n.
        QCOMPARE(rabenseifner(3).messages, std::int64_t(8));
        QCOMPARE(rabenseifner(3).sentMax, 5 * n / 2);
        for (int p : kRanks)
            checkCounts(runToEnd(configFor(Collective::Allreduce, "rabenseifner", p, n)), rabenseifner(p));
    }

    void basicLinearAndAllgatherReduceCounts() {
        for (int p : kRanks) {
            checkCounts(runToEnd(configFor(Collective::Allreduce, "basic_linear", p, n)), basicLinear(p));
            checkCounts(runToEnd(configFor(Collective::Allreduce, "allgather_reduce", p, n)), allgatherReduce(p));
        }
    }

    void nonoverlappingCounts() {
        const std::map<int, int> rounds{{1, 0}, {2, 2}, {3, 2}, {4, 3}, {5, 4}, {6, 4}, {7, 4}, {8, 4}, {16, 8}};
        for (int p : kRanks) {
            const auto summary = runToEnd(configFor(Collective::Allreduce, "nonoverlapping", p, n));
            QCOMPARE(summary["rounds"].get<int>(), rounds.at(p));
            QCOMPARE(summary["messages"].get<std::int64_t>(), 2LL * (p - 1));
            QCOMPARE(summary["bytes_sent_total"].get<std::int64_t>(), 2 * (p - 1) * n);
            QVERIFY(summary["result_ok"].get<bool>());
        }
        // p = 8: the linear bcast's root sends to all 7 others.
        QCOMPARE(
            runToEnd(configFor(Collective::Allreduce, "nonoverlapping", 8, n))["bytes_sent_max"].get<std::int64_t>(),
            7 * n);
    }

    void segmentedRingRunsInPhases() {
        // p = 4, segsize 6720 B: p x segcount = 26880 divides n four times: 4 phases,
        // (4 + 1)(p - 1) = 15 rounds of 4 messages; per rank still 2(p-1)n/p = 1.5n.
        auto config = configFor(Collective::Allreduce, "segmented_ring", 4, n);
        config.segsize = 6720;
        const auto summary = runToEnd(config);
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("segmented_ring"));
        QVERIFY(summary["redirected_from"].is_null());
        checkCounts(summary, {15, 60, 3 * n / 2, 6 * n});
    }

    void segmentedRingWithoutSegmentsIsTheRing() {
        const auto summary = runToEnd(configFor(Collective::Allreduce, "segmented_ring", 5, n));
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("ring"));
        QCOMPARE(summary["algorithm_id"].get<int>(), 4);
        QCOMPARE(summary["redirected_from"].get<std::string>(), std::string("segmented_ring"));
        checkCounts(summary, ring(5));
    }

    void ringFallsBackWhenCountBelowRanks() {
        // count 3 < p 4: ompi_coll_base_allreduce_intra_ring calls recursive doubling.
        const auto summary = runToEnd(configFor(Collective::Allreduce, "ring", 4, 3));
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("recursive_doubling"));
        QCOMPARE(summary["redirected_from"].get<std::string>(), std::string("ring"));
        QCOMPARE(summary["rounds"].get<int>(), 2);
        QVERIFY(summary["result_ok"].get<bool>());
        // count 4 == p runs the ring.
        QCOMPARE(runToEnd(configFor(Collective::Allreduce, "ring", 4, 4))["algorithm"].get<std::string>(),
                 std::string("ring"));
    }

    void rabenseifnerConditions() {
        // count 3 < 2^⌊lg 5⌋ = 4 -> basic_linear; count 4 runs Rabenseifner.
        auto small = runToEnd(configFor(Collective::Allreduce, "rabenseifner", 5, 3));
        QCOMPARE(small["algorithm"].get<std::string>(), std::string("basic_linear"));
        QCOMPARE(small["redirected_from"].get<std::string>(), std::string("rabenseifner"));
        QCOMPARE(runToEnd(configFor(Collective::Allreduce, "rabenseifner", 5, 4))["algorithm"].get<std::string>(),
                 std::string("rabenseifner"));
        auto config = configFor(Collective::Allreduce, "rabenseifner", 8, n);
        config.op = ReduceOp::NonCommutative;
        QCOMPARE(runToEnd(config)["algorithm"].get<std::string>(), std::string("basic_linear"));
    }

    void resultIsTheSumForUnevenCountsAndMax() {
        // 1001 elements do not split evenly: early blocks carry one more element.
        const char* names[] = {"basic_linear",   "nonoverlapping", "recursive_doubling", "ring",
                               "segmented_ring", "rabenseifner",   "allgather_reduce"};
        for (const char* algorithm : names)
            for (int p : kRanks)
                for (ReduceOp op : {ReduceOp::Sum, ReduceOp::Max}) {
                    auto config = configFor(Collective::Allreduce, algorithm, p, 1001);
                    config.op = op;
                    config.segsize = 40;
                    QVERIFY2(runToEnd(config)["result_ok"].get<bool>(), algorithm);
                }
    }

    void resultIsCheckedEveryRound() {
        auto engine = CollectivesEngine::create(configFor(Collective::Allreduce, "ring", 4, 8)).value();
        QVERIFY(engine.summary()["result_ok"].is_null());
        engine.step();
        QVERIFY(engine.summary()["data_consistent"].get<bool>());
        QVERIFY(engine.summary()["result_ok"].is_null());
        while (!engine.done()) engine.step();
        QVERIFY(engine.summary()["result_ok"].get<bool>());
        // Rank 2 holds block 0 summed over the 4 ranks: sum of initialValue(r, 0, 0).
        std::int64_t sum = 0;
        for (int rank = 0; rank < 4; ++rank) sum += RankBuffers::initialValue(rank, 0, 0);
        const auto rank2 = engine.inspect("rank:2");
        QCOMPARE(rank2["blocks"][0]["contributions"].get<int>(), 4);
        QCOMPARE(rank2["blocks"][0]["values"][0].get<std::int64_t>(), sum);
    }

    void sixteenGibibytesWithoutTheBuffer() {
        // 16 GiB at 8 ranks: the ring's byte counts stay exact, the data is sampled.
        const std::int64_t huge = std::int64_t(16) << 30;
        const auto summary = runToEnd(configFor(Collective::Allreduce, "ring", 8, huge));
        QCOMPARE(summary["bytes_sent_total"].get<std::int64_t>(), 14 * huge);
        QCOMPARE(summary["bytes_sent_max"].get<std::int64_t>(), 14 * (huge / 8));
        QVERIFY(summary["result_ok"].get<bool>());
    }

    void ranksOneRunsWithNoMessages() {
        const auto summary = runToEnd(configFor(Collective::Allreduce, "auto", 1, 100));
        QCOMPARE(summary["messages"].get<std::int64_t>(), std::int64_t(0));
        QVERIFY(summary["result_ok"].get<bool>());
    }
};

QTEST_GUILESS_MAIN(AllreduceSchedulesTest)
#include "tst_ompi_allreduce_schedules.moc"
