#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "sim/scene_model.h"
#include "sim/session.h"

namespace commviz::fuzz {

/// Steps a fuzz target runs of what an input built, and the events it
/// describes at most (the cost cap: a NoC cycle of a big network is thousands
/// of events). An input the reader accepts must be cheap within these; one
/// that is not (2^31 ranks, a 0-byte MTU, a 10^9-cycle warm-up) has to be
/// refused by a limit in the reader, or libFuzzer reports a timeout or an
/// out-of-memory.
inline constexpr std::size_t kMaxFuzzSteps = 2000;
inline constexpr std::uint64_t kMaxFuzzEvents = 5000;

/// Runs `session` within the caps above (and the scene's own step cap) on the
/// batch path `commviz run` takes, describing every event and the summary, so
/// the text an input reaches is formatted too.
inline void runBounded(const sim::SceneModel& model, const sim::Session& session) {
    sim::BatchRequest request;
    request.maxSteps = std::min(kMaxFuzzSteps, model.stepCap);
    request.eventsFrom = 1;
    request.eventsTo = request.maxSteps;
    std::uint64_t described = 0;
    request.onEvent = [&described](std::size_t, const sim::EventRecord&) { ++described; };
    request.keepGoing = [&described](std::size_t) { return described < kMaxFuzzEvents; };
    const sim::BatchOutcome outcome = session.runBatch(request);
    (void)outcome.summary.dump(-1, ' ', false, sim::Json::error_handler_t::replace);
}

}  // namespace commviz::fuzz
