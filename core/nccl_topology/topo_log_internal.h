#pragma once

#include <string>

#include "nccl_topology/topo_log.h"

namespace commviz::nccl_topology {

struct P2pChannelCounts {
    int p2pChannels = 0;
    int perPeer = 0;
};

/// comm->p2pnChannels and p2pnChannelsPerPeer as `rank` computes them.
P2pChannelCounts p2pChannelCounts(const TopologyModel& model, nccl::Version version, int rank);
std::string channelCountsText(const TopologyModel& model, nccl::Version version, int rank);

/// The low bits of NCCL's node id: the PCI address as a number for GPU, PCI and
/// NIC nodes, the NUMA id of a CPU, the plugin index of a NET, 0 for the NVSwitch.
long topoLocalId(const TopoNode& node);

}  // namespace commviz::nccl_topology
