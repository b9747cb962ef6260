#pragma once

#include "collectives/schedule.h"
#include "collectives/schedule_request.h"

namespace commviz::collectives {

// Open MPI 5.0's barrier algorithms (ompi/mca/coll/base/coll_base_barrier.c)
// under their coll_tuned_barrier_algorithm IDs. Every message is zero bytes.
// The layout has one empty block per rank, its arrival token: a message
// carries every token its sender holds, so a rank holding all p tokens has
// heard, directly or through others, from every rank (RankBuffers checks it).

/// 1: everyone tells rank 0, which then releases everyone: 2 rounds.
Schedule barrierLinear(const ScheduleRequest& request);
/// 2: a token goes round the ring 0 -> 1 -> … -> 0 twice: 2p rounds.
Schedule barrierDoubleRing(const ScheduleRequest& request);
/// 3: pairwise exchanges with r XOR 2^k among the largest power of two p';
/// ranks p' … p-1 report to r - p' before and are released after.
Schedule barrierRecursiveDoubling(const ScheduleRequest& request);
/// 4: dissemination: in round k rank r sends to r + 2^k: ⌈lg p⌉ rounds.
Schedule barrierBruck(const ScheduleRequest& request);
/// 5: one exchange; Open MPI refuses any size but 1 and 2.
Schedule barrierTwoProcs(const ScheduleRequest& request);
/// 6: up a binomial tree to rank 0 and back down: 2⌈lg p⌉ rounds.
Schedule barrierTree(const ScheduleRequest& request);

}  // namespace commviz::collectives
