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

void nak(RespJob& job, std::uint8_t syndrome, sim::Text reason) {
    job.syndrome = syndrome;
    job.reason = std::move(reason);
    job.steps.push_back(RespStep::Nak);
}

// A class-A/C error: NAK the requester and take the responder QP to ERR too
// (rxe do_class_ac_error). With a receive WQE in hand it completes in error first.
void fatal(RespJob& job, std::uint8_t syndrome, sim::Text reason, std::optional<WcStatus> recvStatus,
           AsyncEventType asyncIfNoWqe) {
    if (recvStatus) {
        job.recvStatus = *recvStatus;
        job.steps.push_back(RespStep::ErrorRecvCqe);
    } else {
        job.asyncEvent = asyncIfNoWqe;
    }
    nak(job, syndrome, std::move(reason));
    job.steps.push_back(RespStep::GotoError);
}

// Most refusals are NAK Invalid Request with IBV_EVENT_QP_REQ_ERR and no receive WQE.
void invalidRequest(RespJob& job, sim::Text reason) {
    fatal(job, aeth::kNakInvalidReq, std::move(reason), std::nullopt, AsyncEventType::QpReqErr);
}

/// What kind of request the packet is part of.
struct RequestKind {
    bool send = false;
    bool write = false;
    bool read = false;
    bool atomic = false;
};

RequestKind classify(BthOpcode opcode) {
    return RequestKind{isSendOpcode(opcode), isWriteOpcode(opcode), opcode == BthOpcode::RdmaReadRequest,
                       isAtomicOp(opcode)};
}

/// The remote buffer a request names (RETH or AtomicETH) and the access it needs.
struct RemoteTarget {
    std::uint64_t va = 0;
    std::uint32_t rkey = 0;
    std::uint32_t dmaLen = 0;
    std::uint32_t access = 0;  ///< 0: the request names no remote buffer
};

RemoteTarget remoteTarget(const Packet& request, const RequestKind& kind) {
    if (request.reth && (kind.write || kind.read))
        return RemoteTarget{request.reth->va, request.reth->rkey, request.reth->dmaLen,
                            kind.write ? bits(AccessFlag::RemoteWrite) : bits(AccessFlag::RemoteRead)};
    if (kind.atomic && request.atomicEth)
        return RemoteTarget{request.atomicEth->va, request.atomicEth->rkey, 8, bits(AccessFlag::RemoteAtomic)};
    return RemoteTarget{};
}

bool recvBufferOk(Host& host, const Wqe& wqe) {
    for (const auto& sge : wqe.recv.sgList) {
        const MemoryRegion* mr = host.mrByLkey(sge.lkey);
        if (!mr || !mr->contains(sge.addr, sge.length) || !mr->allows(bits(AccessFlag::LocalWrite))) return false;
    }
    return true;
}

// rxe duplicate_request: SEND/WRITE are re-ACKed, a READ replayed from its saved resource,
// an atomic answered with its saved original value.
RespJob planDuplicate(QueuePair& qp, RespJob job) {
    const Packet& request = job.pkt;
    auto& resp = qp.resp;
    job.duplicate = true;
    job.reason = sim::identifierText("DUPLICATE_REQUEST");
    if (request.opcode == BthOpcode::RdmaReadRequest) {
        for (const auto& res : resp.resources) {
            if (res.opcode != BthOpcode::RdmaReadRequest || psnLess(request.psn, res.firstPsn) ||
                psnLess(res.lastPsn, request.psn))
                continue;
            job.res = res;
            job.readIndex = static_cast<std::uint32_t>(psnDiff(request.psn, res.firstPsn));
            job.readPackets = res.length == 0 ? 1 : (res.length + qp.mtu() - 1) / qp.mtu();
            job.steps.push_back(RespStep::ReadReply);
            return job;
        }
        return job;  // no saved resource: dropped
    }
    if (isAtomicOp(request.opcode)) {
        for (const auto& res : resp.resources)
            if (isAtomicOp(res.opcode) && res.firstPsn == request.psn) {
                job.res = res;
                job.ackPsn = request.psn;
                job.steps.push_back(RespStep::AtomicAck);
                return job;
            }
        return job;
    }
    job.ackPsn = psnAdd(resp.psn, -1);  // re-ACK the latest: SEND/WRITE are not executed again
    job.steps.push_back(RespStep::Ack);
    return job;
}

