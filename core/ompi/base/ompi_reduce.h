#pragma once

#include "collectives/schedule.h"
#include "collectives/schedule_request.h"

namespace commviz::collectives {

// Open MPI 5.0's reduce algorithms (ompi/mca/coll/base/coll_base_reduce.c)
// under their coll_tuned_reduce_algorithm IDs. The tree algorithms (2-6) all
// run ompi_coll_base_reduce_generic: the vector in segsize segments, segment s
// leaving a rank once its children's segment s has arrived.
//
// Non-commutative ops: Open MPI 5.0 keeps rank order only in linear (1) and
// in-order_binary (6), and its fixed rules then pick only those two.
// Rabenseifner falls back to linear; chain, pipeline, binary and binomial run
// unchanged (Open MPI does not check, and combines operands out of rank order).

/// 1: every rank sends its vector to the root, which folds them in one by one.
Schedule reduceLinear(const ScheduleRequest& request);
/// 2: `fanout` chains toward the root, segment by segment.
Schedule reduceChain(const ScheduleRequest& request);
/// 3: one chain p-1 -> … -> 1 -> root (shifted ranks), segment by segment.
Schedule reducePipeline(const ScheduleRequest& request);
/// 4: the level-order binary tree rooted at `root`.
Schedule reduceBinary(const ScheduleRequest& request);
/// 5: the in-order binomial tree: ⌈lg p⌉ rounds for one segment.
Schedule reduceBinomial(const ScheduleRequest& request);
/// 6: the in-order binary tree rooted at p-1, then p-1 hands the result to
/// `root` when they differ: safe for non-commutative ops.
Schedule reduceInOrderBinary(const ScheduleRequest& request);
/// 7: Rabenseifner: extra ranks folded, halving reduce-scatter, binomial
/// gather of the pieces to the root; linear when the op is not commutative or
/// count < 2^⌊lg p⌋.
Schedule reduceRabenseifner(const ScheduleRequest& request);

}  // namespace commviz::collectives
