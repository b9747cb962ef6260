#include "rdma/hca_responder.h"

#include <algorithm>

#include "rdma/engine_text.h"
#include "rdma/psn.h"
#include "rdma/verbs_driver.h"
#include "rdma/verbs_names.h"

namespace commviz::rdma {

namespace {

// rxe enum resp_states names for the view.
const char* stateName(RespStep s) {
    switch (s) {
        case RespStep::ConsumeRecvWqe:
            return "CHK_RESOURCE";
        case RespStep::PlaceData:
            return "EXECUTE";
        case RespStep::AtomicExecute:
            return "EXECUTE";
        case RespStep::ReadReply:
            return "READ_REPLY";
        case RespStep::CompleteRecv:
            return "COMPLETE";
        case RespStep::Ack:
            return "ACKNOWLEDGE";
        case RespStep::AtomicAck:
            return "ATOMIC_REPLY";
        case RespStep::ErrorRecvCqe:
            return "COMPLETE";
        case RespStep::Nak:
            return "ACKNOWLEDGE";
        case RespStep::GotoError:
            return "ERROR";
    }
    return "GET_REQ";
}

void scatterRecv(Host& host, const Wqe& wqe, std::uint64_t offset, const std::vector<std::uint8_t>& data,
                 std::string& mrId, std::uint64_t& addr) {
    std::uint64_t skip = offset, done = 0;
    for (const auto& sge : wqe.recv.sgList) {
        if (done >= data.size()) break;
        if (skip >= sge.length) {
            skip -= sge.length;
            continue;
        }
        MemoryRegion* mr = host.mrByLkey(sge.lkey);
        const std::uint64_t take = std::min<std::uint64_t>(sge.length - skip, data.size() - done);
        if (mr) {
            if (mrId.empty()) {
                mrId = mr->id;
                addr = sge.addr + skip;
            }
            const std::uint64_t base = sge.addr - mr->addr + skip;
            mr->bytes.write(base, data.data() + done, take);
        }
        done += take;
        skip = 0;
    }
}

void sendAck(RdmaWorld& w, std::uint32_t h, QueuePair& qp, const RespJob& job, EventOut& out) {
    Packet a;
    a.opcode = BthOpcode::Acknowledge;
    a.psn = job.ackPsn;
    a.aeth = Aeth{aeth::kAckUnlimited, qp.resp.msn & 0xffffff};
    a.wqe = job.pkt.wqe;
    out.push_back(AckSent{job.duplicate ? "rxe_responder: duplicate_request" : "rxe_responder: send_ack",
                          w.host(h).name, qp.id, "", "ACKNOWLEDGE", a.psn, a.aeth->syndrome, a.aeth->msn,
                          job.duplicate});
    const std::size_t at = out.size() - 1;
    const Packet& sent = w.transmit(h, qp, std::move(a), out, "rxe_responder: send_ack");
    std::get<AckSent>(out[at]).packet = sent.id;
}

// Returns true when the step is finished (ReadReply takes two micro-steps per packet).
bool execute(RdmaWorld& w, std::uint32_t h, QueuePair& qp, RespJob& job, EventOut& out) {
    auto& r = qp.resp;
    Host& host = w.host(h);
    const Packet& p = job.pkt;
    const RespStep step = job.steps[job.next];
    switch (step) {
        case RespStep::ConsumeRecvWqe: {
            Wqe* wqe = qp.rq.at(r.rqPos);
            if (!wqe) return true;
            r.curRecv = r.rqPos++;
            r.recvOffset = 0;
            wqe->state = WqeState::Processing;
            out.push_back(RecvWqeConsumed{"rxe_responder: check_resource", host.name, qp.id, wqe->id, p.id, wqe->slot,
                                          wqe->wrId()});
            return true;
        }
        case RespStep::PlaceData: {
            std::string mrId;
            std::uint64_t addr = 0, offset = 0;
            const auto len = static_cast<std::uint32_t>(p.payload.size());
            if (isSendOpcode(p.opcode)) {
                Wqe* wqe = r.curRecv ? qp.rq.at(*r.curRecv) : nullptr;
                if (!wqe) return true;
                offset = r.recvOffset;
                scatterRecv(host, *wqe, offset, p.payload, mrId, addr);
                r.recvOffset += len;
                wqe->bytesReceived = r.recvOffset;
            } else {
                MemoryRegion* mr = host.mrByRkey(r.writeRkey);
                if (!mr) return true;
                addr = r.writeVa + r.writeOffset;
                offset = addr - mr->addr;
                mr->bytes.write(offset, p.payload);
                mrId = mr->id;
                r.writeOffset += len;
            }
            out.push_back(MemoryWritten{"rxe_responder: execute", host.name, qp.id, mrId, p.id, addr, offset, len,
                                        isSendOpcode(p.opcode) ? "send data" : "rdma write"});
            return true;
        }
        case RespStep::CompleteRecv:
        case RespStep::ErrorRecvCqe: {
            Wqe* wqe = r.curRecv ? qp.rq.at(*r.curRecv) : nullptr;
            if (!wqe) return true;
            Cqe c;
            c.fromSq = false;
            c.wqe = wqe->id;
            c.wqePos = wqe->pos;
            c.wrId = wqe->wrId();
            c.status = step == RespStep::CompleteRecv ? WcStatus::Success : job.recvStatus;
            const bool writeImm = isWriteOpcode(p.opcode);
            c.opcode = writeImm ? WcOpcode::RecvRdmaWithImm : WcOpcode::Recv;
            c.byteLen = writeImm ? r.writeLen : r.recvOffset;
            if (hasImmediate(p.opcode) && c.status == WcStatus::Success) {
                c.immData = p.immDt.value_or(0);
                c.wcFlags |= bits(WcFlag::WithImm);
            }
            wqe->state = WqeState::Done;
            wqe->status = c.status;
            wqe->completed = true;
            r.curRecv.reset();
            w.writeCqe(h, qp, c, out, "rxe_responder: do_complete");
            return true;
        }
        case RespStep::Ack:
            sendAck(w, h, qp, job, out);
            return true;
        case RespStep::AtomicExecute: {
            MemoryRegion* mr = host.mrByRkey(job.res.rkey);
            if (!mr) return true;
            const std::uint64_t offset = job.res.va - mr->addr;
            const std::uint64_t orig = loadU64(mr->bytes, offset);
            const auto& a = *p.atomicEth;
            const std::uint64_t next =
                p.opcode == BthOpcode::CompareSwap ? (orig == a.compare ? a.swapAdd : orig) : orig + a.swapAdd;
            storeU64(mr->bytes, offset, next);
            job.res.originalValue = orig;
            if (!r.resources.empty()) {  // saved so a duplicate gets the same answer, not a second execution
                r.resources[r.resNext] = job.res;
                r.resNext = (r.resNext + 1) % r.resources.size();
            }
            out.push_back(MemoryWritten{"rxe_responder: atomic_reply", host.name, qp.id, mr->id, p.id, job.res.va,
                                        offset, 8, "atomic"});
            return true;
        }
        case RespStep::AtomicAck: {
            Packet a;
            a.opcode = BthOpcode::AtomicAcknowledge;
            a.psn = job.ackPsn;
            a.aeth = Aeth{aeth::kAckUnlimited, r.msn & 0xffffff};
            a.atomicAckEth = job.res.originalValue;
            a.wqe = p.wqe;
            out.push_back(AckSent{"rxe_responder: atomic_reply", host.name, qp.id, "", "ATOMIC_ACKNOWLEDGE", a.psn,
                                  a.aeth->syndrome, a.aeth->msn, job.duplicate});
            const std::size_t at = out.size() - 1;
            const Packet& sent = w.transmit(h, qp, std::move(a), out, "rxe_responder: atomic_reply");
            std::get<AckSent>(out[at]).packet = sent.id;
            return true;
        }
        case RespStep::ReadReply: {
            const std::uint32_t mtu = qp.mtu();
            const std::uint32_t i = job.readIndex;
            const std::uint32_t offset = i * mtu;
            const std::uint32_t len = std::min(mtu, job.res.length - std::min(offset, job.res.length));
            MemoryRegion* mr = host.mrByRkey(job.res.rkey);
            if (len > 0 && !job.readFetched) {
                job.readChunk.clear();
                if (mr) {
                    const std::uint64_t base = job.res.va - mr->addr + offset;
                    job.readChunk.assign(mr->bytes.begin() + static_cast<std::ptrdiff_t>(base),
                                         mr->bytes.begin() + static_cast<std::ptrdiff_t>(base + len));
                }
                job.readFetched = true;
                out.push_back(DmaRead{"rxe_responder: read_reply", host.name, qp.id, mr ? mr->id : "", p.wqe,
                                      job.res.va + offset, len});
                return false;
            }
            Packet rp;
            const std::uint32_t n = job.readPackets;
            rp.opcode = n == 1       ? BthOpcode::RdmaReadResponseOnly
                        : i == 0     ? BthOpcode::RdmaReadResponseFirst
                        : i + 1 == n ? BthOpcode::RdmaReadResponseLast
                                     : BthOpcode::RdmaReadResponseMiddle;
            rp.psn = psnAdd(job.res.firstPsn, i);
            if (rp.opcode != BthOpcode::RdmaReadResponseMiddle) rp.aeth = Aeth{aeth::kAckUnlimited, r.msn & 0xffffff};
            rp.payload = len > 0 ? job.readChunk : std::vector<std::uint8_t>{};
            rp.wqe = p.wqe;
            rp.retransmission = job.duplicate;
            w.transmit(h, qp, std::move(rp), out, "rxe_responder: read_reply");
            job.readFetched = false;
            ++job.readIndex;
            return job.readIndex >= n;
        }
        case RespStep::Nak: {
            Packet a;
            a.opcode = BthOpcode::Acknowledge;
            a.psn = job.ackPsn;
            a.aeth = Aeth{job.syndrome, r.msn & 0xffffff};
            a.wqe = p.wqe;
            // rxe sends a NAK with send_ack(qp, syndrome, psn); the state that decided it is named when known
            out.push_back(NakSent{"rxe_responder: " + std::string(aeth::isRnrNak(job.syndrome) ? "check_resource"
                                                                  : job.syndrome == aeth::kNakRemAccErr   ? "check_rkey"
                                                                  : job.syndrome == aeth::kNakPsnSeqError ? "check_psn"
                                                                                                          : "send_ack"),
                                  host.name, qp.id, "", a.psn, job.syndrome, job.reason});
            const std::size_t at = out.size() - 1;
            const Packet& sent = w.transmit(h, qp, std::move(a), out, "rxe_responder: send_ack");
            std::get<NakSent>(out[at]).packet = sent.id;
            return true;
        }
        case RespStep::GotoError:
            if (job.asyncEvent) w.raiseAsync(h, *job.asyncEvent, qp.id, out, "rxe_responder: do_class_ac_error");
            w.qpError(h, qp, out, "rxe_responder: do_class_ac_error", job.reason);
            return true;
    }
    return true;
}

}  // namespace

void runResponder(RdmaWorld& w, std::uint32_t h, QueuePair& qp, EventOut& out) {
    auto& r = qp.resp;
    Host& host = w.host(h);
    const auto again = [&] {
        if (r.job || !r.input.empty()) w.kick(ActionKind::Responder, h, qp, w.config().timing.hcaStepNs);
    };
    if (qp.state == QpState::Err || qp.state == QpState::Reset || qp.state == QpState::Init) {
        r.job.reset();
        if (r.input.empty()) return;
        const Packet p = r.input.front();
        r.input.pop_front();
        out.push_back(PacketDropped{
            "rxe_responder", p.id, host.name, qp.id,
            rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "the QP is in %1"), {std::string(verbsName(qp.state))})});
        again();
        return;
    }
    if (!r.job) {
        if (r.input.empty()) {
            r.state = "GET_REQ";
            return;
        }
        const Packet p = r.input.front();
        r.input.pop_front();
        RespJob job = planRequest(w, h, qp, p);
        if (job.steps.empty()) {
            out.push_back(PacketDropped{
                "rxe_responder: check_psn", p.id, host.name, qp.id,
                job.reason.empty() ? rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "duplicate without saved state"))
                                   : job.reason});
            again();
            return;
        }
        r.job = std::move(job);
    }
    RespJob& job = *r.job;
    if (execute(w, h, qp, job, out)) ++job.next;
    if (qp.state == QpState::Err || !r.job) {
        r.job.reset();
        again();
        return;
    }
    if (r.job->next >= r.job->steps.size()) {
        r.job.reset();
        r.state = "GET_REQ";
    } else {
        r.state = stateName(r.job->steps[r.job->next]);
    }
    again();
}

}  // namespace commviz::rdma
