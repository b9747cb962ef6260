// ncclTopoDupChannels (NCCL src/graph/search.cc): a fast graph is run twice, on
// twice the channels at half the bandwidth each, so more SMs drive the links.

#include <algorithm>

#include "nccl/graph/topo_search_internal.h"

namespace commviz::nccl_topology::search_detail {

void dupChannels(WorkGraph& graph, int ccMin) {
    if (graph.nChannels == 0 || graph.pattern == GraphPattern::Nvls) return;
    if (graph.bwIntra < 25.0f) return;
    // Hopper and later keep many channels of moderate speed as they are.
    if (ccMin > 80 && graph.bwIntra < 50.0f && graph.nChannels > 4) return;
    const int doubled = std::min(graph.nChannels * 2, graph.maxChannels);
    for (int channel = graph.nChannels; channel < doubled; ++channel) {
        graph.ensureChannel(channel, static_cast<int>(graph.intra.front().size()));
        graph.intra[static_cast<size_t>(channel)] = graph.intra[static_cast<size_t>(channel - graph.nChannels)];
        graph.inter[static_cast<size_t>(channel)] = graph.inter[static_cast<size_t>(channel - graph.nChannels)];
    }
    const int factor = (doubled + graph.nChannels - 1) / graph.nChannels;  // DIVUP
    graph.bwIntra /= static_cast<float>(factor);
    graph.bwInter /= static_cast<float>(factor);
    graph.nChannels = doubled;
}

}  // namespace commviz::nccl_topology::search_detail
