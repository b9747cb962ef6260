#include "rdma/verbs_driver.h"

#include "rdma/engine_text.h"
#include "rdma/verbs_names.h"

namespace commviz::rdma {

namespace {
constexpr std::uint64_t kVaBase = 0x7f0000000000ull;
constexpr std::uint64_t kPage = 4096;

bool isPayloadOp(WrOpcode op) {
    return op == WrOpcode::Send || op == WrOpcode::SendWithImm || op == WrOpcode::RdmaWrite ||
           op == WrOpcode::RdmaWriteWithImm;
}
}  // namespace

std::uint64_t loadU64(const std::vector<std::uint8_t>& bytes, std::uint64_t offset) {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | (offset + i < bytes.size() ? bytes[offset + i] : 0);
    return v;
}

void storeU64(std::vector<std::uint8_t>& bytes, std::uint64_t offset, std::uint64_t value) {
    for (int i = 0; i < 8; ++i)
        if (offset + i < bytes.size()) bytes[offset + i] = static_cast<std::uint8_t>(value >> (8 * i));
}

VerbResult regMr(RdmaWorld& w, std::uint32_t h, const RegMrCall& c) {
    Host& host = w.host(h);
    const std::uint32_t needsLocalWrite = bits(AccessFlag::RemoteWrite) | bits(AccessFlag::RemoteAtomic);
    if ((c.access & needsLocalWrite) && !(c.access & bits(AccessFlag::LocalWrite)))
        return {Errno::Einval,
                rdmaText(QT_TRANSLATE_NOOP("commviz::rdma",
                                           "IBV_ACCESS_REMOTE_WRITE / REMOTE_ATOMIC need IBV_ACCESS_LOCAL_WRITE"))};
    MemoryRegion mr;
    mr.name = c.mr;
    mr.host = host.name;
    mr.id = host.name + "/mr/" + c.mr;
    if (host.nextVa == 0) host.nextVa = kVaBase + (static_cast<std::uint64_t>(h) << 32);
    mr.addr = host.nextVa;
    host.nextVa += ((c.length + kPage - 1) / kPage + 1) * kPage;
    // rxe-style keys: index in the upper bits, a key byte below; lkey == rkey.
    mr.lkey = (host.nextMr++ << 8) | (0x10u * (h + 1) + 0x05u);
    mr.rkey = mr.lkey;
    mr.access = c.access;
    std::vector<std::uint8_t> bytes(c.length, 0);
    if (!c.fill.empty()) {
        if (c.fillRepeat)
            for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = c.fill[i % c.fill.size()];
        else
            for (std::size_t i = 0; i < c.fill.size() && i < bytes.size(); ++i) bytes[i] = c.fill[i];
    }
    mr.bytes.assign(bytes);
    host.mrs.push_back(std::move(mr));
    return {};
}

VerbResult createCq(RdmaWorld& w, std::uint32_t h, const CreateCqCall& c) {
    Host& host = w.host(h);
    if (c.cqe < 1 || c.cqe > DeviceCaps::maxCqe)
        return {Errno::Einval, rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "cqe must be 1 to %1 (device max_cqe)"),
                                        {std::to_string(DeviceCaps::maxCqe)})};
    CompletionQueue cq;
    cq.name = c.cq;
    cq.host = host.name;
    cq.cqn = host.nextCqn++;
    cq.id = host.name + "/cq" + std::to_string(cq.cqn);
    // mlx5_create_cq: ncqe = align_queue_size(cqe + 1), cq->cqe = ncqe - 1, i.e. the next power of
    // two above the request, minus one (2 -> 3, 16 -> 31). The app must read back cq->cqe.
    std::uint32_t ncqe = 1;
    while (ncqe < static_cast<std::uint32_t>(c.cqe) + 1) ncqe <<= 1;
    cq.requested = static_cast<std::uint32_t>(c.cqe);
    cq.depth = ncqe - 1;
    cq.ring.assign(cq.depth, std::nullopt);
    host.cqs.push_back(std::move(cq));
    return {Errno::Ok,
            rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "cq->cqe = %1 (asked %2; mlx5 rounds up to 2^n - 1)"),
                     {std::to_string(ncqe - 1), std::to_string(c.cqe)})};
}

