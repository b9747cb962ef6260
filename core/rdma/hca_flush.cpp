// An ERR QP flushes its queues (Linux drivers/infiniband/sw/rxe/rxe_comp.c flush_send_queue and
// rxe_resp.c flush_recv_queue).

#include <algorithm>

#include "rdma/hca_completer.h"

namespace commviz::rdma {

void runFlush(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, EventOut& out) {
    if (qp.state != QpState::Err) return;
    for (std::uint64_t pos = qp.sq.tail; pos < qp.sq.head; ++pos) {
        Wqe* wqe = qp.sq.at(pos);
        if (!wqe || wqe->completed) continue;
        wqe->state = WqeState::Done;
        wqe->completed = true;
        wqe->status = WcStatus::WrFlushErr;
        qp.comp.wqePos = std::max(qp.comp.wqePos, pos + 1);
        qp.comp.state = CompState::Flush;
        world.writeCqe(hostIndex, qp, makeSendCqe(*wqe, WcStatus::WrFlushErr), out, "rxe_completer: flush_send_queue");
        world.kick(ActionKind::Flush, hostIndex, qp, world.config().timing.cqeWriteNs);
        return;
    }
    for (std::uint64_t pos = qp.rq.tail; pos < qp.rq.head; ++pos) {
        Wqe* wqe = qp.rq.at(pos);
        if (!wqe || wqe->completed) continue;
        wqe->state = WqeState::Done;
        wqe->completed = true;
        wqe->status = WcStatus::WrFlushErr;
        qp.resp.rqPos = std::max(qp.resp.rqPos, pos + 1);
        qp.resp.state = RespState::Flush;
        Cqe cqe;
        cqe.fromSq = false;
        cqe.wqe = wqe->id;
        cqe.wqePos = pos;
        cqe.wrId = wqe->wrId();
        cqe.status = WcStatus::WrFlushErr;
        cqe.opcode = WcOpcode::Recv;
        world.writeCqe(hostIndex, qp, cqe, out, "rxe_responder: flush_recv_queue");
        world.kick(ActionKind::Flush, hostIndex, qp, world.config().timing.cqeWriteNs);
        return;
    }
    qp.comp.state = CompState::QpError;
    qp.resp.state = RespState::QpError;
}

}  // namespace commviz::rdma
