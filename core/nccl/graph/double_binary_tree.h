#pragma once

namespace commviz::nccl_topology {

/// A node's place in one binary tree over node indices 0..n-1; -1 means none.
/// `childType` is 0 when this node is its parent's first child, 1 when second.
struct TreeLinks {
    int parent = -1;
    int child0 = -1;
    int child1 = -1;
    int childType = -1;  ///< -1 for the root
};

/// NCCL src/graph/trees.cc, ncclGetBtree: the tree rooted at 0 in which odd
/// indices are leaves and each node's parent is found from its lowest set bit.
TreeLinks btreeLinks(int nranks, int rank);

/// The two trees of ncclGetDtree: the first is the btree; the second mirrors it
/// (rank -> n-1-rank) when n is even, or shifts it by one when n is odd, so a
/// node that is a leaf in one tree is an inner node in the other.
struct DoubleTreeLinks {
    TreeLinks first;
    TreeLinks second;
};
DoubleTreeLinks dtreeLinks(int nranks, int rank);

}  // namespace commviz::nccl_topology
