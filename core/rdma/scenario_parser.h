#pragma once

#include "rdma/rdma_config.h"
#include "sim/json.h"
#include "sim/result.h"

namespace commviz::rdma {

/// Reads the scene fields of an "rdma" scenario (the envelope is checked by
/// sim::parseScenario): "hosts", "script", and optionally any of the scene's
/// keys (seed, wire_latency_ns, link_gbps, path_mtu, ...: the same keys and
/// checks as --set). Malformed entries give one line naming the script index, the
/// call, the field and what is allowed. Illegal verbs calls are not errors
/// here: they run and return EINVAL/ENOMEM like the real library.
sim::Result<RdmaSetup> parseRdmaScenario(const sim::Json& doc);

}  // namespace commviz::rdma
