// IQRouter's VC and switch allocation stages (_VCAllocEvaluate,
// _SWAllocAddReq, _SWAllocEvaluate) with BookSim's iSLIP allocators; their
// updates and the default router's mask allocators are in noc_router.cpp.

#include "noc/noc_router_step.h"

namespace commviz::noc {

namespace {

// RoundRobinArbiter::Supersedes
bool supersedes(int a, int pa, int b, int pb, int offset, int size) {
    return pa > pb || (pa == pb && (a - offset + size) % size < (b - offset + size) % size);
}

}  // namespace

void NocRouterStep::vcAllocSingle(StageEntry& entry) {
    const int size = e.m_ports * vcs;
    const RouteSet& route = ivc(entry.input, entry.vc).route;
    const int in = entry.input * vcs + entry.vc;
    const int pointer = rs.vaAccept[std::size_t(in)];
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
    entry.time = t + c.vc_alloc_delay - 1;
    if (best < 0) {
        entry.result = kStallBusy;
        return;
    }
    rs.vaGrant[std::size_t(best)] = in + 1 == size ? 0 : in + 1;
    rs.vaAccept[std::size_t(in)] = best + 1 == size ? 0 : best + 1;
    entry.result = best;
}

void NocRouterStep::vcAllocEvaluate() {
    IslipAllocator& alloc = e.m_vaAlloc;
    const std::size_t n = unstarted(rs.vaQ);
    const bool decompose = !c.speculative && c.vc_alloc_delay <= 1;
    int perPort[16] = {};
    if (decompose) {  // a two-port route set counts on both ports, so neither is settled alone
        for (std::size_t i = 0; i < n; ++i) {
            const RouteSet& route = ivc(rs.vaQ.at(i).input, rs.vaQ.at(i).vc).route;
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
        StageEntry& entry = rs.vaQ.at(i);
        const RouteSet& route = ivc(entry.input, entry.vc).route;
        if (decompose && perPort[route.port] == 1) {
            vcAllocSingle(entry);
            continue;
        }
        if (!shared) alloc.clear(e.m_ports * vcs, e.m_ports * vcs);
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
        alloc.allocate(c.vc_alloc_iters, rs.vaGrant.data(), rs.vaAccept.data());
        for (std::size_t i = 0; i < n; ++i) {
            StageEntry& entry = rs.vaQ.at(i);
            if (decompose && perPort[ivc(entry.input, entry.vc).route.port] == 1) continue;
            entry.time = t + c.vc_alloc_delay - 1;
            if (entry.result < -1) continue;
            const int granted = alloc.outputAssigned(entry.input * vcs + entry.vc);
            entry.result = granted >= 0 ? granted : kStallConflict;
        }
    }
    // Like BookSim, grants started earlier are re-checked even when no entry starts now.
    if (c.vc_alloc_delay <= 1) return;
    for (std::size_t i = 0; i < rs.vaQ.size() && rs.vaQ.at(i).time <= t; ++i) {
        StageEntry& entry = rs.vaQ.at(i);
        if (entry.result >= 0 && ovc(entry.result / vcs, entry.result % vcs).inUseBy >= 0) entry.result = kStallBusy;
    }
}

void NocRouterStep::addSwitchRequest(int input, int vc, int port, int priority) {
    const int ein = expandedInput(input, vc);
    const int eout = expandedOutput(port, input);
    IslipAllocator& alloc = e.m_saAlloc;
    const int existing = alloc.find(ein, eout);
    if (existing < 0) {
        alloc.add(ein, eout, vc, priority);
    } else if (supersedes(vc, priority, alloc.label(existing), alloc.priority(existing),
                          rs.swRrOffset[std::size_t(ein)], vcs)) {
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
            if (c.output_buffer_size != -1 && int(rs.outputBuffer[std::size_t(port)].size()) >= c.output_buffer_size)
                continue;
            eligible = true;
            credit = ovc(port, out).occupancy < bufSize;
        }
        if (!eligible) {
            entry.result = kStallBusy;
        } else if (!credit) {
            entry.result = kStallFull;
        } else if (hold) {
            requestUnlessHeld(*hold, entry.input, entry.vc, port, INT_MIN);
        } else {
            addSwitchRequest(entry.input, entry.vc, port, INT_MIN);  // below every non-speculative request
        }
    }
}

void NocRouterStep::switchAllocSingle(StageEntry& entry) {
    const InputVc& iv = ivc(entry.input, entry.vc);
    entry.time = t + c.sw_alloc_delay - 1;
    if (outputFull(iv.outPort, iv.outVc)) {
        entry.result = kStallFull;
        return;
    }
    const int inputs = e.m_ports * inSpeedup;
    const int outputs = e.m_ports * outSpeedup;
    const int ein = expandedInput(entry.input, entry.vc);
    const int eout = expandedOutput(iv.outPort, entry.input);
    rs.saGrant[std::size_t(eout)] = ein + 1 == inputs ? 0 : ein + 1;
    rs.saAccept[std::size_t(ein)] = eout + 1 == outputs ? 0 : eout + 1;
    rs.swRrOffset[std::size_t(ein)] = (entry.vc + inSpeedup) % vcs;
    entry.result = eout;
}

void NocRouterStep::switchAllocEvaluate() {
    IslipAllocator& alloc = e.m_saAlloc;
    const std::size_t n = unstarted(rs.saQ);
    if (n == 0) {
        // Grants started in an earlier cycle still complete now and are
        // re-checked (BookSim's last loop runs even when no entry starts).
        if (c.speculative || c.sw_alloc_delay > 1) recheckSwitchGrants();
        return;
    }
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
    alloc.allocate(c.sw_alloc_iters, rs.saGrant.data(), rs.saAccept.data());
    for (std::size_t i = 0; i < n; ++i) {
        StageEntry& entry = rs.saQ.at(i);
        entry.time = t + c.sw_alloc_delay - 1;
        if (entry.result < -1) continue;
        const int ein = expandedInput(entry.input, entry.vc);
        const int eout = alloc.outputAssigned(ein);
        if (eout >= 0 && alloc.label(alloc.find(ein, eout)) == entry.vc) {
            rs.swRrOffset[std::size_t(ein)] = (entry.vc + inSpeedup) % vcs;
            entry.result = eout;
        } else {
            entry.result = kStallCrossbar;
        }
    }
    if (!c.speculative && c.sw_alloc_delay <= 1) return;
    recheckSwitchGrants();
}

void NocRouterStep::recheckSwitchGrants() {
    for (std::size_t i = 0; i < rs.saQ.size() && rs.saQ.at(i).time >= 0 && rs.saQ.at(i).time <= t; ++i) {
        StageEntry& entry = rs.saQ.at(i);
        if (entry.result < 0) continue;
        const int port = outputOf(entry.result);
        const InputVc& iv = ivc(entry.input, entry.vc);
        if (iv.state == VcState::VcAlloc) {
            const int granted = e.m_vaAlloc.outputAssigned(entry.input * vcs + entry.vc);
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
