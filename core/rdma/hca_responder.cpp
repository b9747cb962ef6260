// The executing half of the responder (Linux drivers/infiniband/sw/rxe/rxe_resp.c): runs the
// plan hca_responder_plan.cpp made for a request, one rxe stage per step.

#include "rdma/hca_responder.h"

#include <algorithm>

#include "rdma/engine_text.h"
#include "rdma/hca_dma.h"
#include "rdma/psn.h"
#include "rdma/verbs_driver.h"
#include "rdma/verbs_names.h"

namespace commviz::rdma {

namespace {

// The rxe resp_states stage that runs a plan step.
RespState stateFor(RespStep step) {
    switch (step) {
        case RespStep::ConsumeRecvWqe:
            return RespState::ChkResource;
        case RespStep::PlaceData:
        case RespStep::AtomicExecute:
            return RespState::Execute;
        case RespStep::ReadReply:
            return RespState::ReadReply;
        case RespStep::CompleteRecv:
        case RespStep::ErrorRecvCqe:
            return RespState::Complete;
        case RespStep::Ack:
        case RespStep::Nak:
            return RespState::Acknowledge;
        case RespStep::AtomicAck:
            return RespState::AtomicReply;
        case RespStep::GotoError:
            return RespState::Error;
    }
    return RespState::GetReq;
}

/// The host, QP and job one responder step works on.
struct RespContext {
    RdmaWorld& world;
    std::uint32_t hostIndex;
    QueuePair& qp;
    RespJob& job;
    EventOut& out;