// rxe check_psn for a packet ahead of the expected PSN: one PSN-sequence NAK per gap, the rest
// dropped until the expected PSN arrives (IBTA spec vol 1 §9.7.5.1.2).
RespJob outOfSequence(ResponderState& resp, RespJob job) {
    if (resp.sentPsnNak) {
        job.reason = rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "ERR_PSN_OUT_OF_SEQ (NAK already sent)"));
        return job;  // silently dropped
    }
    resp.sentPsnNak = true;
    job.ackPsn = resp.psn;
    nak(job, aeth::kNakPsnSeqError, sim::identifierText("ERR_PSN_OUT_OF_SEQ"));
    return job;
}

// rxe check_op_seq: FIRST/MIDDLE/LAST of one message must come in order.
bool checkOpSeq(const ResponderState& resp, const RequestKind& kind, BthOpcode opcode, RespJob& job) {
    const auto last = resp.lastOpcode;
    const bool inSend = last && (*last == BthOpcode::SendFirst || *last == BthOpcode::SendMiddle);
    const bool inWrite = last && (*last == BthOpcode::RdmaWriteFirst || *last == BthOpcode::RdmaWriteMiddle);
    const bool continues = isMiddleOrLast(opcode);
    if ((inSend && !(kind.send && continues)) || (inWrite && !(kind.write && continues))) {
        invalidRequest(job, sim::identifierText("ERR_MISSING_OPCODE_LAST"));
        return false;
    }
    if (!inSend && !inWrite && continues) {
        invalidRequest(job, sim::identifierText("ERR_MISSING_OPCODE_FIRST"));
        return false;
    }
    return true;
}

// rxe check_op_valid: the QP must allow the remote operation (qp_access_flags).
bool checkOpValid(const QueuePair& qp, const RequestKind& kind, RespJob& job) {
    const std::uint32_t access = qp.attr.qp_access_flags;
    if ((kind.write && !(access & bits(AccessFlag::RemoteWrite))) ||
        (kind.read && !(access & bits(AccessFlag::RemoteRead))) ||
        (kind.atomic && !(access & bits(AccessFlag::RemoteAtomic)))) {
        invalidRequest(job, sim::identifierText("ERR_UNSUPPORTED_OPCODE"));
        return false;
    }
    return true;
}

// rxe check_resource: a receive WQE for SEND / WRITE_WITH_IMM, a READ/atomic resource.
bool checkResource(Host& host, QueuePair& qp, const RequestKind& kind, RespJob& job) {
    auto& resp = qp.resp;
    if (needsRecvWqe(job.pkt.opcode)) {
        Wqe* wqe = qp.rq.at(resp.rqPos);
        if (!wqe) {
            // RNR NAK: nothing is executed; later packets of this message are dropped quietly.
            resp.sentPsnNak = true;
            nak(job, static_cast<std::uint8_t>(aeth::kRnrNak | (qp.attr.min_rnr_timer & 0x1f)),
                sim::identifierText("ERR_RNR"));
            return false;
        }
        job.steps.push_back(RespStep::ConsumeRecvWqe);
        if (!recvBufferOk(host, *wqe)) {
            fatal(job, aeth::kNakRemOpErr,
                  rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "ERR_LOCAL_PROTECTION (receive buffer)")),
                  WcStatus::LocProtErr, AsyncEventType::QpFatal);
            return false;
        }
    }
    if ((kind.read || kind.atomic) && qp.attr.max_dest_rd_atomic == 0) {
        invalidRequest(job, sim::identifierText("ERR_TOO_MANY_RDMA_ATM_REQ"));
        return false;
    }
    return true;
}

