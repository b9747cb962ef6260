#pragma once

#include <vector>

#include "collectives/nccl_enums.h"
#include "collectives_scene/nccl_topology_setup.h"
#include "nccl/device/tree_pipeline.h"

namespace commviz::collectives {

/// Every tree of `plan` on the setup's servers, hop by hop, priced as NCCL's tuner prices the tree
/// (src/graph/tuning.cc): a hop inside a node is NVLink or PCI (the tree graph's typeIntra) at the graph's
/// bwIntra with that class's Tree hwLat, a hop between nodes is NET at bwInter with the NET Tree hwLat and
/// the NIC's latency (twice for Simple: the flush). A channel moves data no faster than the tuner's Tree bus
/// bandwidth for AllReduce shared by the communicator's channels (its 0.92, the tree pattern's 0.85 and the
/// LL and LL128 shares), and a rank other than the root at half of that in each direction: runTreeSplit gives
/// its reduce and its broadcast half of the channel's threads each. The transport is the one the connection
/// took (P2P, SHM, NET).
std::vector<TreeHops> ncclTreeHops(const NcclTopologySetup& setup, NcclProtocol protocol, const NcclTreePlan& plan);

/// tuning.cc's baseLat of Tree for the protocol: once per call, before the first step.
double ncclTreeBaseLatencyUs(const NcclTopologySetup& setup, NcclProtocol protocol);

}  // namespace commviz::collectives
