// IQRouter::_InternalStep and WriteOutputs, stage by stage, with BookSim's
// queue semantics: an entry waits at -1 until its stage starts, then carries
// the cycle it completes; a stage starts new entries only once every entry it
// started earlier has completed (iq_router.cpp "if(time >= 0) break").

#include <climits>

#include "noc/noc_engine.h"

namespace commviz::noc {

namespace {

constexpr std::int32_t kStallBusy = -2;      // STALL_BUFFER_BUSY
constexpr std::int32_t kStallConflict = -3;  // STALL_BUFFER_CONFLICT
constexpr std::int32_t kStallFull = -4;      // STALL_BUFFER_FULL
constexpr std::int32_t kStallCrossbar = -5;  // STALL_CROSSBAR_CONFLICT

// RoundRobinArbiter::Supersedes
bool supersedes(int a, int pa, int b, int pb, int offset, int size) {
    return pa > pb || (pa == pb && (a - offset + size) % size < (b - offset + size) % size);
}

template <class T>
std::size_t unstarted(const Fifo<T>& q) {
    if (q.empty() || q.front().time >= 0) return 0;
    return q.size();  // all entries are unstarted when the front one is
}

}  // namespace

struct NocRouterStep {
    NocEngine& e;
    int r;
    RouterState& rs;
    const NocConfig& c;
    std::int32_t t;

    InputVc& ivc(int port, int vc) { return e.m_inputVcs[e.vcIndex(r, port, vc)]; }
    OutputVc& ovc(int port, int vc) { return e.m_outputVcs[e.vcIndex(r, port, vc)]; }
    Flit& front(int port, int vc) {
        const InputVc& iv = ivc(port, vc);
        return e.m_buffers[e.vcIndex(r, port, vc) * std::size_t(e.m_bufSize) + std::size_t(iv.head)];
    }
    Packet& packetOf(const Flit& f) { return e.m_packets[std::size_t(f.packet)]; }

    void startRouting(int port, int vc, const Flit& head) {
        InputVc& iv = ivc(port, vc);
        if (c.routing_delay > 0) {
            iv.state = VcState::Routing;
            rs.routeQ.push({-1, std::int16_t(port), std::int16_t(vc), -1});
            return;
        }
        iv.route = packetOf(head).lookahead;  // look-ahead routing: computed one hop early
        iv.state = VcState::VcAlloc;
        if (c.speculative) rs.saQ.push({-1, std::int16_t(port), std::int16_t(vc), -1});
        rs.vaQ.push({-1, std::int16_t(port), std::int16_t(vc), -1});
    }

    void inputQueuing() {
        for (const auto& [port, flit] : rs.inbox) {
            const std::size_t index = e.vcIndex(r, port, flit.vc);
            InputVc& iv = e.m_inputVcs[index];
            const int slot = (iv.head + iv.count) % e.m_bufSize;
            e.m_buffers[index * std::size_t(e.m_bufSize) + std::size_t(slot)] = flit;
            ++iv.count;
            if (e.m_emit) e.noteEvent({NocEventKind::FlitBuffered, r, port, flit.vc, -1, -1, flit.id, flit.packet, 0});
            if (iv.state == VcState::Idle) {
                startRouting(port, flit.vc, flit);
            } else if (iv.state == VcState::Active && iv.count == 1) {
                rs.saQ.push({-1, port, flit.vc, -1});
            }
        }
        rs.inbox.clear();
        while (!rs.procCredits.empty() && rs.procCredits.front().time <= t) {
            const RouterState::ProcCredit credit = rs.procCredits.front();
            rs.procCredits.pop();
            for (int vc = 0; vc < e.m_vcs; ++vc) {
                if (!(credit.mask >> vc & 1)) continue;
                OutputVc& ov = ovc(credit.output, vc);
                --ov.occupancy;
                if (c.wait_for_tail_credit && ov.occupancy == 0 && ov.tailSent) ov.inUseBy = -1;
            }
            --e.m_creditsOutstanding;
        }
    }

    void routeEvaluate() {
        for (std::size_t i = 0, n = unstarted(rs.routeQ); i < n; ++i) rs.routeQ.at(i).time = t + c.routing_delay - 1;
    }