// The receive WQE a refusal completes in error, if the message has one.
std::optional<WcStatus> recvStatusIf(bool hasRecvWqe, WcStatus status) {
    return hasRecvWqe ? std::optional<WcStatus>(status) : std::nullopt;
}

// rxe check_length: FIRST/MIDDLE carry exactly MTU bytes, LAST 1..MTU, ONLY 0..MTU, and a SEND
// must fit its receive buffer.
bool checkLength(const QueuePair& qp, const RequestKind& kind, bool hasRecvWqe, RespJob& job) {
    const auto& resp = qp.resp;
    const BthOpcode opcode = job.pkt.opcode;
    const auto length = static_cast<std::uint32_t>(job.pkt.payload.size());
    const bool firstOrMiddle = opcode == BthOpcode::SendFirst || opcode == BthOpcode::SendMiddle ||
                               opcode == BthOpcode::RdmaWriteFirst || opcode == BthOpcode::RdmaWriteMiddle;
    if ((kind.send || kind.write) && ((firstOrMiddle && length != qp.mtu()) || length > qp.mtu())) {
        fatal(job, aeth::kNakInvalidReq, rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "ERR_LENGTH (packet size)")),
              recvStatusIf(hasRecvWqe, WcStatus::LocLenErr), AsyncEventType::QpReqErr);
        return false;
    }
    if (!kind.send) return true;
    const bool firstPacket = !job.steps.empty();
    const Wqe* wqe = firstPacket ? qp.rq.at(resp.rqPos) : (resp.curRecv ? qp.rq.at(*resp.curRecv) : nullptr);
    const std::uint32_t offset = firstPacket ? 0 : resp.recvOffset;
    if (wqe && offset + length > wqe->length()) {
        // hardware: LOC_LEN_ERR at the receiver, NAK Invalid Request -> REM_INV_REQ_ERR at the sender
        fatal(job, aeth::kNakInvalidReq,
              rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "ERR_LENGTH (receive buffer too small)")),
              WcStatus::LocLenErr, AsyncEventType::QpReqErr);
        return false;
    }
    return true;
}

// rxe check_rkey: the rkey must name an MR that allows the access and holds the whole range.
bool checkRkey(Host& host, const RequestKind& kind, const RemoteTarget& target, bool hasRecvWqe, RespJob& job) {
    if (kind.atomic && target.access && (target.va & 7)) {
        invalidRequest(job, sim::identifierText("ERR_MISALIGNED_ATOMIC"));
        return false;
    }
    // A zero-byte READ or WRITE need not carry a valid address or rkey (IBTA spec vol 1 C9-88;
    // rxe check_rkey returns RESPST_EXECUTE for reth_len 0).
    const bool zeroLengthRdma = (kind.write || kind.read) && job.pkt.reth && target.dmaLen == 0;
    if (!target.access || zeroLengthRdma) return true;
    const MemoryRegion* mr = host.mrByRkey(target.rkey);
    if (!mr || !mr->allows(target.access) || !mr->contains(target.va, target.dmaLen)) {
        fatal(job, aeth::kNakRemAccErr, sim::identifierText("ERR_RKEY_VIOLATION"),
              recvStatusIf(hasRecvWqe, WcStatus::LocAccessErr), AsyncEventType::QpAccessErr);
        return false;
    }
    return true;
}

// A WRITE's later packets must stay inside the length its RETH announced.
bool checkWriteLength(const ResponderState& resp, const RequestKind& kind, RespJob& job) {
    const auto length = static_cast<std::uint32_t>(job.pkt.payload.size());
    if (kind.write && !job.pkt.reth && resp.writeOffset + length > resp.writeLen) {
        invalidRequest(job, rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "ERR_LENGTH (beyond RETH length)")));
        return false;
    }
    return true;
}

// Saves a READ/atomic so a duplicate can be answered again (rxe rxe_prepare_res).
void saveResource(ResponderState& resp, const RdAtomicResource& resource) {
    if (resp.resources.empty()) return;
    resp.resources[resp.resNext] = resource;
    resp.resNext = (resp.resNext + 1) % resp.resources.size();
}

