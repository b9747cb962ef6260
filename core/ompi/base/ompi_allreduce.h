#pragma once

#include "collectives/schedule.h"
#include "collectives/schedule_request.h"

namespace commviz::collectives {

// Open MPI's allreduce algorithms (ompi/mca/coll/base/coll_base_allreduce.c),
// each under its coll_tuned_allreduce_algorithm ID.

/// 1: linear reduce to rank 0, then linear bcast from rank 0.
Schedule allreduceBasicLinear(const ScheduleRequest& request);
/// 2: a reduce to rank 0 followed by a bcast, one after the other.
Schedule allreduceNonoverlapping(const ScheduleRequest& request);
/// 3: whole-vector exchanges with r XOR 2^k; extra ranks folded in and out.
Schedule allreduceRecursiveDoubling(const ScheduleRequest& request);
/// 4: ring reduce-scatter then ring allgather; recursive doubling when count < p.
Schedule allreduceRing(const ScheduleRequest& request);
/// 5: the ring in segsize phases; plain ring when count < p x segcount.
Schedule allreduceSegmentedRing(const ScheduleRequest& request);
/// 6: Rabenseifner: halving reduce-scatter, doubling allgather; basic linear
/// when the op is not commutative or count < 2^⌊lg p⌋.
Schedule allreduceRabenseifner(const ScheduleRequest& request);
/// 7: every rank sends its vector to every other and reduces locally.
Schedule allreduceAllgatherReduce(const ScheduleRequest& request);

}  // namespace commviz::collectives
