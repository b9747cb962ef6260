#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "collectives/phases.h"

namespace commviz::collectives {

/// A tree over the ranks as Open MPI's ompi/mca/coll/base/coll_base_topo.c
/// builds it, indexed by real rank. Reductions and gathers run it upward:
/// every rank but the root sends to `parent` in round `level` (its children
/// always have lower levels, so they have sent before it does).
struct RankTree {
    int root = 0;
    std::vector<int> parent;  ///< -1 at the root
    std::vector<int> level;
    /// The highest level of a rank that sends: the tree's rounds minus one.
    int topLevel() const;
};

/// Every rank's parent is the root: the linear algorithms.
RankTree starTree(int ranks, int root);
/// ompi_coll_base_topo_build_chain on ranks shifted by `root`: the p-1 other
/// ranks cut into `fanout` chains (fanout < 1 is forced to 1, as Open MPI does),
/// the first (p-1) % fanout one rank longer. Levels: height above the chain's tail.
RankTree chainTree(int ranks, int root, int fanout);
/// ompi_coll_base_topo_build_tree(2, …): a level-order binary tree on ranks
/// shifted by `root` (p = 7: 0 -> 1, 2; 1 -> 3, 5; 2 -> 4, 6). Levels: height.
RankTree binaryTree(int ranks, int root);
/// ompi_coll_base_topo_build_in_order_bintree: a binary tree rooted at p-1 whose
/// every subtree is a run of consecutive ranks, so partial results combine in
/// rank order. Levels: height.
RankTree inOrderBinaryTree(int ranks);
/// ompi_coll_base_topo_build_in_order_bmtree on virtual ranks v = (r - root) mod p:
/// the parent of v clears its lowest set bit; a parent takes its children
/// v + 1, v + 2, v + 4, … in that order, so v sends in round log2(lowest bit of v).
RankTree inOrderBinomialTree(int ranks, int root);

/// The ranks of `rank`'s subtree in the in-order binomial tree: virtual ranks
/// v … v + min(lowest bit of v, p - v) - 1, as block ranges of real ranks
/// (they wrap past p-1 when root > 0).
std::vector<BlockRange> binomialSubtree(int rank, int root, int ranks);

/// The message a rank sends its parent (or a parent its child) carrying `segment`.
using TreeMessage = std::function<Message(int child, int parent, int segment)>;

/// Every rank but the root sends segment s to its parent in round level + s:
/// segments + topLevel rounds (none for one rank).
Phase towardRoot(std::shared_ptr<const RankTree> tree, int segments, TreeMessage message);
/// The tree run downward once: a rank hears from its parent in round
/// topLevel - level, so higher subtrees are served first.
Phase awayFromRoot(std::shared_ptr<const RankTree> tree, TreeMessage message);

}  // namespace commviz::collectives
