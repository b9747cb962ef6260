#include "rdma/script_runner.h"

#include "rdma/engine_text.h"
#include "rdma/psn.h"
#include "rdma/verbs_driver.h"
#include "rdma/verbs_names.h"

namespace commviz::rdma {

namespace {

enum Phase : int {
    kStart = 0,
    kWr = 1,
    kWqe = 2,
    kDoorbell = 3,
    kReturn = 4,
    kPoll = 5,
    kWc = 6,
    kFree = 7,
    kModify = 8
};

struct Runner {
    RdmaWorld& w;
    EventOut& out;
    const ScriptCall& call;
    CallResult& result;
    std::uint32_t h;

    CpuState& cpu() { return w.cpu; }
    const Timing& t() const { return w.config().timing; }

    void finish() {
        CallReturned ev{std::string(anchorName()), call.index,   call.host,    call.call, result.ret,
                        result.retIsCount,         result.badWr, result.detail};
        out.push_back(std::move(ev));
        result.finished = true;
        result.endNs = w.now;
        cpu().inCall = false;
        cpu().next = call.index + 1;
        if (cpu().next < w.script().calls.size()) w.scheduleCpu(t().cpuStepNs);
    }

    std::string anchorName() const { return call.call == "fault" ? std::string("fault_injection") : call.call; }

    void fail(Errno e, sim::Text detail) {
        result.ret = static_cast<int>(e);
        result.detail = std::move(detail);
    }

    void run() {
        if (cpu().phase == kStart) {
            out.push_back(CallStarted{std::string(anchorName()), call.index, call.host, call.call});
            result.started = true;
            result.startNs = w.now;
        }
        std::visit([&](const auto& args) { step(args); }, call.args);
    }

    // A call on a QP whose ibv_create_qp failed (the script still names it).
    void missingQp(const std::string& name) {
        fail(Errno::Einval, rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "no QP named %1 on this host"), {name}));
        finish();
    }
    void simple(const VerbResult& r) {
        if (r.err != Errno::Ok) fail(r.err, r.detail);
        finish();
    }
    void step(const RegMrCall& c) { simple(regMr(w, h, c)); }
    void step(const CreateCqCall& c) {
        VerbResult r = createCq(w, h, c);
        if (r.err == Errno::Ok) result.detail = r.detail;  // the granted cq->cqe
        simple(r);
    }
    void step(const CreateQpCall& c) { simple(createQp(w, h, c)); }

    void step(const ModifyQpCall& c) {
        QueuePair* qp = w.host(h).qpByName(c.qp);
        if (!qp) return missingQp(c.qp);
        const auto r = applyModify(w, h, *qp, c.attr, c.attrMask, out);
        if (r.err != Errno::Ok) fail(r.err, r.detail);
        finish();
    }

    void step(const UsleepCall& c) {
        if (cpu().phase == kStart) {
            cpu().phase = kReturn;
            w.scheduleCpu(c.usec * 1000);
            return;
        }
        finish();
    }

    void step(const FaultCall& c) {
        for (auto n : c.dropPackets) w.wire.dropSerials.insert(w.wire.sent + n);
        finish();
    }

