#include "noc/noc_window_stats.h"

#include "noc/noc_engine.h"

namespace commviz::noc {

double NocWindowStats::perCycle(const std::vector<std::int64_t>& v, int router, int port) const {
    const std::size_t n = cycles();
    if (n == 0 || router < 0 || router >= nodes) return 0;
    std::int64_t sum = 0;
    const std::size_t base = std::size_t(router) * std::size_t(ports);
    if (port >= 0) {
        if (port >= ports) return 0;
        sum = v[base + std::size_t(port)];
    } else {
        for (int p = 0; p < ports; ++p) sum += v[base + std::size_t(p)];
    }
    return double(sum) / double(n);
}

NocWindowStats windowStats(const NocEngine& atEnd, std::size_t first, std::size_t last,
                           const std::function<std::span<const NocEvent>(std::size_t)>& eventsOf) {
    NocWindowStats out;
    out.first = first;
    out.last = last;
    out.nodes = atEnd.network().routers();
    out.ports = atEnd.network().ports();
    out.vcs = atEnd.config().num_vcs;
    out.topology = atEnd.config().topology;
    out.n = atEnd.config().n;
    out.c = atEnd.config().c;
    out.k = atEnd.config().k;
    const std::size_t portCount = std::size_t(out.nodes) * std::size_t(out.ports);
    out.linkFlits.assign(portCount, 0);
    out.bufferedFlitCycles.assign(portCount, 0);
    out.stalledVcCycles.assign(portCount, 0);
    if (first == 0 || last < first) return out;

    // Occupancy of every input VC, [router][port][vc], at the end of the cycle being looked at.
    const std::size_t vcs = std::size_t(out.vcs);
    std::vector<std::int32_t> count(portCount * vcs, 0);
    for (int r = 0; r < out.nodes; ++r)
        for (int p = 0; p < out.ports; ++p)
            for (int v = 0; v < out.vcs; ++v)
                count[(std::size_t(r) * std::size_t(out.ports) + std::size_t(p)) * vcs + std::size_t(v)] =
                    atEnd.inputVc(r, p, v).count;
    std::vector<std::uint8_t> left(count.size(), 0);
    std::vector<std::size_t> touched;
    for (std::size_t step = last; step >= first; --step) {
        for (std::size_t i = 0; i < count.size(); ++i) out.bufferedFlitCycles[i / vcs] += count[i];
        touched.clear();
        for (const NocEvent& e : eventsOf(step)) {
            if (e.router < 0 || e.port < 0) continue;
            const std::size_t port = std::size_t(e.router) * std::size_t(out.ports) + std::size_t(e.port);
            if (e.kind == NocEventKind::FlitSent) {
                ++out.linkFlits[port];
            } else if (e.kind == NocEventKind::FlitBuffered && e.vc >= 0) {
                --count[port * vcs + std::size_t(e.vc)];
            } else if (e.kind == NocEventKind::SwitchAllocated && e.vc >= 0) {
                const std::size_t i = port * vcs + std::size_t(e.vc);
                ++count[i];
                left[i] = 1;
                touched.push_back(i);
            }
        }
        // `count` now holds the state before this cycle: a VC with a flit then and none leaving stalled.
        for (std::size_t i = 0; i < count.size(); ++i)
            if (count[i] > 0 && !left[i]) ++out.stalledVcCycles[i / vcs];
        for (std::size_t i : touched) left[i] = 0;
        if (step == 1) break;
    }
    return out;
}

LatencyHistogram packetLatencies(NocEngine engine, std::size_t steps, bool measuredOnly,
                                 const std::function<bool(std::size_t)>& keepGoing) {
    LatencyHistogram histogram;
    for (std::size_t n = 1; n <= steps && !engine.done(); ++n) {
        if (keepGoing && (n & 1023) == 0 && !keepGoing(n)) break;
        const std::vector<NocEvent> events = engine.step();
        // TrafficManager::_RetireFlit ran in cycle time() - 1; the slot of a
        // retired packet is reused no earlier than the next cycle's generation.
        const std::int64_t now = engine.time() - 1;
        for (const NocEvent& e : events) {
            if (e.kind != NocEventKind::FlitEjected || e.packet < 0) continue;
            const Packet* p = engine.findPacket(e.packet);
            if (!p || e.flit != p->firstFlitId + p->size - 1) continue;  // not the tail
            if (measuredOnly && !p->record) continue;
            histogram.add(double(now - p->ctime));
        }
    }
    return histogram;
}

}  // namespace commviz::noc
