// The checking half of rxe_resp.c: decides what the responder will do with a
// request packet. Executing the plan is in hca_responder.cpp.

#include "rdma/engine_text.h"
#include "rdma/hca_responder.h"
#include "rdma/psn.h"

namespace commviz::rdma {

namespace {

bool needsRecvWqe(BthOpcode op) {
    return op == BthOpcode::SendFirst || op == BthOpcode::SendOnly || op == BthOpcode::SendOnlyWithImmediate ||
           op == BthOpcode::RdmaWriteLastWithImmediate || op == BthOpcode::RdmaWriteOnlyWithImmediate;
}
bool isMiddleOrLast(BthOpcode op) {
    return op == BthOpcode::SendMiddle || op == BthOpcode::SendLast || op == BthOpcode::SendLastWithImmediate ||
           op == BthOpcode::RdmaWriteMiddle || op == BthOpcode::RdmaWriteLast ||
           op == BthOpcode::RdmaWriteLastWithImmediate;
}
bool isAtomicOp(BthOpcode op) { return op == BthOpcode::CompareSwap || op == BthOpcode::FetchAdd; }

RespJob nak(RespJob job, std::uint8_t syndrome, sim::Text reason) {
    job.syndrome = syndrome;
    job.reason = std::move(reason);
    job.steps.push_back(RespStep::Nak);
    return job;
}

// A class-A/C error: NAK the requester and take the responder QP to ERR too.
RespJob fatal(RespJob job, std::uint8_t syndrome, sim::Text reason, std::optional<WcStatus> recvStatus,
              AsyncEventType asyncIfNoWqe) {
    if (recvStatus) {
        job.recvStatus = *recvStatus;
        job.steps.push_back(RespStep::ErrorRecvCqe);
    } else {
        job.asyncEvent = asyncIfNoWqe;
    }
    job = nak(std::move(job), syndrome, std::move(reason));
    job.steps.push_back(RespStep::GotoError);
    return job;
}

bool recvBufferOk(Host& host, const Wqe& wqe) {
    for (const auto& sge : wqe.recv.sgList) {
        const MemoryRegion* mr = host.mrByLkey(sge.lkey);
        if (!mr || !mr->contains(sge.addr, sge.length) || !mr->allows(bits(AccessFlag::LocalWrite))) return false;
    }
    return true;
}

RespJob planDuplicate(QueuePair& qp, RespJob job) {
    const Packet& p = job.pkt;
    auto& r = qp.resp;
    job.duplicate = true;
    job.reason = sim::identifierText("DUPLICATE_REQUEST");
    if (p.opcode == BthOpcode::RdmaReadRequest) {
        for (const auto& res : r.resources) {
            if (res.opcode != BthOpcode::RdmaReadRequest || psnLess(p.psn, res.firstPsn) || psnLess(res.lastPsn, p.psn))
                continue;
            job.res = res;
            job.readIndex = static_cast<std::uint32_t>(psnDiff(p.psn, res.firstPsn));
            job.readPackets = res.length == 0 ? 1 : (res.length + qp.mtu() - 1) / qp.mtu();
            job.steps.push_back(RespStep::ReadReply);
            return job;
        }
        return job;  // no saved resource: dropped
    }
    if (isAtomicOp(p.opcode)) {
        for (const auto& res : r.resources)
            if (isAtomicOp(res.opcode) && res.firstPsn == p.psn) {
                job.res = res;
                job.ackPsn = p.psn;
                job.steps.push_back(RespStep::AtomicAck);
                return job;
            }
        return job;
    }
    job.ackPsn = psnAdd(r.psn, -1);  // re-ACK the latest: SEND/WRITE are not executed again
    job.steps.push_back(RespStep::Ack);
    return job;
}

}  // namespace

RespJob planRequest(RdmaWorld& w, std::uint32_t h, QueuePair& qp, const Packet& p) {
    auto& r = qp.resp;
    Host& host = w.host(h);
    RespJob job;
    job.pkt = p;
    job.ackPsn = p.psn;
    // check_psn
    const std::int32_t diff = psnDiff(p.psn, r.psn);
    if (diff > 0) {
        if (r.sentPsnNak) {
            job.reason = rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "ERR_PSN_OUT_OF_SEQ (NAK already sent)"));
            return job;  // silently dropped
        }
        r.sentPsnNak = true;
        job.ackPsn = r.psn;
        return nak(std::move(job), aeth::kNakPsnSeqError, sim::identifierText("ERR_PSN_OUT_OF_SEQ"));
    }
    if (diff < 0) return planDuplicate(qp, std::move(job));
    r.sentPsnNak = false;

    const bool send = isSendOpcode(p.opcode), write = isWriteOpcode(p.opcode);
    const bool read = p.opcode == BthOpcode::RdmaReadRequest, atomic = isAtomicOp(p.opcode);
    // check_op_seq: FIRST/MIDDLE/LAST must come in order
    const bool inSend =
        r.lastOpcode && (*r.lastOpcode == BthOpcode::SendFirst || *r.lastOpcode == BthOpcode::SendMiddle);
    const bool inWrite =
        r.lastOpcode && (*r.lastOpcode == BthOpcode::RdmaWriteFirst || *r.lastOpcode == BthOpcode::RdmaWriteMiddle);
    if ((inSend && !(send && isMiddleOrLast(p.opcode))) || (inWrite && !(write && isMiddleOrLast(p.opcode))))
        return fatal(std::move(job), aeth::kNakInvalidReq, sim::identifierText("ERR_MISSING_OPCODE_LAST"), std::nullopt,
                     AsyncEventType::QpReqErr);
    if (!inSend && !inWrite && isMiddleOrLast(p.opcode))
        return fatal(std::move(job), aeth::kNakInvalidReq, sim::identifierText("ERR_MISSING_OPCODE_FIRST"),
                     std::nullopt, AsyncEventType::QpReqErr);
    // check_op_valid: the QP must allow the remote operation (qp_access_flags)
    const std::uint32_t acc = qp.attr.qp_access_flags;
    if ((write && !(acc & bits(AccessFlag::RemoteWrite))) || (read && !(acc & bits(AccessFlag::RemoteRead))) ||
        (atomic && !(acc & bits(AccessFlag::RemoteAtomic))))
        return fatal(std::move(job), aeth::kNakInvalidReq, sim::identifierText("ERR_UNSUPPORTED_OPCODE"), std::nullopt,
                     AsyncEventType::QpReqErr);
    // check_resource
    if (needsRecvWqe(p.opcode)) {
        Wqe* wqe = qp.rq.at(r.rqPos);
        if (!wqe) {
            // RNR NAK: nothing is executed; later packets of this message are dropped quietly.
            r.sentPsnNak = true;
            return nak(std::move(job), static_cast<std::uint8_t>(aeth::kRnrNak | (qp.attr.min_rnr_timer & 0x1f)),
                       sim::identifierText("ERR_RNR"));
        }
        job.steps.push_back(RespStep::ConsumeRecvWqe);
        if (!recvBufferOk(host, *wqe))
            return fatal(std::move(job), aeth::kNakRemOpErr,
                         rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "ERR_LOCAL_PROTECTION (receive buffer)")),
                         WcStatus::LocProtErr, AsyncEventType::QpFatal);
    }
    if ((read || atomic) && qp.attr.max_dest_rd_atomic == 0)
        return fatal(std::move(job), aeth::kNakInvalidReq, sim::identifierText("ERR_TOO_MANY_RDMA_ATM_REQ"),
                     std::nullopt, AsyncEventType::QpReqErr);
    const bool hasWqe = !job.steps.empty() || (send && r.curRecv);
    // check_length: FIRST/MIDDLE carry exactly MTU bytes, LAST 1..MTU, ONLY 0..MTU
    const auto len = static_cast<std::uint32_t>(p.payload.size());
    const bool firstOrMiddle = p.opcode == BthOpcode::SendFirst || p.opcode == BthOpcode::SendMiddle ||
                               p.opcode == BthOpcode::RdmaWriteFirst || p.opcode == BthOpcode::RdmaWriteMiddle;
    if ((send || write) && ((firstOrMiddle && len != qp.mtu()) || len > qp.mtu()))
        return fatal(std::move(job), aeth::kNakInvalidReq,
                     rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "ERR_LENGTH (packet size)")),
                     hasWqe ? std::optional<WcStatus>(WcStatus::LocLenErr) : std::nullopt, AsyncEventType::QpReqErr);
    if (send) {
        const Wqe* wqe = job.steps.empty() ? (r.curRecv ? qp.rq.at(*r.curRecv) : nullptr) : qp.rq.at(r.rqPos);
        const std::uint32_t offset = job.steps.empty() ? r.recvOffset : 0;
        if (wqe && offset + len > wqe->length())
            // hardware: LOC_LEN_ERR at the receiver, NAK Invalid Request -> REM_INV_REQ_ERR at the sender
            return fatal(std::move(job), aeth::kNakInvalidReq,
                         rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "ERR_LENGTH (receive buffer too small)")),
                         WcStatus::LocLenErr, AsyncEventType::QpReqErr);
    }
    // check_rkey
    std::uint64_t va = 0;
    std::uint32_t rkey = 0, dmaLen = 0, need = 0;
    if (p.reth && (write || read)) {
        va = p.reth->va;
        rkey = p.reth->rkey;
        dmaLen = p.reth->dmaLen;
        need = write ? bits(AccessFlag::RemoteWrite) : bits(AccessFlag::RemoteRead);
    } else if (atomic && p.atomicEth) {
        va = p.atomicEth->va;
        rkey = p.atomicEth->rkey;
        dmaLen = 8;
        need = bits(AccessFlag::RemoteAtomic);
        if (va & 7)
            return fatal(std::move(job), aeth::kNakInvalidReq, sim::identifierText("ERR_MISALIGNED_ATOMIC"),
                         std::nullopt, AsyncEventType::QpReqErr);
    }
    // A zero-byte READ or WRITE need not carry a valid address or rkey (IBTA C9-88; rxe
    // check_rkey returns RESPST_EXECUTE for reth_len 0).
    const bool zeroLengthRdma = (write || read) && p.reth && dmaLen == 0;
    if (need && !zeroLengthRdma) {
        const MemoryRegion* mr = host.mrByRkey(rkey);
        if (!mr || !mr->allows(need) || !mr->contains(va, dmaLen))
            return fatal(std::move(job), aeth::kNakRemAccErr, sim::identifierText("ERR_RKEY_VIOLATION"),
                         hasWqe ? std::optional<WcStatus>(WcStatus::LocAccessErr) : std::nullopt,
                         AsyncEventType::QpAccessErr);
    }
    if (write && !p.reth && r.writeOffset + len > r.writeLen)
        return fatal(std::move(job), aeth::kNakInvalidReq,
                     rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "ERR_LENGTH (beyond RETH length)")), std::nullopt,
                     AsyncEventType::QpReqErr);

    // Accepted: the plan, and the PSN bookkeeping (rxe update in execute/cleanup).
    if (write && p.reth) {
        r.writeVa = va;
        r.writeRkey = rkey;
        r.writeLen = dmaLen;
        r.writeOffset = 0;
    }
    if (read) {
        job.res = RdAtomicResource{p.opcode, p.psn, p.psn, va, rkey, dmaLen, 0};
        job.readPackets = dmaLen == 0 ? 1 : (dmaLen + qp.mtu() - 1) / qp.mtu();
        job.res.lastPsn = psnAdd(p.psn, job.readPackets - 1);
        if (!r.resources.empty()) {
            r.resources[r.resNext] = job.res;
            r.resNext = (r.resNext + 1) % r.resources.size();
        }
        job.steps.push_back(RespStep::ReadReply);
        r.psn = psnAdd(job.res.lastPsn, 1);
        ++r.msn;
        r.lastOpcode.reset();
        return job;
    }
    if (atomic) {
        job.res = RdAtomicResource{p.opcode, p.psn, p.psn, va, rkey, 8, 0};
        job.steps.push_back(RespStep::AtomicExecute);
        job.steps.push_back(RespStep::AtomicAck);
        r.psn = psnAdd(p.psn, 1);
        ++r.msn;
        r.lastOpcode.reset();
        return job;
    }
    if (len > 0) job.steps.push_back(RespStep::PlaceData);
    if (isLastOrOnly(p.opcode) && (send || hasImmediate(p.opcode))) job.steps.push_back(RespStep::CompleteRecv);
    if (isLastOrOnly(p.opcode)) ++r.msn;
    if (p.ackReq) job.steps.push_back(RespStep::Ack);
    r.psn = psnAdd(p.psn, 1);
    r.lastOpcode = isLastOrOnly(p.opcode) ? std::nullopt : std::optional<BthOpcode>(p.opcode);
    return job;
}

}  // namespace commviz::rdma
