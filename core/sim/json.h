#pragma once

#include <nlohmann/json.hpp>

namespace commviz::sim {

/// Ordered JSON is the core's generic value: event fields, summaries, inspector
/// records and scenario files keep the order a person wrote them in.
using Json = nlohmann::ordered_json;

}  // namespace commviz::sim
