// IQRouter::_InternalStep and WriteOutputs, stage by stage, with BookSim's
// queue semantics: an entry waits at -1 until its stage starts, then carries
// the cycle it completes; a stage starts new entries only once every entry it
// started earlier has completed (iq_router.cpp "if(time >= 0) break").

#include <algorithm>

#include "noc/noc_router_step.h"

namespace commviz::noc {

void NocRouterStep::startRouting(int port, int vc, const Flit& head) {
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

void NocRouterStep::inputQueuing() {
    for (const auto& [port, flit] : rs.inbox) {
        const int index = local(port, flit.vc);
        InputVc& iv = inVcs[index];
        int slot = iv.head + iv.count;
        if (slot >= bufSize) slot -= bufSize;  // head and count are both below bufSize
        buffers[std::size_t(index) * std::size_t(bufSize) + std::size_t(slot)] = flit;
        ++iv.count;
        if (e.m_emit)
            e.noteEvent({NocEventKind::FlitBuffered, r, port, flit.vc, -1, -1, flit.id, packetOf(flit).pid, 0});
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
        for (std::uint64_t mask = credit.mask; mask != 0; mask &= mask - 1) {
            OutputVc& ov = ovc(credit.output, __builtin_ctzll(mask));
            --ov.occupancy;
            if (c.wait_for_tail_credit && ov.occupancy == 0 && ov.tailSent) ov.inUseBy = -1;
        }
        --e.m_creditsOutstanding;
    }
}

void NocRouterStep::routeEvaluate() {
    const std::int32_t done = t + c.routing_delay - 1;  // read once: the stores below could alias the config
    for (std::size_t i = 0, n = unstarted(rs.routeQ); i < n; ++i) rs.routeQ.at(i).time = done;
}

void NocRouterStep::routeUpdate() {
    while (!rs.routeQ.empty() && rs.routeQ.front().time >= 0 && rs.routeQ.front().time <= t) {
        const StageEntry entry = rs.routeQ.front();
        rs.routeQ.pop();
        InputVc& iv = ivc(entry.input, entry.vc);
        const Flit& head = front(entry.input, entry.vc);
        iv.route = routeAt(r, entry.input, entry.vc, packetOf(head));
        iv.state = VcState::VcAlloc;
        if (e.m_emit)
            e.noteEvent({NocEventKind::RouteComputed, r, entry.input, entry.vc, iv.route.port, -1, head.id,
                         packetOf(head).pid, 0});
        if (c.speculative) rs.saQ.push({-1, entry.input, entry.vc, -1});
        rs.vaQ.push({-1, entry.input, entry.vc, -1});
    }
}

void NocRouterStep::switchAllocUpdate() {
    while (!rs.saQ.empty() && rs.saQ.front().time >= 0 && rs.saQ.front().time <= t) {
        const StageEntry entry = rs.saQ.front();
        rs.saQ.pop();
        InputVc& iv = ivc(entry.input, entry.vc);
        // A speculative grant for a head whose VC allocation completes only next cycle
        // (vc_alloc_delay > 1) is a mis-speculation: BookSim asserts here instead.
        if (entry.result < 0 || iv.state != VcState::Active) {
            rs.saQ.push({-1, entry.input, entry.vc, -1});
            continue;
        }
        traverse(entry, iv);
    }
}

void NocRouterStep::traverse(const StageEntry& entry, InputVc& iv) {
    const int port = outputOf(entry.result);
    Flit f = popFront(entry.input, entry.vc);
    const int inVc = f.vc;
    ++f.hops;
    f.vc = iv.outVc;
    if (c.routing_delay == 0 && f.head) {
        const int next = e.m_net->neighbor(r, port);
        if (next >= 0) packetOf(f).lookahead = routeAt(next, port ^ 1, f.vc, packetOf(f));
    }
    OutputVc& ov = ovc(port, iv.outVc);  // BufferState::SendingFlit
    ++ov.occupancy;
    if (f.tail) {
        ov.tailSent = true;
        if (!c.wait_for_tail_credit) ov.inUseBy = -1;
    }
    rs.crossbar.push({-1, f, std::int16_t(expandedInput(entry.input, inVc)), std::int16_t(entry.result)});
    rs.pendingCredit[std::size_t(entry.input)] |= std::uint64_t(1) << inVc;
    rs.pendingCreditPorts |= 1u << entry.input;
    e.m_progress = true;
    if (e.m_emit)
        e.noteEvent({NocEventKind::SwitchAllocated, r, entry.input, std::int16_t(inVc), std::int16_t(port), f.vc, f.id,
                     packetOf(f).pid, 0});
    if (iv.count == 0) {
        if (f.tail) iv.state = VcState::Idle;
    } else if (f.tail) {
        startRouting(entry.input, entry.vc, front(entry.input, entry.vc));
    } else if (c.hold_switch_for_packet) {  // hook: noc_router_hold.cpp
        holdConnection(entry);
    } else {
        rs.saQ.push({-1, entry.input, entry.vc, -1});
    }
}

void NocRouterStep::switchEvaluate() {
    const std::int32_t done = t + c.st_prepare_delay + c.st_final_delay - 1;
    for (std::size_t i = 0, n = unstarted(rs.crossbar); i < n; ++i) rs.crossbar.at(i).time = done;
}

void NocRouterStep::switchUpdate() {
    while (!rs.crossbar.empty() && rs.crossbar.front().time >= 0 && rs.crossbar.front().time <= t) {
        const CrossbarEntry entry = rs.crossbar.front();
        rs.crossbar.pop();
        const int port = outputOf(entry.output);
        rs.outputBuffer[std::size_t(port)].push(entry.flit);
        rs.outputPorts |= 1u << port;
    }
}

void NocRouterStep::vcAllocByMask() {
    const std::size_t n = unstarted(rs.vaQ);
    const int size = e.m_ports * vcs;
    std::uint64_t wanting[64];           // per output port (at most 64: ports * vcs <= 64): its input VCs
    std::fill_n(wanting, e.m_ports, 0);  // only the ports in use: zeroing all 64 costs 1 % of a run
    for (std::size_t i = 0; i < n; ++i) {
        const StageEntry& entry = rs.vaQ.at(i);
        const RouteSet& route = ivc(entry.input, entry.vc).route;
        if (route.parts() != 1) return vcAllocEvaluate();  // min_adapt_torus: two ranges, the general allocator
        wanting[route.port] |= std::uint64_t(1) << local(entry.input, entry.vc);
    }
    std::uint64_t requests[64];  // per output VC (port * vcs + vc): the input VCs requesting it
    std::uint64_t outputs = 0;
    const std::int32_t done = t + c.vc_alloc_delay - 1;
    for (std::size_t i = 0; i < n; ++i) {
        StageEntry& entry = rs.vaQ.at(i);
        const RouteSet& route = ivc(entry.input, entry.vc).route;
        const int in = local(entry.input, entry.vc);
        const OutputVc* const portVcs = &ovc(route.port, 0);
        std::uint64_t free = 0;  // the output VCs it may take, first as VCs of its port
        for (int out = route.vcStart; out <= route.vcEnd; ++out) free |= std::uint64_t(portVcs[out].inUseBy < 0) << out;
        free <<= local(route.port, 0);
        entry.time = done;
        if (free == 0) {
            entry.result = kStallBusy;
        } else if ((wanting[route.port] & (wanting[route.port] - 1)) == 0) {
            // the port's only requester: every free output VC grants it, it accepts the first from its pointer
            const int best = firstFrom(free, rs.vaAccept[std::size_t(in)]);
            rs.vaGrant[std::size_t(best)] = in + 1 == size ? 0 : in + 1;
            rs.vaAccept[std::size_t(in)] = best + 1 == size ? 0 : best + 1;
            entry.result = best;
        } else {
            for (std::uint64_t m = free & ~outputs; m != 0; m &= m - 1) requests[__builtin_ctzll(m)] = 0;
            outputs |= free;
            for (std::uint64_t m = free; m != 0; m &= m - 1) requests[__builtin_ctzll(m)] |= std::uint64_t(1) << in;
        }
    }
    if (outputs == 0) return;
    std::int32_t match[64];
    const std::uint64_t matched = islipOnMasks<std::uint64_t>(requests, outputs, size, size, c.vc_alloc_iters,
                                                              rs.vaGrant.data(), rs.vaAccept.data(), match);
    for (std::size_t i = 0; i < n; ++i) {
        StageEntry& entry = rs.vaQ.at(i);
        if (entry.result != -1) continue;
        const int in = local(entry.input, entry.vc);
        entry.result = matched >> in & 1 ? match[in] : kStallConflict;
    }
}

void NocRouterStep::vcAllocUpdate() {
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
                         head.id, packetOf(head).pid, 0});
        if (!c.speculative) rs.saQ.push({-1, entry.input, entry.vc, -1});
    }
}

