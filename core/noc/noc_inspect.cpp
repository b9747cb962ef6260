// Read-only views of the engine: summary, inspector records, generic event
// records, memory footprint and the invariants tests check every cycle.

#include <cstdio>

#include "noc/noc_engine.h"
#include "noc/noc_event_kinds.h"
#include "sim/enum_names.h"

namespace commviz::noc {

namespace {

constexpr sim::EnumNames<VcState::Active> kStateNames({"idle", "routing", "vc_alloc", "active"});
const char* stateName(VcState s) { return kStateNames(s, "").data(); }

std::string routerId(int r) { return "router/" + std::to_string(r); }

}  // namespace

const Flit& NocEngine::bufferedFlit(int router, int port, int vc, int i) const {
    const std::size_t index = vcIndex(router, port, vc);
    const InputVc& iv = m_inputVcs[index];
    return m_buffers[index * std::size_t(m_bufSize) + std::size_t((iv.head + i) % m_bufSize)];
}

std::vector<ChannelFlit> NocEngine::channelFlits() const {
    std::vector<ChannelFlit> out;
    for (int b = 0; b < m_wheel; ++b) {
        const auto due = std::int16_t(((b - m_time) % m_wheel + m_wheel) % m_wheel);
        for (const FlitArrival& a : m_flitWheel[std::size_t(b)]) out.push_back({a.router, a.port, due, a.flit});
    }
    return out;
}

std::vector<ChannelCredit> NocEngine::channelCredits() const {
    std::vector<ChannelCredit> out;
    for (int b = 0; b < m_wheel; ++b) {
        const auto due = std::int16_t(((b - m_time) % m_wheel + m_wheel) % m_wheel);
        for (const CreditArrival& a : m_creditWheel[std::size_t(b)]) out.push_back({a.router, a.port, due, a.mask});
    }
    return out;
}

std::int64_t NocEngine::flitsInNetwork() const {
    std::int64_t n = 0;
    for (const InputVc& iv : m_inputVcs) n += iv.count;
    for (const auto& bucket : m_flitWheel) n += std::int64_t(bucket.size());
    for (const RouterState& rs : m_routers) {
        n += std::int64_t(rs.crossbar.size() + rs.inbox.size());
        for (const auto& out : rs.outputBuffer) n += std::int64_t(out.size());
    }
    return n;
}

std::vector<std::string> NocEngine::checkInvariants() const {
    std::vector<std::string> broken;
    if (m_flitsInjected != m_flitsEjected + flitsInNetwork()) {
        broken.push_back("flits not conserved: injected " + std::to_string(m_flitsInjected) + " != ejected " +
                         std::to_string(m_flitsEjected) + " + in network " + std::to_string(flitsInNetwork()));
    }
    for (int r = 0; r < int(m_routers.size()); ++r) {
        for (int p = 0; p < m_ports; ++p) {
            for (int v = 0; v < m_vcs; ++v) {
                const InputVc& iv = inputVc(r, p, v);
                const OutputVc& ov = outputVc(r, p, v);
                // named only when something is broken: this runs for every VC after every test cycle
                const auto where = [&] {
                    return routerId(r) + "/in/" + std::to_string(p) + "/vc/" + std::to_string(v);
                };
                if (iv.count < 0 || iv.count > m_bufSize)
                    broken.push_back(where() + " holds " + std::to_string(iv.count) + " flits");
                if (m_ports * m_vcs <= 64) {  // the busy mask is kept
                    const bool markedBusy = m_routers[std::size_t(r)].busyOutputVcs >> (p * m_vcs + v) & 1;
                    if (markedBusy != (ov.inUseBy >= 0))
                        broken.push_back(routerId(r) + "/out/" + std::to_string(p) + "/vc/" + std::to_string(v) +
                                         (markedBusy ? " marked busy but free" : " taken but marked free"));
                }
                if (ov.occupancy < 0 || ov.occupancy > m_bufSize)
                    broken.push_back(routerId(r) + "/out/" + std::to_string(p) + "/vc/" + std::to_string(v) +
                                     " credits out of range: " + std::to_string(ov.occupancy));
                for (int i = 0; i < iv.count; ++i) {
                    const Flit& f = bufferedFlit(r, p, v, i);
                    if (f.vc != v) broken.push_back(where() + ": flit " + std::to_string(f.id) + " in the wrong VC");
                    if (i == 0) continue;
                    const Flit& prev = bufferedFlit(r, p, v, i - 1);
                    const bool inOrder = f.head ? prev.tail : (prev.packet == f.packet && f.id == prev.id + 1);
                    if (!inOrder) broken.push_back(where() + ": flit " + std::to_string(f.id) + " out of order");
                }
            }
        }
    }
    for (std::size_t i = 0; i < m_injectionVcs.size(); ++i) {
        if (m_injectionVcs[i].occupancy < 0 || m_injectionVcs[i].occupancy > m_bufSize)
            broken.push_back("source " + std::to_string(i / std::size_t(m_vcs)) + " credits out of range");
    }
    // The sources' loops read the due array, its lower bound and the sending bits, not the sources.
    for (std::size_t node = 0; node < m_sources.size(); ++node) {
        const Source& s = m_sources[node];
        const bool holding = s.packet >= 0;
        const bool sending = m_sendingNodes[node / 64] >> (node % 64) & 1;
        if (m_dueAt[node] != (holding ? kNever : s.nextArrival) || sending != holding)
            broken.push_back("source " + std::to_string(node) + ": due cycle or sending bit disagrees with its packet");
        if (m_nextDue > m_dueAt[node])
            broken.push_back("source " + std::to_string(node) + " due before the sources' next due cycle");
    }
    if (!m_holds.empty()) checkSwitchHolds(broken);
    return broken;
}

sim::Json NocEngine::summary() const {
    sim::Json out;
    const char* outcome[] = {"running", "completed", "unstable", "deadlocked"};
    out["outcome"] = outcome[int(m_report.outcome)];
    out["time"] = m_time;
    out["periods"] = m_report.periods.size();
    out["flits_injected"] = m_flitsInjected;
    out["flits_ejected"] = m_flitsEjected;
    if (m_report.outcome == NocOutcome::Completed) {
        const OverallStats& o = m_report.overall;
        out["packet_latency_average"] = o.plat.average();
        out["network_latency_average"] = o.nlat.average();
        out["flit_latency_average"] = o.flat.average();
        out["accepted_flit_rate_average"] = o.acceptedFlits.average;
        out["hops_average"] = o.hops;
        out["time_taken"] = o.timeTaken;
    }
    if (!m_report.deadlockCycle.empty()) out["deadlock_cycle"] = m_report.deadlockCycle;
    return out;
}

sim::Json NocEngine::inspect(const std::string& id) const {
    int r = -1, p = -1, v = -1;
    if (std::sscanf(id.c_str(), "router/%d/in/%d/vc/%d", &r, &p, &v) == 3) {
        if (r < 0 || r >= int(m_routers.size()) || p < 0 || p >= m_ports || v < 0 || v >= m_vcs) return nullptr;
        const InputVc& iv = inputVc(r, p, v);
        // BookSim2 src/vc.hpp: the route (output port) is known from vc_alloc on,
        // the output VC is held only while active; before that the fields are stale.
        sim::Json out{{"state", stateName(iv.state)}};
        if (iv.state == VcState::VcAlloc || iv.state == VcState::Active) out["out_port"] = iv.outPort;
        if (iv.state == VcState::Active) out["out_vc"] = iv.outVc;
        sim::Json flits = sim::Json::array();
        for (int i = 0; i < iv.count; ++i) flits.push_back(bufferedFlit(r, p, v, i).id);
        out["flits"] = flits;
        if (const SwitchHold* hold = switchHold(r)) {  // hold_switch_for_packet: does it hold the crossbar?
            const int expandedIn = p * m_config->input_speedup + v % m_config->input_speedup;
            out["switch_held"] = hold->vc[std::size_t(expandedIn)] == v;
        }
        return out;
    }
    if (std::sscanf(id.c_str(), "router/%d", &r) == 1) {
        if (r < 0 || r >= int(m_routers.size())) return nullptr;
        sim::Json vcs = sim::Json::array();
        for (int port = 0; port < m_ports; ++port)
            for (int vc = 0; vc < m_vcs; ++vc) {
                const InputVc& iv = inputVc(r, port, vc);
                vcs.push_back({{"port", port}, {"vc", vc}, {"state", stateName(iv.state)}, {"flits", iv.count}});
            }
        sim::Json out{{"router", r}, {"input_vcs", vcs}};
        if (!m_holds.empty()) out["held_connections"] = switchHoldsOf(r);
        return out;
    }
    return nullptr;
}

sim::EventRecord NocEngine::describe(const NocEvent& e) {
    static const char* anchors[] = {"TrafficManager::_GeneratePacket",
                                    "TrafficManager::_Step",
                                    "IQRouter::_InputQueuing",
                                    "IQRouter::_RouteUpdate",
                                    "IQRouter::_VCAllocUpdate",
                                    "IQRouter::_SWAllocUpdate",
                                    "IQRouter::_SendFlits",
                                    "TrafficManager::_RetireFlit",
                                    "IQRouter::_SendCredits",
                                    "TrafficManager::DisplayStats",
                                    "TrafficManager::_SingleSim",
                                    "TrafficManager::_Step"};
    sim::EventRecord rec;
    rec.kind = std::string(eventKindName(e.kind));
    rec.anchor = anchors[int(e.kind)];
    if (e.kind == NocEventKind::SwitchAllocated && e.value == 1) rec.anchor = "IQRouter::_SWHoldUpdate";
    if (e.router >= 0) rec.objects.push_back(routerId(e.router));
    rec.fields = {{"router", e.router}, {"port", e.port}, {"vc", e.vc},         {"out_port", e.outPort},
                  {"out_vc", e.outVc},  {"flit", e.flit}, {"packet", e.packet}, {"value", e.value}};
    return rec;
}

}  // namespace commviz::noc
