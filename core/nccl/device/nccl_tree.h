#pragma once

#include <vector>

#include "collectives/schedule.h"
#include "collectives/schedule_request.h"

namespace commviz::collectives {

/// One of the two trees of NCCL's double binary tree over p ranks (NCCL
/// src/graph/trees.cc, ncclGetDtree), every rank counted as a node of its own.
/// `height` counts hops down to the deepest leaf below, `depth` hops up to the root.
struct NcclTree {
    int root = 0;
    std::vector<int> parent;                 ///< -1 at the root
    std::vector<std::vector<int>> children;  ///< child 0 first, then child 1
    std::vector<int> height;
    std::vector<int> depth;
    int treeHeight() const { return height.empty() ? 0 : height[std::size_t(root)]; }
};

/// Tree `which` (0: ncclGetBtree; 1: its mirror for even p, its shift by one for odd p).
NcclTree ncclDtree(int ranks, int which);

/// NCCL's tree allreduce (src/device/all_reduce.h, runTreeSplit). Channels
/// come in pairs (ncclTopoPostset doubles them): the first half runs on tree
/// 0, the second on tree 1, so each tree carries half of the buffer. A
/// channel cuts its share into chunks; chunk c goes up from a rank of height
/// h in round c + h (the parent adds it to its own), and the root, holding the
/// sum after round c + H - 1, sends it down in round c + H; a rank of depth d
/// forwards it in round c + H + d. Reduce and broadcast of different chunks
/// overlap, as runTreeSplit's two thread groups do: chunks + 2H - 1 rounds.
Schedule ncclTreeAllreduce(const ScheduleRequest& request);

}  // namespace commviz::collectives