void NocRouterStep::switchAllocByPort() {
    const std::size_t n = unstarted(rs.saQ);
    if (n == 0) return;
    const int ports = e.m_ports;
    std::uint32_t requests[32];  // per output: the input ports requesting it
    std::int16_t label[32][32];  // per input and output: the requesting VC
    std::uint32_t outputs = 0;
    for (std::size_t i = 0; i < n; ++i) {
        StageEntry& entry = rs.saQ.at(i);
        const InputVc& iv = ivc(entry.input, entry.vc);
        if (iv.state != VcState::Active) return switchAllocEvaluate();  // only speculative routers queue those
        if (outputFull(iv.outPort, iv.outVc)) {
            entry.result = kStallFull;
            continue;
        }
        const int in = entry.input;
        const int out = iv.outPort;
        const std::uint32_t bit = 1u << in;
        const std::uint32_t outBit = 1u << out;
        if (!(outputs & outBit)) requests[out] = 0, outputs |= outBit;
        if (!(requests[out] & bit)) {
            requests[out] |= bit;
            label[in][out] = entry.vc;
            continue;
        }
        // IQRouter::_SWAllocAddReq: a later VC of the same input replaces the
        // request only if it comes first in round-robin order from the offset.
        // Both distances from the offset without a division (VCs and offset are below vcs).
        const int offset = rs.swRrOffset[std::size_t(in)];
        int mine = entry.vc - offset;
        if (mine < 0) mine += vcs;
        int held = label[in][out] - offset;
        if (held < 0) held += vcs;
        if (mine < held) label[in][out] = entry.vc;
    }
    std::int32_t match[32];
    const std::uint32_t matched = islipOnMasks<std::uint32_t>(requests, outputs, ports, ports, c.sw_alloc_iters,
                                                              rs.saGrant.data(), rs.saAccept.data(), match);
    const std::int32_t done = t + c.sw_alloc_delay - 1;
    for (std::size_t i = 0; i < n; ++i) {
        StageEntry& entry = rs.saQ.at(i);
        entry.time = done;
        if (entry.result < -1) continue;
        const int in = entry.input;
        if (matched >> in & 1 && label[in][match[in]] == entry.vc) {
            rs.swRrOffset[std::size_t(in)] = entry.vc + 1 == vcs ? 0 : entry.vc + 1;
            entry.result = match[in];
        } else {
            entry.result = kStallCrossbar;
        }
    }
}

