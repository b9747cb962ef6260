// Trees across nodes (NCCL src/graph/connect.cc, ncclTopoPreset, connectTrees,
// setTreeUp, setTreeDown; src/graph/trees.cc, ncclGetDtree).

#include "nccl/graph/double_binary_tree.h"
#include "nccl/graph/topo_postset_internal.h"

namespace commviz::nccl_topology::postset_detail {
namespace {

// Which GPUs of a node's chain hold its links to other nodes (ncclTopoPreset):
// the parent always on the first; children on the second for a split tree,
// child 0 on the second and child 1 on the first for a balanced tree, and all
// on the first for a plain tree.
struct NodeEnds {
    int toParent = 0;
    int toChild0 = 0;
    int toChild1 = 0;
};

NodeEnds nodeEnds(const LocalChain& chain, GraphPattern pattern) {
    const int last = static_cast<int>(chain.size()) - 1;
    const int child0Index = pattern == GraphPattern::Tree ? 0 : std::min(1, last);
    const int child1Index = pattern == GraphPattern::SplitTree ? std::min(1, last) : 0;
    return {chain[0], chain[static_cast<size_t>(child0Index)], chain[static_cast<size_t>(child1Index)]};
}

// setTreeDown: the first free of the three child slots.
void addChild(RankTree& tree, int child) {
    for (int& slot : tree.down)
        if (slot < 0) return void(slot = child);
}

// Inside a node the tree is the chain: up the previous GPU, down the next one.
void setChain(std::vector<RankTree>& tree, const LocalChain& chain, int base) {
    for (size_t step = 0; step < chain.size(); ++step) {
        RankTree& entry = tree[static_cast<size_t>(base + chain[step])];
        entry.up = step == 0 ? -1 : base + chain[step - 1];
        entry.down[0] = step + 1 == chain.size() ? -1 : base + chain[step + 1];
    }
}

// connectTrees for one node and one of its two trees.
void linkNode(std::vector<RankTree>& tree, const TreeLinks& links, int node, const NodeEnds& ends, int localRanks) {
    auto global = [localRanks](int atNode, int local) { return atNode * localRanks + local; };
    if (links.parent >= 0) {
        // The parent's GPU that holds this child's link: child 0 or child 1 end.
        const int parentLocal = links.childType == 0 ? ends.toChild0 : ends.toChild1;
        tree[static_cast<size_t>(global(node, ends.toParent))].up = global(links.parent, parentLocal);
    }
    if (links.child0 >= 0)
        addChild(tree[static_cast<size_t>(global(node, ends.toChild0))], global(links.child0, ends.toParent));
    if (links.child1 >= 0)
        addChild(tree[static_cast<size_t>(global(node, ends.toChild1))], global(links.child1, ends.toParent));
}

}  // namespace

std::vector<std::vector<RankTree>> joinTrees(const std::vector<LocalChain>& trees, GraphPattern pattern, int nNodes) {
    const size_t nChannels = trees.size();
    std::vector<std::vector<RankTree>> joined(nChannels * 2);
    std::vector<DoubleTreeLinks> links;
    links.reserve(static_cast<size_t>(nNodes));
    for (int node = 0; node < nNodes; ++node) links.push_back(dtreeLinks(nNodes, node));
    for (size_t channel = 0; channel < nChannels; ++channel) {
        const LocalChain& chain = trees[channel];
        const int localRanks = static_cast<int>(chain.size());
        const NodeEnds ends = nodeEnds(chain, pattern);
        for (size_t half = 0; half < 2; ++half) {
            std::vector<RankTree>& tree = joined[channel + half * nChannels];
            tree.assign(static_cast<size_t>(localRanks) * static_cast<size_t>(nNodes), RankTree{});
            for (int node = 0; node < nNodes; ++node) setChain(tree, chain, node * localRanks);
            if (nNodes == 1) continue;  // one node: the chain is the whole tree
            for (int node = 0; node < nNodes; ++node) {
                const TreeLinks& own =
                    half == 0 ? links[static_cast<size_t>(node)].first : links[static_cast<size_t>(node)].second;
                linkNode(tree, own, node, ends, localRanks);
            }
        }
    }
    return joined;
}

}  // namespace commviz::nccl_topology::postset_detail