    void routeUpdate() {
        while (!rs.routeQ.empty() && rs.routeQ.front().time >= 0 && rs.routeQ.front().time <= t) {
            const StageEntry entry = rs.routeQ.front();
            rs.routeQ.pop();
            InputVc& iv = ivc(entry.input, entry.vc);
            const Flit& head = front(entry.input, entry.vc);
            iv.route = computeRoute(c, *e.m_net, r, entry.input, packetOf(head), e.m_rng);
            iv.state = VcState::VcAlloc;
            if (e.m_emit)
                e.noteEvent({NocEventKind::RouteComputed, r, entry.input, entry.vc, iv.route.port, -1, head.id,
                             head.packet, 0});
            if (c.speculative) rs.saQ.push({-1, entry.input, entry.vc, -1});
            rs.vaQ.push({-1, entry.input, entry.vc, -1});
        }
    }

    // iSLIP with a single requesting input VC, without the allocator: every
    // requested output grants it and it accepts the first one at or after its
    // accept pointer; the pointers move exactly as in the general case.
    void vcAllocSingle(StageEntry& entry) {
        const int vcs = e.m_vcs;
        const int size = e.m_ports * vcs;
        const RouteSet& route = ivc(entry.input, entry.vc).route;
        const int in = entry.input * vcs + entry.vc;
        const int pointer = rs.vaAccept[std::size_t(in)];
        int best = -1;
        int bestDistance = size;
        for (int out = route.vcStart; out <= route.vcEnd; ++out) {
            if (ovc(route.port, out).inUseBy >= 0) continue;
            const int candidate = route.port * vcs + out;
            const int d = candidate >= pointer ? candidate - pointer : candidate - pointer + size;
            if (d < bestDistance) best = candidate, bestDistance = d;
        }
        entry.time = t + c.vc_alloc_delay - 1;
        if (best < 0) {
            entry.result = kStallBusy;
            return;
        }
        rs.vaGrant[std::size_t(best)] = in + 1 == size ? 0 : in + 1;
        rs.vaAccept[std::size_t(in)] = best + 1 == size ? 0 : best + 1;
        entry.result = best;
    }

    // Requests for different output ports share no allocator output, so iSLIP
    // decomposes by port: a port wanted by one input VC only is settled by
    // vcAllocSingle, the rest go through the allocator together.
    void vcAllocEvaluate() {
        IslipAllocator& alloc = e.m_vaAlloc;
        const int vcs = e.m_vcs;
        const std::size_t n = unstarted(rs.vaQ);
        const bool decompose = !c.speculative && c.vc_alloc_delay <= 1;
        int perPort[16] = {};
        if (decompose) {
            for (std::size_t i = 0; i < n; ++i) ++perPort[ivc(rs.vaQ.at(i).input, rs.vaQ.at(i).vc).route.port];
        }
        alloc.clear(e.m_ports * vcs, e.m_ports * vcs);
        bool shared = false;
        for (std::size_t i = 0; i < n; ++i) {
            StageEntry& entry = rs.vaQ.at(i);
            const RouteSet& route = ivc(entry.input, entry.vc).route;
            if (decompose && perPort[route.port] == 1) {
                vcAllocSingle(entry);
                continue;
            }
            shared = true;
            bool eligible = false;
            for (int out = route.vcStart; out <= route.vcEnd; ++out) {
                if (ovc(route.port, out).inUseBy >= 0) continue;
                eligible = true;
                alloc.add(entry.input * vcs + entry.vc, route.port * vcs + out, 0, 0);
            }
            if (!eligible) entry.result = kStallBusy;
        }
        if (!shared) return;
        alloc.allocate(c.alloc_iters, rs.vaGrant.data(), rs.vaAccept.data());
        for (std::size_t i = 0; i < n; ++i) {
            StageEntry& entry = rs.vaQ.at(i);
            if (decompose && perPort[ivc(entry.input, entry.vc).route.port] == 1) continue;
            entry.time = t + c.vc_alloc_delay - 1;
            if (entry.result < -1) continue;
            const int granted = alloc.outputAssigned(entry.input * vcs + entry.vc);
            entry.result = granted >= 0 ? granted : kStallConflict;
        }
        if (c.vc_alloc_delay <= 1) return;
        for (std::size_t i = 0; i < rs.vaQ.size() && rs.vaQ.at(i).time <= t; ++i) {
            StageEntry& entry = rs.vaQ.at(i);
            if (entry.result >= 0 && ovc(entry.result / vcs, entry.result % vcs).inUseBy >= 0)
                entry.result = kStallBusy;
        }
    }

