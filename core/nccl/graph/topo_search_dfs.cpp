// The recursion that builds channels GPU by GPU (NCCL src/graph/search.cc,
// ncclTopoSearchRec, ncclTopoSearchRecNet, ncclTopoSearchRecGpu,
// ncclTopoSearchTryGpu, ncclTopoCompareGraphs, ncclTopoSearchParams).

#include "nccl/graph/topo_search_internal.h"

namespace commviz::nccl_topology::search_detail {

void WorkGraph::ensureChannel(int channel, int ngpus) {
    while (static_cast<int>(intra.size()) <= channel) {
        intra.emplace_back(static_cast<size_t>(ngpus), -1);
        inter.push_back({-1, -1});
    }
}

bool sameAsicPort(const SearchState& state, int net, int other) {
    if (net == other) return true;
    const TopoNode& first = state.work.nodes[static_cast<size_t>(state.nets[static_cast<size_t>(net)])];
    const TopoNode& second = state.work.nodes[static_cast<size_t>(state.nets[static_cast<size_t>(other)])];
    return !first.guid.empty() && first.guid == second.guid && first.port == second.port;
}

namespace {

// Where a channel leaves the node: ncclTopoSearchParams. backToNet is the step
// after which the channel goes to a NET, backToFirstRank the step after which a
// ring closes on its first GPU; -1 for never.
struct Exits {
    int backToNet = -1;
    int backToFirstRank = -1;
};

Exits searchParams(const SearchState& state, GraphPattern pattern) {
    Exits exits;
    if (state.inter()) {
        if (pattern == GraphPattern::Ring)
            exits.backToNet = state.ngpus() - 1;
        else if (pattern == GraphPattern::SplitTree)
            exits.backToNet = 1;
        else
            exits.backToNet = 0;
    } else if (pattern == GraphPattern::Ring) {
        exits.backToFirstRank = state.ngpus() - 1;
    }
    return exits;
}

// ncclTopoCompareGraphs: enough channels, then more total bandwidth, then fewer hops.
// NVLS counts heads (one GPU each, so no more than the GPUs) and network bandwidth.
bool betterThanBest(const WorkGraph& graph, const WorkGraph& best, int ngpus) {
    if (graph.nChannels < graph.minChannels) return false;
    if (graph.pattern == GraphPattern::Nvls)
        return (graph.nChannels > best.nChannels && graph.nChannels <= ngpus) ||
               static_cast<float>(graph.nChannels) * graph.bwInter > static_cast<float>(best.nChannels) * best.bwInter;
    const float total = static_cast<float>(graph.nChannels) * graph.bwIntra;
    const float bestTotal = static_cast<float>(best.nChannels) * best.bwIntra;
    if (total != bestTotal) return total > bestTotal;
    return graph.pattern == best.pattern && graph.crossNic == best.crossNic && graph.nHops < best.nHops;
}

struct Recursion {
    SearchState& state;
    WorkGraph& graph;

