// IQRouter's VC and switch allocation stages (_VCAllocEvaluate,
// _SWAllocAddReq, _SWAllocEvaluate) with the allocator the config names:
// iSLIP (IslipAllocator, with shortcuts that give its results without it) or
// another of BookSim's (BookSimAllocator). Their updates and the default
// router's iSLIP mask allocators are in noc_router.cpp.

#include "noc/noc_router_step.h"

namespace commviz::noc {

namespace {

// RoundRobinArbiter::Supersedes
bool supersedes(int a, int pa, int b, int pb, int offset, int size) {
    return pa > pb || (pa == pb && (a - offset + size) % size < (b - offset + size) % size);
}

// The VC or switch allocator a router uses: iSLIP's or another one, behind
// the request interface the two share.
struct AllocatorRef {
    IslipAllocator* islip;
    BookSimAllocator* other;

    void clear(int inputs, int outputs) { islip ? islip->clear(inputs, outputs) : other->clear(inputs, outputs); }
    int find(int input, int output) const { return islip ? islip->find(input, output) : other->find(input, output); }
    void add(int input, int output, int label, int priority) {
        islip ? islip->add(input, output, label, priority) : other->add(input, output, label, priority);
    }
    void replace(int index, int label, int priority) {
        islip ? islip->replace(index, label, priority) : other->replace(index, label, priority);
    }
    int label(int index) const { return islip ? islip->label(index) : other->label(index); }
    int priority(int index) const { return islip ? islip->priority(index) : other->priority(index); }
    int outputAssigned(int input) const { return islip ? islip->outputAssigned(input) : other->outputAssigned(input); }
};

AllocatorRef allocatorOf(const AllocatorChoice& choice, IslipAllocator& islip, BookSimAllocator& other) {
    if (choice.kind == AllocatorKind::Islip) return {&islip, nullptr};
    return {nullptr, &other};
}

}  // namespace

void NocEngine::initAllocatorOrders(int routers) {
    const NocConfig& c = *m_config;
    m_allocatorOrders.clear();
    if (c.vc_allocator.kind == AllocatorKind::Islip && c.sw_allocator.kind == AllocatorKind::Islip) return;
    RouterAllocatorOrders router;
    auto init = [](const AllocatorChoice& choice, int inputs, int outputs, std::vector<std::int32_t>& order) {
        const bool separable =
            choice.kind == AllocatorKind::SeparableInputFirst || choice.kind == AllocatorKind::SeparableOutputFirst;
        order.clear();
        if (!separable || choice.arbiter != ArbiterKind::Matrix) return;
        order.resize(matrixOrderSize(inputs, outputs));
        initMatrixOrder(order.data(), inputs, outputs);
    };
    init(c.vc_allocator, m_ports * m_vcs, m_ports * m_vcs, router.vaOrder);
    init(c.sw_allocator, m_ports * c.input_speedup, m_ports * c.output_speedup, router.saOrder);
    m_allocatorOrders.assign(std::size_t(routers), router);
}

void NocRouterStep::clearVcAllocator() {
    if (config.vc_allocator.kind == AllocatorKind::Islip)
        engine.m_vaAlloc.clear(engine.m_ports * vcs, engine.m_ports * vcs);
    else
        engine.m_vaOther.clear(engine.m_ports * vcs, engine.m_ports * vcs);
}

void NocRouterStep::vcAllocOther() {
    BookSimAllocator& alloc = engine.m_vaOther;
    alloc.clear(allocatorInputs(config.vc_allocator, vcs), allocatorOutputs(config.vc_allocator, vcs));
    // Every cycle with a VC waiting, as BookSim calls Allocate (PIM draws even without requests).
    const std::size_t n = unstarted(state->vaQ);
    for (std::size_t i = 0; i < n; ++i) {
        StageEntry& entry = state->vaQ.at(i);
        const RouteSet& route = ivc(entry.input, entry.vc).route;
        bool eligible = false;
        for (int part = 0; part < route.parts(); ++part) {
            const int port = route.portOf(part);
            for (int out = route.startOf(part); out <= route.endOf(part); ++out) {
                if (ovc(port, out).inUseBy >= 0) continue;
                eligible = true;
                alloc.add(entry.input * vcs + entry.vc, port * vcs + out, 0, 0);
            }
        }
        if (!eligible) entry.result = kStallBusy;
    }
    alloc.allocate(
        config.vc_allocator,
        {state->vaAccept.data(), state->vaGrant.data(), engine.m_allocatorOrders[std::size_t(routerId)].vaOrder.data(),
         &engine.m_allocatorOrders[std::size_t(routerId)].vaDiagonal},
        engine.m_rng);
    for (std::size_t i = 0; i < n; ++i) {
        StageEntry& entry = state->vaQ.at(i);
        entry.time = now + config.vc_alloc_delay - 1;
        if (entry.result < -1) continue;
        const int granted = alloc.outputAssigned(entry.input * vcs + entry.vc);
        entry.result = granted >= 0 ? granted : kStallConflict;
    }
}

void NocRouterStep::vcAllocSingle(StageEntry& entry) {
    const int size = engine.m_ports * vcs;
    const RouteSet& route = ivc(entry.input, entry.vc).route;
    const int in = entry.input * vcs + entry.vc;
    const int pointer = state->vaAccept[std::size_t(in)];
    int best = -1;
    int bestDistance = size;
    for (int part = 0; part < route.parts(); ++part) {
        const int port = route.portOf(part);
        for (int out = route.startOf(part); out <= route.endOf(part); ++out) {
            if (ovc(port, out).inUseBy >= 0) continue;
            const int candidate = port * vcs + out;
            const int d = candidate >= pointer ? candidate - pointer : candidate - pointer + size;
            if (d < bestDistance) best = candidate, bestDistance = d;
        }
    }
    entry.time = now + config.vc_alloc_delay - 1;
    if (best < 0) {
        entry.result = kStallBusy;
        return;
    }
    state->vaGrant[std::size_t(best)] = in + 1 == size ? 0 : in + 1;
    state->vaAccept[std::size_t(in)] = best + 1 == size ? 0 : best + 1;
    entry.result = best;
}

void NocRouterStep::vcAllocEvaluate() {
    if (config.vc_allocator.kind != AllocatorKind::Islip) {
        vcAllocOther();
        recheckVcGrants();
        return;
    }
    IslipAllocator& alloc = engine.m_vaAlloc;
    const std::size_t n = unstarted(state->vaQ);
    const bool decompose = !config.general_paths && !config.speculative && config.vc_alloc_delay <= 1;
    int perPort[32] = {};  // routers have at most 32 ports (flatfly and fat trees check)
    if (decompose) {       // a two-port route set counts on both ports, so neither is settled alone
        for (std::size_t i = 0; i < n; ++i) {
            const RouteSet& route = ivc(state->vaQ.at(i).input, state->vaQ.at(i).vc).route;
            ++perPort[route.port];
            if (route.parts() == 2 && route.altPort != route.port)
                perPort[route.port] = perPort[route.altPort] = int(n) + 1;
        }
    }
    // Cleared only once a request goes through it: when every port is settled
    // by vcAllocSingle the allocator is not read again this step (speculative
    // routers, which do read it, never decompose and cleared it in run()).
    bool shared = false;
    for (std::size_t i = 0; i < n; ++i) {
        StageEntry& entry = state->vaQ.at(i);
        const RouteSet& route = ivc(entry.input, entry.vc).route;
        if (decompose && perPort[route.port] == 1) {
            vcAllocSingle(entry);
            continue;
        }
        if (!shared) alloc.clear(engine.m_ports * vcs, engine.m_ports * vcs);
        shared = true;
        bool eligible = false;
        for (int part = 0; part < route.parts(); ++part) {
            const int port = route.portOf(part);
            for (int out = route.startOf(part); out <= route.endOf(part); ++out) {
                if (ovc(port, out).inUseBy >= 0) continue;
                eligible = true;
                alloc.add(entry.input * vcs + entry.vc, port * vcs + out, 0, 0);
            }
        }
        if (!eligible) entry.result = kStallBusy;
    }
    if (shared) {
        alloc.allocate(config.vc_alloc_iters, state->vaGrant.data(), state->vaAccept.data());
        for (std::size_t i = 0; i < n; ++i) {
            StageEntry& entry = state->vaQ.at(i);
            if (decompose && perPort[ivc(entry.input, entry.vc).route.port] == 1) continue;
            entry.time = now + config.vc_alloc_delay - 1;
            if (entry.result < -1) continue;
            const int granted = alloc.outputAssigned(entry.input * vcs + entry.vc);
            entry.result = granted >= 0 ? granted : kStallConflict;
        }
    }
    recheckVcGrants();
}

// Like BookSim, grants started earlier are re-checked even when no entry starts now.
void NocRouterStep::recheckVcGrants() {
    if (config.vc_alloc_delay <= 1) return;
    for (std::size_t i = 0; i < state->vaQ.size() && state->vaQ.at(i).time <= now; ++i) {
        StageEntry& entry = state->vaQ.at(i);
        if (entry.result >= 0 && ovc(entry.result / vcs, entry.result % vcs).inUseBy >= 0) entry.result = kStallBusy;
    }
}

void NocRouterStep::addSwitchRequest(int input, int vc, int port, int priority, const SwitchHold* hold) {
    const int ein = expandedInput(input, vc);
    const int eout = expandedOutput(port, input);
    if (hold && isHeld(*hold, ein, eout)) return;
    AllocatorRef alloc = allocatorOf(config.sw_allocator, engine.m_saAlloc, engine.m_saOther);
    const int existing = alloc.find(ein, eout);
    if (existing < 0) {
        alloc.add(ein, eout, vc, priority);
    } else if (supersedes(vc, priority, alloc.label(existing), alloc.priority(existing),
                          state->swRrOffset[std::size_t(ein)], vcs)) {
        alloc.replace(existing, vc, priority);
    }
}

// One speculative request per element of the route set, as BookSim iterates
// its OutputSet; a stall found on a later element overwrites an earlier one
// (also on an element whose connection is held).
void NocRouterStep::requestSpeculative(StageEntry& entry, const SwitchHold* hold) {
    const RouteSet& route = ivc(entry.input, entry.vc).route;
    for (int part = 0; part < route.parts(); ++part) {
        const int port = route.portOf(part);
        bool eligible = false;
        bool credit = false;
        for (int out = route.startOf(part); out <= route.endOf(part) && !credit; ++out) {
            if (ovc(port, out).inUseBy >= 0) continue;
            if (config.output_buffer_size != -1 &&
                int(state->outputBuffer[std::size_t(port)].size()) >= config.output_buffer_size)
                continue;
            eligible = true;
            credit = ovc(port, out).occupancy < bufSize;
        }
        if (!eligible) {
            entry.result = kStallBusy;
        } else if (!credit) {
            entry.result = kStallFull;
        } else {
            addSwitchRequest(entry.input, entry.vc, port, INT_MIN, hold);  // below every non-speculative request
        }
    }
}

void NocRouterStep::switchAllocSingle(StageEntry& entry) {
    const InputVc& iv = ivc(entry.input, entry.vc);
    entry.time = now + config.sw_alloc_delay - 1;
    if (outputFull(iv.outPort, iv.outVc)) {
        entry.result = kStallFull;
        return;
    }
    const int inputs = engine.m_ports * inSpeedup;
    const int outputs = engine.m_ports * outSpeedup;
    const int ein = expandedInput(entry.input, entry.vc);
    const int eout = expandedOutput(iv.outPort, entry.input);
    state->saGrant[std::size_t(eout)] = ein + 1 == inputs ? 0 : ein + 1;
    state->saAccept[std::size_t(ein)] = eout + 1 == outputs ? 0 : eout + 1;
    state->swRrOffset[std::size_t(ein)] = offsetAfter(entry.vc);
    entry.result = eout;
}

void NocRouterStep::switchAllocEvaluate(const SwitchHold* hold) {
    const std::size_t count = unstarted(state->saQ);
    const bool islip = config.sw_allocator.kind == AllocatorKind::Islip;
    if (islip && count == 1 && !hold && !config.general_paths && !config.speculative && config.sw_alloc_delay <= 1 &&
        ivc(state->saQ.at(0).input, state->saQ.at(0).vc).state == VcState::Active) {
        switchAllocSingle(state->saQ.at(0));
        return;
    }
    if (islip && count > 0) {
        switchRequests(count, hold);
        engine.m_saAlloc.allocate(config.sw_alloc_iters, state->saGrant.data(), state->saAccept.data());
        switchGrants(count);
    } else if (!islip) {
        // Every cycle with a VC waiting, as BookSim calls Allocate (PIM draws even without requests).
        switchRequests(count, hold);
        engine.m_saOther.allocate(config.sw_allocator,
                                  {state->saAccept.data(), state->saGrant.data(),
                                   engine.m_allocatorOrders[std::size_t(routerId)].saOrder.data(),
                                   &engine.m_allocatorOrders[std::size_t(routerId)].saDiagonal},
                                  engine.m_rng);
        switchGrants(count);
    }
    // Grants started in an earlier cycle complete now and are re-checked, even
    // when no entry starts (BookSim's last loop runs regardless).
    if (!config.speculative && config.sw_alloc_delay <= 1) return;
    if (hold) dropGrantsToHeld(*hold);
    recheckSwitchGrants();
}

void NocRouterStep::switchRequests(std::size_t count, const SwitchHold* hold) {
    allocatorOf(config.sw_allocator, engine.m_saAlloc, engine.m_saOther)
        .clear(allocatorInputs(config.sw_allocator, inSpeedup), allocatorOutputs(config.sw_allocator, outSpeedup));
    for (std::size_t i = 0; i < count; ++i) {
        StageEntry& entry = state->saQ.at(i);
        const InputVc& iv = ivc(entry.input, entry.vc);
        if (iv.state != VcState::Active) {
            requestSpeculative(entry, hold);
        } else if (outputFull(iv.outPort, iv.outVc)) {
            entry.result = kStallFull;
        } else {
            addSwitchRequest(entry.input, entry.vc, iv.outPort, 0, hold);
        }
    }
}

// An entry wins when the allocator matched its input to an output and the
// request standing for that pair is its own VC's.
void NocRouterStep::switchGrants(std::size_t count) {
    const AllocatorRef alloc = allocatorOf(config.sw_allocator, engine.m_saAlloc, engine.m_saOther);
    for (std::size_t i = 0; i < count; ++i) {
        StageEntry& entry = state->saQ.at(i);
        entry.time = now + config.sw_alloc_delay - 1;
        if (entry.result < -1) continue;
        const int ein = expandedInput(entry.input, entry.vc);
        const int eout = alloc.outputAssigned(ein);
        if (eout >= 0 && alloc.label(alloc.find(ein, eout)) == entry.vc) {
            state->swRrOffset[std::size_t(ein)] = offsetAfter(entry.vc);
            entry.result = eout;
        } else {
            entry.result = kStallCrossbar;
        }
    }
}

void NocRouterStep::recheckSwitchGrants() {
    for (std::size_t i = 0; i < state->saQ.size() && state->saQ.at(i).time >= 0 && state->saQ.at(i).time <= now; ++i) {
        StageEntry& entry = state->saQ.at(i);
        if (entry.result < 0) continue;
        const int port = outputOf(entry.result);
        const InputVc& iv = ivc(entry.input, entry.vc);
        if (iv.state == VcState::VcAlloc) {
            const int granted = allocatorOf(config.vc_allocator, engine.m_vaAlloc, engine.m_vaOther)
                                    .outputAssigned(entry.input * vcs + entry.vc);
            if (granted < 0) {
                entry.result = -1;
            } else if (granted / vcs != port) {
                entry.result = kStallConflict;
            } else if (ovc(port, granted % vcs).occupancy >= bufSize) {
                entry.result = kStallFull;
            }
        } else if (ovc(port, iv.outVc).occupancy >= bufSize) {
            entry.result = kStallFull;
        }
    }
}

}  // namespace commviz::noc
