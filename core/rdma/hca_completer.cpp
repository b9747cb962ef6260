#include "rdma/hca_completer.h"

#include <algorithm>

#include "rdma/hca_dma.h"
#include "rdma/hca_requester.h"
#include "rdma/psn.h"
#include "rdma/verbs_names.h"

namespace commviz::rdma {

WcOpcode wcOpcodeFor(WrOpcode op) {
    switch (op) {
        case WrOpcode::RdmaWrite:
        case WrOpcode::RdmaWriteWithImm:
            return WcOpcode::RdmaWrite;
        case WrOpcode::RdmaRead:
            return WcOpcode::RdmaRead;
        case WrOpcode::AtomicCmpAndSwp:
            return WcOpcode::CompSwap;
        case WrOpcode::AtomicFetchAndAdd:
            return WcOpcode::FetchAdd;
        case WrOpcode::LocalInv:
            return WcOpcode::LocalInv;
        case WrOpcode::BindMw:
            return WcOpcode::BindMw;
        default:
            return WcOpcode::Send;
    }
}

namespace {

constexpr const char* kAnchor = "rxe_completer";

Cqe sendCqe(const Wqe& wqe, WcStatus status) {
    Cqe c;
    c.fromSq = true;
    c.wqe = wqe.id;
    c.wqePos = wqe.pos;
    c.wrId = wqe.wrId();
    c.status = status;
    c.opcode = wcOpcodeFor(wqe.send.opcode);
    c.byteLen = wqe.isAtomic() ? 8 : wqe.length();
    return c;
}

bool outstanding(const QueuePair& qp) {
    for (std::uint64_t p = qp.comp.wqePos; p < qp.sq.head; ++p)
        if (const Wqe* e = qp.sq.at(p); e && (e->state == WqeState::Pending || e->state == WqeState::Processing))
            return true;
    return false;
}

void checkSqDrained(RdmaWorld& w, std::uint32_t h, QueuePair& qp, EventOut& out) {
    if (qp.state != QpState::Sqd || qp.req.drainedNotified || outstanding(qp)) return;
    qp.req.drainedNotified = true;
    if (qp.attr.en_sqd_async_notify) w.raiseAsync(h, AsyncEventType::SqDrained, qp.id, out, kAnchor);
}

// Progress: comp.psn moves to `next`; a successful ACK resets both retry counters.
void progress(RdmaWorld& w, std::uint32_t h, QueuePair& qp, std::uint32_t next) {
    auto& c = qp.comp;
    if (psnDiff(next, c.psn) <= 0) return;
    c.psn = next;
    c.retryLeft = qp.attr.retry_cnt;
    c.rnrRetryLeft = qp.attr.rnr_retry;
    c.retryStarted = false;
    if (outstanding(qp) || psnDiff(qp.req.psn, c.psn) > 0)
        w.armRetransmitTimer(h, qp, true);
    else
        w.stopRetransmitTimer(h, qp);
    w.kick(ActionKind::Requester, h, qp, w.config().timing.hcaStepNs);
}

// Retires SEND/WRITE WQEs whose last PSN is <= psn (cumulative / implicit ACK) and returns the
// pending READ/atomic the walk stopped at, if any. An ACK, NAK or later response acks only the
// SEND/WRITEs before it: the READ/atomic's own PSNs are acknowledged by its response packets, so
// comp.psn never passes its first PSN + the responses placed (rxe_comp.c check_psn).
Wqe* retireUpTo(RdmaWorld& w, std::uint32_t h, QueuePair& qp, std::uint32_t psn, std::vector<std::string>& acked) {
    auto& c = qp.comp;
    Wqe* blocker = nullptr;
    for (std::uint64_t pos = c.wqePos; pos < qp.sq.head; ++pos) {
        Wqe* wqe = qp.sq.at(pos);
        if (!wqe || (wqe->state != WqeState::Pending && wqe->state != WqeState::Processing)) break;
        if (wqe->isReadOrAtomic()) {
            if (wqe->psnAssigned) blocker = wqe;
            break;
        }
        if (wqe->state != WqeState::Pending || !psnLessEq(wqe->lastPsn, psn)) break;
        wqe->state = WqeState::Done;
        acked.push_back(wqe->id);
        c.wqePos = pos + 1;
        if (wqe->signaled)
            c.steps.push_back({CompStepKind::WriteCqe, pos});
        else
            wqe->completed = true;  // unsignaled: no CQE, the slot stays until a later signaled CQE is polled
    }
    std::uint32_t next = psnAdd(psn, 1);
    if (blocker) {
        const std::uint32_t placed = psnLess(c.psn, blocker->firstPsn) ? blocker->firstPsn : c.psn;
        if (psnLess(placed, next)) next = placed;
    }
    progress(w, h, qp, next);
    return blocker;
}

WcStatus nakStatus(std::uint8_t syndrome) {
    switch (syndrome) {
        case aeth::kNakInvalidReq:
            return WcStatus::RemInvReqErr;
        case aeth::kNakRemAccErr:
            return WcStatus::RemAccessErr;
        case aeth::kNakRemOpErr:
            return WcStatus::RemOpErr;
        case aeth::kNakInvRdReq:
            return WcStatus::RemInvRdReqErr;
        default:
            return WcStatus::BadRespErr;
    }
}

void planFail(QueuePair& qp, WcStatus status, const std::string& reason) {
    qp.comp.steps.push_back({CompStepKind::Fail, qp.comp.wqePos, status, qp.comp.psn, 0, "", reason});
    qp.comp.steps.push_back({CompStepKind::GotoError, qp.comp.wqePos, status, 0, 0, "", reason});
}

void planRetry(QueuePair& qp, std::uint32_t psn, const std::string& reason) {
    if (qp.comp.retryLeft == 0) return planFail(qp, WcStatus::RetryExcErr, reason);
    --qp.comp.retryLeft;  // retry_cnt 7 means seven retries, not forever (rxe quirk not copied)
    qp.comp.retryStarted = true;
    qp.comp.steps.push_back({CompStepKind::Retry, qp.comp.wqePos, WcStatus::Success, psn, 0, "", reason});
}

// A packet for a PSN beyond a pending READ/atomic means its responses were lost: the responder
// has moved on, so go back and ask again (rxe check_psn -> COMPST_ERROR_RETRY). The packet
// itself (ACK, NAK or a later READ's response) is not acted on; the retransmission will bring
// it again. Like rxe, one retry sequence at a time (comp.started_retry).
bool retryIfPastRead(QueuePair& qp, const Wqe* blocker, std::uint32_t psn, AckReceived& ev) {
    if (!blocker || !psnLess(blocker->lastPsn, psn)) return false;
    ev.ignored = true;
    if (!qp.comp.retryStarted) planRetry(qp, qp.comp.psn, "missing_read_response");
    return true;
}

void handleResponse(RdmaWorld& w, std::uint32_t h, QueuePair& qp, const Packet& p, EventOut& out) {
    auto& c = qp.comp;
    Host& host = w.host(h);
    AckReceived ev{kAnchor, host.name, qp.id, p.id, std::string(verbsName(p.opcode)), p.psn, std::nullopt, {}, false};
    if (p.aeth) ev.syndrome = p.aeth->syndrome;
    if (p.opcode == BthOpcode::Acknowledge) {
        const std::uint8_t syn = p.aeth ? p.aeth->syndrome : aeth::kAckUnlimited;
        if (aeth::isAck(syn)) {
            if (psnLess(p.psn, psnAdd(c.psn, -1)))
                ev.ignored = true;  // older than what we know: stale
            else
                retryIfPastRead(qp, retireUpTo(w, h, qp, p.psn, ev.acked), p.psn, ev);
        } else {
            // a NAK implicitly ACKs what came before
            if (retryIfPastRead(qp, retireUpTo(w, h, qp, psnAdd(p.psn, -1), ev.acked), p.psn, ev)) {
                // the NAK is ignored until the READ is satisfied (see retryIfPastRead)
            } else if (aeth::isRnrNak(syn)) {
                if (qp.attr.rnr_retry != 7 && c.rnrRetryLeft == 0) {
                    planFail(qp, WcStatus::RnrRetryExcErr, "rnr_retry exhausted");
                } else {
                    if (qp.attr.rnr_retry != 7) --c.rnrRetryLeft;
                    c.steps.push_back({CompStepKind::RnrWait, c.wqePos, WcStatus::Success, p.psn, syn, p.id});
                }
            } else if (syn == aeth::kNakPsnSeqError) {
                planRetry(qp, p.psn, "psn_seq_nak");
            } else {
                planFail(qp, nakStatus(syn), aethSyndromeName(syn));
            }
        }
        out.push_back(std::move(ev));
        return;
    }
    // RDMA READ response or ATOMIC ACKNOWLEDGE
    if (psnLess(p.psn, c.psn)) {
        ev.ignored = true;  // duplicate of a response already taken
        out.push_back(std::move(ev));
        return;
    }
    if (retryIfPastRead(qp, retireUpTo(w, h, qp, psnAdd(p.psn, -1), ev.acked), p.psn, ev)) {
        out.push_back(std::move(ev));
        return;
    }
    Wqe* wqe = qp.sq.at(c.wqePos);
    if (!wqe || !wqe->isReadOrAtomic() || !wqe->psnAssigned || psnLess(p.psn, wqe->firstPsn) ||
        psnLess(wqe->lastPsn, p.psn)) {
        ev.ignored = true;
        out.push_back(std::move(ev));
        return;
    }
    if (psnDiff(p.psn, c.psn) > 0) {
        // an earlier response packet is missing: go back to it once (rxe check_psn: a gap
        // in the READ's responses -> COMPST_ERROR_RETRY)
        ev.ignored = true;
        if (!c.retryStarted) planRetry(qp, c.psn, "missing_read_response");
        out.push_back(std::move(ev));
        return;
    }
    CompStep s{CompStepKind::PlaceResponse, c.wqePos, WcStatus::Success, p.psn, 0, p.id};
    if (p.opcode == BthOpcode::AtomicAcknowledge) {
        const std::uint64_t orig = p.atomicAckEth.value_or(0);
        for (int i = 0; i < 8; ++i) s.data.push_back(static_cast<std::uint8_t>(orig >> (8 * i)));
        s.last = true;
    } else {
        s.data = p.payload;
        s.last = isLastOrOnly(p.opcode);
    }
    c.steps.push_back(std::move(s));
    progress(w, h, qp, psnAdd(p.psn, 1));
    out.push_back(std::move(ev));
}

void executeStep(RdmaWorld& w, std::uint32_t h, QueuePair& qp, CompStep s, EventOut& out) {
    auto& c = qp.comp;
    Host& host = w.host(h);
    Wqe* wqe = qp.sq.at(s.wqePos);
    switch (s.kind) {
        case CompStepKind::WriteCqe:
            if (!wqe) return;
            c.state = CompState::CompWqe;
            if (w.writeCqe(h, qp, sendCqe(*wqe, WcStatus::Success), out, "rxe_completer: do_complete"))
                wqe->completed = true;
            break;
        case CompStepKind::PlaceResponse: {
            if (!wqe) return;
            c.state = wqe->isAtomic() ? CompState::Atomic : CompState::Read;
            const std::uint64_t offset =
                wqe->isAtomic() ? 0 : static_cast<std::uint64_t>(psnDiff(s.psn, wqe->firstPsn)) * qp.mtu();
            const ScatterTarget target = scatterToSgList(host, wqe->send.sgList, offset, s.data);
            wqe->responseBytes += static_cast<std::uint32_t>(s.data.size());
            out.push_back(MemoryWritten{"rxe_completer: copy_data", host.name, qp.id, target.mrId, s.packet,
                                        target.addr, offset, static_cast<std::uint32_t>(s.data.size()),
                                        wqe->isAtomic() ? "atomic result" : "read response"});
            if (s.last) {
                wqe->state = WqeState::Done;
                c.wqePos = s.wqePos + 1;
                if (wqe->signaled)
                    c.steps.push_front({CompStepKind::WriteCqe, s.wqePos});
                else
                    wqe->completed = true;
                w.kick(ActionKind::Requester, h, qp, w.config().timing.hcaStepNs);  // fence / rd_atomic may open
            }
            break;
        }
        case CompStepKind::RnrWait: {
            c.state = CompState::RnrRetry;
            const std::uint32_t code = s.syndrome & 0x1f;
            const std::uint64_t wait = rnrTimerNs(code);
            c.rnrWaiting = true;
            c.rnrPsn = s.psn;
            c.rnrDeadline = w.now + wait;
            ++c.rnrGen;
            w.stopRetransmitTimer(h, qp);
            qp.req.state = ReqState::RnrWait;
            w.agenda.push({c.rnrDeadline, 0, ActionKind::RnrTimer, h, qp.qpn, c.rnrGen});
            out.push_back(RnrWait{"rxe_completer: rnr_nak_timer", host.name, qp.id, s.psn, code, wait, c.rnrRetryLeft,
                                  qp.attr.rnr_retry == 7});
            break;
        }
        case CompStepKind::Retry: {
            c.state = CompState::ErrorRetry;
            rewindRequester(qp, s.psn);
            Wqe* at = qp.sq.at(qp.req.wqePos);
            out.push_back(Retransmit{"rxe_completer: COMPST_ERROR_RETRY", host.name, qp.id, at ? at->id : "", s.psn,
                                     s.reason, c.retryLeft, c.rnrRetryLeft, qp.attr.rnr_retry == 7});
            w.kick(ActionKind::Requester, h, qp, w.config().timing.hcaStepNs);
            break;
        }
        case CompStepKind::Fail: {
            c.state = CompState::Error;
            if (!wqe) return;
            wqe->state = WqeState::Error;
            wqe->status = s.status;
            c.wqePos = s.wqePos + 1;
            // An error always produces a CQE, signaled or not (IBTA 10.7.3.1).
            w.writeCqe(h, qp, sendCqe(*wqe, s.status), out, "rxe_completer: do_complete");
            wqe->completed = true;
            break;
        }
        case CompStepKind::GotoError:
            c.steps.clear();
            w.qpError(h, qp, out, "rxe_completer: rxe_qp_error", sim::identifierText(std::string(verbsName(s.status))));
            return;
    }
    // Nothing left unacknowledged: the ACK timer stops (it runs only while PSNs are outstanding).
    if (c.timerArmed && !outstanding(qp) && psnDiff(qp.req.psn, c.psn) <= 0) w.stopRetransmitTimer(h, qp);
    checkSqDrained(w, h, qp, out);
}

}  // namespace

void runCompleter(RdmaWorld& w, std::uint32_t h, QueuePair& qp, EventOut& out) {
    auto& c = qp.comp;
    if (qp.state == QpState::Err || qp.state == QpState::Reset) {
        c.input.clear();
        return;
    }
    // More to do: steps, packets, or a WQE the requester failed locally that the last retirement
    // brought to the head of the SQ (it must still complete in order, IBTA 10.7.3.1).
    const auto again = [&] {
        const Wqe* head = qp.sq.at(c.wqePos);
        const bool failedAtHead = head && head->state == WqeState::Error && !head->completed;
        if (!c.steps.empty() || !c.input.empty() || failedAtHead)
            w.kick(ActionKind::Completer, h, qp, w.config().timing.hcaStepNs);
        else
            c.state = CompState::Idle;
    };
    if (!c.steps.empty()) {
        CompStep s = std::move(c.steps.front());
        c.steps.pop_front();
        executeStep(w, h, qp, std::move(s), out);
        if (qp.state != QpState::Err) again();
        return;
    }
    if (!c.input.empty()) {
        Packet p = std::move(c.input.front());
        c.input.pop_front();
        c.state = CompState::CheckAck;
        handleResponse(w, h, qp, p, out);
        again();
        return;
    }
    // A WQE the requester failed locally reaches the head of the SQ.
    if (Wqe* wqe = qp.sq.at(c.wqePos); wqe && wqe->state == WqeState::Error && !wqe->completed) {
        planFail(qp, wqe->status, std::string(verbsName(wqe->status)));
        CompStep s = std::move(c.steps.front());
        c.steps.pop_front();
        executeStep(w, h, qp, std::move(s), out);
        again();
        return;
    }
    checkSqDrained(w, h, qp, out);
    c.state = CompState::Idle;
}

void onRetransmitTimer(RdmaWorld& w, std::uint32_t h, QueuePair& qp, std::uint64_t gen, EventOut& out) {
    auto& c = qp.comp;
    if (gen != c.timerGen || !c.timerArmed || qp.state == QpState::Err) return;
    c.timerArmed = false;
    if (!outstanding(qp)) return;
    out.push_back(
        Timeout{"rxe_retransmit_timer", w.host(h).name, qp.id, c.psn, c.retryLeft, w.retransmitTimeoutNs(qp)});
    planRetry(qp, c.psn, "timeout");
    w.kick(ActionKind::Completer, h, qp, 0);
}

void onRnrTimer(RdmaWorld& w, std::uint32_t h, QueuePair& qp, std::uint64_t gen, EventOut& out) {
    auto& c = qp.comp;
    if (gen != c.rnrGen || !c.rnrWaiting || qp.state == QpState::Err) return;
    c.rnrWaiting = false;
    rewindRequester(qp, c.rnrPsn);
    Wqe* at = qp.sq.at(qp.req.wqePos);
    out.push_back(Retransmit{"rxe_rnr_nak_timer", w.host(h).name, qp.id, at ? at->id : "", c.rnrPsn, "rnr_nak",
                             c.retryLeft, c.rnrRetryLeft, qp.attr.rnr_retry == 7});
    w.kick(ActionKind::Requester, h, qp, w.config().timing.hcaStepNs);
}

void runFlush(RdmaWorld& w, std::uint32_t h, QueuePair& qp, EventOut& out) {
    if (qp.state != QpState::Err) return;
    for (std::uint64_t pos = qp.sq.tail; pos < qp.sq.head; ++pos) {
        Wqe* wqe = qp.sq.at(pos);
        if (!wqe || wqe->completed) continue;
        wqe->state = WqeState::Done;
        wqe->completed = true;
        wqe->status = WcStatus::WrFlushErr;
        qp.comp.wqePos = std::max(qp.comp.wqePos, pos + 1);
        qp.comp.state = CompState::Flush;
        w.writeCqe(h, qp, sendCqe(*wqe, WcStatus::WrFlushErr), out, "rxe_completer: flush_send_queue");
        w.kick(ActionKind::Flush, h, qp, w.config().timing.cqeWriteNs);
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
        Cqe c;
        c.fromSq = false;
        c.wqe = wqe->id;
        c.wqePos = pos;
        c.wrId = wqe->wrId();
        c.status = WcStatus::WrFlushErr;
        c.opcode = WcOpcode::Recv;
        w.writeCqe(h, qp, c, out, "rxe_responder: flush_recv_queue");
        w.kick(ActionKind::Flush, h, qp, w.config().timing.cqeWriteNs);
        return;
    }
    qp.comp.state = CompState::QpError;
    qp.resp.state = RespState::QpError;
}

}  // namespace commviz::rdma
