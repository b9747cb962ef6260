#pragma once

#include "rdma/rdma_world.h"

namespace commviz::rdma {

/// rxe_responder: one micro-step. A request packet goes through rxe's checks
/// (check_psn, check_op_seq, check_op_valid, check_resource, check_length,
/// check_rkey) into a plan, then the plan runs one step at a time: consume the
/// receive WQE, place the data, execute the atomic, generate READ responses,
/// write the receive CQE, ACK or NAK. Duplicates are re-ACKed (SEND/WRITE),
/// replayed (READ) or answered with the saved original value (atomics).
void runResponder(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, EventOut& out);

/// The plan for one in-sequence or duplicate request packet (no side effects
/// on memory; PSN bookkeeping is advanced for accepted packets).
RespJob planRequest(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, const Packet& request);

}  // namespace commviz::rdma