    void vcAllocUpdate() {
        const int vcs = e.m_vcs;
        while (!rs.vaQ.empty() && rs.vaQ.front().time >= 0 && rs.vaQ.front().time <= t) {
            const StageEntry entry = rs.vaQ.front();
            rs.vaQ.pop();
            if (entry.result < 0) {
                rs.vaQ.push({-1, entry.input, entry.vc, -1});
                continue;
            }
            const int port = entry.result / vcs;
            const int out = entry.result % vcs;
            OutputVc& ov = ovc(port, out);
            ov.inUseBy = entry.input * vcs + entry.vc;  // BufferState::TakeBuffer
            ov.tailSent = false;
            InputVc& iv = ivc(entry.input, entry.vc);
            iv.outPort = std::int16_t(port);
            iv.outVc = std::int16_t(out);
            iv.state = VcState::Active;
            const Flit& head = front(entry.input, entry.vc);
            if (e.m_emit)
                e.noteEvent({NocEventKind::VcAllocated, r, entry.input, entry.vc, std::int16_t(port), std::int16_t(out),
                             head.id, head.packet, 0});
            if (!c.speculative) rs.saQ.push({-1, entry.input, entry.vc, -1});
        }
    }

    bool outputFull(int port, int vc) {
        return ovc(port, vc).occupancy >= e.m_bufSize ||
               (c.output_buffer_size != -1 && int(rs.outputBuffer[std::size_t(port)].size()) >= c.output_buffer_size);
    }

    // IQRouter::_SWAllocAddReq: one request per (input port, output) pair; a
    // later VC replaces it only if it comes first in round-robin order.
    void addSwitchRequest(int input, int vc, int port, int priority) {
        const int ein = input * c.input_speedup + vc % c.input_speedup;
        const int eout = port * c.output_speedup + input % c.output_speedup;
        IslipAllocator& alloc = e.m_saAlloc;
        const int existing = alloc.find(ein, eout);
        if (existing < 0) {
            alloc.add(ein, eout, vc, priority);
        } else if (supersedes(vc, priority, alloc.label(existing), alloc.priority(existing),
                              rs.swRrOffset[std::size_t(ein)], e.m_vcs)) {
            alloc.replace(existing, vc, priority);
        }
    }

    void requestSpeculative(StageEntry& entry) {
        const RouteSet& route = ivc(entry.input, entry.vc).route;
        bool eligible = false;
        bool credit = false;
        for (int out = route.vcStart; out <= route.vcEnd && !credit; ++out) {
            if (ovc(route.port, out).inUseBy >= 0) continue;
            if (c.output_buffer_size != -1 &&
                int(rs.outputBuffer[std::size_t(route.port)].size()) >= c.output_buffer_size)
                continue;
            eligible = true;
            credit = ovc(route.port, out).occupancy < e.m_bufSize;
        }
        if (!eligible) {
            entry.result = kStallBusy;
        } else if (!credit) {
            entry.result = kStallFull;
        } else {
            addSwitchRequest(entry.input, entry.vc, route.port, INT_MIN);  // below every non-speculative request
        }
    }

    // A single non-speculative request wins its output outright.
    void switchAllocSingle(StageEntry& entry) {
        const InputVc& iv = ivc(entry.input, entry.vc);
        entry.time = t + c.sw_alloc_delay - 1;
        if (outputFull(iv.outPort, iv.outVc)) {
            entry.result = kStallFull;
            return;
        }
        const int inputs = e.m_ports * c.input_speedup;
        const int outputs = e.m_ports * c.output_speedup;
        const int ein = entry.input * c.input_speedup + entry.vc % c.input_speedup;
        const int eout = iv.outPort * c.output_speedup + entry.input % c.output_speedup;
        rs.saGrant[std::size_t(eout)] = ein + 1 == inputs ? 0 : ein + 1;
        rs.saAccept[std::size_t(ein)] = eout + 1 == outputs ? 0 : eout + 1;
        rs.swRrOffset[std::size_t(ein)] = (entry.vc + c.input_speedup) % e.m_vcs;
        entry.result = eout;
    }

