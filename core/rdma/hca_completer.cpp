#include "rdma/hca_completer.h"

#include <algorithm>

#include "rdma/hca_completer_steps.h"
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

Cqe makeSendCqe(const Wqe& wqe, WcStatus status) {
    Cqe cqe;
    cqe.fromSq = true;
    cqe.wqe = wqe.id;
    cqe.wqePos = wqe.pos;
    cqe.wrId = wqe.wrId();
    cqe.status = status;
    cqe.opcode = wcOpcodeFor(wqe.send.opcode);
    cqe.byteLen = wqe.isAtomic() ? 8 : wqe.length();
    return cqe;
}

namespace {

constexpr const char* kAnchor = "rxe_completer";

// Progress: comp.psn moves to `next`; a successful ACK resets both retry counters.
void progress(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, std::uint32_t next) {
    auto& comp = qp.comp;
    if (psnDiff(next, comp.psn) <= 0) return;
    comp.psn = next;
    comp.retryLeft = qp.attr.retry_cnt;
    comp.rnrRetryLeft = qp.attr.rnr_retry;
    comp.retryStarted = false;
    if (hasOutstandingWqe(qp) || psnDiff(qp.req.psn, comp.psn) > 0)
        world.armRetransmitTimer(hostIndex, qp, true);
    else
        world.stopRetransmitTimer(hostIndex, qp);
    world.kick(ActionKind::Requester, hostIndex, qp, world.config().timing.hcaStepNs);
}

// Retires SEND/WRITE WQEs whose last PSN is <= psn (cumulative / implicit ACK) and returns the
// pending READ/atomic the walk stopped at, if any. An ACK, NAK or later response acks only the
// SEND/WRITEs before it: the READ/atomic's own PSNs are acknowledged by its response packets, so
// comp.psn never passes its first PSN + the responses placed (rxe_comp.c check_psn).
Wqe* retireUpTo(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, std::uint32_t psn,
                std::vector<std::string>& acked) {
    auto& comp = qp.comp;
    Wqe* blocker = nullptr;
    for (std::uint64_t pos = comp.wqePos; pos < qp.sq.head; ++pos) {
        Wqe* wqe = qp.sq.at(pos);
        if (!wqe || (wqe->state != WqeState::Pending && wqe->state != WqeState::Processing)) break;
        if (wqe->isReadOrAtomic()) {
            if (wqe->psnAssigned) blocker = wqe;
            break;
        }
        if (wqe->state != WqeState::Pending || !psnLessEq(wqe->lastPsn, psn)) break;
        wqe->state = WqeState::Done;
        acked.push_back(wqe->id);
        comp.wqePos = pos + 1;
        if (wqe->signaled)
            comp.steps.push_back({.kind = CompStepKind::WriteCqe, .wqePos = pos});
        else
            wqe->completed = true;  // unsignaled: no CQE, the slot stays until a later signaled CQE is polled
    }
    std::uint32_t next = psnAdd(psn, 1);
    if (blocker) {
        const std::uint32_t placed = psnLess(comp.psn, blocker->firstPsn) ? blocker->firstPsn : comp.psn;
        if (psnLess(placed, next)) next = placed;
    }
    progress(world, hostIndex, qp, next);
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
    qp.comp.steps.push_back(
        {.kind = CompStepKind::Fail, .wqePos = qp.comp.wqePos, .status = status, .psn = qp.comp.psn, .reason = reason});
    qp.comp.steps.push_back(
        {.kind = CompStepKind::GotoError, .wqePos = qp.comp.wqePos, .status = status, .reason = reason});
}

void planRetry(QueuePair& qp, std::uint32_t psn, const std::string& reason) {
    if (qp.comp.retryLeft == 0) return planFail(qp, WcStatus::RetryExcErr, reason);
    --qp.comp.retryLeft;  // retry_cnt 7 means seven retries, not forever (rxe quirk not copied)
    qp.comp.retryStarted = true;
    qp.comp.steps.push_back({.kind = CompStepKind::Retry, .wqePos = qp.comp.wqePos, .psn = psn, .reason = reason});
}

// A packet for a PSN beyond a pending READ/atomic means its responses were lost: the responder
// has moved on, so go back and ask again (rxe check_psn -> COMPST_ERROR_RETRY). The packet
// itself (ACK, NAK or a later READ's response) is not acted on; the retransmission will bring
// it again. Like rxe, one retry sequence at a time (comp.started_retry).
bool retryIfPastRead(QueuePair& qp, const Wqe* blocker, std::uint32_t psn, AckReceived& event) {
    if (!blocker || !psnLess(blocker->lastPsn, psn)) return false;
    event.ignored = true;
    if (!qp.comp.retryStarted) planRetry(qp, qp.comp.psn, "missing_read_response");
    return true;
}

// Plans do_read / do_atomic for an in-order response packet.
void planPlaceResponse(QueuePair& qp, const Packet& response) {
    CompStep step{
        .kind = CompStepKind::PlaceResponse, .wqePos = qp.comp.wqePos, .psn = response.psn, .packet = response.id};
    if (response.opcode == BthOpcode::AtomicAcknowledge) {
        const std::uint64_t original = response.atomicAckEth.value_or(0);
        for (int byte = 0; byte < 8; ++byte) step.data.push_back(static_cast<std::uint8_t>(original >> (8 * byte)));
        step.last = true;
    } else {
        step.data = response.payload;
        step.last = isLastOrOnly(response.opcode);
    }
    qp.comp.steps.push_back(std::move(step));
}

// rxe check_ack for a NAK: it implicitly ACKs what came before it, then RNR back-off, go-back-N
// or a failed WQE by its syndrome.
void checkNak(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, const Packet& nak, AckReceived& event) {
    auto& comp = qp.comp;
    const std::uint8_t syndrome = nak.aeth->syndrome;
    if (retryIfPastRead(qp, retireUpTo(world, hostIndex, qp, psnAdd(nak.psn, -1), event.acked), nak.psn, event))
        return;  // the NAK is ignored until the READ is satisfied (see retryIfPastRead)
    if (aeth::isRnrNak(syndrome)) {
        const bool forever = qp.attr.rnr_retry == 7;
        if (!forever && comp.rnrRetryLeft == 0) return planFail(qp, WcStatus::RnrRetryExcErr, "rnr_retry exhausted");
        if (!forever) --comp.rnrRetryLeft;
        comp.steps.push_back({.kind = CompStepKind::RnrWait,
                              .wqePos = comp.wqePos,
                              .psn = nak.psn,
                              .syndrome = syndrome,
                              .packet = nak.id});
    } else if (syndrome == aeth::kNakPsnSeqError) {
        planRetry(qp, nak.psn, "psn_seq_nak");
    } else {
        planFail(qp, nakStatus(syndrome), aethSyndromeName(syndrome));
    }
}

// rxe check_ack for an ACKNOWLEDGE: a cumulative ACK retires every SEND/WRITE up to its PSN.
void checkAck(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, const Packet& ack, AckReceived& event) {
    const std::uint8_t syndrome = ack.aeth ? ack.aeth->syndrome : aeth::kAckUnlimited;
    if (!aeth::isAck(syndrome)) return checkNak(world, hostIndex, qp, ack, event);
    if (psnLess(ack.psn, psnAdd(qp.comp.psn, -1)))
        event.ignored = true;  // older than what we know: stale
    else
        retryIfPastRead(qp, retireUpTo(world, hostIndex, qp, ack.psn, event.acked), ack.psn, event);
}

// rxe check_psn for a READ response or ATOMIC ACKNOWLEDGE, then do_read / do_atomic.
void checkResponse(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, const Packet& response,
                   AckReceived& event) {
    auto& comp = qp.comp;
    if (psnLess(response.psn, comp.psn)) {
        event.ignored = true;  // duplicate of a response already taken
        return;
    }
    if (retryIfPastRead(qp, retireUpTo(world, hostIndex, qp, psnAdd(response.psn, -1), event.acked), response.psn,
                        event))
        return;
    const Wqe* wqe = qp.sq.at(comp.wqePos);
    if (!wqe || !wqe->isReadOrAtomic() || !wqe->psnAssigned || psnLess(response.psn, wqe->firstPsn) ||
        psnLess(wqe->lastPsn, response.psn)) {
        event.ignored = true;
        return;
    }
    if (psnDiff(response.psn, comp.psn) > 0) {
        // an earlier response packet is missing: go back to it once (rxe check_psn: a gap
        // in the READ's responses -> COMPST_ERROR_RETRY)
        event.ignored = true;
        if (!comp.retryStarted) planRetry(qp, comp.psn, "missing_read_response");
        return;
    }
    planPlaceResponse(qp, response);
    progress(world, hostIndex, qp, psnAdd(response.psn, 1));
}

void handleResponse(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, const Packet& packet, EventOut& out) {
    AckReceived event{kAnchor,
                      world.host(hostIndex).name,
                      qp.id,
                      packet.id,
                      std::string(verbsName(packet.opcode)),
                      packet.psn,
                      std::nullopt,
                      {},
                      false};
    if (packet.aeth) event.syndrome = packet.aeth->syndrome;
    if (packet.opcode == BthOpcode::Acknowledge)
        checkAck(world, hostIndex, qp, packet, event);
    else
        checkResponse(world, hostIndex, qp, packet, event);
    out.push_back(std::move(event));
}

void executeNextStep(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, EventOut& out) {
    const CompStep step = std::move(qp.comp.steps.front());
    qp.comp.steps.pop_front();
    executeCompleterStep(world, hostIndex, qp, step, out);
}

}  // namespace

