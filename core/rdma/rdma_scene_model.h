#pragma once

#include <optional>

#include "rdma/rdma_config.h"
#include "sim/json.h"
#include "sim/param_spec.h"
#include "sim/result.h"
#include "sim/scene_model.h"

namespace commviz::rdma {

/// The "rdma" scene: its keys, step cap and how to build its session.
///
/// Without a scenario the keys build a two-host script (register MRs, create
/// CQs and QPs, connect like ibv_rc_pingpong, post a receive, post one WR of
/// `opcode` with `message_size` bytes, poll both CQs). With a scenario, a key
/// whose value differs from its default overrides it where it applies:
/// wire_latency_ns, link_gbps and seed always; drop_packet adds a fault entry
/// before the first call (the Nth packet on the wire is lost); path_mtu,
/// timeout, retry_cnt, rnr_retry and min_rnr_timer override every `connect`
/// call's attributes. The other keys only shape the default script.
sim::SceneModel sceneModel();

std::vector<sim::ParamSpec> rdmaParams();

/// The setup (config + script) the scene builds from key values and an
/// optional scenario document.
sim::Result<RdmaSetup> rdmaSetupFrom(const sim::ParamValues& values, const std::optional<sim::Json>& scenario);

/// The default script as a scenario document, from the key values.
sim::Json defaultScenario(const sim::ParamValues& values);

}  // namespace commviz::rdma
