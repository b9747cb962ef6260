#include "rdma/hca_requester.h"

#include <algorithm>

#include "rdma/psn.h"
#include "rdma/verbs_names.h"

namespace commviz::rdma {

namespace {

constexpr std::int32_t kMaxUnackedPsns = 128;  // rxe RXE_MAX_UNACKED_PSNS, checked before every packet
// AckReq at least every 64 packets (rxe RXE_MAX_PKT_PER_ACK) besides the last of each message.
// rxe writes it `noack_pkts++ > RXE_MAX_PKT_PER_ACK`, which fires on the 66th; the model takes
// the constant's meaning: the 64th packet without AckReq asks for one.
constexpr std::uint32_t kMaxPktPerAck = 64;

bool isPayloadOp(WrOpcode op) {
    return op == WrOpcode::Send || op == WrOpcode::SendWithImm || op == WrOpcode::RdmaWrite ||
           op == WrOpcode::RdmaWriteWithImm;
}

std::uint32_t packetsFor(std::uint32_t length, std::uint32_t mtu) { return length == 0 ? 1 : (length + mtu - 1) / mtu; }

// Local checks the HCA makes when it takes the WQE: every SGE must name an MR
// of this PD by lkey and lie inside it; READ/atomic destinations need LOCAL_WRITE.
std::optional<WcStatus> localCheck(Host& host, const Wqe& wqe) {
    const auto& wr = wqe.send;
    if (wqe.isAtomic() && wr.length() != 8) return WcStatus::LocQpOpErr;  // malformed atomic WQE
    const bool inlined = wr.has(SendFlag::Inline) && isPayloadOp(wr.opcode);
    if (inlined) return std::nullopt;
    for (const auto& sge : wr.sgList) {
        const MemoryRegion* mr = host.mrByLkey(sge.lkey);
        if (!mr || !mr->contains(sge.addr, sge.length)) return WcStatus::LocProtErr;
        if (wqe.isReadOrAtomic() && !mr->allows(bits(AccessFlag::LocalWrite))) return WcStatus::LocProtErr;
    }
    return std::nullopt;
}

BthOpcode opcodeFor(const Wqe& wqe, std::uint32_t k) {
    const bool only = wqe.npackets == 1, first = k == 0, last = k + 1 == wqe.npackets;
    switch (wqe.send.opcode) {
        case WrOpcode::Send:
            return only    ? BthOpcode::SendOnly
                   : first ? BthOpcode::SendFirst
                   : last  ? BthOpcode::SendLast
                           : BthOpcode::SendMiddle;
        case WrOpcode::SendWithImm:
            return only    ? BthOpcode::SendOnlyWithImmediate
                   : first ? BthOpcode::SendFirst
                   : last  ? BthOpcode::SendLastWithImmediate
                           : BthOpcode::SendMiddle;
        case WrOpcode::RdmaWrite:
            return only    ? BthOpcode::RdmaWriteOnly
                   : first ? BthOpcode::RdmaWriteFirst
                   : last  ? BthOpcode::RdmaWriteLast
                           : BthOpcode::RdmaWriteMiddle;
        case WrOpcode::RdmaWriteWithImm:
            return only    ? BthOpcode::RdmaWriteOnlyWithImmediate
                   : first ? BthOpcode::RdmaWriteFirst
                   : last  ? BthOpcode::RdmaWriteLastWithImmediate
                           : BthOpcode::RdmaWriteMiddle;
        case WrOpcode::RdmaRead:
            return BthOpcode::RdmaReadRequest;
        case WrOpcode::AtomicCmpAndSwp:
            return BthOpcode::CompareSwap;
        case WrOpcode::AtomicFetchAndAdd:
            return BthOpcode::FetchAdd;
        default:
            return BthOpcode::SendOnly;
    }
}

const MemoryRegion* firstMr(Host& host, const Wqe& wqe) {
    for (const auto& sge : wqe.send.sgList)
        if (const MemoryRegion* mr = host.mrByLkey(sge.lkey)) return mr;
    return nullptr;
}

}  // namespace

std::vector<std::uint8_t> gatherPayload(Host& host, const Wqe& wqe, std::uint32_t offset, std::uint32_t length) {
    std::vector<std::uint8_t> out;
    out.reserve(length);
    if (!wqe.inlineData.empty()) {
        const auto end = std::min<std::size_t>(wqe.inlineData.size(), offset + length);
        if (offset < end)
            out.assign(wqe.inlineData.begin() + offset, wqe.inlineData.begin() + static_cast<std::ptrdiff_t>(end));
        return out;
    }
    std::uint64_t skip = offset;
    for (const auto& sge : wqe.send.sgList) {
        if (out.size() >= length) break;
        if (skip >= sge.length) {
            skip -= sge.length;
            continue;
        }
        const MemoryRegion* mr = host.mrByLkey(sge.lkey);
        const std::uint64_t take = std::min<std::uint64_t>(sge.length - skip, length - out.size());
        for (std::uint64_t i = 0; i < take; ++i) {
            const std::uint64_t at = sge.addr - (mr ? mr->addr : 0) + skip + i;
            out.push_back(mr && at < mr->bytes.size() ? mr->bytes[at] : 0);
        }
        skip = 0;
    }
    return out;
}

void rewindRequester(QueuePair& qp, std::uint32_t psn) {
    bool found = false;
    for (std::uint64_t pos = qp.comp.wqePos; pos < qp.sq.head; ++pos) {
        Wqe* wqe = qp.sq.at(pos);
        if (!wqe || wqe->completed) continue;
        if (wqe->state == WqeState::Posted && !found) break;
        if (wqe->state == WqeState::Error) break;
        if (!found) {
            found = true;
            qp.req.wqePos = pos;
            std::int32_t k = psnDiff(psn, wqe->firstPsn);
            if (wqe->isReadOrAtomic() || k < 0) k = 0;
            wqe->nextPacket =
                static_cast<std::uint32_t>(std::min<std::int32_t>(k, static_cast<std::int32_t>(wqe->npackets) - 1));
            qp.req.psn = psnAdd(wqe->firstPsn, wqe->nextPacket);
        } else {
            wqe->nextPacket = 0;
        }
        wqe->state = WqeState::Posted;
        wqe->payloadFetched = false;
    }
    if (!found) qp.req.psn = psn;
}

void runRequester(RdmaWorld& w, std::uint32_t h, QueuePair& qp, EventOut& out) {
    auto& req = qp.req;
    const auto& t = w.config().timing;
    if (!qp.sendAllowed()) {
        req.state = qp.state == QpState::Err ? ReqState::Error : ReqState::Idle;
        return;
    }
    if (qp.comp.rnrWaiting) {
        req.state = ReqState::RnrWait;
        return;
    }
    Wqe* wqe = qp.sq.at(req.wqePos);
    if (!wqe) {
        req.state = ReqState::Idle;
        return;
    }
    Host& host = w.host(h);
    if (wqe->state == WqeState::Error) {
        req.state = ReqState::Error;
        return;
    }
    if (wqe->state == WqeState::Pending || wqe->state == WqeState::Done) {
        ++req.wqePos;
        w.kick(ActionKind::Requester, h, qp, 0);
        return;
    }
    if (wqe->state == WqeState::Posted) {
        if (qp.state == QpState::Sqd && !wqe->psnAssigned) {
            req.state = ReqState::Drained;  // SQD: WQEs not yet started wait for SQD -> RTS
            return;
        }
        std::uint32_t rdAtomicOutstanding = 0;
        bool earlierRdAtomic = false;
        for (std::uint64_t p = qp.comp.wqePos; p < req.wqePos; ++p)
            if (const Wqe* e = qp.sq.at(p); e && e->isReadOrAtomic() && !e->completed && e->state != WqeState::Done) {
                ++rdAtomicOutstanding;
                earlierRdAtomic = true;
            }
        if (wqe->send.has(SendFlag::Fence) && earlierRdAtomic) {
            req.state = ReqState::WaitFence;
            return;
        }
        if (wqe->isReadOrAtomic() && rdAtomicOutstanding >= qp.attr.max_rd_atomic) {
            req.state = ReqState::WaitRdAtomic;
            return;
        }
        if (psnDiff(req.psn, qp.comp.psn) >= kMaxUnackedPsns) {
            req.state = ReqState::WaitPsn;
            return;
        }
        if (auto err = localCheck(host, *wqe)) {
            wqe->state = WqeState::Error;
            wqe->status = *err;
            req.state = ReqState::Error;
            out.push_back(WqeFetched{"rxe_requester", host.name, qp.id, wqe->id, wqe->slot, wqe->wrId(),
                                     std::string(verbsName(wqe->send.opcode)), req.psn, 0, false, *err});
            w.kick(ActionKind::Completer, h, qp, t.hcaStepNs);
            return;
        }
        const bool retry = wqe->psnAssigned;
        if (!wqe->psnAssigned) {
            wqe->psnAssigned = true;
            wqe->firstPsn = req.psn;
            wqe->npackets = wqe->isAtomic() ? 1 : packetsFor(wqe->length(), qp.mtu());
            wqe->lastPsn = psnAdd(wqe->firstPsn, wqe->npackets - 1);
        }
        wqe->state = WqeState::Processing;
        req.state = ReqState::Processing;
        out.push_back(WqeFetched{"rxe_requester", host.name, qp.id, wqe->id, wqe->slot, wqe->wrId(),
                                 std::string(verbsName(wqe->send.opcode)), wqe->firstPsn, wqe->npackets, retry,
                                 std::nullopt});
        w.kick(ActionKind::Requester, h, qp, t.hcaStepNs);
        return;
    }

    // Processing: next packet of the message. The unacked-PSN window is per packet, so a long
    // message pauses mid-way until ACKs come back (rxe_requester: wait_psn).
    if (psnDiff(req.psn, qp.comp.psn) >= kMaxUnackedPsns) {
        req.state = ReqState::WaitPsn;
        return;
    }
    const auto& wr = wqe->send;
    const std::uint32_t mtu = qp.mtu();
    const std::uint32_t k = wqe->nextPacket;
    const bool payloadOp = isPayloadOp(wr.opcode);
    const std::uint32_t offset = k * mtu;
    const std::uint32_t len = payloadOp ? std::min(mtu, wqe->length() - std::min(offset, wqe->length())) : 0;
    if (payloadOp && len > 0 && wqe->inlineData.empty() && !wqe->payloadFetched) {
        const MemoryRegion* mr = firstMr(host, *wqe);
        const std::uint64_t addr = wr.sgList.empty() ? 0 : wr.sgList.front().addr + offset;
        out.push_back(DmaRead{"rxe_requester: copy_data", host.name, qp.id, mr ? mr->id : "", wqe->id, addr, len});
        wqe->payloadFetched = true;
        req.state = ReqState::DmaRead;
        w.kick(ActionKind::Requester, h, qp, t.dmaNs);
        return;
    }
    Packet p;
    p.opcode = opcodeFor(*wqe, k);
    p.wqe = wqe->id;
    const bool last = wqe->isReadOrAtomic() || k + 1 == wqe->npackets;
    p.psn = wqe->isReadOrAtomic() ? wqe->firstPsn : psnAdd(wqe->firstPsn, k);
    p.ackReq = last || req.noAckPkts + 1 >= kMaxPktPerAck;
    req.noAckPkts = p.ackReq ? 0 : req.noAckPkts + 1;
    p.se =
        last && wr.has(SendFlag::Solicited) &&
        (wr.opcode == WrOpcode::Send || wr.opcode == WrOpcode::SendWithImm || wr.opcode == WrOpcode::RdmaWriteWithImm);
    if ((wr.opcode == WrOpcode::RdmaWrite || wr.opcode == WrOpcode::RdmaWriteWithImm) && k == 0)
        p.reth = Reth{wr.remoteAddr, wr.rkey, wqe->length()};
    if (wr.opcode == WrOpcode::RdmaRead) p.reth = Reth{wr.remoteAddr, wr.rkey, wqe->length()};
    if (wr.opcode == WrOpcode::AtomicCmpAndSwp) p.atomicEth = AtomicEth{wr.remoteAddr, wr.rkey, wr.swap, wr.compareAdd};
    if (wr.opcode == WrOpcode::AtomicFetchAndAdd) p.atomicEth = AtomicEth{wr.remoteAddr, wr.rkey, wr.compareAdd, 0};
    if (hasImmediate(p.opcode)) p.immDt = wr.immData.value_or(0);
    if (payloadOp) p.payload = gatherPayload(host, *wqe, offset, len);
    p.retransmission = req.sentAny && psnLess(p.psn, req.maxPsn);
    w.transmit(h, qp, std::move(p), out, "rxe_requester");

    const std::uint32_t nextPsn = wqe->isReadOrAtomic() ? psnAdd(wqe->lastPsn, 1) : psnAdd(wqe->firstPsn, k + 1);
    req.psn = nextPsn;
    if (!req.sentAny || psnDiff(nextPsn, req.maxPsn) > 0) req.maxPsn = nextPsn;
    req.sentAny = true;
    wqe->payloadFetched = false;
    ++wqe->nextPacket;
    w.armRetransmitTimer(h, qp, false);
    if (last) {
        wqe->state = WqeState::Pending;  // all packets sent: wait for the ACK / response
        ++req.wqePos;
        req.state = ReqState::Idle;
    } else {
        req.state = ReqState::Processing;
    }
    w.kick(ActionKind::Requester, h, qp, t.hcaStepNs);
}

}  // namespace commviz::rdma