    void switchAllocEvaluate() {
        IslipAllocator& alloc = e.m_saAlloc;
        const std::size_t n = unstarted(rs.saQ);
        if (n == 0) return;
        if (n == 1 && !c.speculative && c.sw_alloc_delay <= 1 &&
            ivc(rs.saQ.at(0).input, rs.saQ.at(0).vc).state == VcState::Active) {
            switchAllocSingle(rs.saQ.at(0));
            return;
        }
        alloc.clear(e.m_ports * c.input_speedup, e.m_ports * c.output_speedup);
        for (std::size_t i = 0; i < n; ++i) {
            StageEntry& entry = rs.saQ.at(i);
            const InputVc& iv = ivc(entry.input, entry.vc);
            if (iv.state == VcState::Active) {
                if (outputFull(iv.outPort, iv.outVc)) {
                    entry.result = kStallFull;
                    continue;
                }
                addSwitchRequest(entry.input, entry.vc, iv.outPort, 0);
            } else {
                requestSpeculative(entry);
            }
        }
        alloc.allocate(c.alloc_iters, rs.saGrant.data(), rs.saAccept.data());
        for (std::size_t i = 0; i < n; ++i) {
            StageEntry& entry = rs.saQ.at(i);
            entry.time = t + c.sw_alloc_delay - 1;
            if (entry.result < -1) continue;
            const int ein = entry.input * c.input_speedup + entry.vc % c.input_speedup;
            const int eout = alloc.outputAssigned(ein);
            if (eout >= 0 && alloc.label(alloc.find(ein, eout)) == entry.vc) {
                rs.swRrOffset[std::size_t(ein)] = (entry.vc + c.input_speedup) % e.m_vcs;
                entry.result = eout;
            } else {
                entry.result = kStallCrossbar;
            }
        }
        if (!c.speculative && c.sw_alloc_delay <= 1) return;
        recheckSwitchGrants();
    }

    // A speculative grant stands only if VC allocation succeeded this cycle for
    // the same output and the VC has a credit; delayed grants are re-checked.
    void recheckSwitchGrants() {
        const int vcs = e.m_vcs;
        for (std::size_t i = 0; i < rs.saQ.size() && rs.saQ.at(i).time >= 0 && rs.saQ.at(i).time <= t; ++i) {
            StageEntry& entry = rs.saQ.at(i);
            if (entry.result < 0) continue;
            const int port = entry.result / c.output_speedup;
            const InputVc& iv = ivc(entry.input, entry.vc);
            if (iv.state == VcState::VcAlloc) {
                const int granted = e.m_vaAlloc.outputAssigned(entry.input * vcs + entry.vc);
                if (granted < 0) {
                    entry.result = -1;
                } else if (granted / vcs != port) {
                    entry.result = kStallConflict;
                } else if (ovc(port, granted % vcs).occupancy >= e.m_bufSize) {
                    entry.result = kStallFull;
                }
            } else if (ovc(port, iv.outVc).occupancy >= e.m_bufSize) {
                entry.result = kStallFull;
            }
        }
    }

    Flit popFront(int port, int vc) {
        InputVc& iv = ivc(port, vc);
        Flit f = front(port, vc);
        iv.head = std::int16_t((iv.head + 1) % e.m_bufSize);
        --iv.count;
        return f;
    }

    void switchAllocUpdate() {
        while (!rs.saQ.empty() && rs.saQ.front().time >= 0 && rs.saQ.front().time <= t) {
            const StageEntry entry = rs.saQ.front();
            rs.saQ.pop();
            InputVc& iv = ivc(entry.input, entry.vc);
            if (entry.result < 0 || iv.state != VcState::Active) {
                rs.saQ.push({-1, entry.input, entry.vc, -1});
                continue;
            }
            traverse(entry, iv);
        }
    }

    void traverse(const StageEntry& entry, InputVc& iv) {
        const int port = entry.result / c.output_speedup;
        Flit f = popFront(entry.input, entry.vc);
        const int inVc = f.vc;
        ++f.hops;
        f.vc = iv.outVc;
        if (c.routing_delay == 0 && f.head) {
            const int next = e.m_net->neighbor(r, port);
            if (next >= 0) packetOf(f).lookahead = computeRoute(c, *e.m_net, next, port ^ 1, packetOf(f), e.m_rng);
        }
        OutputVc& ov = ovc(port, iv.outVc);  // BufferState::SendingFlit
        ++ov.occupancy;
        if (f.tail) {
            ov.tailSent = true;
            if (!c.wait_for_tail_credit) ov.inUseBy = -1;
        }
        rs.crossbar.push(
            {-1, f, std::int16_t(entry.input * c.input_speedup + inVc % c.input_speedup), std::int16_t(entry.result)});
        rs.pendingCredit[std::size_t(entry.input)] |= std::uint64_t(1) << inVc;
        rs.pendingCreditPorts |= 1u << entry.input;
        e.m_progress = true;
        if (e.m_emit)
            e.noteEvent({NocEventKind::SwitchAllocated, r, entry.input, std::int16_t(inVc), std::int16_t(port), f.vc,
                         f.id, f.packet, 0});
        if (iv.count == 0) {
            if (f.tail) iv.state = VcState::Idle;
        } else if (f.tail) {
            startRouting(entry.input, entry.vc, front(entry.input, entry.vc));
        } else {
            rs.saQ.push({-1, entry.input, entry.vc, -1});
        }
    }

