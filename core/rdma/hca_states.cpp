#include "rdma/hca_states.h"

namespace commviz::rdma {

const char* requesterStateName(ReqState state) {
    switch (state) {
        case ReqState::Idle:
            return "idle";
        case ReqState::Processing:
            return "processing";
        case ReqState::DmaRead:
            return "dma_read";
        case ReqState::WaitFence:
            return "wait_fence";
        case ReqState::WaitRdAtomic:
            return "wait_rd_atomic";
        case ReqState::WaitPsn:
            return "wait_psn";
        case ReqState::RnrWait:
            return "rnr_wait";
        case ReqState::Drained:
            return "drained";
        case ReqState::Error:
            return "error";
    }
    return "idle";
}

// rxe_resp.c names its states RESPST_<name>; the panel shows <name>.
const char* responderStateName(RespState state) {
    switch (state) {
        case RespState::Idle:
            return "idle";
        case RespState::GetReq:
            return "GET_REQ";
        case RespState::ChkResource:
            return "CHK_RESOURCE";
        case RespState::Execute:
            return "EXECUTE";
        case RespState::ReadReply:
            return "READ_REPLY";
        case RespState::Complete:
            return "COMPLETE";
        case RespState::Acknowledge:
            return "ACKNOWLEDGE";
        case RespState::AtomicReply:
            return "ATOMIC_REPLY";
        case RespState::Error:
            return "ERROR";
        case RespState::Flush:
            return "FLUSH";
        case RespState::QpError:
            return "error";
    }
    return "idle";
}

// rxe_comp.c names its states COMPST_<name>; the panel shows <name>.
const char* completerStateName(CompState state) {
    switch (state) {
        case CompState::Idle:
            return "idle";
        case CompState::CheckAck:
            return "CHECK_ACK";
        case CompState::CompWqe:
            return "COMP_WQE";
        case CompState::Read:
            return "READ";
        case CompState::Atomic:
            return "ATOMIC";
        case CompState::RnrRetry:
            return "RNR_RETRY";
        case CompState::ErrorRetry:
            return "ERROR_RETRY";
        case CompState::Error:
            return "ERROR";
        case CompState::Flush:
            return "FLUSH";
        case CompState::QpError:
            return "error";
    }
    return "idle";
}

}  // namespace commviz::rdma