    // connect: rc_pingpong's order. Both QPs to INIT (if still RESET), then the
    // server side (qps[1]) RTR and RTS before replying, then the client (qps[0]).
    void step(const ConnectCall& c) {
        struct Move {
            int side;
            QpState to;
        };
        std::vector<Move> plan;
        QueuePair* qps[2] = {w.qpNamed(c.qps[0]), w.qpNamed(c.qps[1])};
        // A QP whose ibv_create_qp failed has no object behind its name.
        for (int i = 0; i < 2; ++i)
            if (!qps[i]) return missingQp(c.qps[i]);
        if (cpu().phase == kStart) {
            for (int i = 0; i < 2; ++i)
                cpu().connectPsn[i] =
                    c.attr.sqPsn[i] ? *c.attr.sqPsn[i] : static_cast<std::uint32_t>(w.rng.next() & kPsnMask);
            cpu().phase = kModify;
            cpu().cursor = 0;
            w.scheduleCpu(t().cpuStepNs);
            return;
        }
        if (cpu().phase == kReturn) return finish();
        // Plan from the states now: each cursor value is one ibv_modify_qp.
        static constexpr Move kOrder[] = {{0, QpState::Init}, {1, QpState::Init}, {1, QpState::Rtr},
                                          {1, QpState::Rts},  {0, QpState::Rtr},  {0, QpState::Rts}};
        while (cpu().cursor < 6) {
            const Move m = kOrder[cpu().cursor++];
            QueuePair* qp = qps[m.side];
            if (m.to == QpState::Init && qp->state != QpState::Reset) continue;  // already INIT: receives pre-posted
            QueuePair* peer = qps[1 - m.side];
            QpAttrSpec a;
            a.qpState = m.to;
            std::uint32_t mask = bits(QpAttrMask::State);
            if (m.to == QpState::Init) {
                a.pkeyIndex = 0;
                a.portNum = 1;
                a.qpAccessFlags = c.attr.qpAccessFlags;
                mask |= QpAttrMask::PkeyIndex | QpAttrMask::Port;
                mask |= bits(QpAttrMask::AccessFlags);
            } else if (m.to == QpState::Rtr) {
                a.pathMtu = static_cast<std::uint32_t>(c.attr.pathMtu);
                a.destQpNum = peer->qpn;
                a.rqPsn = cpu().connectPsn[1 - m.side];
                a.maxDestRdAtomic = c.attr.maxDestRdAtomic;
                a.minRnrTimer = c.attr.minRnrTimer;
                a.dlid = w.hosts[w.hostIndex(peer->host)].lid;
                mask |= QpAttrMask::Av | QpAttrMask::PathMtu;
                mask |= QpAttrMask::DestQpn | QpAttrMask::RqPsn;
                mask |= QpAttrMask::MaxDestRdAtomic | QpAttrMask::MinRnrTimer;
            } else {
                a.timeout = c.attr.timeout;
                a.retryCnt = c.attr.retryCnt;
                a.rnrRetry = c.attr.rnrRetry;
                a.sqPsn = cpu().connectPsn[m.side];
                a.maxRdAtomic = c.attr.maxRdAtomic;
                mask |= QpAttrMask::Timeout | QpAttrMask::RetryCnt;
                mask |= QpAttrMask::RnrRetry | QpAttrMask::SqPsn;
                mask |= bits(QpAttrMask::MaxQpRdAtomic);
            }
            const std::uint32_t qh = w.hostIndex(qp->host);
            const auto r = applyModify(w, qh, *qp, a, mask, out);
            if (r.err != Errno::Ok) {
                sim::Text why = r.detail;
                why.subject = qp->name;  // connect moves two QPs: say which one refused
                fail(r.err, std::move(why));
                return finish();
            }
            if (cpu().cursor == 6) cpu().phase = kReturn;
            w.scheduleCpu(t().cpuStepNs);
            return;
        }
        finish();
    }