VerbResult createQp(RdmaWorld& w, std::uint32_t h, const CreateQpCall& c) {
    Host& host = w.host(h);
    const auto& cap = c.cap;
    if (cap.max_send_wr > DeviceCaps::maxQpWr || cap.max_recv_wr > DeviceCaps::maxQpWr)
        return {Errno::Einval,
                rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "max_send_wr / max_recv_wr above the device's %1"),
                         {std::to_string(DeviceCaps::maxQpWr)})};
    if (cap.max_send_sge > DeviceCaps::maxSge || cap.max_recv_sge > DeviceCaps::maxSge)
        return {Errno::Einval,
                rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "max_send_sge / max_recv_sge above the device's %1"),
                         {std::to_string(DeviceCaps::maxSge)})};
    if (cap.max_inline_data > DeviceCaps::maxInline)
        return {Errno::Einval, rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "max_inline_data above the device's %1"),
                                        {std::to_string(DeviceCaps::maxInline)})};
    CompletionQueue* scq = host.cqByName(c.sendCq);
    CompletionQueue* rcq = host.cqByName(c.recvCq);
    if (!scq || !rcq)
        return {Errno::Einval, rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "send_cq / recv_cq was not created"))};
    QueuePair qp;
    qp.name = c.qp;
    qp.host = host.name;
    qp.qpn = host.nextQpn++;
    qp.id = host.name + "/qp" + std::to_string(qp.qpn);
    qp.type = QpType::Rc;
    qp.cap = cap;
    qp.sqSigAll = c.sqSigAll;
    qp.sendCq = scq->id;
    qp.recvCq = rcq->id;
    qp.sq.id = qp.id + "/sq";
    qp.sq.resize(cap.max_send_wr);
    qp.sq.maxSge = cap.max_send_sge;
    qp.rq.id = qp.id + "/rq";
    qp.rq.resize(cap.max_recv_wr);
    qp.rq.maxSge = cap.max_recv_sge;
    host.qps.push_back(std::move(qp));
    return {};
}

namespace {

void resetQp(RdmaWorld& w, std::uint32_t h, QueuePair& qp) {
    // Modify to RESET discards WQEs and this QP's CQEs without flush completions.
    for (auto& cq : w.host(h).cqs)
        if (cq.id == qp.sendCq || cq.id == qp.recvCq) cq.discardQp(qp.id);
    qp.sq.clear();
    qp.rq.clear();
    w.stopRetransmitTimer(h, qp);
    w.agenda.cancel(ActionKind::RnrTimer, h, qp.qpn);
    const auto sqHead = qp.sq.head, rqHead = qp.rq.head;
    qp.req = RequesterState{};
    qp.req.wqePos = sqHead;
    qp.resp = ResponderState{};
    qp.resp.rqPos = rqHead;
    qp.comp = CompleterState{};
    qp.comp.wqePos = sqHead;
    qp.commEstRaised = false;
    for (auto& wr : w.host(h).wrs)
        if (wr.qp == qp.id && wr.fate == WrFate::Posted) wr.fate = WrFate::Discarded;
}

}  // namespace

