#pragma once

#include "collectives/schedule.h"
#include "collectives/schedule_request.h"

namespace commviz::collectives {

// Open MPI's alltoall algorithms (ompi/mca/coll/base/coll_base_alltoall.c)
// under their coll_tuned_alltoall_algorithm IDs. The layout has p x p blocks of
// `count` elements: block s*p + d is what rank s sends to rank d.

/// 1: every rank posts p-1 receives and p-1 sends at once: one round.
Schedule alltoallLinear(const ScheduleRequest& request);
/// 2: p-1 steps; at step s rank r sends its block for r+s to r+s.
Schedule alltoallPairwise(const ScheduleRequest& request);
/// 3: Bruck: ⌈lg p⌉ steps, step k sends to r+2^k every block whose rotated
/// index has bit k set.
Schedule alltoallModifiedBruck(const ScheduleRequest& request);
/// 4: linear with at most max_requests sends outstanding; Open MPI's default
/// (coll_tuned_alltoall_max_requests = 0) means no limit, i.e. linear.
Schedule alltoallLinearSync(const ScheduleRequest& request);
/// 4 with an explicit max_requests: ⌈(p-1)/max_requests⌉ rounds.
Schedule alltoallLinearSyncWindow(const ScheduleRequest& request, int maxRequests);
/// 5: p = 2 only: one exchange.
Schedule alltoallTwoProcs(const ScheduleRequest& request);

}  // namespace commviz::collectives
