// Rings across nodes (NCCL src/graph/connect.cc, ncclTopoPreset, connectRings,
// the crossNic exchange in ncclTopoPostset; src/graph/rings.cc, ncclBuildRings).

#include <algorithm>

#include "nccl/graph/topo_postset_internal.h"

namespace commviz::nccl_topology::postset_detail {
namespace {

// Node n's ring for channel c: odd nodes take channel c^1's when swapping, so
// consecutive nodes leave and enter by different NICs without crossing rails.
const LocalChain& nodeRing(const std::vector<LocalChain>& rings, int channel, int node, bool swapOddNodes) {
    const int used = swapOddNodes && node % 2 == 1 ? channel ^ 1 : channel;
    return rings[static_cast<size_t>(used)];
}

// The successor of every rank: along the node's ring, and from the node's last
// GPU (ringSend) to the next node's first (ringRecv).
std::vector<int> nextRanks(const std::vector<LocalChain>& rings, int channel, int nNodes, bool swapOddNodes) {
    const int localRanks = static_cast<int>(rings[static_cast<size_t>(channel)].size());
    std::vector<int> next(static_cast<size_t>(localRanks) * static_cast<size_t>(nNodes), -1);
    for (int node = 0; node < nNodes; ++node) {
        const LocalChain& ring = nodeRing(rings, channel, node, swapOddNodes);
        const int base = node * localRanks;
        for (int step = 0; step + 1 < localRanks; ++step)
            next[static_cast<size_t>(base + ring[static_cast<size_t>(step)])] =
                base + ring[static_cast<size_t>(step + 1)];
        const int nextNode = (node + 1) % nNodes;
        const LocalChain& following = nodeRing(rings, channel, nextNode, swapOddNodes);
        next[static_cast<size_t>(base + ring.back())] = nextNode * localRanks + following.front();
    }
    return next;
}

}  // namespace

std::vector<std::vector<int>> joinRings(const std::vector<LocalChain>& rings, int nNodes, bool swapOddNodes) {
    std::vector<std::vector<int>> joined;
    for (size_t channel = 0; channel < rings.size(); ++channel) {
        const std::vector<int> next = nextRanks(rings, static_cast<int>(channel), nNodes, swapOddNodes);
        std::vector<int> order;
        order.reserve(next.size());
        // ncclBuildRings: from rank 0, at most nRanks steps (a broken ring stops early).
        for (int rank = 0; rank >= 0 && order.size() < next.size(); rank = next[static_cast<size_t>(rank)]) {
            order.push_back(rank);
            if (next[static_cast<size_t>(rank)] == 0) break;
        }
        joined.push_back(std::move(order));
    }
    return joined;
}

}  // namespace commviz::nccl_topology::postset_detail
