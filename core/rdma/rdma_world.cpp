#include "rdma/rdma_world.h"

#include <array>

#include "rdma/engine_text.h"
#include "rdma/verbs_names.h"

namespace commviz::rdma {

std::uint64_t rnrTimerNs(std::uint32_t code) {
    // microseconds, IBTA table 45 (code 0 = 655.36 ms)
    constexpr std::array<std::uint64_t, 32> usec{655360, 10,    20,    30,     40,     60,     80,     120,
                                                 160,    240,   320,   480,    640,    960,    1280,   1920,
                                                 2560,   3840,  5120,  7680,   10240,  15360,  20480,  30720,
                                                 40960,  61440, 81920, 122880, 163840, 245760, 327680, 491520};
    return usec[code & 31] * 1000;
}

std::uint32_t RdmaWorld::hostIndex(const std::string& name) const {
    for (std::uint32_t i = 0; i < hosts.size(); ++i)
        if (hosts[i].name == name) return i;
    return 0;
}

QueuePair* RdmaWorld::qpNamed(const std::string& name, std::uint32_t* hostIdx) {
    for (std::uint32_t i = 0; i < hosts.size(); ++i)
        if (auto* q = hosts[i].qpByName(name)) {
            if (hostIdx) *hostIdx = i;
            return q;
        }
    return nullptr;
}

MemoryRegion* RdmaWorld::mrNamed(const std::string& name, std::uint32_t* hostIdx) {
    for (std::uint32_t i = 0; i < hosts.size(); ++i)
        if (auto* m = hosts[i].mrByName(name)) {
            if (hostIdx) *hostIdx = i;
            return m;
        }
    return nullptr;
}

CompletionQueue* RdmaWorld::cqNamed(const std::string& name, std::uint32_t* hostIdx) {
    for (std::uint32_t i = 0; i < hosts.size(); ++i)
        if (auto* c = hosts[i].cqByName(name)) {
            if (hostIdx) *hostIdx = i;
            return c;
        }
    return nullptr;
}

void RdmaWorld::scheduleCpu(std::uint64_t delayNs) { agenda.push({now + delayNs, 0, ActionKind::Cpu, 0, 0, 0}); }

void RdmaWorld::kick(ActionKind kind, std::uint32_t hostIdx, QueuePair& q, std::uint64_t delayNs) {
    bool* flag = kind == ActionKind::Requester   ? &q.req.scheduled
                 : kind == ActionKind::Responder ? &q.resp.scheduled
                 : kind == ActionKind::Completer ? &q.comp.scheduled
                 : kind == ActionKind::Flush     ? &q.flushScheduled
                                                 : nullptr;
    if (flag && *flag) return;
    if (flag) *flag = true;
    agenda.push({now + delayNs, 0, kind, hostIdx, q.qpn, 0});
}

bool RdmaWorld::writeCqe(std::uint32_t hostIdx, QueuePair& q, Cqe cqe, EventOut& out, const std::string& anchor) {
    Host& h = hosts[hostIdx];
    CompletionQueue* cq = h.cqById(cqe.fromSq ? q.sendCq : q.recvCq);
    if (!cq) return false;
    cqe.qp = q.id;
    cqe.qpNum = q.qpn;
    if (cq->push(cqe, now)) {
        CqeWritten e{anchor,   h.name,     cq->id,     cqe.id,      q.id,      cqe.wqe,     cqe.slot,
                     cqe.wrId, cqe.status, cqe.opcode, cqe.byteLen, cqe.qpNum, std::nullopt};
        if (cqe.wcFlags & bits(WcFlag::WithImm)) e.immData = cqe.immData;
        out.push_back(std::move(e));
        if (cpu.waiting && cpu.waitCq == cq->id) {
            cpu.waiting = false;
            scheduleCpu(config().timing.cpuStepNs);
        }
        return true;
    }
    // rxe_cq_post on a full CQ: IB_EVENT_CQ_ERR, the completion is lost, the QP errors out.
    const bool first = !cq->overrun;
    cq->overrun = true;
    ++cq->lost;
    out.push_back(CqOverflow{anchor, h.name, cq->id, q.id, cqe.wqe, cqe.wrId, cqe.status, first});
    if (first) raiseAsync(hostIdx, AsyncEventType::CqErr, cq->id, out, anchor);
    if (q.state != QpState::Err)
        qpError(hostIdx, q, out, anchor, rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "CQ overrun")));
    return false;
}