void runCompleter(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, EventOut& out) {
    auto& comp = qp.comp;
    if (qp.state == QpState::Err || qp.state == QpState::Reset) {
        comp.input.clear();
        return;
    }
    // More to do: steps, packets, or a WQE the requester failed locally that the last retirement
    // brought to the head of the SQ (it must still complete in order, IBTA 10.7.3.1).
    const auto scheduleAgain = [&] {
        const Wqe* head = qp.sq.at(comp.wqePos);
        const bool failedAtHead = head && head->state == WqeState::Error && !head->completed;
        if (!comp.steps.empty() || !comp.input.empty() || failedAtHead)
            world.kick(ActionKind::Completer, hostIndex, qp, world.config().timing.hcaStepNs);
        else
            comp.state = CompState::Idle;
    };
    if (!comp.steps.empty()) {
        executeNextStep(world, hostIndex, qp, out);
        if (qp.state != QpState::Err) scheduleAgain();
        return;
    }
    if (!comp.input.empty()) {
        const Packet packet = std::move(comp.input.front());
        comp.input.pop_front();
        comp.state = CompState::CheckAck;
        handleResponse(world, hostIndex, qp, packet, out);
        scheduleAgain();
        return;
    }
    // A WQE the requester failed locally reaches the head of the SQ.
    if (Wqe* wqe = qp.sq.at(comp.wqePos); wqe && wqe->state == WqeState::Error && !wqe->completed) {
        planFail(qp, wqe->status, std::string(verbsName(wqe->status)));
        executeNextStep(world, hostIndex, qp, out);
        scheduleAgain();
        return;
    }
    checkSqDrained(world, hostIndex, qp, out);
    comp.state = CompState::Idle;
}

