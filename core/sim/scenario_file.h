#pragma once

#include <string>
#include <string_view>

#include "sim/json.h"
#include "sim/result.h"

namespace commviz::sim {

/// The scenario format this build reads (`"format": 1`).
inline constexpr int kScenarioFormat = 1;

/// Parses scenario text and checks the envelope: a JSON object whose "scene"
/// is `expectedScene` (any scene id when empty) and whose "format" is 1.
/// `origin` names the file in errors.
Result<Json> parseScenario(std::string_view text, std::string_view expectedScene, const std::string& origin);

/// Reads and parses a scenario file from disk.
Result<Json> readScenarioFile(const std::string& path, std::string_view expectedScene);

}  // namespace commviz::sim
