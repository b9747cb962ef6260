// IQRouter::_InternalStep and WriteOutputs, stage by stage, with BookSim's
// queue semantics: an entry waits at -1 until its stage starts, then carries
// the cycle it completes; a stage starts new entries only once every entry it
// started earlier has completed (iq_router.cpp "if(time >= 0) break").

#include <algorithm>
#include <bit>

#include "noc/mask_allocators.h"
#include "noc/noc_router_step.h"

namespace commviz::noc {

namespace {
// The VCs a route allows as bits of a 64-bit mask, its first VC at bit `first`.
std::uint64_t vcRangeBits(const RouteSet& route, int first) {
    const int width = route.vcEnd - route.vcStart + 1;
    if (width <= 0) return 0;
    if (width >= 64) return ~std::uint64_t(0);
    return ((std::uint64_t(1) << width) - 1) << first;
}
}  // namespace

void NocRouterStep::startRouting(int port, int vc, const Flit& head) {
    InputVc& iv = ivc(port, vc);
    if (config.routing_delay > 0) {
        iv.state = VcState::Routing;
        state->routeQ.push({-1, std::int16_t(port), std::int16_t(vc), -1});
        return;
    }
    iv.route = packetOf(head).lookahead;  // look-ahead routing: computed one hop early
    iv.state = VcState::VcAlloc;
    if (config.speculative) state->saQ.push({-1, std::int16_t(port), std::int16_t(vc), -1});
    state->vaQ.push({-1, std::int16_t(port), std::int16_t(vc), -1});
}

void NocRouterStep::inputQueuing() {
    for (const auto& arrival : state->inbox) {
        const std::int16_t port = arrival.first;  // plain names: clang 14 cannot capture structured bindings
        const Flit& flit = arrival.second;
        const int index = local(port, flit.vc);
        InputVc& iv = inVcs[index];
        int slot = iv.head + iv.count;
        if (slot >= bufSize) slot -= bufSize;  // head and count are both below bufSize
        buffers[std::size_t(index) * std::size_t(bufSize) + std::size_t(slot)] = flit;
        ++iv.count;
        engine.noteEvent([&] {
            return NocEvent{NocEventKind::FlitBuffered, routerId, port, flit.vc, -1, -1, flit.id,
                            packetOf(flit).pid,         0};
        });
        if (iv.state == VcState::Idle) {
            startRouting(port, flit.vc, flit);
        } else if (iv.state == VcState::Active && iv.count == 1) {
            state->saQ.push({-1, port, flit.vc, -1});
        }
    }
    state->inbox.clear();
    while (!state->procCredits.empty() && state->procCredits.front().time <= now) {
        const RouterState::ProcCredit credit = state->procCredits.front();
        state->procCredits.pop();
        for (std::uint64_t mask = credit.mask; mask != 0; mask &= mask - 1) {
            const int vc = std::countr_zero(mask);
            OutputVc& ov = ovc(credit.output, vc);
            --ov.occupancy;
            if (config.wait_for_tail_credit && ov.occupancy == 0 && ov.tailSent) releaseOutputVc(credit.output, vc);
        }
        --engine.m_creditsOutstanding;
    }
}

void NocRouterStep::routeEvaluate() {
    const std::int32_t done = now + config.routing_delay - 1;  // read once: the stores below could alias the config
    for (std::size_t i = 0, n = unstarted(state->routeQ); i < n; ++i) state->routeQ.at(i).time = done;
}

void NocRouterStep::routeUpdate() {
    while (!state->routeQ.empty() && state->routeQ.front().time >= 0 && state->routeQ.front().time <= now) {
        const StageEntry entry = state->routeQ.front();
        state->routeQ.pop();
        InputVc& iv = ivc(entry.input, entry.vc);
        const Flit& head = front(entry.input, entry.vc);
        iv.route = routeAt(routerId, entry.input, entry.vc, packetOf(head));
        iv.state = VcState::VcAlloc;
        engine.noteEvent([&] {
            return NocEvent{NocEventKind::RouteComputed, routerId, entry.input, entry.vc, iv.route.port, -1, head.id,
                            packetOf(head).pid,          0};
        });
        if (config.speculative) state->saQ.push({-1, entry.input, entry.vc, -1});
        state->vaQ.push({-1, entry.input, entry.vc, -1});
    }
}

void NocRouterStep::switchAllocUpdate() {
    while (!state->saQ.empty() && state->saQ.front().time >= 0 && state->saQ.front().time <= now) {
        const StageEntry entry = state->saQ.front();
        state->saQ.pop();
        InputVc& iv = ivc(entry.input, entry.vc);
        // A speculative grant for a head whose VC allocation completes only next cycle
        // (vc_alloc_delay > 1) is a mis-speculation: BookSim asserts here instead.
        if (entry.result < 0 || iv.state != VcState::Active) {
            state->saQ.push({-1, entry.input, entry.vc, -1});
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
    if (config.routing_delay == 0 && f.head) {
        const ChannelEnd& to = engine.m_net->output(routerId, port);
        if (to.router >= 0) packetOf(f).lookahead = routeAt(to.router, to.port, f.vc, packetOf(f));
    }
    OutputVc& ov = ovc(port, iv.outVc);  // BufferState::SendingFlit
    ++ov.occupancy;
    if (f.tail) {
        ov.tailSent = true;
        if (!config.wait_for_tail_credit) releaseOutputVc(port, iv.outVc);
    }
    state->crossbar.push({-1, f, std::int16_t(expandedInput(entry.input, inVc)), std::int16_t(entry.result)});
    state->pendingCredit[std::size_t(entry.input)] |= std::uint64_t(1) << inVc;
    state->pendingCreditPorts |= 1u << entry.input;
    engine.m_progress = true;
    engine.noteEvent([&] {
        return NocEvent{NocEventKind::SwitchAllocated,
                        routerId,
                        entry.input,
                        std::int16_t(inVc),
                        std::int16_t(port),
                        f.vc,
                        f.id,
                        packetOf(f).pid,
                        0};
    });
    if (iv.count == 0) {
        if (f.tail) iv.state = VcState::Idle;
    } else if (f.tail) {
        startRouting(entry.input, entry.vc, front(entry.input, entry.vc));
    } else if (config.hold_switch_for_packet) {  // hook: noc_router_hold.cpp
        holdConnection(entry);
    } else {
        state->saQ.push({-1, entry.input, entry.vc, -1});
    }
}

void NocRouterStep::switchEvaluate() {
    const std::int32_t done = now + config.st_prepare_delay + config.st_final_delay - 1;
    for (std::size_t i = 0, n = unstarted(state->crossbar); i < n; ++i) state->crossbar.at(i).time = done;
}

void NocRouterStep::switchUpdate() {
    while (!state->crossbar.empty() && state->crossbar.front().time >= 0 && state->crossbar.front().time <= now) {
        const CrossbarEntry entry = state->crossbar.front();
        state->crossbar.pop();
        const int port = outputOf(entry.output);
        state->outputBuffer[std::size_t(port)].push(entry.flit);
        state->outputPorts |= 1u << port;
    }
}

template <bool IslipOnly>
void NocRouterStep::vcAllocByMask() {
    const bool singles = IslipOnly || paths.singlesVa;
    const std::size_t n = unstarted(state->vaQ);
    const int size = engine.m_ports * vcs;
    // Per output port (at most 64: ports * vcs <= 64): its requesting input VCs.
    // A single entry (most cycles) is its port's only requester without them.
    std::uint64_t wanting[64];
    std::uint64_t wanted = 0;  // the ports with an entry in `wanting`: only those are cleared
    for (std::size_t i = 0; i < n; ++i) {
        const StageEntry& entry = state->vaQ.at(i);
        const RouteSet& route = ivc(entry.input, entry.vc).route;
        if (route.parts() != 1) return vcAllocEvaluate();  // min_adapt_torus: two ranges, the general allocator
        if (n == 1 && singles) break;
        const std::uint64_t portBit = std::uint64_t(1) << route.port;
        if (!(wanted & portBit)) wanting[route.port] = 0, wanted |= portBit;
        wanting[route.port] |= std::uint64_t(1) << local(entry.input, entry.vc);
    }
    std::uint64_t requests[64];  // per output VC (port * vcs + vc): the input VCs requesting it
    std::uint64_t outputs = 0;
    const std::int32_t done = now + config.vc_alloc_delay - 1;
    for (std::size_t i = 0; i < n; ++i) {
        StageEntry& entry = state->vaQ.at(i);
        const RouteSet& route = ivc(entry.input, entry.vc).route;
        const int in = local(entry.input, entry.vc);
        // the output VCs it may take: its range of its port, less the busy ones
        const std::uint64_t free = vcRangeBits(route, local(route.port, route.vcStart)) & ~state->busyOutputVcs;
        entry.time = done;
        if (free == 0) {
            entry.result = kStallBusy;
        } else if (singles && (n == 1 || (wanting[route.port] & (wanting[route.port] - 1)) == 0)) {
            // the port's only requester: every free output VC grants it, it accepts the first from its pointer
            const int best = firstFrom(free, state->vaAccept[std::size_t(in)]);
            state->vaGrant[std::size_t(best)] = in + 1 == size ? 0 : in + 1;
            state->vaAccept[std::size_t(in)] = best + 1 == size ? 0 : best + 1;
            entry.result = best;
        } else {
            for (std::uint64_t m = free & ~outputs; m != 0; m &= m - 1) requests[std::countr_zero(m)] = 0;
            outputs |= free;
            for (std::uint64_t m = free; m != 0; m &= m - 1) requests[std::countr_zero(m)] |= std::uint64_t(1) << in;
        }
    }
    if (outputs == 0 && (IslipOnly || !drawsWithoutRequests(config.vc_allocator))) return;
    std::int32_t match[64];
    std::uint64_t matched;
    if constexpr (IslipOnly) {
        matched = islipOnMasks<std::uint64_t>(requests, outputs, size, size, config.vc_alloc_iters,
                                              state->vaGrant.data(), state->vaAccept.data(), match);
    } else {
        matched = allocateOnMasks<std::uint64_t>(
            config.vc_allocator, config.vc_alloc_iters, requests, outputs, allocatorInputs(config.vc_allocator, vcs),
            allocatorOutputs(config.vc_allocator, vcs), state->vaGrant.data(), state->vaAccept.data(),
            diagonal(config.vc_allocator, true), engine.m_rng, match);
    }
    for (std::size_t i = 0; i < n; ++i) {
        StageEntry& entry = state->vaQ.at(i);
        if (entry.result != -1) continue;
        const int in = local(entry.input, entry.vc);
        entry.result = matched >> in & 1 ? match[in] : kStallConflict;
    }
}

// BookSim allocates the router's input VCs at once, but an input VC asks
// for VCs of one output port only, so each port's requesters allocate
// apart (vcAllocOnePort), in input-VC order.
[[gnu::noinline]] void NocRouterStep::vcAllocPerPort() {
    constexpr std::size_t kMaxWaiting = 256;
    const std::size_t n = unstarted(state->vaQ);
    if (n > kMaxWaiting) return vcAllocEvaluate();
    // The waiting entries per output port (a lone one, most cycles at low load,
    // settles alone as vcAllocSingle: these allocators decompose so).
    int perPort[32];
    std::uint32_t portsAsked = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const StageEntry& entry = state->vaQ.at(i);
        const RouteSet& route = ivc(entry.input, entry.vc).route;
        if (route.parts() != 1) return vcAllocEvaluate();  // min_adapt_torus: two ranges, the general allocator
        const std::uint32_t portBit = 1u << route.port;
        if (!(portsAsked & portBit)) perPort[route.port] = 0, portsAsked |= portBit;
        if (++perPort[route.port] > 64) return vcAllocEvaluate();  // more than a mask holds
    }
    const int size = engine.m_ports * vcs;  // at most 32 ports x 64 VCs
    const std::int32_t done = now + config.vc_alloc_delay - 1;
    // The shared ports' requesters: the VCs each may take (its range of its port,
    // less the busy ones; each port's free VCs read once), the input VCs with
    // one as bits, and their places in the queue.
    std::uint64_t free[kMaxWaiting];
    std::uint64_t portFree[32];
    std::uint32_t portsRead = 0;
    std::uint64_t requesting[32];
    std::fill_n(requesting, (size + 63) / 64, 0);
    std::int16_t queueIndexOf[32 * 64];
    for (std::size_t i = 0; i < n; ++i) {
        StageEntry& entry = state->vaQ.at(i);
        const RouteSet& route = ivc(entry.input, entry.vc).route;
        if (perPort[route.port] == 1) {
            vcAllocSingle(entry);
            continue;
        }
        const std::uint32_t portBit = 1u << route.port;
        if (!(portsRead & portBit)) {
            std::uint64_t mask = 0;
            for (int vc = 0; vc < vcs; ++vc)
                if (ovc(route.port, vc).inUseBy < 0) mask |= std::uint64_t(1) << vc;
            portFree[route.port] = mask;
            portsRead |= portBit;
        }
        free[i] = portFree[route.port] & vcRangeBits(route, route.vcStart);
        entry.time = done;
        if (free[i] == 0) {
            entry.result = kStallBusy;
            continue;
        }
        const int in = local(entry.input, entry.vc);
        requesting[in / 64] |= std::uint64_t(1) << (in % 64);
        queueIndexOf[in] = std::int16_t(i);
    }
    if (portsRead == 0) return;
    // Each shared port's requesters in input-VC order.
    std::int16_t askers[32][64];
    int filled[32];
    for (std::uint32_t ports = portsRead; ports != 0; ports &= ports - 1) filled[std::countr_zero(ports)] = 0;
    for (int word = 0; word < (size + 63) / 64; ++word) {
        for (std::uint64_t bits = requesting[word]; bits != 0; bits &= bits - 1) {
            const int in = word * 64 + std::countr_zero(bits);
            const int port = inVcs[in].route.port;
            askers[port][filled[port]++] = std::int16_t(in);
        }
    }
    for (std::uint32_t ports = portsRead; ports != 0; ports &= ports - 1) {
        const int port = std::countr_zero(ports);
        if (filled[port] > 0) vcAllocOnePort(port, askers[port], filled[port], free, queueIndexOf);
    }
}

// One port's requesters, renumbered 0..count-1 in input-VC order, and the
// port's VCs by their index: the pointers are read into that numbering (the
// first at or after the pointer, wrapping) and written back for the matched
// pairs, the only ones a single pass moves.
void NocRouterStep::vcAllocOnePort(int port, const std::int16_t* inputs, int count, const std::uint64_t* free,
                                   const std::int16_t* queueIndexOf) {
    const int size = engine.m_ports * vcs;
    const int base = port * vcs;
    std::uint64_t requests[64];  // per VC of the port: the requesters asking for it
    std::fill_n(requests, vcs, 0);
    std::uint64_t outputs = 0;
    std::int32_t grant[64], accept[64], match[64];
    for (int k = 0; k < count; ++k) {
        const std::uint64_t mine = free[queueIndexOf[inputs[k]]];
        outputs |= mine;
        for (std::uint64_t m = mine; m != 0; m &= m - 1) requests[std::countr_zero(m)] |= std::uint64_t(1) << k;
        const int pointer = state->vaAccept[std::size_t(inputs[k])] - base;
        accept[k] = pointer >= 0 && pointer < vcs ? pointer : 0;
    }
    for (std::uint64_t m = outputs; m != 0; m &= m - 1) {
        const int out = std::countr_zero(m);
        const int pointer = state->vaGrant[std::size_t(base + out)];
        int below = 0;  // requesters numbered before the pointer
        while (below < count && inputs[below] < pointer) ++below;
        grant[out] = below == count ? 0 : below;
    }
    const std::uint64_t matched =
        allocateOnMasks<std::uint64_t>(config.vc_allocator, config.vc_alloc_iters, requests, outputs, count, vcs, grant,
                                       accept, nullptr, engine.m_rng, match);
    for (int k = 0; k < count; ++k) {
        StageEntry& entry = state->vaQ.at(std::size_t(queueIndexOf[inputs[k]]));
        if (!(matched >> k & 1)) {
            entry.result = kStallConflict;
            continue;
        }
        const int in = inputs[k];
        const int out = base + match[k];
        state->vaGrant[std::size_t(out)] = in + 1 == size ? 0 : in + 1;
        state->vaAccept[std::size_t(in)] = out + 1 == size ? 0 : out + 1;
        entry.result = out;
    }
}

void NocRouterStep::vcAllocUpdate() {
    while (!state->vaQ.empty() && state->vaQ.front().time >= 0 && state->vaQ.front().time <= now) {
        const StageEntry entry = state->vaQ.front();
        state->vaQ.pop();
        if (entry.result < 0) {
            state->vaQ.push({-1, entry.input, entry.vc, -1});
            continue;
        }
        const int port = entry.result / vcs;
        const int out = entry.result % vcs;
        takeOutputVc(port, out, entry.input * vcs + entry.vc);
        ovc(port, out).tailSent = false;
        InputVc& iv = ivc(entry.input, entry.vc);
        iv.outPort = std::int16_t(port);
        iv.outVc = std::int16_t(out);
        iv.state = VcState::Active;
        const Flit& head = front(entry.input, entry.vc);
        engine.noteEvent([&] {
            return NocEvent{NocEventKind::VcAllocated, routerId, entry.input,        entry.vc, std::int16_t(port),
                            std::int16_t(out),         head.id,  packetOf(head).pid, 0};
        });
        if (!config.speculative) state->saQ.push({-1, entry.input, entry.vc, -1});
    }
}

template <bool IslipOnly, bool Expanded>
void NocRouterStep::switchAllocByPort(const SwitchHold* hold) {
    const std::size_t n = unstarted(state->saQ);
    const bool draws = !IslipOnly && drawsWithoutRequests(config.sw_allocator);
    if (n == 0 && !draws) return;
    // The crossbar's inputs and outputs, expanded by the speedups.
    const int inputs = Expanded ? engine.m_ports * inSpeedup : engine.m_ports;
    const int outputs = Expanded ? engine.m_ports * outSpeedup : engine.m_ports;
    if (n == 1 && (IslipOnly || paths.singlesSa)) {  // a single request wins its output outright
        StageEntry& entry = state->saQ.front();
        const InputVc& iv = ivc(entry.input, entry.vc);
        if (iv.state != VcState::Active) return switchAllocEvaluate(hold);
        if (hold && isHeld(*hold, expandedInput(entry.input, entry.vc), expandedOutput(iv.outPort, entry.input)) &&
            !outputFull(iv.outPort, iv.outVc)) {
            entry.time = now + config.sw_alloc_delay - 1;
            entry.result = kStallCrossbar;  // a held input asks for nothing, a held output is asked by no one
            return;
        }
        return switchAllocSingle(entry);
    }
    std::uint32_t requests[32];  // per (expanded) output: the inputs requesting it
    std::int16_t label[32][32];  // per input and output: the requesting VC
    std::uint32_t requested = 0;
    for (std::size_t i = 0; i < n; ++i) {
        StageEntry& entry = state->saQ.at(i);
        const InputVc& iv = ivc(entry.input, entry.vc);
        if (iv.state != VcState::Active) return switchAllocEvaluate(hold);  // only speculative routers queue those
        if (outputFull(iv.outPort, iv.outVc)) {
            entry.result = kStallFull;
            continue;
        }
        const int in = Expanded ? expandedInput(entry.input, entry.vc) : entry.input;
        const int out = Expanded ? expandedOutput(iv.outPort, entry.input) : iv.outPort;
        if (hold && isHeld(*hold, in, out)) continue;
        const std::uint32_t bit = 1u << in;
        const std::uint32_t outBit = 1u << out;
        if (!(requested & outBit)) requests[out] = 0, requested |= outBit;
        if (!(requests[out] & bit)) {
            requests[out] |= bit;
            label[in][out] = entry.vc;
            continue;
        }
        // IQRouter::_SWAllocAddReq: a later VC of the same input replaces the
        // request only if it comes first in round-robin order from the offset.
        // Both distances from the offset without a division (VCs and offset are below vcs).
        const int offset = state->swRrOffset[std::size_t(in)];
        int mine = entry.vc - offset;
        if (mine < 0) mine += vcs;
        int held = label[in][out] - offset;
        if (held < 0) held += vcs;
        if (mine < held) label[in][out] = entry.vc;
    }
    std::int32_t match[32];
    std::uint32_t matched = 0;
    if constexpr (IslipOnly) {
        matched = islipOnMasks<std::uint32_t>(requests, requested, inputs, outputs, config.sw_alloc_iters,
                                              state->saGrant.data(), state->saAccept.data(), match);
    } else if (requested != 0 || draws) {
        matched = allocateOnMasks<std::uint32_t>(
            config.sw_allocator, config.sw_alloc_iters, requests, requested,
            allocatorInputs(config.sw_allocator, inSpeedup), allocatorOutputs(config.sw_allocator, outSpeedup),
            state->saGrant.data(), state->saAccept.data(), diagonal(config.sw_allocator, false), engine.m_rng, match);
    }
    const std::int32_t done = now + config.sw_alloc_delay - 1;
    for (std::size_t i = 0; i < n; ++i) {
        StageEntry& entry = state->saQ.at(i);
        entry.time = done;
        if (entry.result < -1) continue;
        const int in = Expanded ? expandedInput(entry.input, entry.vc) : entry.input;
        if (matched >> in & 1 && label[in][match[in]] == entry.vc) {
            state->swRrOffset[std::size_t(in)] =
                Expanded ? offsetAfter(entry.vc) : (entry.vc + 1 == vcs ? 0 : entry.vc + 1);
            entry.result = match[in];
        } else {
            entry.result = kStallCrossbar;
        }
    }
}

// Out of line, so that the other allocators do not crowd the default
// router's inlined step (stepRouters): +1.8 % instructions for iSLIP runs.
[[gnu::noinline]] void NocRouterStep::vcAllocByMaskOther() { vcAllocByMask<false>(); }
[[gnu::noinline]] void NocRouterStep::switchAllocByPortOther(const SwitchHold* hold) {
    if (inSpeedup == 1 && outSpeedup == 1) return switchAllocByPort<false>(hold);
    if (config.sw_allocator.kind == AllocatorKind::Islip) return switchAllocByPort<true, true>(hold);
    switchAllocByPort<false, true>(hold);
}

// The held connections are evaluated before switch allocation (which skips
// them) and updated after VC allocation.
template <bool Hold>
void NocRouterStep::runStages() {
    SwitchHold* const hold = Hold ? &engine.m_holds[std::size_t(routerId)] : nullptr;
    inputQueuing();
    bool activity = !state->procCredits.empty();
    if (!state->routeQ.empty()) routeEvaluate();
    if (config.speculative) clearVcAllocator();  // read by the SA re-check
    if (!state->vaQ.empty()) {
        if (paths.maskVa)
            paths.vaIslip ? vcAllocByMask<true>() : vcAllocByMaskOther();
        else if (paths.portVa)
            vcAllocPerPort();
        else
            vcAllocEvaluate();
    }
    if constexpr (Hold) {
        if (!hold->queue.empty()) holdEvaluate(*hold);
    }
    if (!state->saQ.empty()) {
        if (paths.portSa)
            paths.saIslip ? switchAllocByPort<true>(hold) : switchAllocByPortOther(hold);
        else
            switchAllocEvaluate(hold);
    }
    if (!state->crossbar.empty()) switchEvaluate();
    if (!state->routeQ.empty()) routeUpdate(), activity = activity || !state->routeQ.empty();
    if (!state->vaQ.empty()) vcAllocUpdate(), activity = activity || !state->vaQ.empty();
    if constexpr (Hold) {
        if (!hold->queue.empty()) holdUpdate(*hold), activity = activity || !hold->queue.empty();
    }
    if (!state->saQ.empty()) switchAllocUpdate(), activity = activity || !state->saQ.empty();
    if (!state->crossbar.empty()) switchUpdate(), activity = activity || !state->crossbar.empty();
    state->active = activity;
    outputQueuing();
}

void NocRouterStep::run() {
    if (!state->active) return;
    if (config.hold_switch_for_packet) return runStages<true>();  // stages in noc_router_hold.cpp
    runStages<false>();
}

// IQRouter::_OutputQueuing: this cycle's credits join the queue to go upstream.
void NocRouterStep::outputQueuing() {
    for (std::uint32_t ports = state->pendingCreditPorts; ports != 0; ports &= ports - 1) {
        const int input = std::countr_zero(ports);
        state->creditBuffer[std::size_t(input)].push(state->pendingCredit[std::size_t(input)]);
        state->pendingCredit[std::size_t(input)] = 0;
        state->creditPorts |= 1u << input;
    }
    state->pendingCreditPorts = 0;
}

RouterPaths routerPaths(const NocConfig& config, int ports, int vcs) {
    const bool fast = !config.general_paths;
    RouterPaths paths;
    paths.maskVa = fast && !config.speculative && config.vc_alloc_delay <= 1 && ports * vcs <= 64 &&
                   runsOnMasks(config.vc_allocator);
    paths.portSa = fast && !config.speculative && config.sw_alloc_delay <= 1 && ports * config.input_speedup <= 32 &&
                   ports * config.output_speedup <= 32 && runsOnMasks(config.sw_allocator);
    paths.portVa = fast && !paths.maskVa && !config.speculative && config.vc_alloc_delay <= 1 && vcs <= 64 &&
                   allocatesInOnePass(config.vc_allocator, config.vc_alloc_iters);
    paths.singlesVa = settlesSingles(config.vc_allocator);
    paths.singlesSa = settlesSingles(config.sw_allocator);
    paths.vaIslip = config.vc_allocator.kind == AllocatorKind::Islip;
    paths.saIslip =
        config.sw_allocator.kind == AllocatorKind::Islip && config.input_speedup == 1 && config.output_speedup == 1;
    return paths;
}

// The routers' half of the cycle in one function, so that every stage of the
// default router inlines into the loop over the busy routers (the stage
// functions each ran as a call per router per cycle).
[[gnu::flatten]] void NocEngine::stepRouters(int internalSteps) {
    NocRouterStep step{*this, *m_config, std::int32_t(m_time)};
    for (int i = 0; i < internalSteps; ++i) {
        for (int routerId : m_work) {
            if (!m_routers[std::size_t(routerId)].active) continue;  // only credits or outputs left to send
            step.select(routerId);
            step.run();
        }
    }
    for (int routerId : m_work) {
        const RouterState& state = m_routers[std::size_t(routerId)];
        if ((state.outputPorts | state.creditPorts) != 0) routerWriteOutputs(routerId);
    }
}

void NocEngine::routerWriteOutputs(int routerId) {
    RouterState& state = m_routers[std::size_t(routerId)];
    const NocNetwork& net = *m_net;
    // A channel of latency L delivers in the wheel slot L + 1 cycles ahead (ejection
    // and injection channels take 1).
    const auto slotAfter = [this](int latency) { return wheelSlot(m_time + latency + 1); };
    for (std::uint32_t ports = state.outputPorts; ports != 0; ports &= ports - 1) {
        const int port = std::countr_zero(ports);
        Fifo<Flit>& out = state.outputBuffer[std::size_t(port)];
        const Flit f = out.front();
        out.pop();
        if (out.empty()) state.outputPorts &= ~(1u << port);
        noteEvent([&] {
            return NocEvent{NocEventKind::FlitSent,
                            routerId,
                            std::int16_t(port),
                            f.vc,
                            -1,
                            -1,
                            f.id,
                            m_packets[std::size_t(f.packet)].pid,
                            0};
        });
        const ChannelEnd& to = net.output(routerId, port);
        if (to.isNode()) {
            m_flitWheel[slotAfter(to.latency)].push_back({to.node, -1, f});
        } else {
            m_flitWheel[slotAfter(to.latency)].push_back({to.router, to.port, f});
        }
    }
    for (std::uint32_t ports = state.creditPorts; ports != 0; ports &= ports - 1) {
        const int port = std::countr_zero(ports);
        Fifo<std::uint64_t>& credits = state.creditBuffer[std::size_t(port)];
        const std::uint64_t mask = credits.front();
        credits.pop();
        if (credits.empty()) state.creditPorts &= ~(1u << port);
        ++m_creditsOutstanding;
        noteEvent([&] {
            return NocEvent{NocEventKind::CreditSent, routerId, std::int16_t(port), -1, -1, -1, -1, -1,
                            std::int64_t(mask)};
        });
        const ChannelEnd& from = net.input(routerId, port);
        if (from.isNode()) {
            m_creditWheel[slotAfter(from.latency)].push_back({from.node, -1, mask});
        } else {
            m_creditWheel[slotAfter(from.latency)].push_back({from.router, from.port, mask});
        }
    }
}

}  // namespace commviz::noc
