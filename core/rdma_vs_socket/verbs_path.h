#pragma once

#include <cstdint>
#include <vector>

#include "perftest/link_model.h"
#include "rdma_vs_socket/rdma_vs_socket_config.h"
#include "rdma_vs_socket/stage.h"

namespace commviz::rdma_vs_socket {

/// The verbs lane's slow path, once per connection on both hosts: it goes
/// through the kernel (uverbs commands), so it has syscalls but no time on the
/// message clock (rdma-core libibverbs: ibv_open_device, ibv_reg_mr,
/// ibv_create_cq / ibv_create_qp, ibv_modify_qp).
std::vector<StageDef> verbsSetupPlan();

/// The verbs lane's seven stages for one message of `bytes` (ibv_post_send's
/// doorbell to the polled CQE). Times come from the perftest LinkModel, so this lane and the
/// perftest chart tell the same story: for a single-packet SEND the stages add
/// up to perftest::latency() without inline.
std::vector<StageDef> verbsPlan(std::int64_t bytes, VerbsOp op, const perftest::LinkModel& link = {});

}  // namespace commviz::rdma_vs_socket
