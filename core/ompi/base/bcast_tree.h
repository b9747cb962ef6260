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

}  // namespace commviz::collectives
