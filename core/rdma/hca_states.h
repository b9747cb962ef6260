#pragma once

#include <cstdint>

namespace commviz::rdma {

/// What the requester (rdma-core providers/rxe, Linux drivers/infiniband/sw/rxe/rxe_req.c) is
/// doing or waiting for; the names are the strings the views and the state JSON show.
enum class ReqState : std::uint8_t {
    Idle,          ///< "idle": no WQE to work on
    Processing,    ///< "processing": sending the packets of a WQE
    DmaRead,       ///< "dma_read": fetching the next packet's payload
    WaitFence,     ///< "wait_fence": IBV_SEND_FENCE behind an outstanding READ/atomic
    WaitRdAtomic,  ///< "wait_rd_atomic": max_rd_atomic READ/atomics outstanding (check_init_depth)
    WaitPsn,       ///< "wait_psn": the unacknowledged-PSN window is full
    RnrWait,       ///< "rnr_wait": the completer is backing off after an RNR NAK
    Drained,       ///< "drained": SQD holds WQEs not yet started
    Error,         ///< "error"
};

/// rxe_resp.c enum resp_states, by the stage the responder goes to next.
enum class RespState : std::uint8_t {
    Idle,         ///< "idle": nothing received yet
    GetReq,       ///< RESPST_GET_REQ
    ChkResource,  ///< RESPST_CHK_RESOURCE
    Execute,      ///< RESPST_EXECUTE
    ReadReply,    ///< RESPST_READ_REPLY
    Complete,     ///< RESPST_COMPLETE
    Acknowledge,  ///< RESPST_ACKNOWLEDGE
    AtomicReply,  ///< RESPST_ATOMIC_REPLY
    Error,        ///< RESPST_ERROR
    Flush,        ///< flushing the RQ (rxe flush_recv_queue)
    QpError,      ///< "error": the QP is in ERR and flushed
};

/// rxe_comp.c enum comp_state, by the stage the completer is in.
enum class CompState : std::uint8_t {
    Idle,        ///< "idle"
    CheckAck,    ///< COMPST_CHECK_ACK
    CompWqe,     ///< COMPST_COMP_WQE
    Read,        ///< COMPST_READ
    Atomic,      ///< COMPST_ATOMIC
    RnrRetry,    ///< COMPST_RNR_RETRY
    ErrorRetry,  ///< COMPST_ERROR_RETRY
    Error,       ///< COMPST_ERROR
    Flush,       ///< flushing the SQ (rxe flush_send_queue)
    QpError,     ///< "error": the QP is in ERR and flushed
};

/// The name shown for each state (event fields, state JSON, QP panel).
const char* requesterStateName(ReqState state);
const char* responderStateName(RespState state);
const char* completerStateName(CompState state);

}  // namespace commviz::rdma