    void switchEvaluate() {
        const int delay = c.st_prepare_delay + c.st_final_delay;
        for (std::size_t i = 0, n = unstarted(rs.crossbar); i < n; ++i) rs.crossbar.at(i).time = t + delay - 1;
    }

    void switchUpdate() {
        while (!rs.crossbar.empty() && rs.crossbar.front().time >= 0 && rs.crossbar.front().time <= t) {
            const CrossbarEntry entry = rs.crossbar.front();
            rs.crossbar.pop();
            const int port = entry.output / c.output_speedup;
            rs.outputBuffer[std::size_t(port)].push(entry.flit);
            rs.outputPorts |= 1u << port;
        }
    }

    void run() {
        if (!rs.active) return;
        inputQueuing();
        bool activity = !rs.procCredits.empty();
        if (!rs.routeQ.empty()) routeEvaluate();
        if (c.speculative) e.m_vaAlloc.clear(e.m_ports * e.m_vcs, e.m_ports * e.m_vcs);  // read by the SA re-check
        if (!rs.vaQ.empty()) vcAllocEvaluate();
        if (!rs.saQ.empty()) switchAllocEvaluate();
        if (!rs.crossbar.empty()) switchEvaluate();
        if (!rs.routeQ.empty()) routeUpdate(), activity = activity || !rs.routeQ.empty();
        if (!rs.vaQ.empty()) vcAllocUpdate(), activity = activity || !rs.vaQ.empty();
        if (!rs.saQ.empty()) switchAllocUpdate(), activity = activity || !rs.saQ.empty();
        if (!rs.crossbar.empty()) switchUpdate(), activity = activity || !rs.crossbar.empty();
        rs.active = activity;
        for (std::uint32_t ports = rs.pendingCreditPorts; ports != 0; ports &= ports - 1) {  // _OutputQueuing
            const int input = __builtin_ctz(ports);
            rs.creditBuffer[std::size_t(input)].push(rs.pendingCredit[std::size_t(input)]);
            rs.pendingCredit[std::size_t(input)] = 0;
            rs.creditPorts |= 1u << input;
        }
        rs.pendingCreditPorts = 0;
    }
};

void NocEngine::routerInternalStep(int r) {
    NocRouterStep step{*this, r, m_routers[std::size_t(r)], *m_config, std::int32_t(m_time)};
    step.run();
}

void NocEngine::routerWriteOutputs(int r) {
    RouterState& rs = m_routers[std::size_t(r)];
    const int eject = m_net->ejectPort();
    const int latency = m_net->linkLatency();
    for (std::uint32_t ports = rs.outputPorts; ports != 0; ports &= ports - 1) {
        const int port = __builtin_ctz(ports);
        Fifo<Flit>& out = rs.outputBuffer[std::size_t(port)];
        const Flit f = out.front();
        out.pop();
        if (out.empty()) rs.outputPorts &= ~(1u << port);
        if (m_emit) noteEvent({NocEventKind::FlitSent, r, std::int16_t(port), f.vc, -1, -1, f.id, f.packet, 0});
        if (port == eject) {
            m_flitWheel[std::size_t((m_time + 2) % kWheel)].push_back({r, -1, f});
        } else {
            const int next = m_net->neighbor(r, port);
            m_flitWheel[std::size_t((m_time + latency + 1) % kWheel)].push_back({next, std::int16_t(port ^ 1), f});
        }
    }
    for (std::uint32_t ports = rs.creditPorts; ports != 0; ports &= ports - 1) {
        const int port = __builtin_ctz(ports);
        Fifo<std::uint64_t>& credits = rs.creditBuffer[std::size_t(port)];
        const std::uint64_t mask = credits.front();
        credits.pop();
        if (credits.empty()) rs.creditPorts &= ~(1u << port);
        ++m_creditsOutstanding;
        if (m_emit)
            noteEvent({NocEventKind::CreditSent, r, std::int16_t(port), -1, -1, -1, -1, -1, std::int64_t(mask)});
        if (port == eject) {
            m_creditWheel[std::size_t((m_time + 2) % kWheel)].push_back({r, -1, mask});
        } else {
            const int upstream = m_net->neighbor(r, port);
            m_creditWheel[std::size_t((m_time + latency + 1) % kWheel)].push_back(
                {upstream, std::int16_t(port ^ 1), mask});
        }
    }
}

}  // namespace commviz::noc
