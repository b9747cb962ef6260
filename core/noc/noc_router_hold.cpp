// hold_switch_for_packet = 1 (IQRouter's switch hold). When a flit wins the
// switch and more of its packet waits behind it in the same input VC, the
// crossbar connection from its (expanded) input to its (expanded) output is
// kept: the next flits skip switch allocation and cross one per cycle, and
// meanwhile no other VC of that input and no other input may bid for that
// output. The connection ends when the tail crosses, when the VC runs empty,
// or when a flit finds no credit (or no output-buffer room) for it; that flit
// then goes back to ordinary switch allocation.
//
// Nothing here runs with the key off: run() passes the whole router step to
// runHeld() and traverse() calls holdConnection() only when the key is on.

#include "noc/noc_router_step.h"

namespace commviz::noc {

namespace {

bool isHeld(const SwitchHold& hold, int expandedIn, int expandedOut) {
    return hold.in[std::size_t(expandedIn)] >= 0 || hold.out[std::size_t(expandedOut)] >= 0;
}

}  // namespace

void NocEngine::initSwitchHolds() {
    const NocConfig& c = *m_config;
    SwitchHold blank;
    blank.in.assign(std::size_t(m_ports * c.input_speedup), -1);
    blank.vc.assign(std::size_t(m_ports * c.input_speedup), -1);
    blank.out.assign(std::size_t(m_ports * c.output_speedup), -1);
    m_holds.assign(m_routers.size(), blank);
}

// The stage order of run(), with the held connections evaluated before switch
// allocation (which must skip them) and updated after VC allocation.
void NocRouterStep::runHeld() {
    SwitchHold& hold = e.m_holds[std::size_t(r)];
    inputQueuing();
    bool activity = !rs.procCredits.empty();
    if (!rs.routeQ.empty()) routeEvaluate();
    if (c.speculative) e.m_vaAlloc.clear(e.m_ports * e.m_vcs, e.m_ports * e.m_vcs);
    if (!rs.vaQ.empty()) {
        if (maskVa)
            vcAllocByMask();
        else
            vcAllocEvaluate();
    }
    if (!hold.queue.empty()) holdEvaluate(hold);
    if (!rs.saQ.empty()) switchAllocHeld(hold);
    if (!rs.crossbar.empty()) switchEvaluate();
    if (!rs.routeQ.empty()) routeUpdate(), activity = activity || !rs.routeQ.empty();
    if (!rs.vaQ.empty()) vcAllocUpdate(), activity = activity || !rs.vaQ.empty();
    if (!hold.queue.empty()) holdUpdate(hold), activity = activity || !hold.queue.empty();
    if (!rs.saQ.empty()) switchAllocUpdate(), activity = activity || !rs.saQ.empty();
    if (!rs.crossbar.empty()) switchUpdate(), activity = activity || !rs.crossbar.empty();
    rs.active = activity;
    outputQueuing();
}

// A held connection takes one cycle whatever sw_alloc_delay is: it is used
// this cycle if the output VC has a credit.
void NocRouterStep::holdEvaluate(SwitchHold& hold) {
    for (std::size_t i = 0; i < hold.queue.size() && hold.queue.at(i).time < 0; ++i) {
        StageEntry& entry = hold.queue.at(i);
        entry.time = t;
        const InputVc& iv = ivc(entry.input, entry.vc);
        entry.result =
            ovc(iv.outPort, iv.outVc).occupancy >= bufSize ? kStallFull : expandedOutput(iv.outPort, entry.input);
    }
}

void NocRouterStep::holdUpdate(SwitchHold& hold) {
    while (!hold.queue.empty() && hold.queue.front().time >= 0) {
        const StageEntry entry = hold.queue.front();
        hold.queue.pop();
        const int expandedIn = expandedInput(entry.input, entry.vc);
        const int held = hold.in[std::size_t(expandedIn)];
        // Released here in every case; traverse() keeps it (holdConnection)
        // when the flit is not a tail and its VC still holds flits.
        hold.in[std::size_t(expandedIn)] = -1;
        hold.vc[std::size_t(expandedIn)] = -1;
        hold.out[std::size_t(held)] = -1;
        const bool room = c.output_buffer_size == -1 ||
                          int(rs.outputBuffer[std::size_t(outputOf(held))].size()) < c.output_buffer_size;
        if (entry.result < 0 || !room) {  // no credit: the flit bids for the switch again
            rs.saQ.push({-1, entry.input, entry.vc, -1});
            continue;
        }
        traverse(entry, ivc(entry.input, entry.vc));
        if (!e.m_emit) continue;
        // the SwitchAllocated traverse() just noted: value 1 marks a held connection
        for (auto it = e.m_events.rbegin(); it != e.m_events.rend(); ++it) {
            if (it->kind != NocEventKind::SwitchAllocated) continue;
            it->value = 1;
            break;
        }
    }
}

void NocRouterStep::holdConnection(const StageEntry& entry) {
    SwitchHold& hold = e.m_holds[std::size_t(r)];
    const int expandedIn = expandedInput(entry.input, entry.vc);
    hold.in[std::size_t(expandedIn)] = std::int16_t(entry.result);
    hold.vc[std::size_t(expandedIn)] = entry.vc;
    hold.out[std::size_t(entry.result)] = std::int16_t(expandedIn);
    hold.queue.push({-1, entry.input, entry.vc, -1});
}

// IQRouter::_SWAllocAddReq: a held input asks for nothing, a held output is
// asked by no one, so neither takes part in this cycle's iSLIP.
void NocRouterStep::requestUnlessHeld(const SwitchHold& hold, int input, int vc, int port, int priority) {
    if (isHeld(hold, expandedInput(input, vc), expandedOutput(port, input))) return;
    addSwitchRequest(input, vc, port, priority);
}

void NocRouterStep::switchAllocHeld(const SwitchHold& hold) {
    IslipAllocator& alloc = e.m_saAlloc;
    const std::size_t n = unstarted(rs.saQ);
    if (n > 0) {
        alloc.clear(e.m_ports * inSpeedup, e.m_ports * outSpeedup);
        for (std::size_t i = 0; i < n; ++i) {
            StageEntry& entry = rs.saQ.at(i);
            const InputVc& iv = ivc(entry.input, entry.vc);
            if (iv.state != VcState::Active) {
                requestSpeculative(entry, &hold);
            } else if (outputFull(iv.outPort, iv.outVc)) {
                entry.result = kStallFull;
            } else {
                requestUnlessHeld(hold, entry.input, entry.vc, iv.outPort, 0);
            }
        }
        alloc.allocate(c.sw_alloc_iters, rs.saGrant.data(), rs.saAccept.data());
        for (std::size_t i = 0; i < n; ++i) {
            StageEntry& entry = rs.saQ.at(i);
            entry.time = t + c.sw_alloc_delay - 1;
            if (entry.result < -1) continue;
            const int expandedIn = expandedInput(entry.input, entry.vc);
            const int expandedOut = alloc.outputAssigned(expandedIn);
            if (expandedOut >= 0 && alloc.label(alloc.find(expandedIn, expandedOut)) == entry.vc) {
                rs.swRrOffset[std::size_t(expandedIn)] = (entry.vc + inSpeedup) % vcs;
                entry.result = expandedOut;
            } else {
                entry.result = kStallCrossbar;
            }
        }
    }
    if (!c.speculative && c.sw_alloc_delay <= 1) return;
    // A grant completing now loses to a connection held since it was made.
    for (std::size_t i = 0; i < rs.saQ.size() && rs.saQ.at(i).time >= 0 && rs.saQ.at(i).time <= t; ++i) {
        StageEntry& entry = rs.saQ.at(i);
        if (entry.result >= 0 && isHeld(hold, expandedInput(entry.input, entry.vc), entry.result))
            entry.result = kStallCrossbar;
    }
    recheckSwitchGrants();
}

void NocEngine::checkSwitchHolds(std::vector<std::string>& broken) const {
    const NocConfig& c = *m_config;
    for (int r = 0; r < int(m_holds.size()); ++r) {
        const SwitchHold& hold = m_holds[std::size_t(r)];
        const std::string where = "router/" + std::to_string(r) + ": ";
        std::vector<int> queued(hold.in.size(), 0);
        for (std::size_t i = 0; i < hold.queue.size(); ++i) {
            const StageEntry& entry = hold.queue.at(i);
            const int expandedIn =
                c.input_speedup == 1 ? entry.input : entry.input * c.input_speedup + entry.vc % c.input_speedup;
            ++queued[std::size_t(expandedIn)];
            if (hold.vc[std::size_t(expandedIn)] != entry.vc)
                broken.push_back(where + "queued held VC " + std::to_string(entry.vc) + " holds nothing");
        }
        for (std::size_t in = 0; in < hold.in.size(); ++in) {
            const int out = hold.in[in];
            if (out < 0) {
                if (hold.vc[in] >= 0) broken.push_back(where + "a VC holds no connection");
                continue;
            }
            const int input = int(in) / c.input_speedup;
            const int vc = hold.vc[in];
            const InputVc& iv = inputVc(r, input, vc);
            if (hold.out[std::size_t(out)] != int(in))
                broken.push_back(where + "expanded output " + std::to_string(out) + " not held back");
            // held only while more of the packet waits: never empty, always sending on its own output
            if (iv.count == 0 || iv.state != VcState::Active || iv.outPort != out / c.output_speedup)
                broken.push_back(where + "input " + std::to_string(input) + " VC " + std::to_string(vc) +
                                 " holds a connection it cannot use");
            if (queued[in] != 1) broken.push_back(where + "held VC queued " + std::to_string(queued[in]) + " times");
        }
        for (std::size_t out = 0; out < hold.out.size(); ++out) {
            const int in = hold.out[out];
            if (in >= 0 && hold.in[std::size_t(in)] != int(out))
                broken.push_back(where + "expanded input " + std::to_string(in) + " not held back");
        }
    }
}

// For inspect("router/R"): each held connection as router ports and VCs.
sim::Json NocEngine::switchHoldsOf(int r) const {
    const NocConfig& c = *m_config;
    const SwitchHold& hold = m_holds[std::size_t(r)];
    sim::Json out = sim::Json::array();
    for (std::size_t in = 0; in < hold.in.size(); ++in) {
        const int held = hold.in[in];
        if (held < 0) continue;
        const int input = int(in) / c.input_speedup;
        const int vc = hold.vc[in];
        const InputVc& iv = inputVc(r, input, vc);
        out.push_back({{"in_port", input},
                       {"in_vc", vc},
                       {"out_port", held / c.output_speedup},
                       {"out_vc", iv.outVc},
                       {"crossbar_in", int(in)},
                       {"crossbar_out", held}});
    }
    return out;
}

}  // namespace commviz::noc
