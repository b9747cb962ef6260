// The executing half of the completer (Linux drivers/infiniband/sw/rxe/rxe_comp.c): runs the
// steps hca_completer.cpp planned from ACKs, NAKs, responses and timers.

#include "rdma/hca_completer_steps.h"

#include "rdma/hca_completer.h"
#include "rdma/hca_dma.h"
#include "rdma/hca_requester.h"
#include "rdma/psn.h"
#include "rdma/verbs_names.h"

namespace commviz::rdma {

bool hasOutstandingWqe(const QueuePair& qp) {
    for (std::uint64_t pos = qp.comp.wqePos; pos < qp.sq.head; ++pos)
        if (const Wqe* wqe = qp.sq.at(pos);
            wqe && (wqe->state == WqeState::Pending || wqe->state == WqeState::Processing))
            return true;
    return false;
}

void checkSqDrained(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, EventOut& out) {
    if (qp.state != QpState::Sqd || qp.req.drainedNotified || hasOutstandingWqe(qp)) return;
    qp.req.drainedNotified = true;
    if (qp.attr.en_sqd_async_notify)
        world.raiseAsync(hostIndex, AsyncEventType::SqDrained, qp.id, out, "rxe_completer");
}

namespace {

/// The host, QP and event list one completer step works on.
struct CompContext {
    RdmaWorld& world;
    std::uint32_t hostIndex;
    QueuePair& qp;
    EventOut& out;

    Host& host() const { return world.host(hostIndex); }
    void kickRequester() const { world.kick(ActionKind::Requester, hostIndex, qp, world.config().timing.hcaStepNs); }
};

// rxe do_complete: the send CQE of a signaled WQE.
void doComplete(const CompContext& ctx, Wqe& wqe) {
    ctx.qp.comp.state = CompState::CompWqe;
    if (ctx.world.writeCqe(ctx.hostIndex, ctx.qp, makeSendCqe(wqe, WcStatus::Success), ctx.out,
                           "rxe_completer: do_complete"))
        wqe.completed = true;
}

// rxe do_read / do_atomic: response bytes into the WQE's local buffers; the last one retires it.
void doRead(const CompContext& ctx, Wqe& wqe, const CompStep& step) {
    auto& comp = ctx.qp.comp;
    comp.state = wqe.isAtomic() ? CompState::Atomic : CompState::Read;
    const std::uint64_t offset =
        wqe.isAtomic() ? 0 : static_cast<std::uint64_t>(psnDiff(step.psn, wqe.firstPsn)) * ctx.qp.mtu();
    const ScatterTarget target = scatterToSgList(ctx.host(), wqe.send.sgList, offset, step.data);
    const auto length = static_cast<std::uint32_t>(step.data.size());
    wqe.responseBytes += length;
    ctx.out.push_back(MemoryWritten{"rxe_completer: copy_data", ctx.host().name, ctx.qp.id, target.mrId, step.packet,
                                    target.addr, offset, length, wqe.isAtomic() ? "atomic result" : "read response"});
    if (!step.last) return;
    wqe.state = WqeState::Done;
    comp.wqePos = step.wqePos + 1;
    if (wqe.signaled)
        comp.steps.push_front({.kind = CompStepKind::WriteCqe, .wqePos = step.wqePos});
    else
        wqe.completed = true;
    ctx.kickRequester();  // fence / rd_atomic may open
}

// COMPST_RNR_RETRY: wait the RNR NAK's timer before the requester resends (rxe_rnr_nak_timer).
void rnrRetry(const CompContext& ctx, const CompStep& step) {
    auto& comp = ctx.qp.comp;
    comp.state = CompState::RnrRetry;
    const std::uint32_t timerCode = step.syndrome & 0x1f;
    const std::uint64_t waitNs = rnrTimerNs(timerCode);
    comp.rnrWaiting = true;
    comp.rnrPsn = step.psn;
    comp.rnrDeadline = ctx.world.now + waitNs;
    ++comp.rnrGen;
    ctx.world.stopRetransmitTimer(ctx.hostIndex, ctx.qp);
    ctx.qp.req.state = ReqState::RnrWait;
    ctx.world.agenda.push({comp.rnrDeadline, 0, ActionKind::RnrTimer, ctx.hostIndex, ctx.qp.qpn, comp.rnrGen});
    ctx.out.push_back(RnrWait{"rxe_completer: rnr_nak_timer", ctx.host().name, ctx.qp.id, step.psn, timerCode, waitNs,
                              comp.rnrRetryLeft, ctx.qp.attr.rnr_retry == 7});
}

// COMPST_ERROR_RETRY: go back N to the PSN (rxe req_retry).
void errorRetry(const CompContext& ctx, const CompStep& step) {
    auto& comp = ctx.qp.comp;
    comp.state = CompState::ErrorRetry;
    rewindRequester(ctx.qp, step.psn);
    const Wqe* resent = ctx.qp.sq.at(ctx.qp.req.wqePos);
    ctx.out.push_back(Retransmit{"rxe_completer: COMPST_ERROR_RETRY", ctx.host().name, ctx.qp.id,
                                 resent ? resent->id : "", step.psn, step.reason, comp.retryLeft, comp.rnrRetryLeft,
                                 ctx.qp.attr.rnr_retry == 7});
    ctx.kickRequester();
}

// COMPST_ERROR: the WQE completes with its error status.
void completeInError(const CompContext& ctx, Wqe& wqe, const CompStep& step) {
    wqe.state = WqeState::Error;
    wqe.status = step.status;
    ctx.qp.comp.wqePos = step.wqePos + 1;
    // An error always produces a CQE, signaled or not (IBTA spec vol 1 §10.7.3.1).
    ctx.world.writeCqe(ctx.hostIndex, ctx.qp, makeSendCqe(wqe, step.status), ctx.out, "rxe_completer: do_complete");
    wqe.completed = true;
}

// Runs one planned step; false when the step found nothing to do (its WQE is gone).
bool runStep(const CompContext& ctx, const CompStep& step) {
    Wqe* wqe = ctx.qp.sq.at(step.wqePos);
    switch (step.kind) {
        case CompStepKind::WriteCqe:
            if (wqe) doComplete(ctx, *wqe);
            return wqe != nullptr;
        case CompStepKind::PlaceResponse:
            if (wqe) doRead(ctx, *wqe, step);
            return wqe != nullptr;
        case CompStepKind::RnrWait:
            rnrRetry(ctx, step);
            return true;
        case CompStepKind::Retry:
            errorRetry(ctx, step);
            return true;
        case CompStepKind::Fail:
            ctx.qp.comp.state = CompState::Error;
            if (wqe) completeInError(ctx, *wqe, step);
            return wqe != nullptr;
        case CompStepKind::GotoError:
            ctx.qp.comp.steps.clear();
            ctx.world.qpError(ctx.hostIndex, ctx.qp, ctx.out, "rxe_completer: rxe_qp_error",
                              sim::identifierText(std::string(verbsName(step.status))));
            return false;
    }
    return true;
}

}  // namespace

void executeCompleterStep(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, const CompStep& step,
                          EventOut& out) {
    if (!runStep(CompContext{world, hostIndex, qp, out}, step)) return;
    // Nothing left unacknowledged: the ACK timer stops (it runs only while PSNs are outstanding).
    if (qp.comp.timerArmed && !hasOutstandingWqe(qp) && psnDiff(qp.req.psn, qp.comp.psn) <= 0)
        world.stopRetransmitTimer(hostIndex, qp);
    checkSqDrained(world, hostIndex, qp, out);
}

}  // namespace commviz::rdma
