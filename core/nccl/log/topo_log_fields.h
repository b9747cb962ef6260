#pragma once

#include <string>

#include "nccl/log/topo_log.h"

// Values that several INFO lines print, for the log writers of both scenes.
namespace commviz::nccl_topology {

struct P2pChannelCounts {
    int p2pChannels = 0;
    int perPeer = 0;
};

/// comm->p2pnChannels and p2pnChannelsPerPeer as `rank` computes them.
P2pChannelCounts p2pChannelCounts(const TopologyModel& model, nccl::Version version, int rank);
std::string channelCountsText(const TopologyModel& model, nccl::Version version, int rank);

}  // namespace commviz::nccl_topology
