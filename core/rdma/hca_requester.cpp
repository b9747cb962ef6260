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

/// The opcodes of one kind of message, by a packet's place in it.
struct MessageOpcodes {
    BthOpcode only, first, middle, last;
};

/// The single-packet operations (read request, atomics) use one opcode whatever the length.
constexpr MessageOpcodes single(BthOpcode opcode) { return {opcode, opcode, opcode, opcode}; }

MessageOpcodes messageOpcodes(WrOpcode opcode) {
    switch (opcode) {
        case WrOpcode::Send:
            return {BthOpcode::SendOnly, BthOpcode::SendFirst, BthOpcode::SendMiddle, BthOpcode::SendLast};
        case WrOpcode::SendWithImm:
            return {BthOpcode::SendOnlyWithImmediate, BthOpcode::SendFirst, BthOpcode::SendMiddle,
                    BthOpcode::SendLastWithImmediate};
        case WrOpcode::RdmaWrite:
            return {BthOpcode::RdmaWriteOnly, BthOpcode::RdmaWriteFirst, BthOpcode::RdmaWriteMiddle,
                    BthOpcode::RdmaWriteLast};
        case WrOpcode::RdmaWriteWithImm:
            return {BthOpcode::RdmaWriteOnlyWithImmediate, BthOpcode::RdmaWriteFirst, BthOpcode::RdmaWriteMiddle,
                    BthOpcode::RdmaWriteLastWithImmediate};
        case WrOpcode::RdmaRead:
            return single(BthOpcode::RdmaReadRequest);
        case WrOpcode::AtomicCmpAndSwp:
            return single(BthOpcode::CompareSwap);
        case WrOpcode::AtomicFetchAndAdd:
            return single(BthOpcode::FetchAdd);
        default:
            return single(BthOpcode::SendOnly);
    }
}

// rxe next_opcode: ONLY/FIRST/MIDDLE/LAST by the packet's place in the message.
BthOpcode opcodeFor(const Wqe& wqe, std::uint32_t packetIndex) {
    const MessageOpcodes opcodes = messageOpcodes(wqe.send.opcode);
    if (wqe.npackets == 1) return opcodes.only;
    if (packetIndex == 0) return opcodes.first;
    return packetIndex + 1 == wqe.npackets ? opcodes.last : opcodes.middle;
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
            std::int32_t packetIndex = psnDiff(psn, wqe->firstPsn);
            if (wqe->isReadOrAtomic() || packetIndex < 0) packetIndex = 0;
            wqe->nextPacket = static_cast<std::uint32_t>(
                std::min<std::int32_t>(packetIndex, static_cast<std::int32_t>(wqe->npackets) - 1));
            qp.req.psn = psnAdd(wqe->firstPsn, wqe->nextPacket);
        } else {
            wqe->nextPacket = 0;
        }
        wqe->state = WqeState::Posted;
        wqe->payloadFetched = false;
    }
    if (!found) qp.req.psn = psn;
}

namespace {

// The host, QP and event list one requester step works on.
struct ReqContext {
    RdmaWorld& world;
    std::uint32_t hostIndex;
    QueuePair& qp;
    EventOut& out;

