#pragma once

#include "collectives/schedule.h"
#include "collectives/schedule_request.h"

namespace commviz::collectives {

// Open MPI's allgather algorithms (ompi/mca/coll/base/coll_base_allgather.c)
// under their coll_tuned_allgather_algorithm IDs. Block b is rank b's block.

/// 1: gather every block to rank 0, then bcast the whole buffer.
Schedule allgatherLinear(const ScheduleRequest& request);
/// 2: step k sends everything collected so far to r - 2^k; ⌈lg p⌉ steps, any p.
Schedule allgatherBruck(const ScheduleRequest& request);
/// 3: step k swaps everything held with r XOR 2^k; Bruck when p is not a power of two.
Schedule allgatherRecursiveDoubling(const ScheduleRequest& request);
/// 4: p-1 steps, each rank passing its newest block to r+1.
Schedule allgatherRing(const ScheduleRequest& request);
/// 5: neighbour exchange, p/2 steps; the ring when p is odd.
Schedule allgatherNeighborExchange(const ScheduleRequest& request);
/// 6: p = 2 only: one exchange.
Schedule allgatherTwoProcs(const ScheduleRequest& request);
/// 7: Sparbit: distances l, l/2, …, 1 (l = 2^(⌈lg p⌉-1)); each step sends every
/// block held so far, one message per block, skipping those that would arrive twice.
Schedule allgatherSparbit(const ScheduleRequest& request);

}  // namespace commviz::collectives
