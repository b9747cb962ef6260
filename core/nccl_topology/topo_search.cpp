#include "nccl_topology/topo_search.h"

namespace commviz::nccl_topology {

// Placeholder until the search lands: NCCL's own fallback, every GPU once in
// index order at 0.1 GB/s (NCCL src/graph/search.cc, "falling back to simple order").
GraphSearch searchGraph(const TopoSystem& system, const TopoPaths&, GraphPattern pattern,
                        const SearchSettings& settings) {
    GraphSearch search;
    search.fellBack = true;
    TopoGraph& graph = search.graph;
    graph.pattern = pattern;
    graph.id = pattern == GraphPattern::Ring ? 0 : 1;
    graph.nChannels = 1;
    graph.speedIntra = graph.speedInter = 0.1f;
    graph.typeIntra = graph.typeInter = PathType::SYS;
    GraphChannel channel;
    const std::vector<int> gpus = system.ofType(NodeType::GPU);
    for (size_t index = 0; index < gpus.size(); ++index) {
        const TopoNode& gpu = system.nodes[static_cast<size_t>(gpus[index])];
        GraphHop hop;
        hop.dev = gpu.dev;
        hop.rank = gpu.rank >= 0 ? gpu.rank : static_cast<int>(index);
        channel.hops.push_back(hop);
    }
    (void)settings;
    graph.channels.push_back(channel);
    return search;
}

}  // namespace commviz::nccl_topology
