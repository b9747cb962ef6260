#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "sim/engine.h"

namespace commviz::sim {

/// How far a batch run got.
struct BatchCount {
    std::size_t steps = 0;     ///< steps taken
    std::uint64_t events = 0;  ///< events those steps produced
    bool done = false;         ///< the engine reported done
};

/// Steps `engine` in place with no Timeline at all (no keyframes, no stored
/// events): the full-speed path for statistics runs and sweeps. Stops when the
/// engine is done, after `maxSteps`, or when `keepGoing(steps)` returns false
/// (checked every step; it may read an atomic cancel flag). `onStep` sees each
/// step's typed events and may be empty.
///
/// `done` follows Timeline: it is found out by trying to step, so a run of
/// exactly `maxSteps` reports done only if the engine said so on the way.
template <Engine E>
BatchCount runBatch(E& engine, std::size_t maxSteps,
                    const std::function<void(std::size_t, std::vector<typename E::Event>&)>& onStep = {},
                    const std::function<bool(std::size_t)>& keepGoing = {}) {
    BatchCount count;
    while (count.steps < maxSteps) {
        if (engine.done()) {
            count.done = true;
            break;
        }
        auto events = engine.step();
        ++count.steps;
        count.events += events.size();
        if (onStep) onStep(count.steps, events);
        if (engine.done()) count.done = true;
        if (count.done || (keepGoing && !keepGoing(count.steps))) break;
    }
    return count;
}

}  // namespace commviz::sim