// The PSN/MSN bookkeeping of an accepted READ or atomic (rxe execute and cleanup).
void finishReadOrAtomic(ResponderState& resp, std::uint32_t lastPsn) {
    resp.psn = psnAdd(lastPsn, 1);
    ++resp.msn;
    resp.lastOpcode.reset();
}

RespJob acceptRead(QueuePair& qp, const RemoteTarget& target, RespJob job) {
    const Packet& request = job.pkt;
    job.res = RdAtomicResource{request.opcode, request.psn, request.psn, target.va, target.rkey, target.dmaLen, 0};
    job.readPackets = target.dmaLen == 0 ? 1 : (target.dmaLen + qp.mtu() - 1) / qp.mtu();
    job.res.lastPsn = psnAdd(request.psn, job.readPackets - 1);
    saveResource(qp.resp, job.res);
    job.steps.push_back(RespStep::ReadReply);
    finishReadOrAtomic(qp.resp, job.res.lastPsn);
    return job;
}

RespJob acceptAtomic(QueuePair& qp, const RemoteTarget& target, RespJob job) {
    const Packet& request = job.pkt;
    job.res = RdAtomicResource{request.opcode, request.psn, request.psn, target.va, target.rkey, 8, 0};
    job.steps.push_back(RespStep::AtomicExecute);
    job.steps.push_back(RespStep::AtomicAck);
    finishReadOrAtomic(qp.resp, request.psn);
    return job;
}

// SEND / WRITE: place the data, complete the receive WQE on the last packet, ACK if asked.
RespJob acceptSendOrWrite(QueuePair& qp, const RequestKind& kind, const RemoteTarget& target, RespJob job) {
    auto& resp = qp.resp;
    const Packet& request = job.pkt;
    if (kind.write && request.reth) {
        resp.writeVa = target.va;
        resp.writeRkey = target.rkey;
        resp.writeLen = target.dmaLen;
        resp.writeOffset = 0;
    }
    const bool lastPacket = isLastOrOnly(request.opcode);
    if (!request.payload.empty()) job.steps.push_back(RespStep::PlaceData);
    if (lastPacket && (kind.send || hasImmediate(request.opcode))) job.steps.push_back(RespStep::CompleteRecv);
    if (lastPacket) ++resp.msn;
    if (request.ackReq) job.steps.push_back(RespStep::Ack);
    resp.psn = psnAdd(request.psn, 1);
    resp.lastOpcode = lastPacket ? std::nullopt : std::optional<BthOpcode>(request.opcode);
    return job;
}

}  // namespace

RespJob planRequest(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, const Packet& request) {
    auto& resp = qp.resp;
    Host& host = world.host(hostIndex);
    RespJob job;
    job.pkt = request;
    job.ackPsn = request.psn;
    const std::int32_t ahead = psnDiff(request.psn, resp.psn);  // rxe check_psn
    if (ahead > 0) return outOfSequence(resp, std::move(job));
    if (ahead < 0) return planDuplicate(qp, std::move(job));
    resp.sentPsnNak = false;

    const RequestKind kind = classify(request.opcode);
    if (!checkOpSeq(resp, kind, request.opcode, job) || !checkOpValid(qp, kind, job) ||
        !checkResource(host, qp, kind, job))
        return job;
    const bool hasRecvWqe = !job.steps.empty() || (kind.send && resp.curRecv);
    const RemoteTarget target = remoteTarget(request, kind);
    if (!checkLength(qp, kind, hasRecvWqe, job) || !checkRkey(host, kind, target, hasRecvWqe, job) ||
        !checkWriteLength(resp, kind, job))
        return job;
    if (kind.read) return acceptRead(qp, target, std::move(job));
    if (kind.atomic) return acceptAtomic(qp, target, std::move(job));
    return acceptSendOrWrite(qp, kind, target, std::move(job));
}

}  // namespace commviz::rdma
