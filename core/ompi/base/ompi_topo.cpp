#include "ompi/base/ompi_topo.h"

#include <algorithm>
#include <bit>

#include "collectives/block_layout.h"

namespace commviz::collectives {

namespace {

// Open MPI coll_base_topo.h, MAXTREEFANOUT: build_chain caps the fan-out here.
constexpr int kMaxTreeFanout = 32;

RankTree emptyTree(int ranks, int root) {
    RankTree tree;
    tree.root = root;
    tree.parent.assign(std::size_t(ranks), -1);
    tree.level.assign(std::size_t(ranks), 0);
    return tree;
}

// Levels as heights: `childrenFirst` lists every rank after all of its children.
void setHeights(RankTree& tree, const std::vector<int>& childrenFirst) {
    for (int rank : childrenFirst) {
        const int up = tree.parent[std::size_t(rank)];
        if (up >= 0)
            tree.level[std::size_t(up)] = std::max(tree.level[std::size_t(up)], tree.level[std::size_t(rank)] + 1);
    }
}

// Ranks in decreasing shifted rank: in the chain and level-order trees a
// child's shifted rank is always above its parent's.
std::vector<int> shiftedDescending(int ranks, int root) {
    std::vector<int> order;
    for (int shifted = ranks - 1; shifted >= 1; --shifted) order.push_back((shifted + root) % ranks);
    return order;
}

// The parent of `rank` in Open MPI's in-order binary tree of `size` ranks: walk
// down from the root p-1; the right subtree holds the lowest size/2 ranks.
int inOrderBinaryParent(int rank, int size) {
    int parent = size - 1, delta = 0, found = -1;
    while (rank != parent) {
        const int rightSize = size >> 1;
        const int leftChild = parent - 1, rightChild = leftChild > 0 ? rightSize - 1 : -1;
        if (rank > rightChild) {
            if (rank == leftChild) found = parent + delta;
            size = size - rightSize - 1;
            delta += rightSize;
            rank -= rightSize;
            parent = size - 1;
        } else {
            if (rank == rightChild) found = parent + delta;
            size = rightSize;
            parent = rightChild;
        }
    }
    return found;
}

}  // namespace

int RankTree::topLevel() const {
    int top = 0;
    for (std::size_t rank = 0; rank < parent.size(); ++rank)
        if (parent[rank] >= 0) top = std::max(top, level[rank]);
    return top;
}

RankTree starTree(int ranks, int root) {
    RankTree tree = emptyTree(ranks, root);
    for (int rank = 0; rank < ranks; ++rank)
        if (rank != root) tree.parent[std::size_t(rank)] = root;
    return tree;
}

RankTree chainTree(int ranks, int root, int fanout) {
    RankTree tree = emptyTree(ranks, root);
    if (ranks < 2) return tree;
    fanout = std::min({std::max(fanout, 1), kMaxTreeFanout, ranks - 1});
    // The first `mark` chains hold longest ranks, the others one fewer.
    const int others = ranks - 1;
    const int longest = (others + fanout - 1) / fanout;
    const int mark = others % fanout != 0 ? others % fanout : fanout;
    for (int shifted = 1; shifted < ranks; ++shifted) {
        const bool inLong = shifted - 1 < mark * longest;
        const int length = inLong ? longest : longest - 1;
        const int head = inLong ? 1 + (shifted - 1) / longest * longest
                                : mark * longest + 1 + (shifted - 1 - mark * longest) / length * length;
        const auto rank = std::size_t((shifted + root) % ranks);
        tree.parent[rank] = shifted == head ? root : (shifted - 1 + root) % ranks;
        tree.level[rank] = head + length - 1 - shifted;
    }
    return tree;
}

RankTree binaryTree(int ranks, int root) {
    RankTree tree = emptyTree(ranks, root);
    for (int shifted = 0; shifted < ranks; ++shifted) {
        const int delta = int(std::bit_floor(unsigned(shifted + 1)));
        for (int child : {shifted + delta, shifted + 2 * delta})
            if (child < ranks) tree.parent[std::size_t((child + root) % ranks)] = (shifted + root) % ranks;
    }
    setHeights(tree, shiftedDescending(ranks, root));
    return tree;
}

RankTree inOrderBinaryTree(int ranks) {
    RankTree tree = emptyTree(ranks, ranks - 1);
    std::vector<int> ascending;
    for (int rank = 0; rank < ranks; ++rank) {
        tree.parent[std::size_t(rank)] = inOrderBinaryParent(rank, ranks);
        ascending.push_back(rank);
    }
    setHeights(tree, ascending);
    return tree;
}

RankTree inOrderBinomialTree(int ranks, int root) {
    RankTree tree = emptyTree(ranks, root);
    for (int vrank = 1; vrank < ranks; ++vrank) {
        const auto rank = std::size_t((vrank + root) % ranks);
        const int lowest = vrank & -vrank;
        tree.parent[rank] = (vrank - lowest + root) % ranks;
        tree.level[rank] = std::countr_zero(unsigned(lowest));
    }
    return tree;
}

std::vector<BlockRange> binomialSubtree(int rank, int root, int ranks) {
    const int vrank = (rank - root + ranks) % ranks;
    return wrappedRange(rank, std::min(vrank & -vrank, ranks - vrank), ranks);
}

Phase towardRoot(std::shared_ptr<const RankTree> tree, int segments, TreeMessage message) {
    const int ranks = int(tree->parent.size());
    return {ranks > 1 ? segments + tree->topLevel() : 0, [tree, segments, message, ranks](int round) {
                Round sends;
                for (int rank = 0; rank < ranks; ++rank) {
                    const int up = tree->parent[std::size_t(rank)], segment = round - tree->level[std::size_t(rank)];
                    if (up >= 0 && segment >= 0 && segment < segments) sends.push_back(message(rank, up, segment));
                }
                return sends;
            }};
}

Phase awayFromRoot(std::shared_ptr<const RankTree> tree, TreeMessage message) {
    const int ranks = int(tree->parent.size());
    const int top = tree->topLevel();
    return {ranks > 1 ? top + 1 : 0, [tree, message, ranks, top](int round) {
                Round sends;
                const int hearing = top - round;
                for (int rank = 0; rank < ranks; ++rank) {
                    const int up = tree->parent[std::size_t(rank)];
                    if (up >= 0 && tree->level[std::size_t(rank)] == hearing) sends.push_back(message(rank, up, 0));
                }
                return sends;
            }};
}

}  // namespace commviz::collectives
