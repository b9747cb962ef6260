// Proves the headless batch path: runBatch steps an engine with no Timeline to
// the same end as a straight run, and runSweep runs one engine per thread in
// parallel with the same results as one after another, counts its progress and
// stops when cancelled.

#include <QtTest>
#include <mutex>
#include <set>
#include <thread>

#include "counter_engine.h"
#include "sim/batch_run.h"
#include "sim/sweep.h"

using commviz::sim::runBatch;
using commviz::sim::runSweep;
using commviz::sim::SweepControl;
using commviz::testing::CounterEngine;

namespace {
long finalValue(std::uint64_t seed) {
    CounterEngine engine(seed, 20'000);
    while (!engine.done()) engine.step();
    return engine.value();
}
}  // namespace

class SweepTest : public QObject {
    Q_OBJECT

private slots:
    void batchRunReachesTheStraightRunsEnd() {
        CounterEngine engine(4, 5000);
        std::size_t described = 0;
        const auto count = runBatch<CounterEngine>(
            engine, 1'000'000,
            [&described](std::size_t, std::vector<CounterEngine::Event>& events) { described += events.size(); });
        QCOMPARE(count.steps, std::size_t(5000));
        QVERIFY(count.done);
        QCOMPARE(std::uint64_t(described), count.events);
        CounterEngine straight(4, 5000);
        while (!straight.done()) straight.step();
        QVERIFY(engine == straight);
        CounterEngine capped(4, 5000);
        QVERIFY(!runBatch(capped, 10).done);
        QCOMPARE(capped.steps(), 10L);
    }

    void sweepMatchesSequentialRunsOnSeveralThreads() {
        constexpr std::size_t kJobs = 12;
        SweepControl control;
        std::mutex mutex;
        std::set<std::thread::id> threads;
        const auto results = runSweep<long>(
            kJobs,
            [&](std::size_t i, const std::atomic<bool>& cancel) {
                {
                    std::lock_guard lock(mutex);
                    threads.insert(std::this_thread::get_id());
                }
                CounterEngine engine(100 + i, 20'000);
                runBatch<CounterEngine>(engine, 1'000'000, {}, [&cancel](std::size_t) { return !cancel.load(); });
                // Slow enough that every thread gets a job.
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
                return engine.value();
            },
            control, 3);
        QCOMPARE(control.finished.load(), kJobs);
        for (std::size_t i = 0; i < kJobs; ++i) {
            QVERIFY(results[i].has_value());
            QCOMPARE(*results[i], finalValue(100 + i));
        }
        QCOMPARE(threads.size(), std::size_t(3));
    }

    void cancelStopsTheSweep() {
        SweepControl control;
        const auto results = runSweep<long>(
            1000,
            [&control](std::size_t i, const std::atomic<bool>& cancel) {
                if (i == 0) {
                    std::this_thread::sleep_for(std::chrono::milliseconds(50));
                    control.cancel = true;
                }
                CounterEngine engine(i, 100'000'000);
                const auto count =
                    runBatch<CounterEngine>(engine, 100'000'000, {}, [&cancel](std::size_t) { return !cancel.load(); });
                return long(count.steps);
            },
            control, 2);
        const auto started = std::count_if(results.begin(), results.end(), [](const auto& r) { return r.has_value(); });
        QVERIFY2(started <= 3, "no new job starts once cancelled");
        QVERIFY(control.finished.load() < 1000);
        for (const auto& result : results)
            if (result) QVERIFY2(*result < 100'000'000, "a running job sees the cancel and stops early");
    }
};

QTEST_APPLESS_MAIN(SweepTest)
#include "tst_sim_sweep.moc"
