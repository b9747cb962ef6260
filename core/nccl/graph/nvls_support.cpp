// ncclNvlsInit's verdict and channel count, then ncclTopoCompute for the NVLS pattern.

#include "nccl/graph/nvls_support.h"

#include <algorithm>

namespace commviz::nccl_topology {
namespace {

// NVLS_NCHANNELS: 16 in 2.22; 2.30 gives Blackwell 24 on one NVLink domain and 32 across nodes.
int nvlsChannelCount(const TopoSystem& system, const SearchSettings& settings) {
    int smMin = 0;
    for (int gpu : system.ofType(NodeType::GPU)) {
        const int sm = system.nodes[static_cast<size_t>(gpu)].sm;
        smMin = smMin == 0 ? sm : std::min(smMin, sm);
    }
    if (settings.version == nccl::Version::V2_30 && smMin >= 100) return settings.nNodes > 1 ? 32 : 24;
    return 16;
}

}  // namespace

NvlsSetup nvlsSetup(const TopoSystem& system, const TopoPaths& paths, const SearchSettings& settings, int enable) {
    NvlsSetup setup;
    setup.search.graph.id = 3;
    setup.search.graph.pattern = GraphPattern::Nvls;
    const bool multicast = !system.ofType(NodeType::NVS).empty();
    if (enable == 0 || system.ofType(NodeType::GPU).size() <= 2 || (enable == 2 && !multicast)) return setup;
    setup.support = true;
    setup.channels = nvlsChannelCount(system, settings);
    SearchSettings nvls = settings;
    nvls.minChannels = 1;  // initTransportsRank: 1 to MAXCHANNELS, which the search cuts to the GPUs
    setup.search = searchGraph(system, paths, GraphPattern::Nvls, nvls);
    return setup;
}

}  // namespace commviz::nccl_topology