    template <class Spec, class Resolve, class Check, class Write>
    void post(const std::string& qpName, const std::vector<Spec>& wrs, bool isSend, Resolve resolve, Check check,
              Write write) {
        Host& host = w.host(h);
        QueuePair* qp = host.qpByName(qpName);
        if (!qp) return missingQp(qpName);
        const char* queue = isSend ? "sq" : "rq";
        auto recordRest = [&](std::size_t from, WrFate fate) {
            for (std::size_t i = from; i < wrs.size(); ++i) {
                WorkRequest r;
                r.id = host.name + "/wr/" + std::to_string(host.wrs.size());
                r.qp = qp->id;
                r.callIndex = call.index;
                r.isSend = isSend;
                if constexpr (std::is_same_v<Spec, SendWrSpec>)
                    r.send = resolve(wrs[i]);
                else
                    r.recv = resolve(wrs[i]);
                r.fate = i == from ? fate : WrFate::NotPosted;
                host.wrs.push_back(std::move(r));
            }
        };
        switch (cpu().phase) {
            case kStart: {
                const VerbResult st = isSend ? checkPostSendState(*qp) : checkPostRecvState(*qp);
                if (st.err != Errno::Ok || wrs.empty()) {
                    if (st.err != Errno::Ok) {
                        fail(st.err, st.detail);
                        result.badWr = wrs.empty() ? std::nullopt : std::optional<std::uint64_t>(wrs[0].wrId);
                        recordRest(0, WrFate::Rejected);
                    }
                    cpu().phase = kReturn;
                } else {
                    cpu().phase = kWr;
                    cpu().cursor = 0;
                    cpu().posted = 0;
                }
                w.scheduleCpu(t().cpuStepNs);
                return;
            }
            case kWr: {
                const auto& spec = wrs[cpu().cursor];
                WorkRequest r;
                r.id = host.name + "/wr/" + std::to_string(host.wrs.size());
                r.qp = qp->id;
                r.callIndex = call.index;
                r.isSend = isSend;
                VerbResult v;
                if constexpr (std::is_same_v<Spec, SendWrSpec>) {
                    r.send = resolve(spec);
                    v = check(*qp, r.send);
                } else {
                    r.recv = resolve(spec);
                    v = check(*qp, r.recv);
                }
                out.push_back(WrPosted{"ibv_post_" + std::string(isSend ? "send" : "recv"), host.name, qp->id, queue,
                                       r.id, spec.wrId,
                                       isSend ? std::string(verbsName(r.send.opcode)) : std::string("RECV")});
                if (v.err != Errno::Ok) {
                    // bad_wr: this WR and the ones after it are not posted; earlier ones are.
                    fail(v.err, v.detail);
                    result.badWr = spec.wrId;
                    host.wrs.push_back(r);
                    host.wrs.back().fate = WrFate::Rejected;
                    recordRest(cpu().cursor + 1, WrFate::NotPosted);
                    cpu().phase = cpu().posted > 0 ? kDoorbell : kReturn;
                } else {
                    host.wrs.push_back(std::move(r));
                    cpu().phase = kWqe;
                }
                w.scheduleCpu(t().cpuStepNs);
                return;
            }
            case kWqe: {
                WorkRequest& r = host.wrs.back();
                Wqe& wqe = write(*qp, r);
                r.wqe = wqe.id;
                out.push_back(WqeWritten{r.isSend ? "ibv_post_send" : "ibv_post_recv", host.name, qp->id, queue, wqe.id,
                                         r.id, wqe.slot, wqe.wrId(),
                                         isSend ? std::string(verbsName(r.send.opcode)) : std::string("RECV"),
                                         !wqe.inlineData.empty()});
                ++cpu().posted;
                ++cpu().cursor;
                cpu().phase = cpu().cursor < wrs.size() ? kWr : kDoorbell;
                w.scheduleCpu(t().cpuStepNs);
                return;
            }
            case kDoorbell: {
                const WorkQueue& wq = isSend ? qp->sq : qp->rq;
                out.push_back(Doorbell{isSend ? "ibv_post_send: doorbell" : "ibv_post_recv: doorbell", host.name,
                                       qp->id, queue, wq.head});
                if (qp->state == QpState::Err)
                    w.kick(ActionKind::Flush, h, *qp, t().doorbellNs);
                else if (isSend)
                    w.kick(ActionKind::Requester, h, *qp, t().doorbellNs + t().wqeFetchNs);
                cpu().phase = kReturn;
                w.scheduleCpu(t().cpuStepNs);
                return;
            }
            default:
                finish();
        }
    }

    void step(const PostSendCall& c) {
        post(
            c.qp, c.wr, true, [&](const SendWrSpec& s) { return resolveSendWr(w, h, s); },
            [](const QueuePair& q, const SendWr& wr) { return checkSendWr(q, wr); },
            [&](QueuePair& q, const WorkRequest& r) -> Wqe& { return writeSendWqe(w, h, q, r.send, r.id); });
    }

    void step(const PostRecvCall& c) {
        post(
            c.qp, c.wr, false, [&](const RecvWrSpec& s) { return resolveRecvWr(w, h, s); },
            [](const QueuePair& q, const RecvWr& wr) { return checkRecvWr(q, wr); },
            [&](QueuePair& q, const WorkRequest& r) -> Wqe& { return writeRecvWqe(q, r.recv, r.id); });
    }

