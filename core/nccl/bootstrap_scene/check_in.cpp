// The check-in phase: every rank's extInfo to its root, and the roots' replies
// (bootstrapRoot). Classic roots answer after the last check-in; 2.30 roots
// answer as soon as both ring neighbours of a rank are known (NCCL src/bootstrap.cc,
// bootstrapRoot and sendToRoot; v2.22.3 for classic).

#include "nccl/bootstrap_math.h"
#include "nccl/bootstrap_scene/nccl_engine.h"
#include "nccl/timing_model.h"

namespace commviz::nccl {

namespace {

// When a rank's extInfo leaves it: after its listen sockets, its stagger and the send.
double readySeconds(const World& w, int rank) {
    const Config& c = w.config;
    const int root = w.rootOf(rank);
    const int local = rank - firstRankFromRoot(root, c.nranks, c.nroots);
    return TimingModel::kCreateSeconds +
           TimingModel::staggerSeconds(c, rank, local, nRankFromRoot(root, c.nranks, c.nroots)) +
           TimingModel::kSendToRootSeconds;
}

}  // namespace

int NcclEngine::slotBase(int root) const {
    const Config& c = m_world->config;
    return firstRankFromRoot(root, c.nranks, c.nroots) + (c.nroots > 1 ? root : 0);
}

int NcclEngine::slotRank(int root, int local) const {
    const Config& c = m_world->config;
    return (firstRankFromRoot(root, c.nranks, c.nroots) + local) % c.nranks;
}

std::vector<NcclEngine::Event> NcclEngine::stepCheckIn() {
    std::vector<Event> events;
    Event event;
    if (messagesMode()) {
        if (nextCheckInEvent(event)) return {event};
        m_phase = Phase::RingConnect;
        return {};
    }
    // detail=rounds: the whole phase in one step, counted per root; the ranks' own
    // check-ins a stopped root drops or a gone one refuses are counted too (after a
    // duplicate early on that is nearly every rank). Anything else unusual (a WARN, a
    // stale client, a duplicate or extra check-in) stays an event of its own.
    const int nroots = m_world->config.nroots;
    std::vector<std::int32_t> extinfo(std::size_t(nroots), 0), replies(std::size_t(nroots), 0);
    std::vector<std::int32_t> dropped(std::size_t(nroots), 0), refused(std::size_t(nroots), 0);
    std::int32_t failedConnects = 0;
    std::vector<Event> unusual;
    while (nextCheckInEvent(event)) {
        const auto* ext = std::get_if<ExtInfoSent>(&event);
        if (ext && ext->outcome == Outcome::Accepted && ext->what != CheckIn::Duplicate)
            ++extinfo[std::size_t(ext->root)];
        else if (ext && ext->what == CheckIn::Normal && ext->outcome == Outcome::Dropped)
            ++dropped[std::size_t(ext->root)];
        else if (ext && ext->what == CheckIn::Normal && ext->outcome == Outcome::Refused)
            ++refused[std::size_t(ext->root)];
        else if (const auto* reply = std::get_if<NextAddrSent>(&event))
            ++replies[std::size_t(reply->root)];
        else if (std::holds_alternative<RootConnectFailed>(event))
            ++failedConnects;
        else
            unusual.push_back(event);
    }
    for (int root = 0; root < nroots; ++root) {
        if (extinfo[std::size_t(root)] > 0)
            events.push_back(MessageBatch{MessageKind::ExtInfo, Payload::PeerAddresses, -1, extinfo[std::size_t(root)],
                                          root, std::int16_t(nroots), false});
        if (replies[std::size_t(root)] > 0)
            events.push_back(MessageBatch{MessageKind::NextAddr, Payload::PeerAddresses, -1, replies[std::size_t(root)],
                                          root, std::int16_t(nroots), false});
    }
    if (failedConnects > 0)
        events.push_back(RootConnectFailed{-1, -1, failedConnects, std::int16_t(nroots),
                                           m_world->config.version == Version::Classic});
    events.insert(events.end(), unusual.begin(), unusual.end());
    for (int root = 0; root < nroots; ++root)
        for (const auto& [counted, outcome] : {std::pair{dropped[std::size_t(root)], Outcome::Dropped},
                                               std::pair{refused[std::size_t(root)], Outcome::Refused}})
            if (counted > 0)
                events.push_back(MessageBatch{.kind = MessageKind::ExtInfo,
                                              .count = counted,
                                              .root = root,
                                              .nroots = std::int16_t(nroots),
                                              .outcome = outcome});
    m_phase = Phase::RingConnect;
    return events;
}

bool NcclEngine::nextCheckInEvent(Event& out) {
    if (m_pendingCount > 0) {
        out = sendReply(m_pending[0]);
        m_pending[0] = m_pending[1];
        --m_pendingCount;
        return true;
    }
    if (m_sweepRoot >= 0 && sweepReply(out)) return true;
    return nextArrival(out);
}

// The arrivals in order: for each rank, a stale client just before it (bad_magic_rank),
// its own extInfo, its extra one to the previous root (first rank of a block), and a
// duplicate process right after it (duplicate_rank).
bool NcclEngine::nextArrival(Event& out) {
    const Config& c = m_world->config;
    for (; m_arrival < c.nranks; ++m_arrival, m_arrivalSub = 0) {
        const int r = m_arrival;
        const bool present = !(m_rank[std::size_t(r)] & kMissing);
        while (m_arrivalSub < 4) {
            const int sub = m_arrivalSub++;
            if (sub == 0 && r == c.bad_magic_rank) {
                out = arrive(r, m_world->rootOf(r), CheckIn::BadMagic, r, c.nranks);
                return true;
            }
            if (sub == 1 && present) {
                m_rank[std::size_t(r)] |= kStarted;
                logStartup(r);
                // Nothing listens at the root's address: unreachable, or (NCCL_COMM_ID) rank 0 never started it.
                if (c.root_unreachable || m_roots[std::size_t(m_world->rootOf(r))].status == RootStatus::NotStarted) {
                    out = rootConnectFailed(r);
                    return true;
                }
                out = arrive(r, m_world->rootOf(r), CheckIn::Normal, r,
                             r == c.nranks_mismatch_rank ? c.nranks + 1 : c.nranks);
                return true;
            }
            if (sub == 2 && present && !c.root_unreachable && c.nroots > 1 && isFirstFromRoot(r, c.nranks, c.nroots)) {
                // "my rank as seen by the previous root": one past that root's last rank.
                const int prevRank = wrap(r - 1, c.nranks);
                out = arrive(r, m_world->rootOf(prevRank), CheckIn::Extra, prevRank + 1, c.nranks);
                return true;
            }
            if (sub == 3 && r == c.duplicate_rank) {
                out = arrive(r, m_world->rootOf(r), CheckIn::Duplicate, r, c.nranks);
                return true;
            }
        }
    }
    return false;
}

NcclEngine::Event NcclEngine::arrive(int src, int root, CheckIn what, int infoRank, int reportedNranks) {
    const Config& c = m_world->config;
    const bool pipelined = c.version == Version::V2_30;
    RootState& R = m_roots[std::size_t(root)];
    ExtInfoSent event{src, root,     reportedNranks, std::int16_t(c.nroots), what, Outcome::Accepted,
                      0,   infoRank, pipelined};
    if (what == CheckIn::Normal) {
        const int local = src - firstRankFromRoot(root, c.nranks, c.nroots);
        event.staggerUs = std::int32_t(
            TimingModel::staggerSeconds(c, src, local, nRankFromRoot(root, c.nranks, c.nroots)) * 1e6 + 0.5);
    }
    count(what == CheckIn::BadMagic ? MessageKind::BadMagic : MessageKind::ExtInfo);
    if (R.status == RootStatus::Stopped || R.status == RootStatus::Finished || R.status == RootStatus::NotStarted) {
        // A stopped root never reads the backlog; a finished (or not yet started) one has no socket open.
        event.outcome = R.status == RootStatus::Stopped ? Outcome::Dropped : Outcome::Refused;
        return event;
    }
    if (what == CheckIn::BadMagic) {  // socketFinalizeAccept discards it and accepts the next one
        log(LogCode::RootBadMagic, -1 - root, src);
        event.outcome = Outcome::Dropped;
        return event;
    }
    if (R.received == 0) {  // the first extInfo sizes the root's arrays
        R.nranks = reportedNranks;
        R.n2send = nRankFromRoot(root, R.nranks, c.nroots);
        R.nrecv = R.n2send + (c.nroots > 1 ? 1 : 0);
    }
    R.clock = std::max(R.clock, readySeconds(*m_world, src)) + TimingModel::kRootRecvSeconds;
    auto stop = [&](LogCode code, int a, int b) {
        log(code, -1 - root, a, b);
        R.status = RootStatus::Stopped;
        event.outcome = Outcome::RootWarn;
        return event;
    };
    if (reportedNranks != R.nranks) return stop(LogCode::RootMismatch, R.nranks, reportedNranks);
    const int local = infoRank - firstRankFromRoot(root, R.nranks, c.nroots);
    const int capacity = nRankFromRoot(root, c.nranks, c.nroots) + (c.nroots > 1 ? 1 : 0);
    if (local < 0 || local >= R.nrecv || local >= capacity) return stop(LogCode::RootOutOfRange, local, 0);
    std::uint8_t* slots = m_slots.data() + slotBase(root);
    const std::uint8_t seen = pipelined ? (kHasInfo | kHasRootAddr) : kHasRootAddr;
    if (slots[local] & seen) return stop(LogCode::RootDuplicate, infoRank, 0);
    slots[local] |= kArrived;
    if (what == CheckIn::Normal) m_rank[std::size_t(src)] |= kCheckedIn;
    if (!pipelined) {
        slots[local] |= kHasInfo | kHasRootAddr;
    } else {
        // Forward at once what a neighbour is waiting for; keep the rest.
        const int prev = c.nroots > 1 ? local - 1 : wrap(local - 1, R.nrecv);
        if (prev >= 0 && prev < R.n2send && (slots[prev] & kHasRootAddr))
            m_pending[m_pendingCount++] = Reply{slotRank(root, prev), slotRank(root, local), root};
        else
            slots[local] |= kHasInfo;
        const int next = wrap(local + 1, R.nrecv);
        if (local < R.n2send && (slots[next] & kHasInfo))
            m_pending[m_pendingCount++] = Reply{slotRank(root, local), slotRank(root, next), root};
        else
            slots[local] |= kHasRootAddr;
    }
    if (++R.received == R.nrecv) {
        R.status = RootStatus::Sweeping;
        m_sweepRoot = root;
    }
    return event;
}

// After the last check-in: send whatever is still owed (classic: every reply, in rank order).
bool NcclEngine::sweepReply(Event& out) {
    RootState& R = m_roots[std::size_t(m_sweepRoot)];
    const std::uint8_t* slots = m_slots.data() + slotBase(m_sweepRoot);
    while (R.sweep < R.n2send) {
        const int local = R.sweep++;
        const int next = wrap(local + 1, R.nrecv);
        if ((slots[local] & kHasRootAddr) && (slots[next] & kHasInfo)) {
            out = sendReply(Reply{slotRank(m_sweepRoot, local), slotRank(m_sweepRoot, next), m_sweepRoot});
            return true;
        }
    }
    R.status = RootStatus::Finished;
    m_sweepRoot = -1;
    return false;
}

NcclEngine::Event NcclEngine::sendReply(const Reply& reply) {
    RootState& R = m_roots[std::size_t(reply.root)];
    R.clock += TimingModel::kRootSendSeconds;
    m_rank[std::size_t(reply.dst)] |= kReply;
    count(MessageKind::NextAddr);
    if (m_world->tracked(reply.dst)) {
        const std::size_t slot = m_replyWaitUs.size() == 1 ? 0 : std::size_t(reply.dst);
        m_replyWaitUs[slot] = std::int32_t((R.clock - readySeconds(*m_world, reply.dst)) * 1e6);
    }
    return NextAddrSent{reply.dst, reply.peer, reply.root, std::int16_t(m_world->config.nroots)};
}

// The connect retry schedule of the version, then its WARN; ncclCommInitRank fails.
NcclEngine::Event NcclEngine::rootConnectFailed(int rank) {
    const bool classic = m_world->config.version == Version::Classic;
    m_rank[std::size_t(rank)] |= kFailed;
    // ≤ 2.23: ECONNREFUSED retried every 1 ms, an INFO every 1000 tries, 20000 tries.
    // 2.24+: try k sleeps k × 100 ms, 34 retries (about 59.5 s).
    const int infos = classic ? 19 : 34;
    for (int k = 1; k <= infos; ++k) log(LogCode::ConnectRetry, rank, classic ? k * 1000 : k);
    log(LogCode::ConnectExceeded, rank);
    return RootConnectFailed{rank, m_world->rootOf(rank), 1, std::int16_t(m_world->config.nroots), classic};
}

}  // namespace commviz::nccl
