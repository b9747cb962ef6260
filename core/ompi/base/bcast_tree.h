#pragma once

#include <vector>

namespace commviz::collectives {

/// Open MPI's n-ary bcast tree (ompi_coll_base_topo_build_tree) on shifted
/// ranks s = (r - root) mod p: the nodes of level L are fanout^L consecutive
/// ranks, and s at level L has children s + fanout^L·i for i = 1 … fanout.
/// fanout 2, p = 7: 0 -> 1, 2; 1 -> 3, 5; 2 -> 4, 6.
struct BcastTree {
    std::vector<std::vector<int>> children;  ///< by shifted rank
    std::vector<int> depth;                  ///< edges from the root
};

BcastTree buildBcastTree(int fanout, int ranks);

/// Open MPI's binomial tree (ompi_coll_base_topo_build_bmtree) on shifted
/// ranks: s has children s + 2^k for every 2^k > s, nearest first; its depth
/// is the number of set bits of s.
BcastTree buildBinomialBcastTree(int ranks);

/// Open MPI's k-nomial tree (ompi_coll_base_topo_build_kmtree): s, a multiple
/// of radix^m but not of radix^(m+1), has children s + j·radix^i for i < m
/// (all i for the root), the largest distance first.
BcastTree buildKnomialBcastTree(int radix, int ranks);

}  // namespace commviz::collectives
