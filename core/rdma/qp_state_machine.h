#pragma once

#include <cstdint>
#include <string>

#include "rdma/queue_pair.h"
#include "rdma/script.h"
#include "rdma/verbs_enums.h"
#include "sim/text.h"

namespace commviz::rdma {

/// One cell of Linux drivers/infiniband/core/verbs.c qp_state_table for RC.
struct TransitionRule {
    bool valid = false;
    std::uint32_t required = 0;  ///< besides IBV_QP_STATE
    std::uint32_t optional = 0;
};

/// The RC rule for cur → next (ib_modify_qp_is_ok).
TransitionRule rcTransition(QpState cur, QpState next);

struct ModifyOutcome {
    Errno err = Errno::Ok;
    sim::Text detail;  ///< why EINVAL, in the verbs' words
    QpState from = QpState::Reset;
    QpState to = QpState::Reset;
};

/// ibv_modify_qp on an RC QP, all-or-nothing: checks the transition, the mask
/// (missing required bit, extra bit) and the attribute values; on success
/// applies the attributes named by the mask and the new state. `destQpn` is
/// the resolved dest_qp_num. Side effects of entering a state (flush, reset of
/// the queues, PSN setup) are done by the caller.
ModifyOutcome modifyQp(QueuePair& qp, const QpAttrSpec& attr, std::uint32_t mask, std::uint32_t destQpn);

}  // namespace commviz::rdma
