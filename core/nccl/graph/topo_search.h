#pragma once

#include <string>
#include <vector>

#include "nccl/graph/graph_xml_reader.h"
#include "nccl/graph/topo_paths.h"
#include "nccl/graph/topo_system.h"
#include "nccl/nccl_version.h"

namespace commviz::nccl_topology {

// About this model (the search): ncclTopoCompute (NCCL src/graph/search.cc) is
// followed step by step for the Ring, BalancedTree, SplitTree and Tree patterns:
// the same recursion, GPU order, bandwidth taken out of every link of every path,
// speed tables, relaxation order, NET choice and step budgets (counted, not timed,
// so the result never depends on the machine). Simplified: every GPU of the file
// belongs to the communicator and every pair may use P2P as the paths say (no NVML
// P2P matrix); all nodes are copies of this server, so NETs are searched as in a
// multi-node job whenever nNodes > 1 and dropped on one node (as ncclTopoTrimSystem
// does); a NIC's local GPU is the first GPU closest to it; a NET without a guid
// (a partial dump) is a NIC of its own; NVLS, CollNet and
// NCCL_GRAPH_FILE are not searched; the NETDEVS policy is NCCL's default (AUTO) and
// there are no rails or planes (2.30).

/// What ncclTopoCompute is given besides the system (NCCL src/graph/search.cc).
struct SearchSettings {
    int nNodes = 1;                                  ///< more than one: the graph starts and ends at a NET
    int crossNic = 2;                                ///< NCCL_CROSS_NIC: 0 no, 1 yes, 2 only if it pays (the default)
    int minChannels = 1;                             ///< graph->minChannels
    int maxChannels = 32;                            ///< graph->maxChannels, within MAXCHANNELS / 2 (max_channels.h)
    nccl::Version version = nccl::Version::Classic;  ///< v2.22.3-1 or v2.30.7-1 rules
};

/// One graph as ncclTopoCompute leaves it, after ncclTopoDupChannels.
struct GraphSearch {
    TopoGraph graph;
    /// "Could not find a path for pattern %d, falling back to simple order".
    bool fellBack = false;
    /// The relaxations tried, in order, for the narration and the GRAPH log
    /// (e.g. "sameChannels 1 -> 0", "typeIntra NVL -> PIX", "bw 40.0 -> 30.0").
    std::vector<std::string> relaxations;
    float systemMaxBw = 0.0f;    ///< system->maxBw (ncclTopoSearchInit)
    float systemTotalBw = 0.0f;  ///< system->totalBw
    int steps = 0;               ///< search steps used, all searches together
};

/// ncclTopoCompute for one pattern (Ring, BalancedTree, ...) on one server; with
/// SearchSettings::nNodes > 1, every node is taken to be this same server.
GraphSearch searchGraph(const TopoSystem& system, const TopoPaths& paths, GraphPattern pattern,
                        const SearchSettings& settings = {});

/// The tree search's settings as initTransportsRank sets them (NCCL src/init.cc):
/// as many channels as the ring found, no more and no fewer.
SearchSettings treeSearchSettings(const SearchSettings& ringSettings, const GraphSearch& ring);

}  // namespace commviz::nccl_topology
