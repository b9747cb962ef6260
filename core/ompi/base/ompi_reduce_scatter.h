#pragma once

#include "collectives/schedule.h"
#include "collectives/schedule_request.h"

namespace commviz::collectives {

// Open MPI's reduce_scatter (ompi/mca/coll/base/coll_base_reduce_scatter.c)
// and reduce_scatter_block (coll_base_reduce_scatter_block.c) algorithms under
// their coll_tuned_<coll>_algorithm IDs. reduce_scatter's `count` is the whole
// vector, split over the ranks as recvcounts the way COLL_BASE_COMPUTE_BLOCKCOUNT
// splits it; reduce_scatter_block's `count` is one rank's block.
//
// Open MPI's recursive halving and ring reduce_scatter do not check the op:
// they combine out of order for a non-commutative op, and only the fixed
// rules keep such ops away from them (non-commutative: always 1).

/// 1: reduce the whole vector to rank 0, then scatterv the blocks.
Schedule reduceScatterNonoverlapping(const ScheduleRequest& request);
/// 2: extra ranks folded in, recursive halving on p' ranks, results returned.
Schedule reduceScatterRecursiveHalving(const ScheduleRequest& request);
/// 3: p-1 ring steps, each rank adding the block it receives.
Schedule reduceScatterRing(const ScheduleRequest& request);
/// 4: Träff's butterfly on p' ranks, then a mirror-permutation exchange.
Schedule reduceScatterButterfly(const ScheduleRequest& request);

/// 1: a reduce to rank 0 then a scatter.
Schedule reduceScatterBlockBasicLinear(const ScheduleRequest& request);
/// 2: recursive distance doubling exchanging everything outside the own
/// subtree; any op; basic_linear when p x count exceeds INT_MAX.
Schedule reduceScatterBlockRecursiveDoubling(const ScheduleRequest& request);
/// 3: recursive halving as reduce_scatter's; basic_linear for a non-commutative op.
Schedule reduceScatterBlockRecursiveHalving(const ScheduleRequest& request);
/// 4: butterfly; on a power of two the blocks are mirror-permuted first, so
/// no exchange is needed at the end.
Schedule reduceScatterBlockButterfly(const ScheduleRequest& request);

}  // namespace commviz::collectives
