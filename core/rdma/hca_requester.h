#pragma once

#include "rdma/rdma_world.h"

namespace commviz::rdma {

/// rxe_requester: one micro-step of a QP's send side. Picks the WQE at
/// req.wqe_index (honouring FENCE, max_rd_atomic and the 128-PSN window),
/// reads its payload by DMA packet by packet and sends FIRST/MIDDLE/LAST/ONLY
/// packets by path MTU, setting AckReq on the last one and arming the
/// retransmit timer.
void runRequester(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, EventOut& out);

/// Go-back-N (rxe_req.c req_retry, asked for by the completer's COMPST_ERROR_RETRY): resend from `psn`, the oldest
/// unacknowledged PSN.
void rewindRequester(QueuePair& qp, std::uint32_t psn);

/// Gathers `length` bytes at `offset` of a WQE's local scatter list.
std::vector<std::uint8_t> gatherPayload(Host& host, const Wqe& wqe, std::uint32_t offset, std::uint32_t length);

}  // namespace commviz::rdma