void NocRouterStep::run() {
    if (!rs.active) return;
    if (c.hold_switch_for_packet) return runHeld();  // hook: noc_router_hold.cpp
    inputQueuing();
    bool activity = !rs.procCredits.empty();
    if (!rs.routeQ.empty()) routeEvaluate();
    if (c.speculative) e.m_vaAlloc.clear(e.m_ports * e.m_vcs, e.m_ports * e.m_vcs);  // read by the SA re-check
    if (!rs.vaQ.empty()) {
        if (maskVa)
            vcAllocByMask();
        else
            vcAllocEvaluate();
    }
    if (!rs.saQ.empty()) {
        if (portSa)
            switchAllocByPort();
        else
            switchAllocEvaluate();
    }
    if (!rs.crossbar.empty()) switchEvaluate();
    if (!rs.routeQ.empty()) routeUpdate(), activity = activity || !rs.routeQ.empty();
    if (!rs.vaQ.empty()) vcAllocUpdate(), activity = activity || !rs.vaQ.empty();
    if (!rs.saQ.empty()) switchAllocUpdate(), activity = activity || !rs.saQ.empty();
    if (!rs.crossbar.empty()) switchUpdate(), activity = activity || !rs.crossbar.empty();
    rs.active = activity;
    outputQueuing();
}

