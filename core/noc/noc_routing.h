#pragma once

#include <memory>

#include "noc/noc_config.h"
#include "noc/noc_network.h"
#include "noc/noc_types.h"
#include "sim/rng.h"

namespace commviz::noc {

/// BookSim's routing functions by name: dim_order_mesh (`dor`),
/// dim_order_torus with its dateline partitions, and min_adapt, valiant and
/// romm (routing_functions.h). `inPort` and `inVc` are the router input and
/// VC the head arrived in (2n for injection). May draw from `rng`.
RouteSet computeRoute(const NocConfig& config, const NocNetwork& net, int router, int inPort, int inVc, Packet& packet,
                      sim::Rng& rng);

/// The network `config` describes, as BookSim builds it (topology key).
std::shared_ptr<const NocNetwork> makeNetwork(const NocConfig& config);

/// Route set a source uses to pick its injection VC (all VCs).
RouteSet injectionRoute(const NocConfig& config);

/// Destination of a packet from `source` under the configured traffic pattern.
int trafficDestination(const NocConfig& config, int source, sim::Rng& rng);

}  // namespace commviz::noc
