#pragma once

#include "collectives/schedule.h"
#include "collectives/schedule_request.h"

namespace commviz::collectives {

// Open MPI 5.0's gather and scatter algorithms (ompi/mca/coll/base/
// coll_base_gather.c, coll_base_scatter.c) under their coll_tuned_gather_algorithm
// and coll_tuned_scatter_algorithm IDs. `count` is one rank's block; block b
// of the layout is rank b's.

/// gather 1: every rank sends its block to the root in one round.
Schedule gatherBasicLinear(const ScheduleRequest& request);
/// gather 2: in-order binomial tree upward; a rank forwards its whole
/// subtree's blocks as one bundle (1, 2, 4, … blocks): ⌈lg p⌉ rounds.
Schedule gatherBinomial(const ScheduleRequest& request);
/// gather 3: the root admits the ranks one by one with a zero-byte message;
/// each then sends its first segment (segsize; the whole block when 0) and the rest.
Schedule gatherLinearSync(const ScheduleRequest& request);
/// scatter 1: the root sends block i to rank i, one after another.
Schedule scatterBasicLinear(const ScheduleRequest& request);
/// scatter 2: in-order binomial tree downward, the largest subtree first.
Schedule scatterBinomial(const ScheduleRequest& request);
/// scatter 3: the same messages as 1, sent with isend; the α-β model cannot
/// tell them apart.
Schedule scatterLinearNb(const ScheduleRequest& request);

}  // namespace commviz::collectives
