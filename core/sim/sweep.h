#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>
#include <thread>
#include <vector>

namespace commviz::sim {

/// Progress and cancel shared between a running sweep and whoever watches it
/// (a progress bar on the UI thread, a Ctrl+C handler): both are atomics.
struct SweepControl {
    std::atomic<std::size_t> finished{0};  ///< jobs completed so far
    std::atomic<bool> cancel{false};       ///< set to stop: no new job starts, running ones see it
};

/// How many threads a sweep uses by default: one per core.
inline unsigned sweepThreads() { return std::max(1u, std::thread::hardware_concurrency()); }

/// Runs job(i) for every i in [0, count), one job at a time on each of
/// `threads` std::threads (0: one per core), and returns the results by index.
/// Jobs are independent engines (value types, no shared state), so no locking
/// is needed beyond the atomic job counter. A job that never started because
/// the sweep was cancelled has no result; a running job gets `control.cancel`
/// to check (e.g. as runBatch's keepGoing) and its result is kept as it returns it.
template <class Result>
std::vector<std::optional<Result>> runSweep(std::size_t count,
                                            const std::function<Result(std::size_t, const std::atomic<bool>&)>& job,
                                            SweepControl& control, unsigned threads = 0) {
    std::vector<std::optional<Result>> results(count);
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        for (;;) {
            if (control.cancel.load(std::memory_order_relaxed)) return;
            const std::size_t i = next.fetch_add(1, std::memory_order_relaxed);
            if (i >= count) return;
            results[i] = job(i, control.cancel);
            control.finished.fetch_add(1, std::memory_order_relaxed);
        }
    };
    const std::size_t wanted = threads == 0 ? sweepThreads() : threads;
    const std::size_t spawned = std::min(wanted, count);
    std::vector<std::thread> pool;
    pool.reserve(spawned);
    for (std::size_t t = 1; t < spawned; ++t) pool.emplace_back(worker);
    if (spawned > 0) worker();  // the calling thread is one of them
    for (auto& thread : pool) thread.join();
    return results;
}

}  // namespace commviz::sim
