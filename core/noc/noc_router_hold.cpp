// hold_switch_for_packet = 1 (IQRouter's switch hold). When a flit wins the
// switch and more of its packet waits behind it in the same input VC, the
// crossbar connection from its (expanded) input to its (expanded) output is
// kept: the next flits skip switch allocation and cross one per cycle, and
// meanwhile no other VC of that input and no other input may bid for that
// output. The connection ends when the tail crosses, when the VC runs empty,
// or when a flit finds no credit (or no output-buffer room) for it; that flit
// then goes back to ordinary switch allocation.
//
// Nothing here runs with the key off: run() adds the held connections' stages
// only in runStages<true>, and traverse() calls holdConnection() only when the
// key is on.

#include "noc/noc_router_step.h"

namespace commviz::noc {

void NocEngine::initSwitchHolds() {
    const NocConfig& config = *m_config;
    SwitchHold blank;
    blank.in.assign(std::size_t(m_ports * config.input_speedup), -1);
    blank.vc.assign(std::size_t(m_ports * config.input_speedup), -1);
    blank.out.assign(std::size_t(m_ports * config.output_speedup), -1);
    m_holds.assign(m_routers.size(), blank);
}

// A held connection takes one cycle whatever sw_alloc_delay is: it is used
// this cycle if the output VC has a credit.
void NocRouterStep::holdEvaluate(SwitchHold& hold) {
    for (std::size_t i = 0; i < hold.queue.size() && hold.queue.at(i).time < 0; ++i) {
        StageEntry& entry = hold.queue.at(i);
        entry.time = now;
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
        const bool room = config.output_buffer_size == -1 ||
                          int(state->outputBuffer[std::size_t(outputOf(held))].size()) < config.output_buffer_size;
        if (entry.result < 0 || !room) {  // no credit: the flit bids for the switch again
            state->saQ.push({-1, entry.input, entry.vc, -1});
            continue;
        }
        traverse(entry, ivc(entry.input, entry.vc));
        if (!engine.m_emit) continue;
        // the SwitchAllocated traverse() just noted: value 1 marks a held connection
        for (auto it = engine.m_events.rbegin(); it != engine.m_events.rend(); ++it) {
            if (it->kind != NocEventKind::SwitchAllocated) continue;
            it->value = 1;
            break;
        }
    }
}

void NocRouterStep::holdConnection(const StageEntry& entry) {
    SwitchHold& hold = engine.m_holds[std::size_t(routerId)];
    const int expandedIn = expandedInput(entry.input, entry.vc);
    hold.in[std::size_t(expandedIn)] = std::int16_t(entry.result);
    hold.vc[std::size_t(expandedIn)] = entry.vc;
    hold.out[std::size_t(entry.result)] = std::int16_t(expandedIn);
    hold.queue.push({-1, entry.input, entry.vc, -1});
}

void NocRouterStep::dropGrantsToHeld(const SwitchHold& hold) {
    for (std::size_t i = 0; i < state->saQ.size() && state->saQ.at(i).time >= 0 && state->saQ.at(i).time <= now; ++i) {
        StageEntry& entry = state->saQ.at(i);
        if (entry.result >= 0 && isHeld(hold, expandedInput(entry.input, entry.vc), entry.result))
            entry.result = kStallCrossbar;
    }
}

void NocEngine::checkSwitchHolds(std::vector<std::string>& broken) const {
    const NocConfig& config = *m_config;
    for (int routerId = 0; routerId < int(m_holds.size()); ++routerId) {
        const SwitchHold& hold = m_holds[std::size_t(routerId)];
        const std::string where = "router/" + std::to_string(routerId) + ": ";
        std::vector<int> queued(hold.in.size(), 0);
        for (std::size_t i = 0; i < hold.queue.size(); ++i) {
            const StageEntry& entry = hold.queue.at(i);
            const int expandedIn = config.input_speedup == 1
                                       ? entry.input
                                       : entry.input * config.input_speedup + entry.vc % config.input_speedup;
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
            const int input = int(in) / config.input_speedup;
            const int vc = hold.vc[in];
            const InputVc& iv = inputVc(routerId, input, vc);
            if (hold.out[std::size_t(out)] != int(in))
                broken.push_back(where + "expanded output " + std::to_string(out) + " not held back");
            // held only while more of the packet waits: never empty, always sending on its own output
            if (iv.count == 0 || iv.state != VcState::Active || iv.outPort != out / config.output_speedup)
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
sim::Json NocEngine::switchHoldsOf(int routerId) const {
    const NocConfig& config = *m_config;
    const SwitchHold& hold = m_holds[std::size_t(routerId)];
    sim::Json out = sim::Json::array();
    for (std::size_t in = 0; in < hold.in.size(); ++in) {
        const int held = hold.in[in];
        if (held < 0) continue;
        const int input = int(in) / config.input_speedup;
        const int vc = hold.vc[in];
        const InputVc& iv = inputVc(routerId, input, vc);
        out.push_back({{"in_port", input},
                       {"in_vc", vc},
                       {"out_port", held / config.output_speedup},
                       {"out_vc", iv.outVc},
                       {"crossbar_in", int(in)},
                       {"crossbar_out", held}});
    }
    return out;
}

}  // namespace commviz::noc
