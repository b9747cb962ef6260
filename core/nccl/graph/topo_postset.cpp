// postsetChannels: ncclTopoPreset and ncclTopoPostset over nNodes copies of one
// server (NCCL src/graph/connect.cc), then the channel doubling and the
// NCCL_MIN/MAX_NCHANNELS clamps.

#include "nccl/graph/topo_postset.h"

#include <algorithm>

#include "nccl/graph/max_channels.h"
#include "nccl/graph/topo_postset_internal.h"

namespace commviz::nccl_topology {
namespace postset_detail {

namespace {

// The ranks the GPUs carry, sorted: a rank's position is its local rank.
std::vector<int> sortedLocalRanks(const TopoSystem& system) {
    std::vector<int> ranks;
    const std::vector<int> gpus = system.ofType(NodeType::GPU);
    for (size_t index = 0; index < gpus.size(); ++index) {
        const int rank = system.nodes[static_cast<size_t>(gpus[index])].rank;
        ranks.push_back(rank >= 0 ? rank : static_cast<int>(index));
    }
    std::sort(ranks.begin(), ranks.end());
    return ranks;
}

// A hop's rank: as written, else the rank of the GPU with that dev (NCCL
// src/graph/search.cc, ncclTopoDevToRank); -1 when no GPU has it.
int hopRank(const TopoSystem& system, const GraphHop& hop) {
    if (hop.rank >= 0) return hop.rank;
    const std::vector<int> gpus = system.ofType(NodeType::GPU);
    for (size_t index = 0; index < gpus.size(); ++index) {
        const TopoNode& gpu = system.nodes[static_cast<size_t>(gpus[index])];
        if (gpu.dev == hop.dev) return gpu.rank >= 0 ? gpu.rank : static_cast<int>(index);
    }
    return -1;
}

}  // namespace

std::vector<LocalChain> localChains(const TopoSystem& system, const TopoGraph& graph, int nChannels) {
    const std::vector<int> ranks = sortedLocalRanks(system);
    std::vector<LocalChain> chains;
    for (int channel = 0; channel < nChannels; ++channel) {
        LocalChain chain;
        for (const GraphHop& hop : graph.channels[static_cast<size_t>(channel)].hops) {
            if (hop.kind != GraphHop::Kind::Gpu) continue;
            const int rank = hopRank(system, hop);
            const auto found = std::lower_bound(ranks.begin(), ranks.end(), rank);
            if (found != ranks.end() && *found == rank) chain.push_back(static_cast<int>(found - ranks.begin()));
        }
        chains.push_back(std::move(chain));
    }
    return chains;
}

}  // namespace postset_detail

sim::Status checkGraphChannels(const TopoSystem& system, const TopoGraph& graph, const std::string& origin) {
    const size_t localRanks = system.ofType(NodeType::GPU).size();
    const std::vector<postset_detail::LocalChain> chains =
        postset_detail::localChains(system, graph, static_cast<int>(graph.channels.size()));
    for (size_t channel = 0; channel < chains.size(); ++channel) {
        std::vector<int> sorted = chains[channel];
        std::sort(sorted.begin(), sorted.end());
        const bool eachOnce =
            sorted.size() == localRanks && std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end();
        if (!eachOnce)
            return sim::fail(origin + ":" + std::to_string(graph.channels[channel].line) +
                             ": <channel> of <graph id=\"" + std::to_string(graph.id) + "\"> lists " +
                             std::to_string(chains[channel].size()) + " GPUs of this server; each of its " +
                             std::to_string(localRanks) +
                             " GPUs must appear exactly once (by rank, or by dev when rank is left out)");
    }
    return sim::Ok{};
}

namespace {

int minCompCap(const TopoSystem& system) {
    int ccMin = 0;
    for (int gpu : system.ofType(NodeType::GPU)) {
        const int sm = system.nodes[static_cast<size_t>(gpu)].sm;
        ccMin = ccMin == 0 ? sm : std::min(ccMin, sm);
    }
    return ccMin;
}

// copyChannels: channels start..end-1 repeat channels 0.. in order.
int copyChannels(std::vector<CommChannel>& channels, int start, int end) {
    for (int channel = start; channel < end; ++channel)
        channels[static_cast<size_t>(channel)] = channels[static_cast<size_t>(channel - start)];
    return std::max(start, end);
}

// The count after ncclTopoPostset's doublings and clamps (ncclMinNchannels, ncclMaxNchannels).
int finalChannelCount(std::vector<CommChannel>& channels, int doubled, const TopoSystem& system, const TopoGraph& ring,
                      const PostsetSettings& settings) {
    const int most = maxChannels(settings.version);
    channels.resize(static_cast<size_t>(most));
    int count = doubled;
    const int ccMin = minCompCap(system);
    // Four compute channels per search channel on Hopper with few GPUs per node:
    // 2.22 tests sm == 90, 2.30 sm >= 90.
    const bool hopper = settings.version == nccl::Version::Classic ? ccMin == 90 : ccMin >= 90;
    if (hopper && settings.nNodes > 1 && ring.speedIntra > 45.0f && count < 16)
        count = copyChannels(channels, count, 2 * count);
    // ncclMaxNchannels, ncclMinNchannels: NCCL_MAX/MIN_NCHANNELS within MAXCHANNELS.
    count = std::min(std::clamp(settings.maxChannels, 1, most), count);
    count = copyChannels(channels, count, std::max(std::clamp(settings.minChannels, 0, most), 1));
    channels.resize(static_cast<size_t>(count));
    return count;
}

}  // namespace

CommGraphs postsetChannels(const TopoSystem& system, const TopoGraph& ring, const TopoGraph& tree,
                           const PostsetSettings& settings) {
    CommGraphs comm;
    const int localRanks = static_cast<int>(system.ofType(NodeType::GPU).size());
    comm.nNodes = std::max(1, settings.nNodes);
    comm.nRanks = localRanks * comm.nNodes;
    const int ringChannels = static_cast<int>(ring.channels.size());
    const bool hasTrees = !tree.channels.empty();
    // comm->nChannels = min(tree, ring) channels found by the search.
    const int nChannels = std::min(hasTrees ? static_cast<int>(tree.channels.size()) : ringChannels, ringChannels);
    if (localRanks == 0 || nChannels == 0) return comm;
    using namespace postset_detail;
    const std::vector<LocalChain> rings = localChains(system, ring, nChannels);
    // A graph that misses a GPU (only a file's can: checkGraphChannels) joins nothing.
    const auto complete = [&](const LocalChain& chain) { return chain.size() == static_cast<size_t>(localRanks); };
    if (!std::all_of(rings.begin(), rings.end(), complete)) return comm;
    const std::vector<LocalChain> treeChains =
        hasTrees ? localChains(system, tree, nChannels) : std::vector<LocalChain>{};
    if (!std::all_of(treeChains.begin(), treeChains.end(), complete)) return comm;
    // crossNic: 2.22 swaps whenever the ring used it, 2.30 only for crossNic 2.
    const bool crossNic = settings.version == nccl::Version::Classic ? ring.crossNic != 0 : ring.crossNic == 2;
    const bool swap = crossNic && nChannels % 2 == 0 && comm.nNodes > 1;
    const std::vector<std::vector<int>> joinedRings = joinRings(rings, comm.nNodes, swap);
    std::vector<std::vector<RankTree>> joinedTrees;
    if (hasTrees) joinedTrees = joinTrees(treeChains, tree.pattern, comm.nNodes);
    // Preset duplicates every channel: c + nChannels has the same ring, the second tree.
    const int doubled = std::min(maxChannels(settings.version), nChannels * 2);
    std::vector<CommChannel> channels(static_cast<size_t>(doubled));
    for (int channel = 0; channel < doubled; ++channel) {
        channels[static_cast<size_t>(channel)].ring = joinedRings[static_cast<size_t>(channel % nChannels)];
        if (hasTrees)
            channels[static_cast<size_t>(channel)].tree = std::move(joinedTrees[static_cast<size_t>(channel)]);
    }
    finalChannelCount(channels, doubled, system, ring, settings);
    comm.channels = std::move(channels);
    return comm;
}

}  // namespace commviz::nccl_topology
