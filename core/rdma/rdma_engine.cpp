#include "rdma/rdma_engine.h"

#include "rdma/engine_text.h"
#include "rdma/hca_completer.h"
#include "rdma/hca_requester.h"
#include "rdma/hca_responder.h"
#include "rdma/rdma_footprint.h"
#include "rdma/script_runner.h"
#include "rdma/verbs_names.h"

namespace commviz::rdma {

RdmaEngine::RdmaEngine(RdmaSetup setup) {
    m_world.setup = std::make_shared<const RdmaSetup>(std::move(setup));
    m_world.rng = sim::Rng(m_world.config().seed);
    m_world.wire.latencyNs = m_world.config().wireLatencyNs;
    m_world.wire.gbps = m_world.config().linkGbps;
    for (std::uint32_t i = 0; i < m_world.script().hosts.size(); ++i) {
        Host h;
        h.name = m_world.script().hosts[i];
        h.index = i;
        h.pd = h.name + "/pd";
        h.lid = i + 1;
        m_world.hosts.push_back(std::move(h));
    }
    for (const auto& c : m_world.script().calls) {
        CallResult r;
        r.index = c.index;
        r.host = c.host;
        r.call = c.call;
        r.retIsCount = c.call == "ibv_poll_cq";
        m_world.calls.push_back(std::move(r));
    }
    if (!m_world.script().calls.empty()) m_world.scheduleCpu(0);
}

std::vector<Event> RdmaEngine::step() {
    EventOut out;
    auto& w = m_world;
    while (out.empty()) {
        if (w.agenda.empty()) {
            // A poll with "min" waits on an empty CQ and nothing more can happen: it returns.
            if (w.cpu.waiting) {
                w.cpu.waiting = false;
                w.cpu.gaveUp = true;
                w.scheduleCpu(0);
                continue;
            }
            break;
        }
        const Action a = w.agenda.pop();
        if (a.timeNs > w.now) w.now = a.timeNs;
        dispatch(a, out);
    }
    // Once the script is over, trailing wake-ups that find nothing to do are
    // folded into this step, so the last step is not an empty one.
    while (!out.empty() && !w.cpu.inCall && w.cpu.next >= w.script().calls.size() && !w.agenda.empty()) {
        RdmaWorld trial = w;
        EventOut probe;
        const Action a = trial.agenda.pop();
        if (a.timeNs > trial.now) trial.now = a.timeNs;
        std::swap(m_world, trial);
        dispatch(a, probe);
        if (!probe.empty()) {
            std::swap(m_world, trial);  // it does something: leave it for the next step
            break;
        }
    }
    ++m_world.steps;
    return out;
}

bool RdmaEngine::done() const {
    const auto& w = m_world;
    return w.agenda.empty() && !w.cpu.inCall && w.cpu.next >= w.script().calls.size();
}

std::size_t RdmaEngine::footprintBytes() const { return rdma::footprintBytes(m_world); }

std::size_t RdmaEngine::currentCall() const { return m_world.cpu.inCall ? m_world.cpu.call : m_world.cpu.next; }

void RdmaEngine::dispatch(const Action& a, EventOut& out) {
    auto& w = m_world;
    if (a.kind == ActionKind::Cpu) return runCpu(w, out);
    if (a.kind == ActionKind::Arrival) return arrival(a, out);
    QueuePair* qp = w.qp(a.host, a.qpn);
    if (!qp) return;
    switch (a.kind) {
        case ActionKind::Requester:
            qp->req.scheduled = false;
            runRequester(w, a.host, *qp, out);
            break;
        case ActionKind::Responder:
            qp->resp.scheduled = false;
            runResponder(w, a.host, *qp, out);
            break;
        case ActionKind::Completer:
            qp->comp.scheduled = false;
            runCompleter(w, a.host, *qp, out);
            break;
        case ActionKind::Flush:
            qp->flushScheduled = false;
            runFlush(w, a.host, *qp, out);
            break;
        case ActionKind::RetransmitTimer:
            onRetransmitTimer(w, a.host, *qp, a.token, out);
            break;
        case ActionKind::RnrTimer:
            onRnrTimer(w, a.host, *qp, a.token, out);
            break;
        default:
            break;
    }
}

void RdmaEngine::arrival(const Action& a, EventOut& out) {
    auto& w = m_world;
    const std::string id = "pkt/" + std::to_string(a.token);
    Packet* p = w.wire.find(id);
    if (!p) return;
    Host& host = w.host(a.host);
    QueuePair* qp = host.qpByQpn(p->destQp);
    auto drop = [&](const std::string& anchor, const sim::Text& reason) {
        w.wire.land(id, PacketFate::Dropped, reason.english());
        out.push_back(PacketDropped{anchor, id, host.name, qp ? qp->id : "", reason});
    };
    if (w.wire.dropSerials.count(a.token))
        return drop("fault_injection",
                    rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "lost on the wire (fault drop_packet)")));
    if (!qp)
        return drop("rxe_rcv", rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "no QP %1 on host %2"),
                                        {std::to_string(p->destQp), host.name}));
    const bool response = isResponse(p->opcode);
    if (response ? !qp->sendAllowed()
                 : (qp->state == QpState::Reset || qp->state == QpState::Init || qp->state == QpState::Err))
        return drop("rxe_rcv", rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "QP %1 is %2"),
                                        {std::to_string(qp->qpn), std::string(verbsName(qp->state))}));
    w.wire.land(id, PacketFate::Delivered);
    out.push_back(PacketArrived{"rxe_rcv", id, host.name, qp->id, std::string(verbsName(p->opcode)), p->psn});
    if (response) {
        qp->comp.input.push_back(*p);
        w.kick(ActionKind::Completer, a.host, *qp, w.config().timing.hcaStepNs);
        return;
    }
    if (qp->state == QpState::Rtr && !qp->commEstRaised) {
        // First packet in RTR: the connection is established (rdma_cm uses it when RTU was lost).
        qp->commEstRaised = true;
        w.raiseAsync(a.host, AsyncEventType::CommEst, qp->id, out, "rxe_rcv");
    }
    qp->resp.input.push_back(*p);
    w.kick(ActionKind::Responder, a.host, *qp, w.config().timing.hcaStepNs);
}

}  // namespace commviz::rdma
