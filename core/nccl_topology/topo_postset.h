#pragma once

#include "nccl_topology/comm_graphs.h"
#include "nccl_topology/graph_xml_reader.h"
#include "nccl_topology/topo_system.h"

namespace commviz::nccl_topology {

/// What ncclTopoPreset/ncclTopoPostset need beyond the graphs (NCCL src/graph/connect.cc).
struct PostsetSettings {
    int nNodes = 1;        ///< copies of the server; node n's local rank l is rank n * localRanks + l
    int minChannels = 0;   ///< NCCL_MIN_NCHANNELS; 0: unset
    int maxChannels = 64;  ///< NCCL_MAX_NCHANNELS (MAXCHANNELS)
};

/// The rings and trees of every channel across nNodes copies of the server:
/// rings joined node to node in rank order, the double binary tree over nodes
/// (ncclGetDtree) with each node's chain inside, channels doubled as NCCL does.
/// Connections are left empty (see topo_transport.h).
CommGraphs postsetChannels(const TopoSystem& system, const TopoGraph& ring, const TopoGraph& tree,
                           const PostsetSettings& settings = {});

}  // namespace commviz::nccl_topology