    void step(const PollCqCall& c) {
        Host& host = w.host(h);
        CompletionQueue* cq = host.cqByName(c.cq);
        if (!cq) {  // its ibv_create_cq failed: an error, not a count of completions
            result.retIsCount = false;
            fail(Errno::Einval, rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "no CQ named %1 on this host"), {c.cq}));
            return finish();
        }
        result.retIsCount = true;
        switch (cpu().phase) {
            case kStart:
                cpu().phase = kPoll;
                cpu().polledTotal = cpu().polledBatch = 0;
                cpu().gaveUp = false;
                w.scheduleCpu(t().cpuStepNs);
                return;
            case kPoll:
                while (true) {
                    if (cpu().polledBatch < c.numEntries && cq->peek()) {
                        Cqe cqe = *cq->pop();
                        out.push_back(CqPolled{"ibv_poll_cq", host.name, cq->id, cqe.id, cqe.slot, cqe.wrId});
                        cpu().polled = std::move(cqe);
                        ++cpu().polledBatch;
                        ++cpu().polledTotal;
                        cpu().phase = kWc;
                        w.scheduleCpu(t().cpuStepNs);
                        return;
                    }
                    // one ibv_poll_cq() call ended (array full or CQ empty)
                    if (c.min == 0 || cpu().polledTotal >= c.min || cpu().gaveUp) {
                        result.ret = static_cast<int>(cpu().polledTotal);
                        return finish();
                    }
                    if (cpu().polledBatch >= c.numEntries) {
                        cpu().polledBatch = 0;
                        continue;
                    }
                    cpu().polledBatch = 0;
                    cpu().waiting = true;  // busy-poll: woken when a CQE lands or nothing more can happen
                    cpu().waitCq = cq->id;
                    return;
                }
            case kWc: {
                const Cqe& cqe = *cpu().polled;
                WorkCompletion wc;
                wc.id = host.name + "/wc/" + std::to_string(host.wcs.size());
                wc.cq = cq->id;
                wc.cqe = cqe.id;
                wc.callIndex = call.index;
                wc.wrId = cqe.wrId;
                wc.status = cqe.status;
                wc.opcode = cqe.opcode;
                wc.vendorErr = cqe.vendorErr;
                wc.byteLen = cqe.byteLen;
                wc.immData = cqe.immData;
                wc.qpNum = cqe.qpNum;
                wc.wcFlags = cqe.wcFlags;
                WcReturned ev{"ibv_poll_cq", host.name, cq->id,     wc.id,    cqe.qp,      wc.wrId,
                              wc.status,     wc.opcode, wc.byteLen, wc.qpNum, std::nullopt};
                if (wc.wcFlags & bits(WcFlag::WithImm)) ev.immData = wc.immData;
                out.push_back(std::move(ev));
                host.wcs.push_back(std::move(wc));
                cpu().toFree = freeSlotsFor(w, h, cqe);
                cpu().polled.reset();
                cpu().phase = cpu().toFree ? kFree : kPoll;
                w.scheduleCpu(t().cpuStepNs);
                return;
            }
            case kFree:
                out.push_back(*cpu().toFree);
                cpu().toFree.reset();
                cpu().phase = kPoll;
                w.scheduleCpu(t().cpuStepNs);
                return;
            default:
                finish();
        }
    }
};

}  // namespace

void runCpu(RdmaWorld& w, EventOut& out) {
    CpuState& cpu = w.cpu;
    if (!cpu.inCall) {
        if (cpu.next >= w.script().calls.size()) return;
        cpu.inCall = true;
        cpu.call = cpu.next;
        cpu.phase = kStart;
        cpu.cursor = 0;
        cpu.waiting = false;
        cpu.gaveUp = false;
    }
    const ScriptCall& call = w.script().calls[cpu.call];
    Runner r{w, out, call, w.calls[cpu.call], call.host.empty() ? 0u : w.hostIndex(call.host)};
    r.run();
    if (cpu.phase == kStart && cpu.inCall) cpu.phase = kReturn;  // calls that had no own phase plan
}

}  // namespace commviz::rdma
