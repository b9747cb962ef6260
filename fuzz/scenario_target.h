#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_bounds.h"
#include "sim/scenario_file.h"

namespace commviz::fuzz {

/// One input = one scenario file of `model`'s scene, read as `commviz run
/// --scenario FILE` reads it: the envelope, then SceneModel::build with no key
/// set by a person, then a bounded run and the document Save Scenario writes.
inline int fuzzScenario(const sim::SceneModel& model, const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto scenario = sim::parseScenario(text, model.id, "fuzz-input.json");
    if (!scenario) return 0;
    auto session = model.build({}, scenario.value());
    if (!session) return 0;
    runBounded(model, *session.value());
    (void)sim::scenarioFor(model, {}, scenario.value()).dump(-1, ' ', false, sim::Json::error_handler_t::replace);
    return 0;
}

}  // namespace commviz::fuzz
