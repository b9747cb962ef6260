#pragma once

#include "rdma/rdma_world.h"

namespace commviz::rdma {

/// The host CPU running the script: one micro-step of the current call (or
/// the start of the next one) per call. Simple verbs (reg_mr, create_*,
/// modify_qp) start and return in one step; ibv_post_* go WR by WR
/// (wr_posted, wqe_written), then doorbell, then return; ibv_poll_cq goes
/// CQE by CQE (cq_polled, wc_returned, slot_freed).
void runCpu(RdmaWorld& w, EventOut& out);

}  // namespace commviz::rdma
