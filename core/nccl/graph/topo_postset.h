#pragma once

#include <string>

#include "nccl/graph/comm_graphs.h"
#include "nccl/graph/graph_xml_reader.h"
#include "nccl/graph/topo_system.h"
#include "nccl/nccl_version.h"
#include "sim/result.h"

namespace commviz::nccl_topology {

// About this model (the postset): ncclTopoPreset and ncclTopoPostset (NCCL
// src/graph/connect.cc) are followed for rings and trees: node n's rings are
// joined to node n+1's (ringSend to ringRecv), odd nodes swap channel pairs when
// the ring used crossNic, trees are each node's chain joined by the double binary
// tree over nodes (ncclGetDtree) through the GPUs the tree pattern names, the
// channels are doubled, doubled again on Hopper (sm90) multi-node rings faster
// than 45 GB/s, and clamped by NCCL_MAX_NCHANNELS then raised to
// NCCL_MIN_NCHANNELS. Simplified: every node is the same server with the same
// search result and ranks are numbered node by node (node n's local rank l is rank
// n * localRanks + l); NVLS, CollNet, the unpack-network doubling and the
// config's minCTAs/maxCTAs (taken as 1 and 64) are left out.

/// What ncclTopoPreset/ncclTopoPostset need beyond the graphs (NCCL src/graph/connect.cc).
struct PostsetSettings {
    int nNodes = 1;        ///< copies of the server; node n's local rank l is rank n * localRanks + l
    int minChannels = 0;   ///< NCCL_MIN_NCHANNELS; 0: unset
    int maxChannels = 64;  ///< NCCL_MAX_NCHANNELS (MAXCHANNELS)
    nccl::Version version = nccl::Version::Classic;  ///< v2.22.3-1 or v2.30.7-1 rules
};

/// The rings and trees of every channel across nNodes copies of the server:
/// rings joined node to node in rank order, the double binary tree over nodes
/// (ncclGetDtree) with each node's chain inside, channels doubled as NCCL does.
/// Connections are left empty (see topo_transport.h).
/// A graph read from NCCL_GRAPH_FILE fits this server when every channel lists
/// each of its GPUs exactly once; fails naming the file, line and graph otherwise.
sim::Status checkGraphChannels(const TopoSystem& system, const TopoGraph& graph, const std::string& origin);

CommGraphs postsetChannels(const TopoSystem& system, const TopoGraph& ring, const TopoGraph& tree,
                           const PostsetSettings& settings = {});

}  // namespace commviz::nccl_topology