    Host& host() const { return world.host(hostIndex); }
    ResponderState& resp() const { return qp.resp; }
    const Packet& request() const { return job.pkt; }
};

// AETH with the responder's MSN; MSN is 24 bits on the wire like a PSN.
Aeth responderAeth(const QueuePair& qp, std::uint8_t syndrome) { return Aeth{syndrome, qp.resp.msn & kPsnMask}; }

// The one place an ACKNOWLEDGE, ATOMIC_ACKNOWLEDGE or NAK is built (rxe prepare_ack_packet).
Packet ackPacket(const RespContext& ctx, BthOpcode opcode, std::uint8_t syndrome) {
    Packet ack;
    ack.opcode = opcode;
    ack.psn = ctx.job.ackPsn;
    ack.aeth = responderAeth(ctx.qp, syndrome);
    if (opcode == BthOpcode::AtomicAcknowledge) ack.atomicAckEth = ctx.job.res.originalValue;
    ack.wqe = ctx.request().wqe;
    return ack;
}

// Records the event, sends the packet, then names the sent packet in the event.
template <class Event>
void transmitWithEvent(const RespContext& ctx, Packet packet, Event event, const std::string& anchor) {
    ctx.out.push_back(std::move(event));
    const std::size_t at = ctx.out.size() - 1;
    const Packet& sent = ctx.world.transmit(ctx.hostIndex, ctx.qp, std::move(packet), ctx.out, anchor);
    std::get<Event>(ctx.out[at]).packet = sent.id;
}

// rxe check_resource: the receive WQE at the RQ head now belongs to this message.
void consumeRecvWqe(const RespContext& ctx) {
    auto& resp = ctx.resp();
    Wqe* wqe = ctx.qp.rq.at(resp.rqPos);
    if (!wqe) return;
    resp.curRecv = resp.rqPos++;
    resp.recvOffset = 0;
    wqe->state = WqeState::Processing;
    ctx.out.push_back(RecvWqeConsumed{"rxe_responder: check_resource", ctx.host().name, ctx.qp.id, wqe->id,
                                      ctx.request().id, wqe->slot, wqe->wrId()});
}

void pushDataWritten(const RespContext& ctx, const ScatterTarget& target, std::uint64_t offset) {
    const Packet& request = ctx.request();
    ctx.out.push_back(MemoryWritten{"rxe_responder: execute", ctx.host().name, ctx.qp.id, target.mrId, request.id,
                                    target.addr, offset, static_cast<std::uint32_t>(request.payload.size()),
                                    isSendOpcode(request.opcode) ? "send data" : "rdma write"});
}

// rxe send_data_in: SEND payload into the receive WQE's scatter list.
void sendDataIn(const RespContext& ctx) {
    auto& resp = ctx.resp();
    Wqe* wqe = resp.curRecv ? ctx.qp.rq.at(*resp.curRecv) : nullptr;
    if (!wqe) return;
    const std::uint64_t offset = resp.recvOffset;
    const ScatterTarget target = scatterToSgList(ctx.host(), wqe->recv.sgList, offset, ctx.request().payload);
    resp.recvOffset += static_cast<std::uint32_t>(ctx.request().payload.size());
    wqe->bytesReceived = resp.recvOffset;
    pushDataWritten(ctx, target, offset);
}

// rxe write_data_in: RDMA WRITE payload at the RETH address plus what earlier packets wrote.
void writeDataIn(const RespContext& ctx) {
    auto& resp = ctx.resp();
    MemoryRegion* mr = ctx.host().mrByRkey(resp.writeRkey);
    if (!mr) return;
    const ScatterTarget target{mr->id, resp.writeVa + resp.writeOffset};
    const std::uint64_t offset = target.addr - mr->addr;
    mr->bytes.write(offset, ctx.request().payload);
    resp.writeOffset += static_cast<std::uint32_t>(ctx.request().payload.size());
    pushDataWritten(ctx, target, offset);
}

// rxe do_complete: the receive CQE, successful or with the error the plan chose.
void doComplete(const RespContext& ctx, WcStatus status) {
    auto& resp = ctx.resp();
    Wqe* wqe = resp.curRecv ? ctx.qp.rq.at(*resp.curRecv) : nullptr;
    if (!wqe) return;
    const Packet& request = ctx.request();
    const bool writeWithImm = isWriteOpcode(request.opcode);
    Cqe cqe;
    cqe.fromSq = false;
    cqe.wqe = wqe->id;
    cqe.wqePos = wqe->pos;
    cqe.wrId = wqe->wrId();
    cqe.status = status;
    cqe.opcode = writeWithImm ? WcOpcode::RecvRdmaWithImm : WcOpcode::Recv;
    cqe.byteLen = writeWithImm ? resp.writeLen : resp.recvOffset;
    if (hasImmediate(request.opcode) && status == WcStatus::Success) {
        cqe.immData = request.immDt.value_or(0);
        cqe.wcFlags |= bits(WcFlag::WithImm);
    }
    wqe->state = WqeState::Done;
    wqe->status = status;
    wqe->completed = true;
    resp.curRecv.reset();
    ctx.world.writeCqe(ctx.hostIndex, ctx.qp, cqe, ctx.out, "rxe_responder: do_complete");
}

// rxe send_ack: a cumulative ACK, or the re-ACK of a duplicate (rxe duplicate_request).
void sendAck(const RespContext& ctx) {
    Packet ack = ackPacket(ctx, BthOpcode::Acknowledge, aeth::kAckUnlimited);
    AckSent event{ctx.job.duplicate ? "rxe_responder: duplicate_request" : "rxe_responder: send_ack",
                  ctx.host().name,
                  ctx.qp.id,
                  "",
                  "ACKNOWLEDGE",
                  ack.psn,
                  ack.aeth->syndrome,
                  ack.aeth->msn,
                  ctx.job.duplicate};
    transmitWithEvent(ctx, std::move(ack), std::move(event), "rxe_responder: send_ack");
}

// rxe send_atomic_ack: ATOMIC_ACKNOWLEDGE with the original value.
void sendAtomicAck(const RespContext& ctx) {
    Packet ack = ackPacket(ctx, BthOpcode::AtomicAcknowledge, aeth::kAckUnlimited);
    AckSent event{"rxe_responder: atomic_reply",
                  ctx.host().name,
                  ctx.qp.id,
                  "",
                  "ATOMIC_ACKNOWLEDGE",
                  ack.psn,
                  ack.aeth->syndrome,
                  ack.aeth->msn,
                  ctx.job.duplicate};
    transmitWithEvent(ctx, std::move(ack), std::move(event), "rxe_responder: atomic_reply");
}

// rxe sends a NAK with send_ack(qp, syndrome, psn); the event names the check that decided it.
const char* nakAnchor(std::uint8_t syndrome) {
    if (aeth::isRnrNak(syndrome)) return "rxe_responder: check_resource";
    if (syndrome == aeth::kNakRemAccErr) return "rxe_responder: check_rkey";
    if (syndrome == aeth::kNakPsnSeqError) return "rxe_responder: check_psn";
    return "rxe_responder: send_ack";
}

void sendNak(const RespContext& ctx) {
    Packet nak = ackPacket(ctx, BthOpcode::Acknowledge, ctx.job.syndrome);
    NakSent event{
        nakAnchor(ctx.job.syndrome), ctx.host().name, ctx.qp.id, "", nak.psn, ctx.job.syndrome, ctx.job.reason};
    transmitWithEvent(ctx, std::move(nak), std::move(event), "rxe_responder: send_ack");
}

// rxe atomic_reply: read-modify-write 8 bytes and keep the original value.
void atomicReply(const RespContext& ctx) {
    auto& resp = ctx.resp();
    RdAtomicResource& resource = ctx.job.res;
    MemoryRegion* mr = ctx.host().mrByRkey(resource.rkey);
    if (!mr) return;
    const std::uint64_t offset = resource.va - mr->addr;
    const std::uint64_t original = loadU64(mr->bytes, offset);
    const Packet& request = ctx.request();
    const AtomicEth& atomicEth = *request.atomicEth;
    const std::uint64_t updated = request.opcode == BthOpcode::CompareSwap
                                      ? (original == atomicEth.compare ? atomicEth.swapAdd : original)
                                      : original + atomicEth.swapAdd;
    storeU64(mr->bytes, offset, updated);
    resource.originalValue = original;
    if (!resp.resources.empty()) {  // saved so a duplicate gets the same answer, not a second execution
        resp.resources[resp.resNext] = resource;
        resp.resNext = (resp.resNext + 1) % resp.resources.size();
    }
    ctx.out.push_back(MemoryWritten{"rxe_responder: atomic_reply", ctx.host().name, ctx.qp.id, mr->id, request.id,
                                    resource.va, offset, 8, "atomic"});
}

BthOpcode readResponseOpcode(std::uint32_t index, std::uint32_t packets) {
    if (packets == 1) return BthOpcode::RdmaReadResponseOnly;
    if (index == 0) return BthOpcode::RdmaReadResponseFirst;
    return index + 1 == packets ? BthOpcode::RdmaReadResponseLast : BthOpcode::RdmaReadResponseMiddle;
}

// The DMA read of one READ response packet's bytes (a zero-byte READ reads nothing).
void fetchReadChunk(const RespContext& ctx, std::uint32_t offset, std::uint32_t length) {
    RespJob& job = ctx.job;
    MemoryRegion* mr = ctx.host().mrByRkey(job.res.rkey);
    job.readChunk.clear();
    if (mr) {
        const std::uint64_t base = job.res.va - mr->addr + offset;
        job.readChunk.assign(mr->bytes.begin() + static_cast<std::ptrdiff_t>(base),
                             mr->bytes.begin() + static_cast<std::ptrdiff_t>(base + length));
    }
    job.readFetched = true;
    ctx.out.push_back(DmaRead{"rxe_responder: read_reply", ctx.host().name, ctx.qp.id, mr ? mr->id : "",
                              ctx.request().wqe, job.res.va + offset, length});
}

// rxe read_reply: one response packet per call, after its DMA read; true after the last.
bool readReply(const RespContext& ctx) {
    RespJob& job = ctx.job;
    const std::uint32_t mtu = ctx.qp.mtu();
    const std::uint32_t offset = job.readIndex * mtu;
    const std::uint32_t length = std::min(mtu, job.res.length - std::min(offset, job.res.length));
    if (length > 0 && !job.readFetched) {
        fetchReadChunk(ctx, offset, length);
        return false;
    }
    Packet response;
    response.opcode = readResponseOpcode(job.readIndex, job.readPackets);
    response.psn = psnAdd(job.res.firstPsn, job.readIndex);
    if (response.opcode != BthOpcode::RdmaReadResponseMiddle)
        response.aeth = responderAeth(ctx.qp, aeth::kAckUnlimited);
    response.payload = length > 0 ? job.readChunk : std::vector<std::uint8_t>{};
    response.wqe = ctx.request().wqe;
    response.retransmission = job.duplicate;
    ctx.world.transmit(ctx.hostIndex, ctx.qp, std::move(response), ctx.out, "rxe_responder: read_reply");
    job.readFetched = false;
    ++job.readIndex;
    return job.readIndex >= job.readPackets;
}

// do_class_ac_error: a class A/C error takes the responder QP to ERR.
void doClassAcError(const RespContext& ctx) {
    if (ctx.job.asyncEvent)
        ctx.world.raiseAsync(ctx.hostIndex, *ctx.job.asyncEvent, ctx.qp.id, ctx.out,
                             "rxe_responder: do_class_ac_error");
    ctx.world.qpError(ctx.hostIndex, ctx.qp, ctx.out, "rxe_responder: do_class_ac_error", ctx.job.reason);
}

// Returns true when the step is finished (READ_REPLY takes two micro-steps per packet).
bool executeStep(const RespContext& ctx) {
    const RespStep step = ctx.job.steps[ctx.job.next];
    switch (step) {
        case RespStep::ConsumeRecvWqe:
            consumeRecvWqe(ctx);
            break;
        case RespStep::PlaceData:
            isSendOpcode(ctx.request().opcode) ? sendDataIn(ctx) : writeDataIn(ctx);
            break;
        case RespStep::CompleteRecv:
            doComplete(ctx, WcStatus::Success);
            break;
        case RespStep::ErrorRecvCqe:
            doComplete(ctx, ctx.job.recvStatus);
            break;
        case RespStep::Ack:
            sendAck(ctx);
            break;
        case RespStep::AtomicExecute:
            atomicReply(ctx);
            break;
        case RespStep::AtomicAck:
            sendAtomicAck(ctx);
            break;
        case RespStep::ReadReply:
            return readReply(ctx);
        case RespStep::Nak:
            sendNak(ctx);
            break;
        case RespStep::GotoError:
            doClassAcError(ctx);
            break;
    }
    return true;
}

// A QP not yet in RTR (or in ERR) drops what arrives, one packet per step.
void dropWhileNotReady(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, EventOut& out) {
    auto& resp = qp.resp;
    resp.job.reset();
    if (resp.input.empty()) return;
    const Packet request = resp.input.front();
    resp.input.pop_front();
    out.push_back(PacketDropped{
        "rxe_responder", request.id, world.host(hostIndex).name, qp.id,
        rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "the QP is in %1"), {std::string(verbsName(qp.state))})});
}

