#pragma once

#include "rdma/rdma_world.h"

namespace commviz::rdma {

/// Runs one planned completer step: a send CQE, READ/atomic data placed, RNR back-off,
/// go-back-N, or a WQE failed and the QP taken to ERR.
void executeCompleterStep(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, const CompStep& step,
                          EventOut& out);

/// Whether a send WQE has been sent (or is being sent) and is not yet acknowledged.
bool hasOutstandingWqe(const QueuePair& qp);

/// In SQD with nothing outstanding: IBV_EVENT_SQ_DRAINED once, if en_sqd_async_notify asked for it.
void checkSqDrained(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, EventOut& out);

}  // namespace commviz::rdma
