// Proves Open MPI's allgather algorithms send the rounds, messages and bytes
// their patterns imply for p = 1…8 and 16, with every rank ending with every
// rank's block. S = 1000 bytes is one rank's block (int8 elements).
//
// Every algorithm but linear delivers each rank the p-1 blocks it lacks once:
// per rank (p-1)S, total p(p-1)S.
//  ring:      p-1 rounds of p messages.
//  recursive_doubling (p a power of two): lg p rounds of p messages; else Bruck.
//  bruck:     ⌈lg p⌉ rounds of p messages; step k moves min(2^k, p-2^k) blocks,
//             which add up to p-1 (p = 5: 1 + 2 + 1).
//  neighbor (p even): p/2 rounds of p messages (1 block, then 2 blocks); odd p: the ring.
//  linear:    coll/tuned's gather to 0, then its bcast of all p blocks, each the
//             fixed rules' choice (coll_tuned_decision_fixed.c, 4.1.4): the gather
//             of S = 1000 is binomial at every p (S < 32K, S < 1K, p < 256 -> 2),
//             so p-1 + p-1 messages. p = 3: gather 1->0, 2->0 (2 rounds), bcast
//             of 3000 linear (p < 4, S < 32K -> 1): 3 rounds, rank 0 sends 6S,
//             total 8S. p = 4: gather 1->0, 3->2, 2->0 (2S), bcast of 4000
//             binomial (p < 8, S < 8K -> 6): 4 rounds, rank 0 sends 8S, total
//             16S. p = 8: gather 3 rounds, 12S (subtrees 1,2,1,4,1,2,1); bcast of
//             8000 on the binary tree (p < 16, S < 16K -> 5; 0->1,2 1->3,5
//             2->4,6 3->7, 3 levels): 6 rounds, rank 2 sends 2S + 16S, total 68S.

#include "collectives_test_support.h"
#include "ompi/base/ompi_allgather.h"

using namespace commviz;
using namespace commviz::collectives;
using namespace commviz::collectives::test;

namespace {

constexpr std::int64_t S = 1000;

bool powerOfTwo(int p) { return (p & (p - 1)) == 0; }

sim::Json run(const char* algorithm, int p, std::int64_t bytes = S) {
    return runToEnd(configFor(Collective::Allgather, algorithm, p, bytes));
}

}  // namespace

class AllgatherSchedulesTest : public QObject {
    Q_OBJECT

private slots:
    void ring() {
        for (int p : kRanks)
            checkSchedule(run("ring", p), p - 1, std::int64_t(p) * (p - 1), (p - 1) * S, p * (p - 1) * S);
    }

    void bruck() {
        for (int p : kRanks)
            checkSchedule(run("bruck", p), ceilLog(p, 2), std::int64_t(p) * ceilLog(p, 2), (p - 1) * S,
                          p * (p - 1) * S);
    }

    void recursiveDoublingRedirectsToBruck() {
        for (int p : kRanks) {
            const auto summary = run("recursive_doubling", p);
            checkSchedule(summary, ceilLog(p, 2), std::int64_t(p) * ceilLog(p, 2), (p - 1) * S, p * (p - 1) * S);
            QCOMPARE(summary["algorithm"].get<std::string>(),
                     std::string(powerOfTwo(p) ? "recursive_doubling" : "bruck"));
            QCOMPARE(summary["redirected_from"].is_null(), powerOfTwo(p));
        }
    }

    void neighborExchange() {
        for (int p : kRanks) {
            const auto summary = run("neighbor", p);
            const int rounds = p % 2 == 0 ? p / 2 : p - 1;
            checkSchedule(summary, rounds, std::int64_t(p) * rounds, (p - 1) * S, p * (p - 1) * S);
            QCOMPARE(summary["algorithm"].get<std::string>(), std::string(p % 2 == 0 ? "neighbor" : "ring"));
        }
    }

    void linear() {
        checkSchedule(run("linear", 3), 3, 4, 6 * S, 8 * S);
        checkSchedule(run("linear", 4), 4, 6, 8 * S, 16 * S);
        checkSchedule(run("linear", 8), 6, 14, 18 * S, 68 * S);
        for (int p : kRanks) {
            const auto summary = run("linear", p);
            QCOMPARE(summary["messages"].get<std::int64_t>(), 2LL * (p - 1));
            QVERIFY(summary["result_ok"].get<bool>());
        }
    }

    void twoProcsOnlyOnTwoRanks() {
        checkSchedule(run("two_proc", 2), 1, 2, S, 2 * S);
        auto refused = CollectivesEngine::create(configFor(Collective::Allgather, "two_proc", 3, S));
        QVERIFY(!refused.ok());
        QVERIFY(refused.error().message.find("algorithm=two_proc runs on exactly 2 ranks") == 0);
    }

    void sparbit() {
        // ⌈lg p⌉ steps at distances l, l/2, …, 1, one message per block: a rank
        // sends its p-1 missing blocks' worth, p-1 messages of S.
        for (int p : kRanks)
            checkSchedule(run("sparbit", p), ceilLog(p, 2), std::int64_t(p) * (p - 1), (p - 1) * S, p * (p - 1) * S);
        // p = 6 (Open MPI's example): distance 4 sends block 0 of rank 0; distance 2
        // skips the block that would arrive twice and sends block 0 only; distance 1
        // sends blocks 0, 4, 2.
        ScheduleRequest request;
        request.collective = Collective::Allgather;
        request.ranks = 6;
        request.count = 1;
        const Schedule schedule = allgatherSparbit(request);
        QCOMPARE(schedule.round(1).size(), std::size_t(6));
        std::vector<int> sentByZero;
        for (const Message& message : schedule.round(2))
            if (message.src == 0) sentByZero.push_back(message.blocks.front().first);
        QCOMPARE(sentByZero, (std::vector<int>{0, 4, 2}));
        for (int p : {3, 5, 6, 7, 9, 12, 13}) QVERIFY(run("sparbit", p, 3)["result_ok"].get<bool>());
    }

    void autoFollowsTheFixedRules() {
        // p = 2 -> 6 (two_proc); p = 6 -> 3, which is Bruck for a non-power of two.
        QCOMPARE(run("auto", 2)["algorithm"].get<std::string>(), std::string("two_proc"));
        const auto six = run("auto", 6);
        QCOMPARE(six["rule"].get<std::string>(), std::string("p < 32: -> 3"));
        QCOMPARE(six["algorithm"].get<std::string>(), std::string("bruck"));
        QCOMPARE(six["redirected_from"].get<std::string>(), std::string("recursive_doubling"));
    }

    void busbwUsesTheGatheredSize() {
        // ring, p = 4, S = 1000: 3 rounds of α + Sβ = 2 µs: 6 µs. algbw = 4000 B / 6 µs.
        const auto summary = run("ring", 4);
        QCOMPARE(summary["time_us"].get<double>(), 6.0);
        QVERIFY(qFuzzyCompare(summary["algbw_GBps"].get<double>(), 4000.0 / 6e3));
        QVERIFY(qFuzzyCompare(summary["busbw_GBps"].get<double>(), 0.75 * 4000.0 / 6e3));
    }
};

QTEST_GUILESS_MAIN(AllgatherSchedulesTest)
#include "tst_ompi_allgather_schedules.moc"
