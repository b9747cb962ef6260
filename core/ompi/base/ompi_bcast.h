#pragma once

#include "collectives/schedule.h"
#include "collectives/schedule_request.h"
#include "ompi/base/bcast_tree.h"

namespace commviz::collectives {

// Open MPI's bcast algorithms (ompi/mca/coll/base/coll_base_bcast.c) under
// their coll_tuned_bcast_algorithm IDs, on virtual ranks v = (r - root) mod p.

/// 1: the root sends the whole buffer to every rank.
Schedule bcastBasicLinear(const ScheduleRequest& request);
/// 2: `fanout` chains fed by the root, segment by segment (segsize).
Schedule bcastChain(const ScheduleRequest& request);
/// 3: one chain 0 -> 1 -> … -> p-1, segment by segment.
Schedule bcastPipeline(const ScheduleRequest& request);
/// 6: binomial tree, ⌈lg p⌉ rounds; with segsize, segment by segment as 5 does.
Schedule bcastBinomial(const ScheduleRequest& request);
/// 7: k-nomial tree of `radix`, ⌈log_k p⌉ rounds of up to k-1 sends per
/// holder; with segsize, segment by segment as 5 does.
Schedule bcastKnomial(const ScheduleRequest& request);
/// 4: the buffer in two halves, each pipelined down one subtree of the binary
/// tree, then partners in the two subtrees swap halves; chain when count < 2.
Schedule bcastSplitBintree(const ScheduleRequest& request);
/// 5: binary tree, segment by segment (segsize).
Schedule bcastBintree(const ScheduleRequest& request);
/// 8: binomial scatter of ⌈count/p⌉-element blocks, then a recursive-doubling
/// allgather (with hand-ons when p is not a power of two); linear when count < p.
Schedule bcastScatterAllgather(const ScheduleRequest& request);
/// 9: binomial scatter of p blocks, then a ring allgather; linear when count < p.
Schedule bcastScatterAllgatherRing(const ScheduleRequest& request);

/// ompi_coll_base_bcast_intra_generic: `request.count` in segsize segments
/// down `tree` (shifted ranks); in round t a rank at depth d sends segment
/// t - d to each of its children. Fills `schedule`'s layout and rounds.
Schedule bcastGeneric(Schedule schedule, const ScheduleRequest& request, const BcastTree& tree);

}  // namespace commviz::collectives