void RdmaWorld::qpError(std::uint32_t hostIdx, QueuePair& q, EventOut& out, const std::string& anchor,
                        const sim::Text& reason) {
    if (q.state == QpState::Err) return;
    out.push_back(QpStateChanged{anchor, hosts[hostIdx].name, q.id, q.qpn, q.state, QpState::Err, reason});
    q.state = QpState::Err;
    q.req.state = ReqState::Error;
    q.resp.state = RespState::QpError;
    q.comp.state = CompState::QpError;
    q.comp.steps.clear();
    q.comp.rnrWaiting = false;
    stopRetransmitTimer(hostIdx, q);
    agenda.cancel(ActionKind::RnrTimer, hostIdx, q.qpn);
    kick(ActionKind::Flush, hostIdx, q, config().timing.hcaStepNs);
}

void RdmaWorld::raiseAsync(std::uint32_t hostIdx, AsyncEventType type, const std::string& object, EventOut& out,
                           const std::string& anchor) {
    hosts[hostIdx].asyncEvents.push_back({type, object, now});
    out.push_back(AsyncEventRaised{anchor, hosts[hostIdx].name, object, type});
}

const Packet& RdmaWorld::transmit(std::uint32_t hostIdx, QueuePair& q, Packet p, EventOut& out,
                                  const std::string& anchor) {
    p.from = hosts[hostIdx].name;
    p.to = hosts[peerOf(hostIdx)].name;
    p.srcQpn = q.qpn;
    p.destQp = q.attr.dest_qp_num;
    const Packet& sent = wire.transmit(std::move(p), static_cast<int>(hostIdx), now);
    agenda.push({sent.arriveNs, 0, ActionKind::Arrival, peerOf(hostIdx), sent.destQp, sent.serial});
    out.push_back(PacketSent{anchor, sent.id, sent.from, sent.to, q.id, sent.wqe, std::string(verbsName(sent.opcode)),
                             sent.psn, sent.destQp, sent.ackReq, sent.se,
                             static_cast<std::uint32_t>(sent.payload.size()), sent.departNs, sent.arriveNs,
                             sent.retransmission});
    return sent;
}

std::uint64_t RdmaWorld::retransmitTimeoutNs(const QueuePair& q) const {
    // Local ACK Timeout: 4.096 us * 2^timeout; 0 = wait forever.
    if (q.attr.timeout == 0) return 0;
    return 4096ull << q.attr.timeout;
}

void RdmaWorld::armRetransmitTimer(std::uint32_t hostIdx, QueuePair& q, bool restart) {
    const auto t = retransmitTimeoutNs(q);
    if (t == 0) return;
    if (q.comp.timerArmed && !restart) return;
    agenda.cancel(ActionKind::RetransmitTimer, hostIdx, q.qpn);
    q.comp.timerArmed = true;
    q.comp.timerDeadline = now + t;
    ++q.comp.timerGen;
    agenda.push({q.comp.timerDeadline, 0, ActionKind::RetransmitTimer, hostIdx, q.qpn, q.comp.timerGen});
}

void RdmaWorld::stopRetransmitTimer(std::uint32_t hostIdx, QueuePair& q) {
    q.comp.timerArmed = false;
    ++q.comp.timerGen;
    agenda.cancel(ActionKind::RetransmitTimer, hostIdx, q.qpn);
}

}  // namespace commviz::rdma
