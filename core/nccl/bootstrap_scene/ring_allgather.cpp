// Ring connect and the ring allgather(s) of bootstrapInit (NCCL src/bootstrap.cc,
// socketRingConnect, ringAllInfo, socketRingAllGather; v2.22.3 bootstrapRingAllGather):
// classic runs three one-way allgathers (peerCommAddresses, peerProxyAddresses,
// and from 2.20 peerProxyAddressesUDS), 2.30 one packed bidirectional one.

#include <algorithm>

#include "nccl/bootstrap_math.h"
#include "nccl/bootstrap_scene/nccl_engine.h"

namespace commviz::nccl {

bool NcclEngine::allConnected() const {
    for (std::uint8_t flags : m_rank)
        if (!(flags & kRing)) return false;
    return true;
}

// socketRingConnect: a rank that has its next rank's address connects to it (and
// accepts from its prev, which succeeds once the prev has connected).
std::vector<NcclEngine::Event> NcclEngine::stepRingConnect() {
    const int n = m_world->config.nranks;
    std::int32_t connected = 0;
    for (; m_connectRank < n; ++m_connectRank) {
        const int r = m_connectRank;
        if (!(m_rank[std::size_t(r)] & kReply)) continue;
        m_rank[std::size_t(r)] |= kRing;
        count(MessageKind::RingConnect);
        if (messagesMode()) {
            ++m_connectRank;
            return {RingConnected{r, (r + 1) % n}};
        }
        ++connected;
    }
    std::vector<Event> events;
    if (connected > 0)
        events.push_back(MessageBatch{MessageKind::RingConnect, Payload::PeerAddresses, -1, connected, -1, 1, false});
    if (!allConnected()) {
        // Someone never got its next address (or never came): no timeout, everyone waits.
        bool anyFailed = false;
        for (std::uint8_t flags : m_rank) anyFailed = anyFailed || (flags & kFailed);
        if (events.empty()) return finish(!anyFailed);
        return events;  // the hang is reported by the next step
    }
    m_phase = roundsPerGather() > 0 ? Phase::AllGather : Phase::Init;
    return events;
}

int NcclEngine::roundsPerGather() const {
    const int n = m_world->config.nranks;
    return m_world->config.version == Version::Classic ? classicRounds(n) : bidirectionalRounds(n);
}

int NcclEngine::roundsPerStep() const {
    if (messagesMode()) return 1;
    return (roundsPerGather() + kMaxRoundSteps - 1) / kMaxRoundSteps;
}

int NcclEngine::messagesInRound(int round) const {
    const int n = m_world->config.nranks;
    if (m_world->config.version == Version::Classic || roundIsOneWay(round, n)) return n;
    return 2 * n;
}

namespace {

Payload classicPayload(int gather) {
    return gather == 0 ? Payload::PeerAddresses : gather == 1 ? Payload::ProxyAddresses : Payload::ProxyUdsAddresses;
}

}  // namespace

NcclEngine::Event NcclEngine::gatherMessage(int index) const {
    const int n = m_world->config.nranks;
    AllGatherSent msg;
    msg.round = m_round;
    if (m_world->config.version == Version::Classic) {
        msg.src = index;
        msg.payload = classicPayload(m_gather);
    } else {
        // Bidirectional: each rank sends to next (Ring0), then to prev (Ring1).
        const bool oneWay = roundIsOneWay(m_round, n);
        msg.src = oneWay ? index : index / 2;
        msg.direction = !oneWay && index % 2 == 1 ? Direction::Prev : Direction::Next;
        msg.payload = Payload::RingInfo;
        msg.bidirectional = true;
    }
    const bool next = msg.direction == Direction::Next;
    msg.dst = next ? (msg.src + 1) % n : wrap(msg.src - 1, n);
    msg.slice = next ? forwardSendSlice(msg.src, m_round, n) : backwardSendSlice(msg.src, m_round, n);
    return msg;
}

void NcclEngine::endRounds(int rounds) {
    m_pos = 0;
    if ((m_round += rounds) < roundsPerGather()) return;
    m_round = 0;
    // Classic: then the proxy addresses, then the proxy UDS ids, the same way.
    if (++m_gather < gathers()) return;
    m_phase = Phase::Init;
}

std::vector<NcclEngine::Event> NcclEngine::stepAllGather() {
    if (messagesMode()) {
        count(MessageKind::AllGather);
        Event msg = gatherMessage(m_pos);
        if (++m_pos == messagesInRound(m_round)) endRounds(1);
        return {msg};
    }
    // One round, or (more than kMaxRoundSteps rounds) a span of them: every round is the
    // same exchange shifted by one slice, so the span's messages are counted, not listed.
    const bool classic = m_world->config.version == Version::Classic;
    const int span = std::min(roundsPerStep(), roundsPerGather() - m_round);
    std::int32_t messages = 0;
    for (int round = m_round; round < m_round + span; ++round) messages += messagesInRound(round);
    count(MessageKind::AllGather, std::uint64_t(messages));
    MessageBatch batch{.kind = MessageKind::AllGather,
                       .payload = classic ? classicPayload(m_gather) : Payload::RingInfo,
                       .round = m_round,
                       .count = messages,
                       .oneWay = !classic && span == 1 && roundIsOneWay(m_round, m_world->config.nranks),
                       .rounds = span};
    endRounds(span);
    return {batch};
}

KnownRange NcclEngine::known(int rank) const {
    const int n = m_world->config.nranks;
    const bool classic = m_world->config.version == Version::Classic;
    const bool gathered = m_phase == Phase::Init || (m_phase == Phase::Finished && (m_stage > 0 || m_complete));
    if (gathered || (m_phase == Phase::AllGather && m_gather >= 1 && classic))
        return classic ? KnownRange{n - 1, 0} : KnownRange{n / 2, (n - 1) / 2};
    if (m_phase != Phase::AllGather) return {};
    const int prev = wrap(rank - 1, n), next = (rank + 1) % n;
    if (classic) return {m_round + (prev < m_pos ? 1 : 0), 0};
    if (roundIsOneWay(m_round, n)) return {m_round + (prev < m_pos ? 1 : 0), m_round};
    return {m_round + (2 * prev < m_pos ? 1 : 0), m_round + (2 * next + 1 < m_pos ? 1 : 0)};
}

bool NcclEngine::knows(int rank, int peer) const {
    if (!started(rank)) return false;  // no socket yet, not even its own address
    const int n = m_world->config.nranks;
    const KnownRange range = known(rank);
    const int d = wrap(peer - rank, n);
    return d == 0 || d <= range.forward || n - d <= range.back;
}

}  // namespace commviz::nccl
