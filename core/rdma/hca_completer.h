#pragma once

#include "rdma/rdma_world.h"

namespace commviz::rdma {

/// rxe_completer: one micro-step. Takes an ACK / NAK / READ response / atomic
/// ACK and retires WQEs in order (cumulative ACKs, implicit ACK by later
/// responses), writes send CQEs (signaled ones, and every error), runs
/// go-back-N on PSN-sequence NAKs with retry_cnt and RNR back-off with
/// rnr_retry (7 = forever), and fails the WQE when the counters run out.
void runCompleter(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, EventOut& out);

/// The ACK timer fired (rxe_retransmit_timer): retry from the oldest unacked
/// PSN, or fail with IBV_WC_RETRY_EXC_ERR after retry_cnt retries.
void onRetransmitTimer(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, std::uint64_t gen, EventOut& out);
/// The RNR back-off is over (rxe_rnr_nak_timer): resend from the NAKed PSN.
void onRnrTimer(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, std::uint64_t gen, EventOut& out);

/// An ERR QP completes its outstanding WQEs with IBV_WC_WR_FLUSH_ERR, SQ
/// first then RQ, one per step, in posting order.
void runFlush(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, EventOut& out);

/// ibv_wc_opcode of a send WQE's completion.
WcOpcode wcOpcodeFor(WrOpcode op);

/// The send CQE of a WQE with `status` (rxe_comp.c make_send_cqe).
Cqe makeSendCqe(const Wqe& wqe, WcStatus status);

}  // namespace commviz::rdma
