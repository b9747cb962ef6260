// Bandwidth bookkeeping along paths during the search (NCCL src/graph/search.cc,
// followPath, ncclTopoFollowPath, ncclTopoSearchInit).

#include <algorithm>
#include <cmath>

#include "nccl/graph/topo_search_internal.h"

namespace commviz::nccl_topology::search_detail {
namespace {

// SUB_ROUND: NCCL rounds to 1/1000 so that taking and giving back cancel exactly.
float subtractRounded(float value, float amount) { return std::round((value - amount) * 1000.0f) / 1000.0f; }

TopoLink* linkTo(TopoSystem& system, int from, int to, LinkType type, bool anyType) {
    for (TopoLink& link : system.nodes[static_cast<size_t>(from)].links)
        if (link.remote == to && (anyType || link.type == type)) return &link;
    return nullptr;
}

// P2P through an Intel root complex costs 6/5 of the bandwidth on PCI links
// (NCCL src/graph/topo.h, INTEL_P2P_OVERHEAD).
float pciBandwidth(const TopoSystem& system, const Path& path, int start, float bw) {
    if (path.type != PathType::PHB || system.nodes[static_cast<size_t>(start)].type != NodeType::GPU) return bw;
    for (size_t step = 1; step < path.route.size(); ++step) {
        const TopoNode& node = system.nodes[static_cast<size_t>(path.route[step])];
        if (node.type == NodeType::CPU && node.arch == CpuArch::X86 && node.vendor == CpuVendor::Intel)
            return bw * 6.0f / 5.0f;
    }
    return bw;
}

// How much the reverse link also loses: Volta and older GPUs reading from a
// NIC (1/8), and NVLink to a POWER CPU (all of it).
float reverseBandwidth(const TopoNode& start, const TopoNode& remote, LinkType type, float forward) {
    float reverse = 0.0f;
    if (remote.type == NodeType::GPU && remote.sm < 80 && start.type != NodeType::GPU) reverse += forward / 8.0f;
    if (remote.type == NodeType::CPU && remote.arch == CpuArch::Power && type == LinkType::NVL) reverse += forward;
    return reverse;
}

// followPath: takes `bw` from the first `maxSteps` links; returns the number of
// steps done (less than maxSteps when a link lacked the bandwidth).
size_t takeAlongPath(TopoSystem& system, const Path& path, size_t maxSteps, float bw) {
    const int start = path.route.front();
    const float pciBw = pciBandwidth(system, path, start, bw);
    for (size_t step = 0; step < maxSteps; ++step) {
        const int from = path.route[step];
        const int to = path.route[step + 1];
        TopoLink* link = linkTo(system, from, to, LinkType::LOC, true);
        if (link == nullptr) return step;
        const float forward = link->type == LinkType::PCI ? pciBw : bw;
        const float reverse = reverseBandwidth(system.nodes[static_cast<size_t>(start)],
                                               system.nodes[static_cast<size_t>(to)], link->type, forward);
        TopoLink* back = reverse != 0.0f ? linkTo(system, to, from, link->type, false) : nullptr;
        if (link->bw < forward || (back != nullptr && back->bw < reverse)) return step;
        link->bw = subtractRounded(link->bw, forward);
        if (back != nullptr) back->bw = subtractRounded(back->bw, reverse);
    }
    return maxSteps;
}

int nodeIndex(const SearchState& state, SearchNode node) {
    switch (node.kind) {
        case SearchNode::Kind::Gpu:
            return state.gpus[static_cast<size_t>(node.index)];
        case SearchNode::Kind::Net:
            return state.nets[static_cast<size_t>(node.index)];
        case SearchNode::Kind::Nvs:
        case SearchNode::Kind::None:
            break;
    }
    return state.nvs;
}

// GPU and NVSwitch ends take the graph's intra-node bandwidth and type, a NET end its inter-node ones.
bool intraNode(SearchNode node) { return node.kind == SearchNode::Kind::Gpu || node.kind == SearchNode::Kind::Nvs; }

bool isTreePattern(GraphPattern pattern) {
    return pattern == GraphPattern::BalancedTree || pattern == GraphPattern::Tree || pattern == GraphPattern::SplitTree;
}

}  // namespace

bool followPath(SearchState& state, WorkGraph& graph, SearchNode from, SearchNode to, float mult) {
    if (from.kind == SearchNode::Kind::None) return true;  // the first GPU of an intra-node channel
    const int fromNode = nodeIndex(state, from);
    const int toNode = nodeIndex(state, to);
    const Path& path = state.paths->path(fromNode, toNode);
    const Path& reversePath = state.paths->path(toNode, fromNode);
    const bool intra = intraNode(from) && intraNode(to);
    const float bw = (intra ? graph.bwIntra : graph.bwInter) * mult;
    const PathType allowed = intra ? graph.typeIntra : graph.typeInter;
    if (fromNode == toNode) return true;  // a single GPU's ring closes on itself for free
    if (path.route.size() < 2) return false;
    // 2.30 refuses disconnected paths outright (ncclTopoFollowPath, PATH_DIS).
    if (state.version == nccl::Version::V2_30 && path.type >= PathType::DIS) return false;
    if (mult == 1.0f && path.type > allowed) return false;
    // Trees send both ways: the way back must fit the type too.
    if (mult == 1.0f && isTreePattern(graph.pattern) && reversePath.type > allowed) return false;
    const size_t steps = path.route.size() - 1;
    const size_t done = takeAlongPath(state.work, path, steps, bw);
    if (done < steps) {
        takeAlongPath(state.work, path, done, -bw);  // rewind
        return false;
    }
    graph.nHops += static_cast<int>(mult * static_cast<float>(path.hops));
    return true;
}

void searchInit(const SearchState& state, float& maxBw, float& totalBw) {
    maxBw = totalBw = 0.0f;
    if (!state.inter() && state.ngpus() == 1) {
        maxBw = totalBw = bw::kLoc;
        return;
    }
    for (int gpu = 0; gpu < state.ngpus(); ++gpu) {
        const int targets = state.inter() ? static_cast<int>(state.nets.size()) : state.ngpus();
        for (int target = 0; target < targets; ++target) {
            const Path& path = state.inter() ? state.gpuNetPath(gpu, target) : state.gpuPath(gpu, target);
            if (path.hops > 0) maxBw = std::max(maxBw, path.bw);
        }
        float nvlinkBw = 0.0f;
        float pciBw = 0.0f;
        for (const TopoLink& link : state.work.nodes[static_cast<size_t>(state.gpus[gpu])].links) {
            if (link.type == LinkType::NVL) nvlinkBw += link.bw;
            if (link.type == LinkType::PCI) pciBw = link.bw;
        }
        totalBw = std::max(totalBw, std::max(pciBw, nvlinkBw));
    }
}

}  // namespace commviz::nccl_topology::search_detail
