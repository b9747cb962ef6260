// searchGraph: ncclTopoCompute for one pattern (NCCL src/graph/search.cc),
// from the system and its paths to the graph as NCCL prints and dumps it.

#include "nccl/graph/topo_search.h"

#include <algorithm>

#include "nccl/graph/max_channels.h"
#include "nccl/graph/topo_search_internal.h"

namespace commviz::nccl_topology {
namespace {

using search_detail::SearchState;
using search_detail::WorkGraph;

int gpuRank(const SearchState& state, int gpu) {
    const int rank = state.work.nodes[static_cast<size_t>(state.gpus[static_cast<size_t>(gpu)])].rank;
    return rank >= 0 ? rank : gpu;
}

GraphHop netHop(const SearchState& state, int net) {
    GraphHop hop;
    hop.kind = GraphHop::Kind::Net;
    hop.dev = net >= 0 ? state.work.nodes[static_cast<size_t>(state.nets[static_cast<size_t>(net)])].dev : -1;
    return hop;
}

GraphChannel channelOf(const SearchState& state, const WorkGraph& graph, int channel) {
    GraphChannel out;
    const auto& ends = graph.inter[static_cast<size_t>(channel)];
    if (state.inter()) out.hops.push_back(netHop(state, ends[0]));
    for (int gpu : graph.intra[static_cast<size_t>(channel)]) {
        if (gpu < 0) break;  // NVLS: the head alone
        GraphHop hop;
        hop.dev = state.work.nodes[static_cast<size_t>(state.gpus[static_cast<size_t>(gpu)])].dev;
        hop.rank = gpuRank(state, gpu);
        out.hops.push_back(hop);
    }
    if (state.inter()) out.hops.push_back(netHop(state, ends[1]));
    return out;
}

// "Could not find a path for pattern %d, falling back to simple order": every
// GPU once in index order at 0.1 GB/s. 2.22 takes NET 0 both ways; 2.30 the
// first NET of GPU 0 and of the last GPU (ncclTopoSelectNets), when there are NETs.
void fallBack(SearchState& state, WorkGraph& graph) {
    graph.nChannels = 1;
    graph.ensureChannel(0, state.ngpus());
    for (int gpu = 0; gpu < state.ngpus(); ++gpu) graph.intra[0][static_cast<size_t>(gpu)] = gpu;
    graph.bwIntra = graph.bwInter = 0.1f;
    graph.typeIntra = graph.typeInter = PathType::SYS;
    graph.inter[0] = {-1, -1};
    if (!state.inter()) return;
    if (state.version == nccl::Version::Classic) {
        graph.inter[0] = {0, 0};
        return;
    }
    const std::vector<int> first = search_detail::selectNets(state, static_cast<PathType>(-1), 0);
    const std::vector<int> last = search_detail::selectNets(state, static_cast<PathType>(-1), state.ngpus() - 1);
    if (!first.empty() && !last.empty()) return void(graph.inter[0] = {first[0], last[0]});
    graph.bwInter = 0.0f;
    graph.typeInter = PathType::DIS;
}

TopoGraph toTopoGraph(const SearchState& state, const WorkGraph& graph, GraphPattern requested) {
    TopoGraph out;
    out.id = requested == GraphPattern::Ring ? 0 : requested == GraphPattern::Nvls ? 3 : 1;
    out.pattern = graph.pattern;
    out.crossNic = graph.crossNic;
    out.nChannels = graph.nChannels;
    out.speedIntra = graph.bwIntra;
    out.speedInter = graph.bwInter;
    out.latencyInter = graph.latencyInter;
    out.typeIntra = graph.typeIntra;
    out.typeInter = graph.typeInter;
    out.sameChannels = graph.sameChannels;
    for (int channel = 0; channel < graph.nChannels; ++channel)
        out.channels.push_back(channelOf(state, graph, channel));
    return out;
}

SearchState makeState(const TopoSystem& system, const TopoPaths& paths, const SearchSettings& settings) {
    SearchState state;
    state.work = system;
    state.paths = &paths;
    state.version = settings.version;
    state.gpus = system.ofType(NodeType::GPU);
    // One node: NCCL drops the NETs (ncclTopoTrimSystem) and searches inside the server.
    if (settings.nNodes > 1) state.nets = system.ofType(NodeType::NET);
    const std::vector<int> switches = system.ofType(NodeType::NVS);
    state.nvsCount = static_cast<int>(switches.size());
    if (!switches.empty()) state.nvs = switches.front();
    state.used.assign(state.gpus.size(), 0);
    state.ccMin = 0;
    for (int gpu : state.gpus) {
        const int sm = system.nodes[static_cast<size_t>(gpu)].sm;
        state.ccMin = state.ccMin == 0 ? sm : std::min(state.ccMin, sm);
    }
    return state;
}

}  // namespace

GraphSearch searchGraph(const TopoSystem& system, const TopoPaths& paths, GraphPattern pattern,
                        const SearchSettings& settings) {
    GraphSearch search;
    SearchState state = makeState(system, paths, settings);
    if (state.gpus.empty()) {
        search.fellBack = true;
        search.graph.pattern = pattern;
        return search;
    }
    WorkGraph graph;
    graph.pattern = pattern;
    graph.crossNic = settings.crossNic;
    graph.minChannels = std::max(1, settings.minChannels);
    graph.maxChannels = std::clamp(settings.maxChannels, 1, maxChannels(settings.version) / 2);
    if (pattern == GraphPattern::Nvls) {
        // NVLS needs an NVSwitch and sm90; it has a head per GPU at most and, on
        // one node, exactly one, so that every GPU pulls its share.
        if (state.nvsCount == 0 || state.ccMin < 90) {
            search.graph.id = 3;
            search.graph.pattern = pattern;
            return search;
        }
        graph.maxChannels = state.ngpus();
        if (!state.inter()) graph.minChannels = graph.maxChannels;
    }
    search_detail::computeGraph(state, graph, search);
    if (state.best.nChannels == 0 && pattern == GraphPattern::Nvls) {
        search.graph = toTopoGraph(state, state.best, pattern);
        return search;
    }
    if (state.best.nChannels == 0) {
        search.fellBack = true;
        state.best.pattern = pattern;
        fallBack(state, state.best);
    }
    search.steps = static_cast<int>(std::min<long long>(state.steps, 1LL << 30));
    search.graph = toTopoGraph(state, state.best, pattern);
    return search;
}

SearchSettings treeSearchSettings(const SearchSettings& ringSettings, const GraphSearch& ring) {
    SearchSettings tree = ringSettings;
    tree.minChannels = tree.maxChannels = std::max(1, ring.graph.nChannels);
    return tree;
}

}  // namespace commviz::nccl_topology
