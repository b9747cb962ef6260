#include "nccl/graph/double_binary_tree.h"

namespace commviz::nccl_topology {

TreeLinks btreeLinks(int nranks, int rank) {
    TreeLinks links;
    int lowestBit = 1;
    while (lowestBit < nranks && !(lowestBit & rank)) lowestBit <<= 1;
    if (rank == 0) {
        // The root has a single child, the top of the tree: its second slot.
        links.child1 = nranks > 1 ? lowestBit >> 1 : -1;
        return links;
    }
    int parent = (rank ^ lowestBit) | (lowestBit << 1);
    if (parent >= nranks) parent = rank ^ lowestBit;
    links.parent = parent;
    links.childType = rank < parent ? 0 : 1;
    int half = lowestBit >> 1;
    if (half == 0) return links;  // odd ranks are leaves
    links.child0 = rank - half;
    // The right child is rank + half, or the largest smaller step that stays below nranks.
    while (half > 0 && rank + half >= nranks) half >>= 1;
    links.child1 = half > 0 ? rank + half : -1;
    return links;
}

namespace {

int mapped(int index, int nranks, bool mirror) {
    if (index < 0) return -1;
    return mirror ? nranks - 1 - index : (index + 1) % nranks;
}

}  // namespace

DoubleTreeLinks dtreeLinks(int nranks, int rank) {
    DoubleTreeLinks trees;
    trees.first = btreeLinks(nranks, rank);
    bool mirror = nranks % 2 == 0;
    int source = mirror ? nranks - 1 - rank : (rank - 1 + nranks) % nranks;
    TreeLinks base = btreeLinks(nranks, source);
    trees.second.parent = mapped(base.parent, nranks, mirror);
    trees.second.child0 = mapped(base.child0, nranks, mirror);
    trees.second.child1 = mapped(base.child1, nranks, mirror);
    trees.second.childType = base.childType;
    return trees;
}

}  // namespace commviz::nccl_topology