ModifyOutcome applyModify(RdmaWorld& w, std::uint32_t h, QueuePair& qp, const QpAttrSpec& attr, std::uint32_t mask,
                          EventOut& out) {
    std::uint32_t destQpn = attr.destQpNum.value_or(0);
    if (!attr.destQpName.empty())
        if (QueuePair* peer = w.qpNamed(attr.destQpName)) destQpn = peer->qpn;
    const QpState before = qp.state;
    ModifyOutcome r = modifyQp(qp, attr, mask, destQpn);
    if (r.err != Errno::Ok) return r;
    if (r.from != r.to)
        out.push_back(QpStateChanged{"ibv_modify_qp", w.host(h).name, qp.id, qp.qpn, r.from, r.to,
                                     sim::identifierText("ibv_modify_qp")});
    switch (r.to) {
        case QpState::Reset:
            resetQp(w, h, qp);
            break;
        case QpState::Rtr:
            if (before == QpState::Init) {
                qp.resp.psn = qp.attr.rq_psn;
                qp.resp.resources.assign(qp.attr.max_dest_rd_atomic, RdAtomicResource{});
                qp.resp.resNext = 0;
            }
            break;
        case QpState::Rts:
            if (before == QpState::Rtr) {
                qp.req.psn = qp.attr.sq_psn;
                qp.req.maxPsn = qp.attr.sq_psn;
                qp.comp.psn = qp.attr.sq_psn;
                qp.comp.retryLeft = qp.attr.retry_cnt;
                qp.comp.rnrRetryLeft = qp.attr.rnr_retry;
            }
            if (before == QpState::Sqd) qp.req.drainedNotified = false;
            w.kick(ActionKind::Requester, h, qp, w.config().timing.hcaStepNs);
            break;
        case QpState::Sqd:
            qp.req.drainedNotified = false;
            w.kick(ActionKind::Completer, h, qp, w.config().timing.hcaStepNs);
            break;
        case QpState::Err:
            if (before != QpState::Err) {
                qp.req.state = ReqState::Error;
                qp.resp.state = RespState::QpError;
                qp.comp.state = CompState::QpError;
                qp.comp.steps.clear();
                w.stopRetransmitTimer(h, qp);
                w.agenda.cancel(ActionKind::RnrTimer, h, qp.qpn);
            }
            w.kick(ActionKind::Flush, h, qp, w.config().timing.hcaStepNs);
            break;
        default:
            break;
    }
    return r;
}

namespace {
Sge resolveSge(RdmaWorld& w, std::uint32_t h, const SgeSpec& s) {
    Host& host = w.host(h);
    Sge out;
    out.length = s.length;
    if (MemoryRegion* mr = host.mrByName(s.mr)) {
        out.addr = mr->addr + s.offset;
        out.lkey = mr->lkey;
    }
    if (s.lkey) out.lkey = *s.lkey;
    if (MemoryRegion* byKey = host.mrByLkey(out.lkey)) out.mr = byKey->id;
    return out;
}
}  // namespace

SendWr resolveSendWr(RdmaWorld& w, std::uint32_t h, const SendWrSpec& spec) {
    SendWr wr;
    wr.wrId = spec.wrId;
    wr.opcode = spec.opcode;
    wr.sendFlags = spec.sendFlags;
    for (const auto& s : spec.sgList) wr.sgList.push_back(resolveSge(w, h, s));
    wr.immData = spec.immData;
    if (!spec.remoteMr.empty())
        if (MemoryRegion* mr = w.mrNamed(spec.remoteMr)) {
            wr.remoteAddr = mr->addr + spec.remoteOffset;
            wr.rkey = mr->rkey;
        }
    if (spec.remoteAddr) wr.remoteAddr = *spec.remoteAddr;
    if (spec.rkey) wr.rkey = *spec.rkey;
    wr.compareAdd = spec.compareAdd;
    wr.swap = spec.swap;
    return wr;
}

RecvWr resolveRecvWr(RdmaWorld& w, std::uint32_t h, const RecvWrSpec& spec) {
    RecvWr wr;
    wr.wrId = spec.wrId;
    for (const auto& s : spec.sgList) wr.sgList.push_back(resolveSge(w, h, s));
    return wr;
}

VerbResult checkPostSendState(const QueuePair& qp) {
    // RESET/INIT/RTR: the SQ is not live (rxe: req.state < READY). ERR accepts and flushes.
    if (qp.state == QpState::Reset || qp.state == QpState::Init || qp.state == QpState::Rtr)
        return {Errno::Einval,
                rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "ibv_post_send needs IBV_QPS_RTS (the QP is %1)"),
                         {std::string(verbsName(qp.state))})};
    return {};
}

VerbResult checkPostRecvState(const QueuePair& qp) {
    if (qp.state == QpState::Reset)
        return {Errno::Einval,
                rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "ibv_post_recv needs IBV_QPS_INIT or later (the QP is %1)"),
                         {std::string(verbsName(qp.state))})};
    return {};
}

