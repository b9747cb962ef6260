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
/// Without a scenario, or with one that has no "script", the keys build a
/// two-host script (register MRs, create CQs and QPs, connect like
/// ibv_rc_pingpong, post a receive, post one WR of `opcode` with
/// `message_size` bytes, poll both CQs). With a script, a key a person set
/// (even to its default) or the file names at its top level overrides it
/// where it applies: wire_latency_ns, link_gbps and seed always; drop_packet >
/// 0 adds a fault entry before the first call (the Nth packet on the wire is
/// lost); path_mtu, timeout, retry_cnt, rnr_retry and min_rnr_timer override
/// every `connect` call's attributes. The other keys only shape the default
/// script.
sim::SceneModel sceneModel();

std::vector<sim::ParamSpec> rdmaParams();

/// The setup (config + script) the scene builds from the keys a person set and
/// an optional scenario document.
sim::Result<RdmaSetup> rdmaSetupFrom(const sim::ParamValues& values, const std::optional<sim::Json>& scenario);
sim::Result<RdmaSetup> rdmaSetupFrom(const sim::MergedKeys& keys, const std::optional<sim::Json>& scenario);

/// A scenario's top-level fields named like a key, checked as `--set` checks
/// them (one set of keys everywhere). path_mtu may also be written as a number
/// of bytes or an IBV_MTU_ name, as in a connect's attr.
sim::Result<sim::ParamValues> scenarioKeyFields(const sim::Json& scenario);

/// What a scenario says about the keys: every key field at the top
/// (scenarioKeyFields), else path_mtu, timeout, retry_cnt, rnr_retry and
/// min_rnr_timer from the first `connect` call's attr (what the Parameters
/// dock shows).
sim::Result<sim::ParamValues> scenarioKeys(const sim::Json& scenario);

/// `scenario` with the keys a person set written into it, as build applies them
/// (the document Save Scenario As writes).
sim::Json withPersonKeys(sim::Json scenario, const sim::MergedKeys& keys);

/// The default script as a scenario document, from the key values.
sim::Json defaultScenario(const sim::ParamValues& values);

}  // namespace commviz::rdma