    Host& host() const { return world.host(hostIndex); }
    void kick(ActionKind kind, std::uint64_t delayNs) const { world.kick(kind, hostIndex, qp, delayNs); }
};

bool unackedWindowFull(const QueuePair& qp) { return psnDiff(qp.req.psn, qp.comp.psn) >= kMaxUnackedPsns; }

// The WQE at req.wqe_index if the requester can work on it now (rxe req_next_wqe); otherwise
// records why not and returns null.
Wqe* reqNextWqe(const ReqContext& ctx) {
    QueuePair& qp = ctx.qp;
    auto& req = qp.req;
    if (!qp.sendAllowed()) {
        req.state = qp.state == QpState::Err ? ReqState::Error : ReqState::Idle;
        return nullptr;
    }
    if (qp.comp.rnrWaiting) {
        req.state = ReqState::RnrWait;
        return nullptr;
    }
    Wqe* wqe = qp.sq.at(req.wqePos);
    if (!wqe) {
        req.state = ReqState::Idle;
        return nullptr;
    }
    if (wqe->state == WqeState::Error) {
        req.state = ReqState::Error;
        return nullptr;
    }
    if (wqe->state == WqeState::Pending || wqe->state == WqeState::Done) {
        ++req.wqePos;  // already sent: look at the next one right away
        ctx.kick(ActionKind::Requester, 0);
        return nullptr;
    }
    return wqe;
}

// READ/atomic WQEs before req.wqe_index still waiting for their responses.
std::uint32_t outstandingRdAtomic(const QueuePair& qp) {
    std::uint32_t count = 0;
    for (std::uint64_t pos = qp.comp.wqePos; pos < qp.req.wqePos; ++pos)
        if (const Wqe* earlier = qp.sq.at(pos);
            earlier && earlier->isReadOrAtomic() && !earlier->completed && earlier->state != WqeState::Done)
            ++count;
    return count;
}

// What a posted WQE waits for before its first packet: SQD, the fence (rxe_wqe_is_fenced),
// max_rd_atomic (check_init_depth) and the unacknowledged-PSN window.
std::optional<ReqState> waitBeforeStart(const QueuePair& qp, const Wqe& wqe) {
    if (qp.state == QpState::Sqd && !wqe.psnAssigned) return ReqState::Drained;  // waits for SQD -> RTS
    const std::uint32_t rdAtomic = outstandingRdAtomic(qp);
    if (wqe.send.has(SendFlag::Fence) && rdAtomic > 0) return ReqState::WaitFence;
    if (wqe.isReadOrAtomic() && rdAtomic >= qp.attr.max_rd_atomic) return ReqState::WaitRdAtomic;
    if (unackedWindowFull(qp)) return ReqState::WaitPsn;
    return std::nullopt;
}

WqeFetched wqeFetched(const ReqContext& ctx, const Wqe& wqe, std::uint32_t psn, std::uint32_t packets, bool retry,
                      std::optional<WcStatus> error) {
    return WqeFetched{"rxe_requester",
                      ctx.host().name,
                      ctx.qp.id,
                      wqe.id,
                      wqe.slot,
                      wqe.wrId(),
                      std::string(verbsName(wqe.send.opcode)),
                      psn,
                      packets,
                      retry,
                      error};
}

// A WQE that fails the local checks is handed to the completer to complete in error.
void failLocally(const ReqContext& ctx, Wqe& wqe, WcStatus status) {
    wqe.state = WqeState::Error;
    wqe.status = status;
    ctx.qp.req.state = ReqState::Error;
    ctx.out.push_back(wqeFetched(ctx, wqe, ctx.qp.req.psn, 0, false, status));
    ctx.kick(ActionKind::Completer, ctx.world.config().timing.hcaStepNs);
}

// Takes a posted WQE: its PSN range on first use (kept on a retry), then its packets.
void startWqe(const ReqContext& ctx, Wqe& wqe) {
    auto& req = ctx.qp.req;
    if (auto wait = waitBeforeStart(ctx.qp, wqe)) {
        req.state = *wait;
        return;
    }
    if (auto error = localCheck(ctx.host(), wqe)) return failLocally(ctx, wqe, *error);
    const bool retry = wqe.psnAssigned;
    if (!wqe.psnAssigned) {
        wqe.psnAssigned = true;
        wqe.firstPsn = req.psn;
        wqe.npackets = wqe.isAtomic() ? 1 : packetsFor(wqe.length(), ctx.qp.mtu());
        wqe.lastPsn = psnAdd(wqe.firstPsn, wqe.npackets - 1);
    }
    wqe.state = WqeState::Processing;
    req.state = ReqState::Processing;
    ctx.out.push_back(wqeFetched(ctx, wqe, wqe.firstPsn, wqe.npackets, retry, std::nullopt));
    ctx.kick(ActionKind::Requester, ctx.world.config().timing.hcaStepNs);
}

/// Where the next packet of a WQE sits in its message.
struct PacketSlice {
    std::uint32_t index = 0;   ///< packet number within the message
    std::uint32_t offset = 0;  ///< payload offset
    std::uint32_t length = 0;  ///< payload bytes (0 for READ/atomic requests)
    bool last = false;
};

// rxe get_mtu and the payload size of packet `index`.
PacketSlice nextSlice(const QueuePair& qp, const Wqe& wqe) {
    const std::uint32_t mtu = qp.mtu();
    PacketSlice slice;
    slice.index = wqe.nextPacket;
    slice.offset = slice.index * mtu;
    if (isPayloadOp(wqe.send.opcode)) slice.length = std::min(mtu, wqe.length() - std::min(slice.offset, wqe.length()));
    slice.last = wqe.isReadOrAtomic() || slice.index + 1 == wqe.npackets;
    return slice;
}

// rxe copy_data (gather side): the DMA read of one packet's payload before it is sent.
void fetchPayload(const ReqContext& ctx, Wqe& wqe, const PacketSlice& slice) {
    const MemoryRegion* mr = firstMr(ctx.host(), wqe);
    const auto& sgList = wqe.send.sgList;
    const std::uint64_t addr = sgList.empty() ? 0 : sgList.front().addr + slice.offset;
    ctx.out.push_back(
        DmaRead{"rxe_requester: copy_data", ctx.host().name, ctx.qp.id, mr ? mr->id : "", wqe.id, addr, slice.length});
    wqe.payloadFetched = true;
    ctx.qp.req.state = ReqState::DmaRead;
    ctx.kick(ActionKind::Requester, ctx.world.config().timing.dmaNs);
}

// rxe init_req_packet: BTH fields and the extension headers of one request packet.
Packet initReqPacket(const ReqContext& ctx, const Wqe& wqe, const PacketSlice& slice) {
    auto& req = ctx.qp.req;
    const auto& wr = wqe.send;
    Packet packet;
    packet.opcode = opcodeFor(wqe, slice.index);
    packet.wqe = wqe.id;
    packet.psn = wqe.isReadOrAtomic() ? wqe.firstPsn : psnAdd(wqe.firstPsn, slice.index);
    packet.ackReq = slice.last || req.noAckPkts + 1 >= kMaxPktPerAck;
    req.noAckPkts = packet.ackReq ? 0 : req.noAckPkts + 1;
    packet.se =
        slice.last && wr.has(SendFlag::Solicited) &&
        (wr.opcode == WrOpcode::Send || wr.opcode == WrOpcode::SendWithImm || wr.opcode == WrOpcode::RdmaWriteWithImm);
    const bool writeStarts =
        (wr.opcode == WrOpcode::RdmaWrite || wr.opcode == WrOpcode::RdmaWriteWithImm) && slice.index == 0;
    if (writeStarts || wr.opcode == WrOpcode::RdmaRead) packet.reth = Reth{wr.remoteAddr, wr.rkey, wqe.length()};
    if (wr.opcode == WrOpcode::AtomicCmpAndSwp)
        packet.atomicEth = AtomicEth{wr.remoteAddr, wr.rkey, wr.swap, wr.compareAdd};
    if (wr.opcode == WrOpcode::AtomicFetchAndAdd)
        packet.atomicEth = AtomicEth{wr.remoteAddr, wr.rkey, wr.compareAdd, 0};
    if (hasImmediate(packet.opcode)) packet.immDt = wr.immData.value_or(0);
    if (isPayloadOp(wr.opcode)) packet.payload = gatherPayload(ctx.host(), wqe, slice.offset, slice.length);
    packet.retransmission = req.sentAny && psnLess(packet.psn, req.maxPsn);
    return packet;
}

// rxe update_wqe_psn and update_state: req.psn moves past the packet, the ACK timer runs; after
// the last one the WQE waits for its ACK or response and the requester moves to the next WQE.
void updateAfterSend(const ReqContext& ctx, Wqe& wqe, const PacketSlice& slice) {
    auto& req = ctx.qp.req;
    const std::uint32_t nextPsn = wqe.isReadOrAtomic() ? psnAdd(wqe.lastPsn, 1) : psnAdd(wqe.firstPsn, slice.index + 1);
    req.psn = nextPsn;
    if (!req.sentAny || psnDiff(nextPsn, req.maxPsn) > 0) req.maxPsn = nextPsn;
    req.sentAny = true;
    wqe.payloadFetched = false;
    ++wqe.nextPacket;
    ctx.world.armRetransmitTimer(ctx.hostIndex, ctx.qp, false);
    if (slice.last) {
        wqe.state = WqeState::Pending;
        ++req.wqePos;
        req.state = ReqState::Idle;
    } else {
        req.state = ReqState::Processing;
    }
}

// The next packet of a WQE being processed. The unacked-PSN window is per packet, so a long
// message pauses mid-way until ACKs come back.
void sendNextPacket(const ReqContext& ctx, Wqe& wqe) {
    if (unackedWindowFull(ctx.qp)) {
        ctx.qp.req.state = ReqState::WaitPsn;
        return;
    }
    const PacketSlice slice = nextSlice(ctx.qp, wqe);
    if (slice.length > 0 && wqe.inlineData.empty() && !wqe.payloadFetched) return fetchPayload(ctx, wqe, slice);
    ctx.world.transmit(ctx.hostIndex, ctx.qp, initReqPacket(ctx, wqe, slice), ctx.out, "rxe_requester");
    updateAfterSend(ctx, wqe, slice);
    ctx.kick(ActionKind::Requester, ctx.world.config().timing.hcaStepNs);
}

}  // namespace

void runRequester(RdmaWorld& world, std::uint32_t hostIndex, QueuePair& qp, EventOut& out) {
    const ReqContext ctx{world, hostIndex, qp, out};
    Wqe* wqe = reqNextWqe(ctx);
    if (!wqe) return;
    if (wqe->state == WqeState::Posted)
        startWqe(ctx, *wqe);
    else
        sendNextPacket(ctx, *wqe);
}

}  // namespace commviz::rdma
