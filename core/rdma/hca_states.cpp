#include "rdma/hca_states.h"

#include "sim/enum_names.h"

namespace commviz::rdma {

namespace {

constexpr sim::EnumNames<ReqState::Error> kRequesterStates({"idle", "processing", "dma_read", "wait_fence",
                                                            "wait_rd_atomic", "wait_psn", "rnr_wait", "drained",
                                                            "error"});

// rxe_resp.c names its states RESPST_<name>; the panel shows <name>.
constexpr sim::EnumNames<RespState::QpError> kResponderStates({"idle", "GET_REQ", "CHK_RESOURCE", "EXECUTE",
                                                               "READ_REPLY", "COMPLETE", "ACKNOWLEDGE", "ATOMIC_REPLY",
                                                               "ERROR", "FLUSH", "error"});

// rxe_comp.c names its states COMPST_<name>; the panel shows <name>.
constexpr sim::EnumNames<CompState::QpError> kCompleterStates({"idle", "CHECK_ACK", "COMP_WQE", "READ", "ATOMIC",
                                                               "RNR_RETRY", "ERROR_RETRY", "ERROR", "FLUSH", "error"});

}  // namespace

const char* requesterStateName(ReqState state) { return kRequesterStates(state, "idle").data(); }
const char* responderStateName(RespState state) { return kResponderStates(state, "idle").data(); }
const char* completerStateName(CompState state) { return kCompleterStates(state, "idle").data(); }

}  // namespace commviz::rdma
