#pragma once

#include <vector>

#include "collectives_scene/collectives_timeline_model.h"

namespace commviz::views {

/// How busy one class of connections was over time: at each sample, the share of the class's connections
/// (a sender to a receiver on a channel) with a slice on the wire, from a slice's start to when its sender
/// is done (its arrival less the hop's latency). On NVLS a connection is one lane: a GPU's loads into the
/// switch, or its stores as a head, on a channel.
struct LinkUse {
    nccl_topology::Transport transport = nccl_topology::Transport::Unknown;
    int connections = 0;        ///< distinct (channel, sender, receiver) of this class in the timeline
    std::vector<double> share;  ///< per sample, 0 to 1
};

/// Every transport of `timeline`'s bars (P2P, SHM, NET, NVLS order), sampled at `samples` evenly spaced times
/// from `fromUs` to `toUs` (both included).
std::vector<LinkUse> linkUse(const CollectivesTimeline& timeline, double fromUs, double toUs, int samples);

}  // namespace commviz::views
