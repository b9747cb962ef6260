#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>

#include "sim/scene_model.h"
#include "sim/session.h"

namespace commviz::fuzz {

/// Steps a fuzz target runs of what an input built. An input the reader accepts
/// must be cheap for this many steps; one that is not (2^31 ranks, a 0-byte
/// MTU, a 10^9-cycle warm-up) has to be refused by a limit in the reader, or
/// libFuzzer reports it as a timeout or out-of-memory.
inline constexpr std::size_t kMaxFuzzSteps = 2000;

/// Runs `session` at most kMaxFuzzSteps (and at most the scene's own cap) on the
/// batch path `commviz run` takes, describing every event and the summary, so
/// the text an input reaches is formatted too.
inline void runBounded(const sim::SceneModel& model, const sim::Session& session) {
    sim::BatchRequest request;
    request.maxSteps = std::min(kMaxFuzzSteps, model.stepCap);
    request.eventsFrom = 1;
    request.eventsTo = request.maxSteps;
    std::size_t described = 0;
    request.onEvent = [&described](std::size_t, const sim::EventRecord&) { ++described; };
    const sim::BatchOutcome outcome = session.runBatch(request);
    (void)outcome.summary.dump(-1, ' ', false, sim::Json::error_handler_t::replace);
}

}  // namespace commviz::fuzz
