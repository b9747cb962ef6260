// Proves Open MPI's barrier algorithms send the rounds and zero-byte messages
// their patterns imply for p = 1…8 and 16, and that every rank ends holding
// every rank's arrival token (it has heard from all of them, directly or not).
//  linear: p-1 messages in, p-1 out: 2 rounds.
//  double_ring: a token twice round the ring: 2p rounds of 1 message.
//  recursive_doubling: p' = 2^⌊lg p⌋ ranks exchange for lg p' rounds; the
//       extra p - p' report in before and are released after:
//       p = 5: 4 rounds, 1 + 8 + 1 messages; p = 7: 4 rounds, 3 + 8 + 3.
//  bruck: ⌈lg p⌉ rounds of p messages.
//  tree: up and down the binomial tree: 2⌈lg p⌉ rounds, 2(p-1) messages.

#include "collectives_test_support.h"
#include "ompi/base/ompi_barrier.h"
#include "ompi/tuned/ompi_fixed_rules.h"

using namespace commviz;
using namespace commviz::collectives;
using namespace commviz::collectives::test;

namespace {

sim::Json run(const char* algorithm, int p) { return runToEnd(configFor(Collective::Barrier, algorithm, p, 1)); }

void checkBarrier(const sim::Json& summary, int rounds, std::int64_t messages) {
    checkSchedule(summary, rounds, messages, 0, 0);
    QVERIFY(summary["algbw_GBps"].is_null());
    QVERIFY(summary["busbw_GBps"].is_null());
}

std::string rule(int ranks) { return fixedDecision(Collective::Barrier, ranks, 1, true)->rule; }

}  // namespace

class BarrierSchedulesTest : public QObject {
    Q_OBJECT

private slots:
    void everyAlgorithmAtEveryP() {
        for (int p : kRanks) {
            const int lg = ceilLog(p, 2), group = 1 << (p > 1 ? ceilLog(p + 1, 2) - 1 : 0), extra = p - group;
            checkBarrier(run("linear", p), p > 1 ? 2 : 0, 2 * (p - 1));
            checkBarrier(run("double_ring", p), p > 1 ? 2 * p : 0, p > 1 ? 2 * p : 0);
            checkBarrier(run("recursive_doubling", p), ceilLog(group, 2) + (extra > 0 ? 2 : 0),
                         group * ceilLog(group, 2) + 2 * extra);
            checkBarrier(run("bruck", p), lg, p * lg);
            checkBarrier(run("tree", p), 2 * lg, 2 * (p - 1));
        }
        QCOMPARE(run("recursive_doubling", 7)["messages"].get<std::int64_t>(), std::int64_t(14));
    }

    void twoProcsOnlyOnOneOrTwoRanks() {
        checkBarrier(run("two_proc", 1), 0, 0);
        checkBarrier(run("two_proc", 2), 1, 2);
        auto engine = CollectivesEngine::create(configFor(Collective::Barrier, "two_proc", 3, 1));
        QVERIFY(!engine);
        QCOMPARE(
            engine.error().message,
            std::string("algorithm=two_proc runs on 1 or 2 ranks (Open MPI returns MPI_ERR_UNSUPPORTED_OPERATION)"));
    }

    void bruckRoundOneCarriesTwoTokens() {
        auto engine = CollectivesEngine::create(configFor(Collective::Barrier, "bruck", 8, 1));
        engine->step();
        const auto first = std::get<SendEvent>(engine->step().front()).message;
        // Rank 0 has heard from 7 in round 0 and passes {7, 0} to rank 2.
        QCOMPARE(first.dst, 2);
        QCOMPARE(first.blocks, (std::vector<BlockRange>{{7, 1}, {0, 1}}));
        QCOMPARE(first.bytes, std::int64_t(0));
    }

    void unfinishedBarrierHasNotHeardFromEveryone() {
        ScheduleRequest request;
        request.collective = Collective::Barrier;
        request.ranks = 8;
        const Schedule schedule = barrierBruck(request);
        RankBuffers buffers(Collective::Barrier, 8, 0, schedule.layout);
        buffers.apply(schedule.round(0));
        buffers.apply(schedule.round(1));
        QVERIFY(buffers.consistent());
        QVERIFY(!buffers.resultOk());  // after 2 rounds each rank knows 4 of 8
        buffers.apply(schedule.round(2));
        QVERIFY(buffers.resultOk());
        // A message vouching for a token its sender never held breaks the run.
        RankBuffers forged(Collective::Barrier, 2, 0, BlockLayout(2, 0));
        forged.apply({Message{0, 1, 0, {{1, 1}}, false}});
        QVERIFY(!forged.consistent());
    }

    void costIsAlphaPerRound() {
        // α = 1 µs and no bytes: bruck at p = 16 takes 4 µs, its closed form ⌈lg p⌉α too.
        const auto bruck = run("bruck", 16);
        QCOMPARE(bruck["time_us"].get<double>(), 4.0);
        QCOMPARE(bruck["closed_form_us"].get<double>(), 4.0);
        // Linear: rank 0 takes 15 messages one at a time, then sends 15: 30 µs.
        QCOMPARE(run("linear", 16)["time_us"].get<double>(), 30.0);
    }

    void fixedRulesOnRankCountAlone() {
        QCOMPARE(rule(3), std::string("p < 4: -> 3"));
        QCOMPARE(rule(4), std::string("p < 8: -> 1"));
        QCOMPARE(rule(7), std::string("p < 8: -> 1"));
        QCOMPARE(rule(8), std::string("p < 64: -> 3"));
        QCOMPARE(rule(63), std::string("p < 64: -> 3"));
        QCOMPARE(rule(64), std::string("p < 256: -> 4"));
        QCOMPARE(rule(256), std::string("p < 512: -> 6"));
        QCOMPARE(rule(511), std::string("p < 512: -> 6"));
        QCOMPARE(rule(512), std::string("p < 1024: -> 4"));
        QCOMPARE(rule(1024), std::string("p < 4096: -> 6"));
        QCOMPARE(rule(4095), std::string("p < 4096: -> 6"));
        QCOMPARE(rule(4096), std::string("p >= 4096: -> 4"));
        const auto summary = run("auto", 300);
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("tree"));
        QVERIFY(summary["result_ok"].get<bool>());
        QCOMPARE(run("auto", 5)["algorithm"].get<std::string>(), std::string("linear"));
    }

    void largeCommunicatorsOfEveryRootedCollective() {
        // Odd sizes and roots near the top: the non-power-of-two folds and the wrapped bundles.
        const std::pair<Collective, const char*> runs[] = {
            {Collective::Barrier, "auto"},        {Collective::Barrier, "recursive_doubling"},
            {Collective::Reduce, "rabenseifner"}, {Collective::Reduce, "in-order_binary"},
            {Collective::Reduce, "auto"},         {Collective::Gather, "binomial"},
            {Collective::Scatter, "auto"}};
        for (const auto& [collective, algorithm] : runs)
            for (int p : {1000, 4096}) {
                auto config = configFor(collective, algorithm, p, 4096);
                config.root = p - 3;
                QVERIFY2(runToEnd(config)["result_ok"].get<bool>(), algorithm);
            }
    }
};

QTEST_GUILESS_MAIN(BarrierSchedulesTest)
#include "tst_ompi_barrier_schedules.moc"
