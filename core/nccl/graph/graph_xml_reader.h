#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "nccl/graph/topo_system.h"
#include "nccl/graph/topo_types.h"
#include "sim/result.h"

namespace commviz::nccl_topology {

/// NCCL_TOPO_PATTERN_* (NCCL src/include/graph.h).
enum class GraphPattern { BalancedTree = 1, SplitTree = 2, Tree = 3, Ring = 4, Nvls = 5, CollnetDirect = 6 };

std::string_view graphPatternName(GraphPattern pattern);

/// One `<net dev/>` or `<gpu dev rank/>` of a channel, in file order.
struct GraphHop {
    enum class Kind { Net, Gpu };
    Kind kind = Kind::Gpu;
    int line = 0;
    int systemId = 0;  ///< the top 8 bits of `dev` (NCCL_TOPO_ID_SYSTEM_ID)
    int64_t dev = 0;   ///< the low bits: NVML index of a GPU, plugin index of a NET
    int rank = -1;     ///< GPUs only; -1 when the file leaves it out
};

struct GraphChannel {
    int line = 0;
    std::vector<GraphHop> hops;
};

/// One `<graph>` of NCCL_GRAPH_FILE / NCCL_GRAPH_DUMP_FILE (NCCL src/graph/search.cc,
/// ncclTopoGetGraphFromXmlSub); bandwidths in GB/s.
struct TopoGraph {
    int line = 0;
    int id = 0;  ///< 0 ring, 1 tree, 2 CollNet chain, 3 NVLS, 4 CollNet direct
    GraphPattern pattern = GraphPattern::Ring;
    int crossNic = 0;
    int nChannels = 0;  ///< as written; NCCL then uses the number of <channel> elements
    float speedIntra = 0.0f;
    float speedInter = 0.0f;
    float latencyInter = 0.0f;  ///< 0 when absent, as NCCL takes it
    PathType typeIntra = PathType::LOC;
    PathType typeInter = PathType::LOC;
    int sameChannels = 0;
    std::vector<GraphChannel> channels;
};

struct GraphFile {
    std::vector<TopoGraph> graphs;
    std::vector<UnknownItem> unknown;
};

/// Reads `<graphs version><graph …><channel><net dev/><gpu dev rank/>…`. `dev`
/// is hexadecimal, as NCCL writes (`%#lx`) and reads it (strtol base 16).
sim::Result<GraphFile> parseGraphXml(std::string_view text, const std::string& origin);
sim::Result<GraphFile> readGraphFile(const std::string& path);

}  // namespace commviz::nccl_topology