    void recGpu(int gpu, int step, Exits exits, ForcedOrder order, int& time);
    void tryGpu(int step, Exits exits, ForcedOrder order, int& time, SearchNode from, int gpu);
    void tryNvls(int head, int& time);
    bool nvsTraffic(int head, bool fromSwitch, float sign);
    bool nvlsHeadFromNet(int net, int count, Exits exits, int& time);
    void channelDone(int& time);
    void backToNet(int gpu, int step, Exits exits, ForcedOrder order, int& time);
    bool netAllowed(int net, int startNet, int step) const;
    void nextGpu(int gpu, int step, Exits exits, ForcedOrder order, int& time);
    void recNet(Exits exits, int& time);
    void startsFromNet(int net, Exits exits, int& time);
    void consumeNet(int net, int bw);
};

void Recursion::tryGpu(int step, Exits exits, ForcedOrder order, int& time, SearchNode from, int gpu) {
    const uint64_t flag = 1ULL << graph.nChannels;
    const SearchNode to{SearchNode::Kind::Gpu, gpu};
    if (!followPath(state, graph, from, to, 1.0f)) return;
    state.used[static_cast<size_t>(gpu)] ^= flag;
    recGpu(gpu, step, exits, order, time);
    state.used[static_cast<size_t>(gpu)] ^= flag;
    followPath(state, graph, from, to, -1.0f);
}

void Recursion::channelDone(int& time) {
    ++graph.nChannels;
    if (betterThanBest(graph, state.best, state.ngpus())) {
        state.best = graph;
        if (graph.nChannels == graph.maxChannels) time = -1;  // perfect: stop everything
    }
    if (graph.nChannels < graph.maxChannels) searchRec(state, graph, time);
    --graph.nChannels;
}

void Recursion::recGpu(int gpu, int step, Exits exits, ForcedOrder order, int& time) {
    if (time <= 0) return;
    --time;
    ++state.steps;
    const int ngpus = state.ngpus();
    if (step == ngpus) return channelDone(time);
    graph.ensureChannel(graph.nChannels, ngpus);
    graph.intra[static_cast<size_t>(graph.nChannels)][static_cast<size_t>(step)] = gpu;
    if (step == exits.backToNet) {
        if (state.inter()) backToNet(gpu, step, exits, order, time);
    } else if (graph.pattern == GraphPattern::Nvls) {
        tryNvls(gpu, time);
    } else if (step < ngpus - 1) {
        nextGpu(gpu, step, exits, order, time);
    } else if (step == exits.backToFirstRank) {
        const int first = graph.intra[static_cast<size_t>(graph.nChannels)][0];
        const SearchNode from{SearchNode::Kind::Gpu, gpu};
        const SearchNode to{SearchNode::Kind::Gpu, first};
        if (followPath(state, graph, from, to, 1.0f)) {
            recGpu(first, step + 1, Exits{exits.backToNet, -1}, order, time);
            followPath(state, graph, from, to, -1.0f);
        }
    } else {
        recGpu(gpu, ngpus, Exits{}, order, time);
    }
}

// ncclTopoSearchTryNvls: the switch must carry the head's chunk twice (its
// reduction comes back, its broadcast goes out) and every other GPU's once,
// switch to GPU and GPU to switch, at the graph's intra-node bandwidth. On
// `sign` -1 the bandwidth taken is given back, GPU by GPU from `head`'s channel.
bool Recursion::nvsTraffic(int head, bool fromSwitch, float sign) {
    const SearchNode nvs{SearchNode::Kind::Nvs, 0};
    for (int gpu = 0; gpu < state.ngpus(); ++gpu) {
        const SearchNode other{SearchNode::Kind::Gpu, gpu};
        const float mult = sign * (gpu == head ? 2.0f : 1.0f);
        if (followPath(state, graph, fromSwitch ? nvs : other, fromSwitch ? other : nvs, mult)) continue;
        for (int taken = gpu - 1; taken >= 0; --taken) {  // rewind what this direction took
            const SearchNode back{SearchNode::Kind::Gpu, taken};
            const float undo = -(taken == head ? 2.0f : 1.0f);
            followPath(state, graph, fromSwitch ? nvs : back, fromSwitch ? back : nvs, undo);
        }
        return false;
    }
    return true;
}

void Recursion::tryNvls(int head, int& time) {
    if (!nvsTraffic(head, true, 1.0f)) return;
    if (nvsTraffic(head, false, 1.0f)) {
        recGpu(-1, state.ngpus(), Exits{}, ForcedOrder::None, time);
        nvsTraffic(head, false, -1.0f);
    }
    nvsTraffic(head, true, -1.0f);
}

void Recursion::nextGpu(int gpu, int step, Exits exits, ForcedOrder order, int& time) {
    std::vector<int> next;
    if (order == ForcedOrder::Pci) {
        next = {step + 1};
    } else if (order == ForcedOrder::Replay) {
        next = {graph.intra[static_cast<size_t>(graph.nChannels - 1)][static_cast<size_t>(step + 1)]};
    } else {
        const int sortNet = exits.backToNet == -1 ? 0 : exits.backToNet == step + 1 ? 1 : -1;
        next = nextGpuOrder(state, graph, gpu, sortNet);
    }
    for (int candidate : next) tryGpu(step + 1, exits, order, time, SearchNode{SearchNode::Kind::Gpu, gpu}, candidate);
}

// Which NETs a channel may leave by, given the one it came in by.
bool Recursion::netAllowed(int net, int startNet, int step) const {
    const bool samePort = sameAsicPort(state, net, startNet);
    const bool oddChannel = graph.nChannels & 1;
    const int previousStart = oddChannel ? graph.inter[static_cast<size_t>(graph.nChannels - 1)][0] : -1;
    if (graph.pattern == GraphPattern::Tree && net != startNet) return false;  // trees are symmetric
    if (state.version == nccl::Version::Classic) {
        if (graph.crossNic != 1 && !samePort) return false;
        if (graph.crossNic && oddChannel && net != previousStart) return false;
    } else if (graph.pattern == GraphPattern::Ring && graph.crossNic == 2) {  // ncclTopoSearchCheckNet
        if (oddChannel && net != previousStart) return false;
    } else if (graph.crossNic == 0 && !samePort) {
        return false;
    }
    // A balanced tree's second GPU must leave by the NET the first one chose.
    return !(graph.pattern == GraphPattern::BalancedTree && step != 0 &&
             net != graph.inter[static_cast<size_t>(graph.nChannels)][1]);
}

void Recursion::backToNet(int gpu, int step, Exits exits, ForcedOrder order, int& time) {
    const int startNet = graph.inter[static_cast<size_t>(graph.nChannels)][0];
    for (int net : selectNets(state, graph.typeInter, gpu)) {
        if (!netAllowed(net, startNet, step)) continue;
        // A balanced tree counts half the network bandwidth on each of its first two GPUs.
        const bool balanced = graph.pattern == GraphPattern::BalancedTree;
        const int nextBackToNet = balanced && step == 0 ? 1 : -1;
        const float bwInterSave = graph.bwInter;
        if (balanced) graph.bwInter /= 2;
        const SearchNode from{SearchNode::Kind::Gpu, gpu};
        const SearchNode to{SearchNode::Kind::Net, net};
        const bool reached = followPath(state, graph, from, to, 1.0f);
        graph.bwInter = bwInterSave;
        if (!reached) continue;
        graph.inter[static_cast<size_t>(graph.nChannels)][1] = net;
        recGpu(gpu, step, Exits{nextBackToNet, exits.backToFirstRank}, order, time);
        if (balanced) graph.bwInter /= 2;
        followPath(state, graph, from, to, -1.0f);
        graph.bwInter = bwInterSave;
    }
}

// Every port of the same NIC ASIC shares the NIC's bandwidth.
void Recursion::consumeNet(int net, int bw) {
    for (size_t other = 0; other < state.nets.size(); ++other)
        if (sameAsicPort(state, net, static_cast<int>(other)))
            state.work.nodes[static_cast<size_t>(state.nets[other])].bw -= static_cast<float>(bw);
}

void Recursion::startsFromNet(int net, Exits exits, int& time) {
    const SearchNode from{SearchNode::Kind::Net, net};
    const bool replay =
        state.version == nccl::Version::Classic ? graph.nChannels > 0 : graph.nChannels > 0 && graph.sameChannels == 1;
    if (replay) tryGpu(0, exits, ForcedOrder::Replay, time, from, graph.intra[graph.nChannels - 1][0]);
    if (state.version == nccl::Version::V2_30 && replay) return;
    if (graph.nChannels != 0 && graph.sameChannels != 0) return;
    if (graph.nChannels == 0 && state.nvsCount == 0) {
        // The PCI order first, as a reference, on a small budget of its own.
        int pciTime = 1 << 10;
        tryGpu(0, exits, ForcedOrder::Pci, pciTime, from, 0);
        if (pciTime == -1) time = -1;
    }
    const int netNode = state.nets[static_cast<size_t>(net)];
    const std::vector<int> closest = localNodes(state, netNode, false);
    if (state.version == nccl::Version::V2_30) {  // the NIC's local GPU, then the other closest ones
        for (int gpu : closest) tryGpu(0, exits, ForcedOrder::None, time, from, gpu);
        return;
    }
    // Classic: the widest, then shortest, GPUs, starting from the channel's index.
    float maxBw = 0.0f;
    int minHops = 0xfffffff;
    for (int gpu = 0; gpu < state.ngpus(); ++gpu) {
        const Path& path = state.netGpuPath(net, gpu);
        if (path.bw > maxBw)
            maxBw = path.bw, minHops = path.hops;
        else if (path.bw == maxBw && path.hops < minHops)
            minHops = path.hops;
    }
    if (maxBw < static_cast<float>(static_cast<int>(graph.bwInter))) return;
    for (int offset = 0; offset < state.ngpus(); ++offset) {
        const int gpu = (graph.nChannels + offset) % state.ngpus();
        const Path& path = state.netGpuPath(net, gpu);
        if (path.bw == maxBw && path.hops == minHops) tryGpu(0, exits, ForcedOrder::None, time, from, gpu);
    }
}

// NVLS across nodes only pairs NICs with heads: the next NIC's local GPU, once
// per GPU (ncclTopoSearchRecNet, ncclTopoGetLocalGpu). False when this NIC's
// GPU is a head already: the next NIC is tried.
bool Recursion::nvlsHeadFromNet(int net, int count, Exits exits, int& time) {
    if (graph.nChannels >= count) return false;
    const std::vector<int> local = localNodes(state, state.nets[static_cast<size_t>(net)], false);
    const int gpu = local.empty() ? -1 : local.front();
    for (int channel = 0; channel < graph.nChannels; ++channel)
        if (graph.intra[static_cast<size_t>(channel)][0] == gpu) return false;
    if (gpu != -1) tryGpu(0, exits, ForcedOrder::None, time, SearchNode{SearchNode::Kind::Net, net}, gpu);
    return true;
}

void Recursion::recNet(Exits exits, int& time) {
    const int bw = static_cast<int>(graph.bwInter);  // NCCL keeps it in an int here
    const std::vector<int> nets = selectNets(state, graph.typeInter, -1);
    const int count = static_cast<int>(nets.size());
    bool headFound = false;  // NVLS: one NIC per level of the recursion
    for (int offset = 0; offset < count; ++offset) {
        if (graph.pattern == GraphPattern::Nvls && headFound) continue;
        const int net = nets[static_cast<size_t>((graph.nChannels + offset) % count)];
        const TopoNode& node = state.work.nodes[static_cast<size_t>(state.nets[static_cast<size_t>(net)])];
        if (node.bw < static_cast<float>(bw)) continue;
        const bool crossCheck = state.version == nccl::Version::Classic
                                    ? graph.crossNic != 0
                                    : graph.pattern == GraphPattern::Ring && graph.crossNic == 2;
        if (crossCheck && (graph.nChannels & 1) && net != graph.inter[graph.nChannels - 1][1]) continue;
        graph.ensureChannel(graph.nChannels, state.ngpus());
        graph.inter[static_cast<size_t>(graph.nChannels)][0] = net;
        graph.latencyInter = node.latency;
        consumeNet(net, bw);
        if (graph.pattern == GraphPattern::Nvls) {
            headFound = nvlsHeadFromNet(net, count, exits, time);
        } else {
            startsFromNet(net, exits, time);
        }
        consumeNet(net, -bw);
    }
}

}  // namespace

void searchRec(SearchState& state, WorkGraph& graph, int& time) {
    Recursion recursion{state, graph};
    const Exits exits = searchParams(state, graph.pattern);
    if (state.inter()) return recursion.recNet(exits, time);
    const SearchNode none{};
    if (graph.pattern == GraphPattern::Nvls)  // channel c's head is GPU c
        return recursion.tryGpu(0, exits, ForcedOrder::None, time, none, graph.nChannels);
    if (graph.nChannels == 0) {
        recursion.tryGpu(0, exits, ForcedOrder::Pci, time, none, 0);
    } else {  // replay the previous channel
        recursion.tryGpu(0, exits, ForcedOrder::Replay, time, none, graph.intra[graph.nChannels - 1][0]);
    }
    if (graph.sameChannels == 0 || graph.nChannels == 0)
        for (int gpu = 0; gpu < state.ngpus(); ++gpu) recursion.tryGpu(0, exits, ForcedOrder::None, time, none, gpu);
}

}  // namespace commviz::nccl_topology::search_detail
