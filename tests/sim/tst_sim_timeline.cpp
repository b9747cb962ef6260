// Proves the one Timeline every engine shares: seeking anywhere equals a straight
// run, stepping back then forward reproduces the same events, seeded runs repeat,
// the step cap holds, and engine copies grow with steps / K.

#include <QtTest>

#include "counter_engine.h"
#include "sim/session.h"
#include "sim/timeline.h"

using commviz::sim::Timeline;
using commviz::sim::TimelineSession;
using commviz::testing::CounterEngine;
using commviz::testing::PackingCounterEngine;
using commviz::testing::SilentCounterEngine;

class TimelineTest : public QObject {
    Q_OBJECT

private slots:
    void seekingEveryStepMatchesAStraightRun() {
        const auto timeline = checkSeekingEveryStep(commviz::sim::kDefaultMemoryBudgetBytes);
        QVERIFY(timeline.memoryUsed() <= timeline.memoryBudget());
        QCOMPARE(timeline.eventStore().droppedChunks(), std::size_t(0));
    }

    // The same walk with a budget far too small for the run: keyframes must be
    // thinned and events dropped, and every state and every step's events must
    // still come back exactly.
    void seekingEveryStepMatchesAStraightRunUnderATinyBudget() {
        constexpr std::size_t kTinyBudget = 4 << 10;
        const auto timeline = checkSeekingEveryStep(kTinyBudget);
        QVERIFY2(timeline.keyframeInterval() > 64, "the tiny budget must thin the keyframes");
        QVERIFY2(timeline.eventStore().droppedChunks() > 0, "the tiny budget must drop events");
        // What is left: keyframe 0 and at most the chunks in use (cursor, last,
        // just regenerated), each of 64 steps of at most two events.
        QCOMPARE(timeline.keyframeCount(), std::size_t(1));
        QVERIFY(timeline.eventStore().eventBytes() <= 3 * 64 * 2 * sizeof(CounterEngine::Event));
    }
    void steppingBackThenForwardReproducesEvents() {
        Timeline<CounterEngine> timeline(CounterEngine(7, 500), 16);
        timeline.seek(300);
        const auto recorded = timeline.events(300);
        QVERIFY(!recorded.empty());
        for (int i = 0; i < 50; ++i) QVERIFY(timeline.stepBack());
        QCOMPARE(timeline.cursor(), std::size_t(250));
        // Replaying forward must land on the same state that produced the same events.
        Timeline<CounterEngine> fresh(CounterEngine(7, 500), 16);
        fresh.seek(300);
        for (int i = 0; i < 50; ++i) QVERIFY(timeline.stepForward());
        QVERIFY(timeline.current() == fresh.current());
        QVERIFY(timeline.events(300) == fresh.events(300));
    }

    void seededRunsAreIdentical() {
        Timeline<CounterEngine> a(CounterEngine(99, 2000));
        Timeline<CounterEngine> b(CounterEngine(99, 2000));
        a.runToEnd(5000);
        b.runToEnd(5000);
        QCOMPARE(a.recordedSteps(), b.recordedSteps());
        for (std::size_t n = 1; n <= a.recordedSteps(); ++n) QVERIFY(a.events(n) == b.events(n));
        Timeline<CounterEngine> other(CounterEngine(100, 2000));
        other.runToEnd(5000);
        bool anyDifferent = false;
        for (std::size_t n = 1; n <= a.recordedSteps(); ++n)
            anyDifferent = anyDifferent || !(a.events(n) == other.events(n));
        QVERIFY2(anyDifferent, "a different seed must give a different run");
    }

    void runToEndStopsAtTheCap() {
        Timeline<CounterEngine> timeline(CounterEngine(1, 1'000'000));
        QCOMPARE(timeline.runToEnd(1234), std::size_t(1234));
        QVERIFY(!timeline.endKnown());
        QVERIFY(!timeline.atEnd());
    }

    void runToEndNeverStepsBack() {
        Timeline<CounterEngine> timeline(CounterEngine(1, 1000));
        timeline.seek(800);
        QCOMPARE(timeline.runToEnd(500), std::size_t(800));
        QCOMPARE(timeline.cursor(), std::size_t(800));
    }

