// TrafficManager's sources and sinks: lazy infinite source queues, packet
// generation, one flit per node per cycle into the first router (with its own
// copy of that router's input buffer state), and flit retirement.

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "noc/noc_engine.h"

namespace commviz::noc {

// The first Bernoulli success at or after cycle `from` (one trial per cycle,
// probability packetRate()), drawn at once: the same distribution as BookSim's
// per-cycle coin flips, but a quiet source costs nothing.
std::int64_t NocEngine::nextBernoulli(std::int64_t from) {
    const double p = m_config->packetRate();
    if (p <= 0.0) return std::numeric_limits<std::int64_t>::max() / 2;
    if (p >= 1.0) return from;
    const double u = 1.0 - m_rng.uniform();  // (0, 1]
    const double gap = std::floor(std::log(u) / m_log1pMissRate);
    return from + (gap > 1e15 ? std::int64_t(1e15) : std::int64_t(gap));
}

// on_off keeps a state per source, so it cannot be drawn ahead like a
// geometric gap: replay BookSim's per-cycle trials from qtime up to now, one
// OnOffInjectionProcess::test each, stopping at the first packet.
bool NocEngine::onOffArrival(Source& s, std::int64_t now, std::int64_t& at) {
    while (s.qtime <= now) {
        at = s.qtime++;
        if (onOffTrial(s.on, m_onOffRates, m_rng)) return true;
    }
    return false;
}

void NocEngine::generatePacket(int source, std::int64_t ctime) {
    std::int32_t slot;
    if (m_freePackets.empty()) {
        slot = std::int32_t(m_packets.size());
        m_packets.emplace_back();
    } else {
        slot = m_freePackets.back();
        m_freePackets.pop_back();
    }
    Packet& p = m_packets[std::size_t(slot)];
    p = Packet{};
    p.pid = m_nextPid++;
    p.src = source;
    p.dest = trafficDestination(*m_config, source, m_rng);
    p.ctime = std::int32_t(ctime);
    p.size = std::int16_t(m_config->packet_size);
    p.firstFlitId = m_nextFlitId;
    m_nextFlitId += p.size;
    p.record = m_measuring || (m_draining && ctime < m_drainTime);
    m_inFlight += p.size;
    m_inFlightCtimeSum += std::int64_t(p.size) * ctime;
    if (p.record) m_measuredInFlight += p.size;
    Source& s = m_sources[std::size_t(source)];
    s.packet = slot;
    m_dueAt[std::size_t(source)] = kNever;
    m_sendingNodes[std::size_t(source) / 64] |= std::uint64_t(1) << (source % 64);
    s.nextFlit = 0;
    s.vc = -1;
    noteEvent(
        [&] { return NocEvent{NocEventKind::PacketCreated, source, -1, -1, -1, -1, p.firstFlitId, p.pid, p.dest}; });
}

// TrafficManager::_Inject: a source with nothing queued replays its trials up
// to now; the first success becomes a packet stamped with that cycle.
void NocEngine::generatePackets() {
    const std::int64_t now = m_time;
    if (!m_onOff && !m_draining) {
        // The common case, without the per-source bookkeeping below: an idle
        // source's qtime (now + 1 every cycle) is read only by the drain check,
        // and the first draining cycle takes the full loop, which sets it first.
        // simulateCycle calls this only once a source is due (m_nextDue).
        std::int64_t nextDue = kNever;
        for (std::size_t node = 0, n = m_dueAt.size(); node < n; ++node) {
            if (m_dueAt[node] > now) {
                nextDue = std::min(nextDue, m_dueAt[node]);
                continue;
            }
            Source& s = m_sources[node];
            const std::int64_t at = s.nextArrival;
            generatePacket(int(node), m_config->include_queuing ? at : now);
            s.qtime = at + 1;
            s.nextArrival = nextBernoulli(s.qtime);
        }
        m_nextDue = nextDue;
        return;
    }
    for (int node = 0; node < int(m_sources.size()); ++node) {
        Source& s = m_sources[std::size_t(node)];
        if (s.packet >= 0) continue;
        if (m_onOff) {
            std::int64_t at = 0;
            if (onOffArrival(s, now, at)) generatePacket(node, m_config->include_queuing ? at : now);
        } else if (s.nextArrival <= now) {
            const std::int64_t at = s.nextArrival;
            generatePacket(node, m_config->include_queuing ? at : now);
            s.qtime = at + 1;
            s.nextArrival = nextBernoulli(s.qtime);
        } else {
            s.qtime = now + 1;
        }
        if (m_draining && s.qtime > m_drainTime) s.qdrained = true;
    }
}

void NocEngine::injectFlits() {
    for (std::size_t word = 0; word < m_sendingNodes.size(); ++word)
        for (std::uint64_t bits = m_sendingNodes[word]; bits != 0; bits &= bits - 1)
            injectFlit(int(word * 64) + std::countr_zero(bits));
}

// One flit of node's packet into its first router, when that router's input buffer has room.
void NocEngine::injectFlit(int node) {
    const int vcs = m_vcs;
    const NocNetwork& net = *m_net;
    Source& s = m_sources[std::size_t(node)];
    Packet& p = m_packets[std::size_t(s.packet)];
    OutputVc* buffers = &m_injectionVcs[std::size_t(node) * std::size_t(vcs)];
    const bool head = s.nextFlit == 0;
    if (head && s.vc < 0) {  // find the next free VC of the first router, round-robin
        const RouteSet range = injectionRoute(*m_config, p, m_rng);
        const int count = range.vcEnd - range.vcStart + 1;
        for (int i = 1; i <= count; ++i) {
            const int last = s.lastVc;
            const int vc = (last < range.vcStart || last > range.vcEnd)
                               ? range.vcStart
                               : range.vcStart + (last - range.vcStart + i) % count;
            if (buffers[vc].inUseBy < 0 && buffers[vc].occupancy < m_bufSize) {
                s.vc = std::int16_t(vc);
                break;
            }
        }
    }
    if (s.vc < 0 || buffers[s.vc].occupancy >= m_bufSize) return;
    Flit f;
    f.id = p.firstFlitId + s.nextFlit;
    f.packet = s.packet;
    f.itime = std::int32_t(m_time);
    f.vc = s.vc;
    f.head = head;
    f.tail = s.nextFlit == p.size - 1;
    OutputVc& buf = buffers[s.vc];
    if (head) {
        if (m_config->routing_delay == 0)
            p.lookahead = computeRoute(*m_config, net, routerLoad(), net.injectRouter(node), net.injectPort(node), s.vc,
                                       p, m_rng);
        buf.inUseBy = 0;
        buf.tailSent = false;
        s.lastVc = s.vc;
        p.itime = std::int32_t(m_time);
    }
    ++buf.occupancy;
    if (f.tail) {
        buf.tailSent = true;
        if (!m_config->wait_for_tail_credit) buf.inUseBy = -1;
    }
    if (!m_draining) {
        ++m_sentFlits[std::size_t(node)];
        if (head) ++m_sentPackets[std::size_t(node)];
    }
    ++m_flitsInjected;
    const int injectRouter = net.injectRouter(node);
    const auto injectPort = std::int16_t(net.injectPort(node));
    m_flitWheel[wheelSlot(m_time + 2)].push_back({injectRouter, injectPort, f});
    noteEvent([&] { return NocEvent{NocEventKind::FlitInjected, node, injectPort, f.vc, -1, -1, f.id, p.pid, 0}; });
    if (f.tail) {
        s.packet = -1;
        s.vc = -1;
        m_dueAt[std::size_t(node)] = s.nextArrival;
        m_nextDue = std::min(m_nextDue, s.nextArrival);
        m_sendingNodes[std::size_t(node) / 64] &= ~(std::uint64_t(1) << (node % 64));
    } else {
        ++s.nextFlit;
    }
}

// TrafficManager::_RetireFlit
void NocEngine::retireFlit(int node, const Flit& f) {
    const std::int64_t now = m_time;
    Packet& p = m_packets[std::size_t(f.packet)];
    const double flat = double(now - f.itime);
    if (m_slowestFlit < 0 || m_flat.max < flat) m_slowestFlit = f.id;
    m_flat.add(flat);
    --m_inFlight;
    m_inFlightCtimeSum -= p.ctime;
    if (p.record) --m_measuredInFlight;
    ++m_flitsEjected;
    m_progress = true;
    noteEvent([&] { return NocEvent{NocEventKind::FlitEjected, node, -1, f.vc, -1, -1, f.id, p.pid, now - f.itime}; });
    if (f.head) p.headAtime = std::int32_t(now);
    if (!f.tail) return;
    if (!m_measuring && !m_draining ? true : p.record) {
        m_hops.add(f.hops);
        if (m_slowestPacket < 0 || m_plat.max < double(now - p.itime)) m_slowestPacket = p.pid;
        m_plat.add(double(now - p.ctime));
        m_nlat.add(double(now - p.itime));
        m_frag.add(double((now - p.headAtime) - (p.size - 1)));
    }
    m_freePackets.push_back(f.packet);
}

}  // namespace commviz::noc
