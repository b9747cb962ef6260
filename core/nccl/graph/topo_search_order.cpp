// The order in which the search tries GPUs and NETs (NCCL src/graph/search.cc,
// ncclTopoSearchNextGpuSort, ncclTopoSelectNets; src/graph/topo.cc,
// ncclTopoGetLocal, ncclTopoGetLocalNet).

#include <algorithm>
#include <tuple>

#include "nccl/graph/topo_search_internal.h"

namespace commviz::nccl_topology::search_detail {
namespace {

constexpr int kMaxChannels = 64;  // MAXCHANNELS

// struct ncclGpuScore: NCCL keeps the bandwidths as ints, so they are truncated.
struct GpuScore {
    int gpu = 0;
    int startIndex = 0;
    int intraNhops = 0;
    int intraBw = 0;
    int interNhops = 0;
    int interPciBw = 0;
    int interBw = 0;
};

// cmpScore: network bandwidth first, then PCI width, hops to the NET, GPU-GPU
// bandwidth and hops, and last the distance from the current GPU in index order.
bool betterScore(const GpuScore& a, const GpuScore& b) {
    return std::make_tuple(-a.interBw, -a.interPciBw, a.interNhops, -a.intraBw, a.intraNhops, a.startIndex) <
           std::make_tuple(-b.interBw, -b.interPciBw, b.interNhops, -b.intraBw, b.intraNhops, b.startIndex);
}

// gpuPciBw: the narrower direction of the GPU's own PCI link.
int gpuPciBandwidth(const TopoSystem& system, int gpuNode) {
    for (const TopoLink& up : system.nodes[static_cast<size_t>(gpuNode)].links) {
        if (up.type != LinkType::PCI) continue;
        for (const TopoLink& down : system.nodes[static_cast<size_t>(up.remote)].links)
            if (down.remote == gpuNode) return static_cast<int>(std::min(up.bw, down.bw));
    }
    return -1;
}

// On an NVSwitch, NCCL prefers the neighbours in index order and tries only them.
int preferNeighbours(const SearchState& state, const WorkGraph& graph, int gpu, std::vector<int>& next) {
    const int ngpus = state.ngpus();
    const int prevGpu = (gpu - 1 + ngpus) % ngpus;
    const int nextGpu = (gpu + 1) % ngpus;
    std::vector<int> first;
    if (graph.pattern == GraphPattern::Ring)
        first = {nextGpu, prevGpu};
    else if (graph.pattern == GraphPattern::SplitTree || graph.pattern == GraphPattern::BalancedTree)
        first = {prevGpu, nextGpu};
    else
        first = {nextGpu};
    if (first.size() == 2 && nextGpu == prevGpu) first.pop_back();
    int found = 0;
    for (int wanted : first) {
        auto place = std::find(next.begin(), next.end(), wanted);
        if (place == next.end()) continue;
        std::rotate(next.begin(), place, place + 1);
        ++found;
    }
    return found;
}

bool isPowerOfTwo(int value) { return value > 0 && (value & (value - 1)) == 0; }

// mirrorBits (NCCL src/include/utils.h): reverses the low log2(pow2) bits.
int mirrorBits(int value, int pow2) {
    int mirror = 0;
    for (int bit = 1, mirrored = pow2 >> 1; bit < pow2; bit <<= 1, mirrored >>= 1)
        if (value & bit) mirror |= mirrored;
    return mirror;
}

// ncclTopoGetLocalNet: GPUs sharing their closest NICs spread over them, and
// each channel moves on by one within the GPU's share. 2.30 first takes the
// device index modulo the GPUs sharing the NICs (ncclTopoGetLocalNetType).
int localNet(const SearchState& state, int gpu, int channel) {
    const std::vector<int> nets = localNodes(state, state.gpus[static_cast<size_t>(gpu)], true);
    if (nets.empty()) return -1;
    const std::vector<int> sharing = localNodes(state, state.nets[static_cast<size_t>(nets[0])], false);
    const int netCount = static_cast<int>(nets.size());
    const int gpuCount = std::max(1, static_cast<int>(sharing.size()));
    int net = state.work.nodes[static_cast<size_t>(state.gpus[static_cast<size_t>(gpu)])].dev;
    if (state.version == nccl::Version::V2_30) net %= gpuCount;
    if (isPowerOfTwo(netCount)) net = mirrorBits(net, netCount);
    net += channel % ((netCount + gpuCount - 1) / gpuCount);
    return nets[static_cast<size_t>(net % netCount)];
}

void appendUnique(std::vector<int>& list, int value) {
    if (value >= 0 && std::find(list.begin(), list.end(), value) == list.end()) list.push_back(value);
}

std::vector<int> orderNets(const SearchState& state, PathType typeInter, int gpu);

}  // namespace

std::vector<int> localNodes(const SearchState& state, int fromNode, bool toNets) {
    const std::vector<int>& targets = toNets ? state.nets : state.gpus;
    std::vector<int> locals;
    PathType minType = PathType::DIS;
    float maxBw = 0.0f;
    for (size_t index = 0; index < targets.size(); ++index) {
        const Path& path = state.paths->path(fromNode, targets[index]);
        if (path.bw > maxBw || (path.bw == maxBw && path.type < minType)) {
            maxBw = path.bw;
            minType = path.type;
            locals.clear();
        }
        if (path.bw == maxBw && path.type == minType) locals.push_back(static_cast<int>(index));
    }
    return locals;
}

std::vector<int> nextGpuOrder(const SearchState& state, const WorkGraph& graph, int gpu, int sortNet) {
    const int ngpus = state.ngpus();
    const uint64_t flag = 1ULL << graph.nChannels;
    const int startNet = sortNet != 0 ? graph.inter[static_cast<size_t>(graph.nChannels)][0] : -1;
    std::vector<GpuScore> scores;
    for (int offset = 1; offset < ngpus; ++offset) {
        const int candidate = (gpu + offset) % ngpus;
        const Path& path = state.gpuPath(gpu, candidate);
        if (path.hops == 0 || (state.used[static_cast<size_t>(candidate)] & flag)) continue;
        GpuScore score{candidate, offset, path.hops, static_cast<int>(path.bw)};
        if (startNet >= 0) {
            const Path& netPath = state.netGpuPath(startNet, candidate);
            score.interNhops = netPath.hops;
            score.interPciBw = gpuPciBandwidth(state.work, state.gpus[static_cast<size_t>(candidate)]);
            score.interBw = static_cast<int>(netPath.bw);
        }
        scores.push_back(score);
    }
    std::sort(scores.begin(), scores.end(), betterScore);
    const bool sameIntra = std::all_of(scores.begin(), scores.end(), [&](const GpuScore& score) {
        return score.intraBw == scores.front().intraBw && score.intraNhops == scores.front().intraNhops;
    });
    // Heading back to the NET with every GPU alike: try the far ones first.
    if (sortNet == -1 && sameIntra) std::reverse(scores.begin(), scores.end());
    std::vector<int> next;
    for (const GpuScore& score : scores) next.push_back(score.gpu);
    if (state.nvsCount > 0) next.resize(static_cast<size_t>(preferNeighbours(state, graph, gpu, next)));
    return next;
}

std::vector<int> selectNets(const SearchState& state, PathType typeInter, int gpu) {
    const size_t key = static_cast<size_t>(static_cast<int>(typeInter) + 1) * static_cast<size_t>(state.ngpus() + 1) +
                       static_cast<size_t>(gpu + 1);
    const size_t keys = (static_cast<size_t>(PathType::DIS) + 2) * static_cast<size_t>(state.ngpus() + 1);
    if (state.netOrderCache.size() != keys) {
        state.netOrderCache.assign(keys, {});
        state.netOrderCached.assign(keys, false);
    }
    if (!state.netOrderCached[key]) {
        state.netOrderCache[key] = orderNets(state, typeInter, gpu);
        state.netOrderCached[key] = true;
    }
    return state.netOrderCache[key];
}

namespace {
std::vector<int> orderNets(const SearchState& state, PathType typeInter, int gpu) {
    std::vector<int> nets;
    for (int g = 0; g < state.ngpus(); ++g) {  // the preferred NETs, channel by channel
        if (gpu != -1 && gpu != g) continue;
        const int first = localNet(state, g, 0);
        appendUnique(nets, first);
        for (int channel = 1; channel < kMaxChannels; ++channel) {
            const int net = localNet(state, g, channel);
            if (net == first) break;
            appendUnique(nets, net);
        }
    }
    for (int type = 0; type <= static_cast<int>(typeInter); ++type)  // then any NET within typeInter
        for (int g = 0; g < state.ngpus(); ++g) {
            if (gpu != -1 && gpu != g) continue;
            for (int net = 0; net < static_cast<int>(state.nets.size()) && net < kMaxChannels; ++net)
                if (static_cast<int>(state.gpuNetPath(g, net).type) == type) appendUnique(nets, net);
        }
    return nets;
}
}  // namespace

}  // namespace commviz::nccl_topology::search_detail