// rxe get_req and the checks: plans the next request. False when there is none to run now.
bool getReq(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, EventOut& out) {
    auto& resp = qp.resp;
    if (resp.input.empty()) {
        resp.state = RespState::GetReq;
        return false;
    }
    const Packet request = resp.input.front();
    resp.input.pop_front();
    RespJob job = planRequest(world, hostIndex, qp, request);
    if (job.steps.empty()) {
        out.push_back(PacketDropped{"rxe_responder: check_psn", request.id, world.host(hostIndex).name, qp.id,
                                    job.reason.empty()
                                        ? rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "duplicate without saved state"))
                                        : job.reason});
        return false;
    }
    resp.job = std::move(job);
    return true;
}

}  // namespace

void runResponder(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, EventOut& out) {
    auto& resp = qp.resp;
    const auto scheduleAgain = [&] {
        if (resp.job || !resp.input.empty())
            world.kick(ActionKind::Responder, hostIndex, qp, world.config().timing.hcaStepNs);
    };
    if (qp.state == QpState::Err || qp.state == QpState::Reset || qp.state == QpState::Init) {
        dropWhileNotReady(world, hostIndex, qp, out);
        scheduleAgain();
        return;
    }
    if (!resp.job && !getReq(world, hostIndex, qp, out)) {
        scheduleAgain();
        return;
    }
    RespJob& job = *resp.job;
    if (executeStep(RespContext{world, hostIndex, qp, job, out})) ++job.next;
    if (qp.state == QpState::Err || !resp.job) {
        resp.job.reset();
    } else if (resp.job->next >= resp.job->steps.size()) {
        resp.job.reset();
        resp.state = RespState::GetReq;
    } else {
        resp.state = stateFor(resp.job->steps[resp.job->next]);
    }
    scheduleAgain();
}

}  // namespace commviz::rdma
