#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "sim/json.h"
#include "sim/param_spec.h"
#include "sim/result.h"

namespace commviz::rdma_vs_socket {

/// Which one-sided/two-sided verb the verbs lane uses.
enum class VerbsOp { Write, Send };
/// How the two lanes take turns (see RdmaVsSocketEngine::step).
enum class Order { Race, Sequential };

/// The scene's settable keys, as a plain struct.
struct Config {
    std::int64_t message_size = 4096;   ///< key "message_size", bytes, 1 … 8 MiB
    int messages = 1;                   ///< key "messages", one in flight per lane, 1 … 64
    VerbsOp verbs_op = VerbsOp::Write;  ///< key "verbs_op": "write" or "send"
    Order order = Order::Race;          ///< key "order": "race" or "sequential"
    bool operator==(const Config&) const = default;
};

/// The keys with defaults, ranges and help text (English; views translate).
std::vector<sim::ParamSpec> params();

/// The key values a scenario document gives: all its fields except scene,
/// format, title, description and notes; any other field is an error.
sim::Result<sim::ParamValues> scenarioKeys(const sim::Json& scenario);

/// The Config of resolved keys (sim::resolveKeys).
Config configOf(const sim::MergedKeys& keys);

/// Builds a Config from a scenario document (its fields are keys; "scene",
/// "format", "title" and "description" are ignored) and then `values`, which
/// override the scenario. Keys missing from both take their defaults. Unknown
/// scenario fields and bad values fail with one line naming key and allowed values.
sim::Result<Config> configFrom(const sim::ParamValues& values, const std::optional<sim::Json>& scenario);

/// The Config as key values (what `commviz run --json` echoes).
sim::Json toJson(const Config& config);

}  // namespace commviz::rdma_vs_socket
