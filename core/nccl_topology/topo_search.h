#pragma once

#include <string>
#include <vector>

#include "nccl_topology/graph_xml_reader.h"
#include "nccl_topology/topo_paths.h"
#include "nccl_topology/topo_system.h"

namespace commviz::nccl_topology {

/// What ncclTopoCompute is given besides the system (NCCL src/graph/search.cc).
struct SearchSettings {
    int nNodes = 1;        ///< more than one: the graph starts and ends at a NET
    int crossNic = 2;      ///< NCCL_CROSS_NIC: 0 no, 1 yes, 2 only if it pays (the default)
    int minChannels = 1;   ///< graph->minChannels
    int maxChannels = 32;  ///< graph->maxChannels (MAXCHANNELS / 2)
};

/// One graph as ncclTopoCompute leaves it, after ncclTopoDupChannels.
struct GraphSearch {
    TopoGraph graph;
    /// "Could not find a path for pattern %d, falling back to simple order".
    bool fellBack = false;
    /// The relaxations tried, in order, for the narration and the GRAPH log
    /// (e.g. "sameChannels 1 -> 0", "typeIntra NVL -> PIX", "bw 40.0 -> 30.0").
    std::vector<std::string> relaxations;
};

/// ncclTopoCompute for one pattern (Ring, BalancedTree, ...) on one server; with
/// SearchSettings::nNodes > 1, every node is taken to be this same server.
GraphSearch searchGraph(const TopoSystem& system, const TopoPaths& paths, GraphPattern pattern,
                        const SearchSettings& settings = {});

}  // namespace commviz::nccl_topology