// IQRouter::_OutputQueuing: this cycle's credits join the queue to go upstream.
void NocRouterStep::outputQueuing() {
    for (std::uint32_t ports = rs.pendingCreditPorts; ports != 0; ports &= ports - 1) {
        const int input = __builtin_ctz(ports);
        rs.creditBuffer[std::size_t(input)].push(rs.pendingCredit[std::size_t(input)]);
        rs.pendingCredit[std::size_t(input)] = 0;
        rs.creditPorts |= 1u << input;
    }
    rs.pendingCreditPorts = 0;
}

// The routers' half of the cycle in one function, so that every stage of the
// default router inlines into the loop over the busy routers (the stage
// functions each ran as a call per router per cycle).
[[gnu::flatten]] void NocEngine::stepRouters(int internalSteps) {
    const NocConfig& c = *m_config;
    const bool maskVa = !c.speculative && c.vc_alloc_delay <= 1 && m_ports * m_vcs <= 64;
    const bool portSa =
        !c.speculative && c.sw_alloc_delay <= 1 && c.input_speedup == 1 && c.output_speedup == 1 && m_ports <= 32;
    for (int i = 0; i < internalSteps; ++i) {
        for (int r : m_work) {
            RouterState& rs = m_routers[std::size_t(r)];
            if (!rs.active) continue;  // only credits or outputs left to send
            NocRouterStep step{*this, r, rs, c, std::int32_t(m_time), maskVa, portSa};
            step.run();
        }
    }
    for (int r : m_work) routerWriteOutputs(r);
}

void NocEngine::routerWriteOutputs(int r) {
    RouterState& rs = m_routers[std::size_t(r)];
    const KNCube& net = *m_net;
    const int eject = net.ejectPort();
    // Ejection and injection channels take 1 cycle, links linkLatency(): the wheel slots this cycle writes.
    // (kWheel is a power of two and the time is never negative: a mask, not a division)
    static_assert((kWheel & (kWheel - 1)) == 0);
    const std::size_t ejectSlot = std::size_t(m_time + 2) & (kWheel - 1);
    const std::size_t linkSlot = std::size_t(m_time + net.linkLatency() + 1) & (kWheel - 1);
    std::vector<FlitArrival>& ejectFlits = m_flitWheel[ejectSlot];
    std::vector<FlitArrival>& linkFlits = m_flitWheel[linkSlot];
    std::vector<CreditArrival>& ejectCredits = m_creditWheel[ejectSlot];
    std::vector<CreditArrival>& linkCredits = m_creditWheel[linkSlot];
    for (std::uint32_t ports = rs.outputPorts; ports != 0; ports &= ports - 1) {
        const int port = __builtin_ctz(ports);
        Fifo<Flit>& out = rs.outputBuffer[std::size_t(port)];
        const Flit f = out.front();
        out.pop();
        if (out.empty()) rs.outputPorts &= ~(1u << port);
        if (m_emit)
            noteEvent({NocEventKind::FlitSent, r, std::int16_t(port), f.vc, -1, -1, f.id,
                       m_packets[std::size_t(f.packet)].pid, 0});
        if (port == eject) {
            ejectFlits.push_back({r, -1, f});
        } else {
            linkFlits.push_back({net.neighbor(r, port), std::int16_t(port ^ 1), f});
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
            ejectCredits.push_back({r, -1, mask});
        } else {
            linkCredits.push_back({net.neighbor(r, port), std::int16_t(port ^ 1), mask});
        }
    }
}

}  // namespace commviz::noc