VerbResult checkSendWr(const QueuePair& qp, const SendWr& wr) {
    if (wr.sgList.size() > qp.cap.max_send_sge)
        return {Errno::Einval, rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "num_sge above max_send_sge"))};
    if (wr.has(SendFlag::Inline) && isPayloadOp(wr.opcode) && wr.length() > qp.cap.max_inline_data)
        return {Errno::Einval,
                rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "IBV_SEND_INLINE with %1 bytes > max_inline_data %2"),
                         {std::to_string(wr.length()), std::to_string(qp.cap.max_inline_data)})};
    if (wr.opcode == WrOpcode::AtomicCmpAndSwp || wr.opcode == WrOpcode::AtomicFetchAndAdd) {
        if (wr.sgList.empty() || wr.length() < 8)
            return {Errno::Einval, rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "atomic needs an 8-byte local buffer"))};
        if (wr.remoteAddr & 7)
            return {Errno::Einval,
                    rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "atomic remote_addr must be 8-byte aligned"))};
    }
    if (qp.sq.full())
        return {Errno::Enomem,
                rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "send queue full (head - tail = max_send_wr)"))};
    return {};
}

VerbResult checkRecvWr(const QueuePair& qp, const RecvWr& wr) {
    if (wr.sgList.size() > qp.cap.max_recv_sge)
        return {Errno::Einval, rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "num_sge above max_recv_sge"))};
    if (qp.rq.full())
        return {Errno::Enomem,
                rdmaText(QT_TRANSLATE_NOOP("commviz::rdma", "receive queue full (head - tail = max_recv_wr)"))};
    return {};
}

Wqe& writeSendWqe(RdmaWorld& w, std::uint32_t h, QueuePair& qp, const SendWr& wr, const std::string& wrObj) {
    Wqe wqe;
    wqe.id = qp.sq.id + "/" + std::to_string(qp.sq.head);
    wqe.wr = wrObj;
    wqe.isSend = true;
    wqe.send = wr;
    wqe.signaled = qp.sqSigAll || wr.has(SendFlag::Signaled);
    if (wr.has(SendFlag::Inline) && isPayloadOp(wr.opcode)) {
        // IBV_SEND_INLINE: the CPU copies the payload into the WQE; no lkey check, no DMA later.
        Host& host = w.host(h);
        for (const auto& sge : wr.sgList) {
            for (const auto& mr : host.mrs) {
                if (!mr.contains(sge.addr, sge.length)) continue;
                const auto off = sge.addr - mr.addr;
                wqe.inlineData.insert(wqe.inlineData.end(), mr.bytes.begin() + static_cast<std::ptrdiff_t>(off),
                                      mr.bytes.begin() + static_cast<std::ptrdiff_t>(off + sge.length));
                break;
            }
        }
    }
    return qp.sq.push(std::move(wqe));
}

Wqe& writeRecvWqe(QueuePair& qp, const RecvWr& wr, const std::string& wrObj) {
    Wqe wqe;
    wqe.id = qp.rq.id + "/" + std::to_string(qp.rq.head);
    wqe.wr = wrObj;
    wqe.isSend = false;
    wqe.recv = wr;
    wqe.signaled = true;
    return qp.rq.push(std::move(wqe));
}

std::optional<SlotFreed> freeSlotsFor(RdmaWorld& w, std::uint32_t h, const Cqe& cqe) {
    Host& host = w.host(h);
    QueuePair* qp = nullptr;
    for (auto& q : host.qps)
        if (q.id == cqe.qp) qp = &q;
    if (!qp) return std::nullopt;
    WorkQueue& wq = cqe.fromSq ? qp->sq : qp->rq;
    if (cqe.wqePos < wq.tail) return std::nullopt;
    SlotFreed ev{"ibv_poll_cq", host.name, qp->id, cqe.fromSq ? "sq" : "rq", {}, {}, 0};
    for (auto& wqe : wq.freeUpTo(cqe.wqePos + 1)) {
        ev.wqes.push_back(wqe.id);
        ev.freedSlots.push_back(wqe.slot);
    }
    ev.tail = wq.tail;
    if (ev.wqes.empty()) return std::nullopt;
    return ev;
}

}  // namespace commviz::rdma
