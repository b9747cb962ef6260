#pragma once

// Shared by the topo_postset_*.cpp files (NCCL src/graph/connect.cc). Not part of the contract.

#include <vector>

#include "nccl/graph/topo_postset.h"

namespace commviz::nccl_topology::postset_detail {

/// One channel of a graph inside one server, as local ranks (0..localRanks-1).
using LocalChain = std::vector<int>;

/// The GPU hops of the first `nChannels` channels, as local ranks: a GPU's
/// rank attribute orders the GPUs, its position among them is its local rank.
std::vector<LocalChain> localChains(const TopoSystem& system, const TopoGraph& graph, int nChannels);

/// ncclTopoPreset + connectRings + ncclBuildRings for the first nChannels
/// channels: each channel's ring as global ranks from rank 0. `swapOddNodes`
/// is the crossNic exchange of channel pairs on odd nodes.
std::vector<std::vector<int>> joinRings(const std::vector<LocalChain>& rings, int nNodes, bool swapOddNodes);

/// ncclTopoPreset + connectTrees: 2 * nChannels trees indexed by global rank;
/// channel c uses the first tree of ncclGetDtree, c + nChannels the second.
std::vector<std::vector<RankTree>> joinTrees(const std::vector<LocalChain>& trees, GraphPattern pattern, int nNodes);

}  // namespace commviz::nccl_topology::postset_detail
