// ncclTopoCompute's outer loop: the speed tables, pass 1 (relax until a
// solution appears) and pass 2 (raise the bandwidth back), with NCCL's step
// budgets (NCCL src/graph/search.cc, ncclTopoCompute).

#include <algorithm>
#include <cstdio>
#include <span>

#include "nccl/graph/topo_search_internal.h"

namespace commviz::nccl_topology::search_detail {
namespace {

// speedArrayIntra/Inter and their sm90 and sm100 (2.30 only) variants, GB/s per channel.
constexpr float kIntra[] = {40.0, 30.0, 20.0, 18.0, 15.0, 12.0, 10.0, 9.0, 7.0, 6.0, 5.0, 4.0, 3.0};
constexpr float kInter[] = {48.0, 30.0, 28.0, 24.0, 20.0, 18.0, 15.0, 12.0, 10.0, 9.0,
                            7.0,  6.0,  5.0,  4.0,  3.0,  2.4,  1.2,  0.24, 0.12};
constexpr float kSm90Intra[] = {60.0, 50.0, 40.0, 30.0, 24.0, 20.0, 15.0, 12.0, 11.0, 6.0, 3.0};
constexpr float kSm90Inter[] = {48.0, 45.0, 42.0, 40.0, 30.0, 24.0, 22.0, 20.0, 17.5,
                                15.0, 12.0, 6.0,  3.0,  2.4,  1.2,  0.24, 0.12};
constexpr float kSm100Intra[] = {90.0, 80.0, 70.0, 60.0, 50.0, 45.0, 40.0, 30.0, 24.0, 20.0, 19.0, 18.0};
constexpr float kSm100Inter[] = {96.0, 86.0, 80.0, 48.0, 45.1, 42.0, 40.0, 30.0, 24.0, 22.0,
                                 20.0, 17.5, 15.0, 12.0, 6.0,  3.0,  2.4,  1.2,  0.24, 0.12};

// NCCL_SEARCH_GLOBAL_TIMEOUT, NCCL_SEARCH_TIMEOUT(_TREE, _SAMECHANNELS): step budgets.
constexpr long long kGlobalTimeout = 1LL << 19;
constexpr int kTimeout = 1 << 14;
constexpr int kTimeoutTree = 1 << 14;
constexpr int kTimeoutSameChannels = 1 << 8;

using Speeds = std::span<const float>;

Speeds speedArray(const SearchState& state) {
    const bool sm100 = state.ccMin >= 100 && state.version == nccl::Version::V2_30;
    if (state.inter()) return sm100 ? Speeds(kSm100Inter) : state.ccMin >= 90 ? Speeds(kSm90Inter) : Speeds(kInter);
    return sm100 ? Speeds(kSm100Intra) : state.ccMin >= 90 ? Speeds(kSm90Intra) : Speeds(kIntra);
}

// The next path type when relaxing: 2.22 has no C2C nor P2C, and PXN before PHB.
PathType nextType(PathType type, nccl::Version version) {
    auto next = static_cast<PathType>(static_cast<int>(type) + 1);
    if (version == nccl::Version::Classic && (next == PathType::C2C || next == PathType::P2C))
        next = static_cast<PathType>(static_cast<int>(next) + 1);
    return next;
}

std::string formatBw(float value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", static_cast<double>(value));
    return text;
}

std::string typeText(PathType type) { return std::string(pathTypeName(type)); }

struct TypeRange {
    PathType minIntra = PathType::NVL;
    PathType maxIntra = PathType::SYS;
    PathType minInter = PathType::PIX;
    PathType maxInter = PathType::SYS;
};

// 2.30 starts and stops the type relaxation at the best and worst paths present
// (ncclTopoGetGpuMinPath, ncclTopoGetGpuMaxPath); 2.22 at NVL (LOC alone) and SYS.
TypeRange typeRange(const SearchState& state) {
    TypeRange range;
    if (state.version == nccl::Version::Classic) {
        if (state.ngpus() == 1) range.minIntra = PathType::LOC;
        return range;
    }
    auto extremes = [&](bool nets, PathType& low, PathType& high) {
        low = PathType::SYS, high = PathType::LOC;
        for (int gpu = 0; gpu < state.ngpus(); ++gpu) {
            const int count = nets ? static_cast<int>(state.nets.size()) : state.ngpus();
            for (int other = 0; other < count; ++other) {
                if (!nets && other == gpu) continue;
                const PathType type = nets ? state.gpuNetPath(gpu, other).type : state.gpuPath(gpu, other).type;
                low = std::min(low, type), high = std::max(high, type);
            }
        }
    };
    range.minIntra = PathType::LOC;
    if (state.ngpus() > 1) extremes(false, range.minIntra, range.maxIntra);
    if (state.inter()) {
        extremes(true, range.minInter, range.maxInter);
        range.maxIntra = range.maxInter;
    }
    if (state.ccMin < 90) range.maxInter = PathType::SYS;  // Ampere's balanced tree may come back through SYS
    return range;
}

// ncclTopoSplitNvLink (2.30): two NVLink islands joined by a slower link.
bool splitNvLink(const SearchState& state) {
    std::vector<int> domain(static_cast<size_t>(state.ngpus()));
    for (int gpu = 0; gpu < state.ngpus(); ++gpu) domain[static_cast<size_t>(gpu)] = gpu;
    for (int gpu = 0; gpu < state.ngpus(); ++gpu)
        for (int peer = gpu + 1; peer < state.ngpus(); ++peer)
            if (state.gpuPath(gpu, peer).type == PathType::NVL)
                domain[static_cast<size_t>(peer)] = domain[static_cast<size_t>(gpu)];
    std::vector<int> members(static_cast<size_t>(state.ngpus()), 0);
    for (int owner : domain) ++members[static_cast<size_t>(owner)];
    return std::count_if(members.begin(), members.end(), [](int count) { return count > 1; }) == 2;
}

// NVLS heads are different GPUs by design: its channels are never replayed.
int trySameChannels(GraphPattern pattern) { return pattern == GraphPattern::Nvls ? 0 : 1; }

// NCCL keeps the same channels through AMD CPUs at SYS; it reads the first CPU (ncclTopoCpuType).
bool amdSysException(const SearchState& state, const WorkGraph& tmp) {
    for (int cpu : state.work.ofType(NodeType::CPU)) {
        const TopoNode& node = state.work.nodes[static_cast<size_t>(cpu)];
        return node.arch == CpuArch::X86 && node.vendor == CpuVendor::Amd && tmp.typeIntra == PathType::SYS;
    }
    return false;
}

struct Compute {
    SearchState& state;
    WorkGraph& requested;
    GraphSearch& result;
    WorkGraph tmp;
    TypeRange types;
    std::span<const float> speeds;
    int crossNic = 0;
    int speedIndex = 0;
    float maxBw = 0.0f;
    float totalBw = 0.0f;
    long long globalTimeout = kGlobalTimeout;
    int time = 0;

