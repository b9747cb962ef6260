// The cycle (TrafficManager::_Step) and the run control around it
// (TrafficManager::_SingleSim and Run): warm-up, sample periods, convergence,
// the measured-packet drain with its latency abort, and the final drain.

#include "noc/noc_engine.h"

#include <algorithm>
#include <cmath>

namespace commviz::noc {

NocEngineState::NocEngineState(NocConfig config, bool emitEvents)
    : m_config(std::make_shared<const NocConfig>(std::move(config))),
      m_net(makeNetwork(*m_config)),
      m_emit(emitEvents),
      m_rng(m_config->seed) {}

NocEngine::NocEngine(NocConfig config, bool emitEvents) : NocEngineState(std::move(config), emitEvents) {
    const NocConfig& c = *m_config;
    const int nodes = m_net->nodes();
    const int routers = m_net->routers();
    m_ports = m_net->ports();
    m_vcs = c.num_vcs;
    m_bufSize = c.vc_buf_size;
    m_paths = routerPaths(c, m_ports, m_vcs);
    const std::size_t vcSlots = std::size_t(routers) * std::size_t(m_ports) * std::size_t(m_vcs);
    m_inputVcs.assign(vcSlots, InputVc{});
    m_buffers.assign(vcSlots * std::size_t(m_bufSize), Flit{});
    m_outputVcs.assign(vcSlots, OutputVc{});
    RouterState blank;
    blank.outputBuffer.resize(std::size_t(m_ports));
    blank.creditBuffer.resize(std::size_t(m_ports));
    blank.pendingCredit.assign(std::size_t(m_ports), 0);
    blank.vaGrant.assign(std::size_t(m_ports * m_vcs), 0);
    blank.vaAccept.assign(std::size_t(m_ports * m_vcs), 0);
    blank.saGrant.assign(std::size_t(m_ports * c.output_speedup), 0);
    blank.saAccept.assign(std::size_t(m_ports * c.input_speedup), 0);
    blank.swRrOffset.assign(std::size_t(m_ports * c.input_speedup), 0);
    m_routers.assign(std::size_t(routers), blank);
    while (m_wheel <= m_net->maxLatency() + 1) m_wheel *= 2;
    m_flitWheel.resize(std::size_t(m_wheel));
    m_creditWheel.resize(std::size_t(m_wheel));
    m_inWork.assign(std::size_t(routers), 0);
    m_vaAlloc.resize(m_ports * m_vcs, m_ports * m_vcs);
    m_saAlloc.resize(m_ports * c.input_speedup, m_ports * c.output_speedup, !c.general_paths);
    initAllocatorOrders(routers);
    if (c.vc_allocator.kind != AllocatorKind::Islip) m_vaOther.resize(m_ports * m_vcs, m_ports * m_vcs);
    if (c.sw_allocator.kind != AllocatorKind::Islip)
        m_saOther.resize(m_ports * c.input_speedup, m_ports * c.output_speedup, true);
    if (c.hold_switch_for_packet) initSwitchHolds();
    m_sources.assign(std::size_t(nodes), Source{});
    m_log1pMissRate = std::log1p(-c.packetRate());  // log(1 - p), the same value every draw
    m_onOff = c.injection_process == InjectionProcessKind::OnOff;
    if (m_onOff) {
        // InjectionProcess::New: each source starts on or off at random
        // (RandomInt(1)), once, when the process is built.
        m_onOffRates = c.onOffRates();
        for (Source& s : m_sources) s.on = m_rng.below(2) == 1;
    } else {
        for (Source& s : m_sources) s.nextArrival = nextBernoulli(0);
    }
    m_dueAt.resize(m_sources.size());
    for (std::size_t node = 0; node < m_sources.size(); ++node) m_dueAt[node] = m_sources[node].nextArrival;
    m_nextDue = m_dueAt.empty() ? kNever : *std::min_element(m_dueAt.begin(), m_dueAt.end());
    m_sendingNodes.assign((m_sources.size() + 63) / 64, 0);
    m_injectionVcs.assign(std::size_t(nodes) * std::size_t(m_vcs), OutputVc{});
    for (auto* counts : {&m_sentPackets, &m_sentFlits, &m_acceptedPackets, &m_acceptedFlits})
        counts->assign(std::size_t(nodes), 0);
    settle();
}

std::vector<NocEvent> NocEngine::step() {
    m_events.clear();
    if (done()) return {};
    advance();
    return std::move(m_events);
}

void NocEngine::advance() {
    m_eventCount = 0;
    simulateCycle();
    if (m_phase == NocPhase::DrainingMeasured) {
        // _SingleSim: every 1000 drain cycles, re-check the latency threshold.
        if (++m_emptySteps % 1000 == 0 && m_config->latency_thres >= 0.0 &&
            inFlightInclusiveLatency() > m_config->latency_thres) {
            m_report.abortLatency = m_config->latency_thres;
            m_report.outcome = NocOutcome::Unstable;
            m_phase = NocPhase::Done;
            notePhaseChanged();
        }
    } else if (m_inPeriod) {
        // Most cycles fall inside a sample period: nothing for settle() to do.
        if (++m_cycleInPeriod < m_config->sample_period) return;
    }
    if (!done()) settle();
}

std::size_t NocEngine::stepSilently() {
    const bool emit = m_emit;
    m_emit = false;
    step();
    m_emit = emit;
    return m_eventCount;
}

// Inlined at its two calls in the per-flit arrival loop.
[[gnu::always_inline]] inline void NocEngine::scheduleWork(int r) {
    if (m_inWork[std::size_t(r)]) return;
    m_inWork[std::size_t(r)] = 1;
    m_work.push_back(r);
}

void NocEngine::simulateCycle() {
    const std::size_t bucket = wheelSlot(m_time);
    m_progress = false;
    // (a) the sinks read ejected flits and the sources read returned credits
    std::vector<FlitArrival>& ejected = m_ejected;
    ejected.clear();
    // Nothing lands in this cycle's buckets while they are read: every channel
    // delivers at least two cycles ahead (wheelSlot's callers).
    std::vector<FlitArrival>& arrivals = m_flitWheel[bucket];
    for (const FlitArrival& a : arrivals) {
        if (a.port >= 0) {
            m_routers[std::size_t(a.router)].inbox.emplace_back(a.port, a.flit);
            m_routers[std::size_t(a.router)].active = true;
            scheduleWork(a.router);
            continue;
        }
        if (!m_draining) {
            ++m_acceptedFlits[std::size_t(a.router)];
            if (a.flit.tail) ++m_acceptedPackets[std::size_t(a.router)];
        }
        ejected.push_back(a);
    }
    std::vector<CreditArrival>& credits = m_creditWheel[bucket];
    for (const CreditArrival& a : credits) {
        if (a.port < 0) {
            OutputVc* buffers = &m_injectionVcs[std::size_t(a.router) * std::size_t(m_vcs)];
            for (int vc = 0; vc < m_vcs; ++vc) {
                if (!(a.mask >> vc & 1)) continue;
                --buffers[vc].occupancy;
                if (m_config->wait_for_tail_credit && buffers[vc].occupancy == 0 && buffers[vc].tailSent)
                    buffers[vc].inUseBy = -1;
            }
            --m_creditsOutstanding;
            continue;
        }
        // (b) IQRouter::_ReceiveCredits: usable after credit_delay
        RouterState& rs = m_routers[std::size_t(a.router)];
        rs.procCredits.push({std::int32_t(m_time + m_config->credit_delay), a.port, a.mask});
        rs.active = true;
        scheduleWork(a.router);
    }
    arrivals.clear();  // the buckets keep their capacity
    credits.clear();
    // Routers in index order walk the state arrays front to back (large networks are memory-bound).
    // The list stays sorted from cycle to cycle; when routers woke up, rebuilding it
    // from the membership flags costs one pass over the nodes instead of a sort.
    if (!std::is_sorted(m_work.begin(), m_work.end())) {
        m_work.clear();
        for (int r = 0; r < int(m_inWork.size()); ++r)
            if (m_inWork[std::size_t(r)]) m_work.push_back(r);
    }
    for (int r : m_work) {  // IQRouter reads its inputs in port order
        auto& inbox = m_routers[std::size_t(r)].inbox;
        // At most one flit per port: a few elements, so a plain insertion sort (what
        // std::sort does for so few, without the call and its set-up).
        for (std::size_t i = 1; i < inbox.size(); ++i) {
            const auto item = inbox[i];
            std::size_t j = i;
            for (; j > 0 && item.first < inbox[j - 1].first; --j) inbox[j] = inbox[j - 1];
            inbox[j] = item;
        }
    }
    // (c) sources generate and (d) inject
    if (!m_emptyNetwork && (m_nextDue <= m_time || m_onOff || m_draining)) generatePackets();
    injectFlits();
    // (e) retire ejected flits and return their credits
    const NocNetwork& net = *m_net;
    for (const FlitArrival& a : ejected) {  // a.router is the node here
        m_creditWheel[wheelSlot(m_time + 2)].push_back(
            {net.ejectRouter(a.router), std::int16_t(net.ejectPort(a.router)), std::uint64_t(1) << a.flit.vc});
        ++m_creditsOutstanding;
        retireFlit(a.router, a.flit);
    }
    // (f) routers evaluate, (g) write their outputs
    m_partialInternal += m_config->internal_speedup;
    int internalSteps = 0;
    while (m_partialInternal >= 1.0) {
        ++internalSteps;
        m_partialInternal -= 1.0;
    }
    if (!m_work.empty()) stepRouters(internalSteps);  // an idle network skips even the step's set-up
    std::size_t kept = 0;
    for (int r : m_work) {
        const RouterState& rs = m_routers[std::size_t(r)];
        if (rs.active || rs.outputPorts != 0 || rs.creditPorts != 0) {
            m_work[kept++] = r;
        } else {
            m_inWork[std::size_t(r)] = 0;
        }
    }
    m_work.resize(kept);
    ++m_time;
    // deadlock watch: nothing moved through any switch or out of the network while
    // flits are in it (the counters, not a walk over every buffer: checkInvariants
    // holds them equal to flitsInNetwork)
    if (!m_progress && m_flitsInjected > m_flitsEjected) {
        if (++m_noProgress >= m_config->deadlock_warn_timeout) {
            m_noProgress = 0;
            std::vector<std::string> cycle = findDeadlockCycle();
            if (!cycle.empty()) {
                m_report.deadlockCycle = std::move(cycle);
                m_report.outcome = NocOutcome::Deadlocked;
                m_phase = NocPhase::Done;
                const auto cycleLength = std::int64_t(m_report.deadlockCycle.size());
                noteEvent([&] { return NocEvent{NocEventKind::Deadlock, -1, -1, -1, -1, -1, -1, -1, cycleLength}; });
            }
        }
    } else {
        m_noProgress = 0;
    }
}

}  // namespace commviz::noc