    void progressCanStopALongRun() {
        Timeline<CounterEngine> timeline(CounterEngine(1, 100'000));
        const auto reached = timeline.runToEnd(100'000, [](std::size_t step) { return step < 500; });
        QCOMPARE(reached, std::size_t(500));
    }

    void keyframesGrowWithStepsOverK() {
        Timeline<CounterEngine> timeline(CounterEngine(3, 10'000), 100);
        timeline.runToEnd(10'000);
        // Keyframes at states 0, 100, ..., 10000.
        QCOMPARE(timeline.keyframeCount(), std::size_t(101));
        timeline.seek(0);
        timeline.seek(10'000);
        QCOMPARE(timeline.keyframeCount(), std::size_t(101));
    }

    void stepForwardAtTheEndChangesNothing() {
        Timeline<CounterEngine> timeline(CounterEngine(5, 3));
        QVERIFY(timeline.stepForward());
        QVERIFY(timeline.stepForward());
        QVERIFY(timeline.stepForward());
        QVERIFY(!timeline.stepForward());
        QCOMPARE(timeline.cursor(), std::size_t(3));
        QCOMPARE(timeline.current().steps(), 3L);
        QVERIFY(!Timeline<CounterEngine>(CounterEngine(5, 3)).stepBack());
    }

    // A long seek records the chunks it passes through by their event counts
    // alone; reading them replays the same events. Chunks of 64 steps: chunk c
    // (steps 64c + 1 .. 64c + 64) goes silently while 64c + 64 + 64 < 5000, so
    // chunks 0 .. 76, 4,928 steps; chunks 77 and 78 (to 5,056) keep their events.
    void aLongSeekRecordsPassedChunksByTheirCounts() {
        Timeline<SilentCounterEngine> silent(SilentCounterEngine(7, 20000), 64);
        Timeline<CounterEngine> reference(CounterEngine(7, 20000), 64);
        QCOMPARE(silent.seek(5000), std::size_t(5000));
        reference.seek(5000);
        QCOMPARE(silent.current().silentSteps(), 4928L);
        QVERIFY(!silent.eventStore().resident(76));
        QVERIFY(silent.eventStore().resident(77));
        QCOMPARE(silent.eventStore().total(), reference.eventStore().total());
        for (std::size_t n = 1; n <= 5000; ++n) QCOMPARE(silent.eventCount(n), reference.eventCount(n));
        QVERIFY(silent.memoryUsed() < reference.memoryUsed());
        for (std::size_t n : {1, 100, 4928, 4929, 5000})
            QVERIFY(silent.events(n) == std::vector<CounterEngine::Event>(reference.events(n)));
        // Stepping on (no seek target) keeps events; a short seek does too.
        QVERIFY(silent.stepForward());
        QVERIFY(silent.seek(5100) == 5100);
        QCOMPARE(silent.current().silentSteps(), 4928L);
        QVERIFY(silent.eventStore().resident(79));

        // A replay from keyframe 0 (the budget leaves no other) to 4,000 also
        // passes silently through the chunks ending more than a chunk before
        // it (chunks 0 .. 60, 3,904 steps) and rebuilds chunks 61 and 62.
        silent.setMemoryBudget(1024);
        QCOMPARE(silent.keyframeCount(), std::size_t(1));
        QCOMPARE(silent.seek(4000), std::size_t(4000));
        QCOMPARE(silent.current().silentSteps(), 3904L);
        QVERIFY(silent.events(4000) == std::vector<CounterEngine::Event>(reference.events(4000)));
    }

    // An engine with a Keyframe type is kept packed. 1,000 steps with keyframes
    // every 64 keep states 0, 64, .., 960: 16 keyframes, counted at the
    // keyframe's size; a copy would also hold the 1,000 scratch slots (8,000
    // bytes, a heap block of 8,016). The events are the same walk's, so both
    // timelines hold the same event bytes. Seeks restore from the keyframes.
    void keyframesAreKeptPacked() {
        Timeline<PackingCounterEngine> packed(PackingCounterEngine(5, 1000), 64);
        Timeline<CounterEngine> copies(CounterEngine(5, 1000), 64);
        packed.runToEnd(1000);
        copies.runToEnd(1000);
        QCOMPARE(packed.keyframeCount(), std::size_t(16));
        QCOMPARE(packed.memoryUsed() - 16 * sizeof(PackingCounterEngine::Keyframe),
                 copies.memoryUsed() - 16 * sizeof(CounterEngine));
        QCOMPARE(packed.current().footprintBytes(), sizeof(PackingCounterEngine) + 8016);
        QCOMPARE(packed.current().restores(), 0L);
        for (std::size_t n : {500, 3, 999, 64, 0}) {
            packed.seek(n);
            copies.seek(n);
            QCOMPARE(packed.current().value(), copies.current().value());
            QCOMPARE(packed.current().steps(), long(n));
        }
        // 500 from keyframe 448, 3 from 0, 999 from 960, 64 and 0 are keyframes: five restores.
        QCOMPARE(packed.current().restores(), 5L);
        QCOMPARE(packed.initial().value(), 0L);
        QCOMPARE(packed.initial().steps(), 0L);
    }

    // The state a drag shows at once: the cursor, or else the keyframe before
    // the target (every 64 steps here), never past the target. All events are
    // kept here, so a keyframe's state comes with its step's events.
    void quickStatesAreTheCursorOrAKeyframe() {
        Timeline<CounterEngine> timeline(CounterEngine(5, 1000), 64);
        timeline.runToEnd(1000);
        QCOMPARE(timeline.quickStateAtOrBefore(1000), std::size_t(1000));  // the cursor
        QCOMPARE(timeline.quickStateAtOrBefore(500), std::size_t(448));
        QCOMPARE(timeline.quickStateAtOrBefore(0), std::size_t(0));
        timeline.seek(100);
        QCOMPARE(timeline.quickStateAtOrBefore(130), std::size_t(128));  // a keyframe past the cursor
        QCOMPARE(timeline.quickStateAtOrBefore(120), std::size_t(100));  // the cursor past the keyframe
        QCOMPARE(timeline.quickStateAtOrBefore(99), std::size_t(64));
        QCOMPARE(timeline.quickStateAtOrBefore(5000), std::size_t(960));  // beyond the recording: its last keyframe
        QCOMPARE(timeline.replayCost(timeline.quickStateAtOrBefore(777)), std::size_t(0));
    }

    // Under a small budget keyframes are thinned (every 128 steps or more) and
    // far events dropped; a keyframe's own step's events would then need a
    // replay from the keyframe before it. The quick state is instead the end
    // of the first chunk after a keyframe: reaching it replays that one chunk
    // of 64 steps, which brings the events the view reads back with it.
    void quickStatesComeWithTheirEvents() {
        Timeline<CounterEngine> timeline(CounterEngine(5, 6000), 64, 4 << 10);
        timeline.runToEnd(6000);
        const std::size_t spacing = timeline.keyframeInterval();
        QVERIFY2(spacing >= 128, qPrintable(QString::number(spacing)));
        for (std::size_t n : {5000, 2345, 5999, 300, 64}) {
            const std::size_t quick = timeline.quickStateAtOrBefore(n);
            QVERIFY(quick <= n);
            QVERIFY2(n - quick < spacing + 64, qPrintable(QString("%1 for %2").arg(quick).arg(n)));
            QVERIFY(timeline.replayCost(quick) <= 64);
            timeline.seek(quick);
            QVERIFY(timeline.eventStore().resident(timeline.eventStore().chunkOf(quick)));
        }
        // From the cursor at 64, 5,000 is 4,936 steps on; the keyframe at or
        // before 5,000 - 64 is followed by one chunk.
        timeline.seek(64);
        QCOMPARE(timeline.quickStateAtOrBefore(5000), (5000 - 64) / spacing * spacing + 64);
    }

    // Stepping back where keyframes are far apart (S = the thinned spacing:
    // the budget's seven eighths leave 4 KB beside the per-step event counts,
    // so 32-byte keyframes every 64 steps thin to every 256 or more; chunks
    // of 64; the last eighth, over 20 KB, holds the trail). From 21S - 1 the
    // first step back replays S - 2 steps from keyframe 20S and keeps the
    // states 20S + 64, 20S + 128, .. on the way; every step back after it starts from one of
    // those or the keyframe, at most 64 steps behind. Only a step back from a
    // keyframe (20S, 19S, 18S) replays a whole spacing again: 4 long step
    // backs in 3S. Every state is exact and the trail stays in the budget. A
    // long seek back lays no trail.
    void stepsBackFollowATrail() {
        Timeline<PackingCounterEngine> timeline(PackingCounterEngine(5, 20000), 64);
        timeline.runToEnd(20000);
        const auto& store = timeline.eventStore();
        const std::size_t budget = (store.bytes() - store.eventBytes() + (4 << 10)) * 8 / 7;
        timeline.setMemoryBudget(budget);
        const std::size_t spacing = timeline.keyframeInterval();
        QVERIFY2(spacing >= 256 && 21 * spacing <= 20000, qPrintable(QString::number(spacing)));
        std::vector<long> values{0};
        CounterEngine straight(5, 20000);
        while (!straight.done()) {
            straight.step();
            values.push_back(straight.value());
        }
        timeline.seek(21 * spacing - 1);
        QCOMPARE(timeline.replayCost(21 * spacing - 2), spacing - 2);
        int longSteps = 0;
        for (std::size_t n = 21 * spacing - 2; n >= 18 * spacing - 1; --n) {
            if (timeline.replayCost(n) > 64) ++longSteps;
            QVERIFY(timeline.stepBack());
            QCOMPARE(timeline.cursor(), n);
            QCOMPARE(timeline.current().value(), values[n]);
            QVERIFY2(timeline.memoryUsed() <= budget, qPrintable(QString::number(timeline.memoryUsed())));
        }
        QCOMPARE(longSteps, 4);
        timeline.seek(5 * spacing + spacing / 2);
        QCOMPARE(timeline.current().value(), values[5 * spacing + spacing / 2]);
        QCOMPARE(timeline.replayCost(5 * spacing + spacing / 2 - 1), spacing / 2 - 1);
    }

    void sessionDescribesEveryRecordedStep() {
        TimelineSession<CounterEngine> session(CounterEngine(11, 40), 8);
        session.runToEnd(100);
        QCOMPARE(session.recordedSteps(), std::size_t(40));
        for (std::size_t n = 1; n <= 40; ++n) {
            const auto& records = session.eventRecords(n);
            QVERIFY(!records.empty());
            QCOMPARE(records.front().kind, std::string("moved"));
            QCOMPARE(records.front().anchor, std::string("CounterEngine::step"));
        }
        session.seek(10);
        QCOMPARE(session.inspect("counter")["value"].get<long>(), session.engine().value());
        QVERIFY(session.inspect("nothing").is_null());
        QCOMPARE(session.summary()["steps"].get<long>(), 10L);
    }

private:
    // Seeks to every state of a 10,000-step run, backward then in jumps, and
    // compares each state and each step's events with a straight run.
    static Timeline<CounterEngine> checkSeekingEveryStep(std::size_t budget) {
        constexpr long kSteps = 10'000;
        // The straight run: every intermediate state, by hand-stepping a copy.
        std::vector<CounterEngine> straight;
        std::vector<std::vector<CounterEngine::Event>> straightEvents;
        CounterEngine engine(42, kSteps);
        straight.push_back(engine);
        while (!engine.done()) {
            straightEvents.push_back(engine.step());
            straight.push_back(engine);
        }
        [&] { QCOMPARE(straight.size(), std::size_t(kSteps + 1)); }();

        Timeline<CounterEngine> timeline(CounterEngine(42, kSteps), 64, budget);
        [&] {
            QCOMPARE(timeline.runToEnd(kSteps * 2), std::size_t(kSteps));
            QVERIFY(timeline.atEnd());
            // Backward from the end, then scattered forward jumps.
            for (long n = kSteps; n >= 0; --n) {
                timeline.seek(std::size_t(n));
                QCOMPARE(timeline.cursor(), std::size_t(n));
                if (!(timeline.current() == straight[std::size_t(n)]))
                    QFAIL(qPrintable(QString("state %1 differs").arg(n)));
            }
            for (long n = 0; n <= kSteps; n += 37) {
                timeline.seek(std::size_t(n));
                QVERIFY(timeline.current() == straight[std::size_t(n)]);
            }
            for (std::size_t n = 1; n <= std::size_t(kSteps); ++n)
                if (!(timeline.events(n) == straightEvents[n - 1]))
                    QFAIL(qPrintable(QString("events of step %1 differ").arg(n)));
        }();
        return timeline;
    }
};

QTEST_APPLESS_MAIN(TimelineTest)
#include "tst_sim_timeline.moc"
