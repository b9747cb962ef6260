#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include "sim/engine.h"

namespace commviz::sim {

/// How far a batch run got.
struct BatchCount {
    std::size_t steps = 0;     ///< steps taken
    std::uint64_t events = 0;  ///< events those steps produced
    bool done = false;         ///< the engine reported done
};

/// Steps whose events a batch run hands over, inclusive (1-based).
struct StepRange {
    std::size_t from = 1;
    std::size_t to = std::numeric_limits<std::size_t>::max();
    bool contains(std::size_t step) const { return step >= from && step <= to; }
};

/// Engines that can take a step without building its events and still say how
/// many it produced (the NoC makes thousands a cycle that a batch run only counts).
template <class E>
concept CountsEventsSilently = Engine<E> && requires(E engine) {
    { engine.stepSilently() } -> std::convertible_to<std::size_t>;
};

/// One step whose events nobody reads: silently where the engine can.
template <Engine E>
std::size_t stepCountingEvents(E& engine) {
    if constexpr (CountsEventsSilently<E>)
        return engine.stepSilently();
    else
        return engine.step().size();
}

/// Steps `engine` in place with no Timeline at all (no keyframes, no stored
/// events): the full-speed path for statistics runs and sweeps. Stops when the
/// engine is done, after `maxSteps`, or when `keepGoing(steps)` returns false
/// (checked every step; it may read an atomic cancel flag). `onStep` sees the
/// typed events of each step in `handOver` and may be empty; other steps only
/// count their events.
///
/// `done` follows Timeline: it is found out by trying to step, so a run of
/// exactly `maxSteps` reports done only if the engine said so on the way.
template <Engine E>
BatchCount runBatch(E& engine, std::size_t maxSteps,
                    const std::function<void(std::size_t, std::vector<typename E::Event>&)>& onStep = {},
                    const std::function<bool(std::size_t)>& keepGoing = {}, StepRange handOver = {}) {
    BatchCount count;
    while (count.steps < maxSteps) {
        if (engine.done()) {
            count.done = true;
            break;
        }
        ++count.steps;
        if (onStep && handOver.contains(count.steps)) {
            auto events = engine.step();
            count.events += events.size();
            onStep(count.steps, events);
        } else {
            count.events += stepCountingEvents(engine);
        }
        if (engine.done()) count.done = true;
        if (count.done || (keepGoing && !keepGoing(count.steps))) break;
    }
    return count;
}

}  // namespace commviz::sim