void onRetransmitTimer(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, std::uint64_t gen, EventOut& out) {
    auto& comp = qp.comp;
    if (gen != comp.timerGen || !comp.timerArmed || qp.state == QpState::Err) return;
    comp.timerArmed = false;
    if (!hasOutstandingWqe(qp)) return;
    out.push_back(Timeout{"rxe_retransmit_timer", world.host(hostIndex).name, qp.id, comp.psn, comp.retryLeft,
                          world.retransmitTimeoutNs(qp)});
    planRetry(qp, comp.psn, "timeout");
    world.kick(ActionKind::Completer, hostIndex, qp, 0);
}

void onRnrTimer(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, std::uint64_t gen, EventOut& out) {
    auto& comp = qp.comp;
    if (gen != comp.rnrGen || !comp.rnrWaiting || qp.state == QpState::Err) return;
    comp.rnrWaiting = false;
    rewindRequester(qp, comp.rnrPsn);
    Wqe* at = qp.sq.at(qp.req.wqePos);
    out.push_back(Retransmit{"rxe_rnr_nak_timer", world.host(hostIndex).name, qp.id, at ? at->id : "", comp.rnrPsn,
                             "rnr_nak", comp.retryLeft, comp.rnrRetryLeft, qp.attr.rnr_retry == 7});
    world.kick(ActionKind::Requester, hostIndex, qp, world.config().timing.hcaStepNs);
}

}  // namespace commviz::rdma