    void note(const std::string& what, const std::string& from, const std::string& to) {
        result.relaxations.push_back(what + " " + from + " -> " + to);
    }
    void runSearch();
    bool relaxPass1();
    bool relaxTypes();
    bool lowerSpeed();
    bool raisePass2();
    void run();
};

void Compute::runSearch() {
    time = tmp.sameChannels ? kTimeoutSameChannels : tmp.pattern == GraphPattern::Tree ? kTimeoutTree : kTimeout;
    tmp.nChannels = 0;
    globalTimeout -= time;
    searchRec(state, tmp, time);
}

// Pass 1: one relaxation per call, in NCCL's order; false when none is left.
bool Compute::relaxPass1() {
    const WorkGraph& best = state.best;
    if (tmp.sameChannels == 1 && !amdSysException(state, tmp)) {
        tmp.sameChannels = 0;
        note("sameChannels", "1", "0");
        return true;
    }
    tmp.sameChannels = trySameChannels(tmp.pattern);
    globalTimeout = time != -1 ? globalTimeout + time : kGlobalTimeout;
    if (globalTimeout < 0 && best.nChannels) return false;
    if (state.ccMin >= 90 && tmp.pattern == GraphPattern::BalancedTree) {  // a simpler tree
        tmp.pattern = GraphPattern::Tree;
        note("pattern", "BalancedTree", "Tree");
        return true;
    }
    tmp.pattern = best.pattern;
    if (relaxTypes()) return true;
    // crossNic: 2.22 tries 1 for every pattern, 2.30 tries 2 for rings and balanced trees.
    const bool crossNicPattern = state.version == nccl::Version::Classic || best.pattern == GraphPattern::Ring ||
                                 best.pattern == GraphPattern::BalancedTree;
    if (crossNic == 2 && tmp.crossNic == 0 && crossNicPattern) {
        tmp.crossNic = state.version == nccl::Version::Classic ? 1 : 2;
        note("crossNic", "0", std::to_string(tmp.crossNic));
        return true;
    }
    tmp.crossNic = crossNic == 1 ? 1 : 0;
    return lowerSpeed();
}

// typeIntra up to typeInter (or the worst GPU-GPU type), then typeInter.
bool Compute::relaxTypes() {
    const WorkGraph& best = state.best;
    const PathType maxIntra = state.inter() ? tmp.typeInter : types.maxIntra;
    if (tmp.typeIntra < maxIntra && (best.nChannels == 0 || tmp.typeIntra < best.typeIntra)) {
        const PathType next = nextType(tmp.typeIntra, state.version);
        note("typeIntra", typeText(tmp.typeIntra), typeText(next));
        tmp.typeIntra = next;
        if (next < PathType::DIS) return true;
    }
    tmp.typeIntra = types.minIntra;
    if (state.inter() && tmp.typeInter < types.maxInter &&
        (best.nChannels == 0 || tmp.typeInter < best.typeInter || tmp.typeInter < PathType::PXN)) {
        const PathType next = nextType(tmp.typeInter, state.version);
        note("typeInter", typeText(tmp.typeInter), typeText(next));
        tmp.typeInter = next;
        if (next < PathType::DIS) return true;
    }
    tmp.typeInter = types.minInter;
    return false;
}

// Lower the speed while the next one is more than .49 of the best found; at the
// end, start again from maxBw (pass 2 will start from the solution).
bool Compute::lowerSpeed() {
    const WorkGraph& best = state.best;
    const int last = static_cast<int>(speeds.size()) - 1;
    if (speedIndex < last && (best.nChannels == 0 || speeds[speedIndex + 1] / best.bwInter > .49f)) {
        note("bw", formatBw(tmp.bwInter), formatBw(speeds[speedIndex + 1]));
        tmp.bwInter = tmp.bwIntra = speeds[++speedIndex];
        return true;
    }
    speedIndex = 0;
    while (speeds[speedIndex] > maxBw && speedIndex < last) ++speedIndex;
    tmp.bwIntra = tmp.bwInter = speeds[speedIndex];
    return false;
}

// Pass 2: a ring raises both bandwidths, a tree its intra-node one.
bool Compute::raisePass2() {
    const WorkGraph& best = state.best;
    if (time != 0 && speedIndex > 0) {
        if (best.pattern == GraphPattern::Ring) {
            note("bw", formatBw(tmp.bwInter), formatBw(speeds[speedIndex - 1]) + " (pass 2)");
            tmp.bwIntra = tmp.bwInter = speeds[--speedIndex];
            return true;
        }
        if (best.pattern == GraphPattern::Nvls) {  // the heads stay, the network bandwidth rises
            if (tmp.bwInter != best.bwInter || tmp.bwInter >= tmp.bwIntra * 2) return false;
            note("bwInter", formatBw(tmp.bwInter), formatBw(speeds[speedIndex - 1]) + " (pass 2)");
            tmp.minChannels = tmp.maxChannels = best.nChannels;
            tmp.bwInter = speeds[--speedIndex];
            return true;
        }
        if (tmp.bwIntra == best.bwIntra && tmp.bwIntra < tmp.bwInter * 2) {
            note("bwIntra", formatBw(tmp.bwIntra), formatBw(speeds[speedIndex - 1]) + " (pass 2)");
            tmp.bwIntra = speeds[--speedIndex];
            return true;
        }
    }
    return false;
}

void Compute::run() {
    tmp = requested;
    const int last = static_cast<int>(speeds.size()) - 1;
    float localTotal = totalBw;
    if (state.ngpus() > 1 && requested.pattern != GraphPattern::Ring)
        localTotal *= static_cast<float>(state.ngpus()) / static_cast<float>(state.ngpus() - 1);
    while ((speeds[speedIndex] > maxBw || speeds[speedIndex] * requested.minChannels > localTotal) && speedIndex < last)
        ++speedIndex;
    tmp.bwIntra = tmp.bwInter = speeds[speedIndex];
    int pass = 1;
    for (;;) {
        runSearch();
        const WorkGraph& best = state.best;
        const bool done = time == -1 || static_cast<float>(best.nChannels) * best.bwInter >= totalBw;
        if (pass == 1 && !done && relaxPass1()) continue;
        if (pass == 1) {  // a solution (or none at all): duplicate it and try higher speeds
            time = -1;
            dupChannels(state.best, state.ccMin);
            tmp = state.best;
            speedIndex = 0;
            while (speeds[speedIndex] > state.best.bwInter && speedIndex < last) ++speedIndex;
            tmp.bwIntra = tmp.bwInter = speeds[speedIndex];
            tmp.minChannels = state.best.nChannels;
            pass = 2;
        }
        if (!raisePass2()) break;
    }
}

}  // namespace

void computeGraph(SearchState& state, WorkGraph& graph, GraphSearch& result) {
    Compute compute{state, graph, result, {}, {}, {}};
    const bool crossNicPattern = graph.pattern == GraphPattern::Ring || graph.pattern == GraphPattern::BalancedTree ||
                                 graph.pattern == GraphPattern::SplitTree;
    compute.crossNic = state.nets.size() > 1 && crossNicPattern ? graph.crossNic : 0;
    graph.crossNic = compute.crossNic == 1 ? 1 : 0;
    compute.types = typeRange(state);
    graph.typeIntra = compute.types.minIntra;
    graph.typeInter = compute.types.minInter;
    graph.sameChannels = trySameChannels(graph.pattern);
    if (state.ngpus() == 1 && graph.pattern != GraphPattern::Ring) graph.pattern = GraphPattern::Tree;
    // 2.30: two NVLink islands favour trees, which need two channels, and rings must match them.
    if (state.version == nccl::Version::V2_30 && graph.pattern == GraphPattern::Ring && splitNvLink(state) &&
        graph.maxChannels >= 2 && graph.minChannels == 1)
        graph.minChannels = 2;
    state.best = graph;
    compute.speeds = speedArray(state);
    searchInit(state, compute.maxBw, compute.totalBw);
    result.systemMaxBw = compute.maxBw;
    result.systemTotalBw = compute.totalBw;
    compute.run();
}

}  // namespace commviz::nccl_topology::search_detail
