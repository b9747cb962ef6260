#pragma once

// One router's _InternalStep as a short-lived view over the engine's arrays:
// the stage functions are split between noc_router.cpp (queuing, routing,
// switch traversal) and noc_router_alloc.cpp (VC and switch allocation).

#include <climits>

#include "noc/noc_engine.h"

namespace commviz::noc {

constexpr std::int32_t kStallBusy = -2;      // STALL_BUFFER_BUSY
constexpr std::int32_t kStallConflict = -3;  // STALL_BUFFER_CONFLICT
constexpr std::int32_t kStallFull = -4;      // STALL_BUFFER_FULL
constexpr std::int32_t kStallCrossbar = -5;  // STALL_CROSSBAR_CONFLICT

/// An expanded crossbar input or output taken by a held connection.
inline bool isHeld(const SwitchHold& hold, int expandedIn, int expandedOut) {
    return hold.in[std::size_t(expandedIn)] >= 0 || hold.out[std::size_t(expandedOut)] >= 0;
}

/// Entries a stage may start now: all of them when the front one is unstarted.
template <class T>
std::size_t unstarted(const Fifo<T>& q) {
    if (q.empty() || q.front().time >= 0) return 0;
    return q.size();
}

// Built once per cycle and pointed at each busy router in turn (select()), so
// the sizes and flags every router shares are read once, not once per router.
struct NocRouterStep {
    NocEngine& engine;
    const NocConfig& config;
    std::int32_t now;
    const RouterPaths paths = engine.m_paths;

    // The sizes the stages index with.
    const int vcs = engine.m_vcs;
    const int bufSize = engine.m_bufSize;
    const int inSpeedup = config.input_speedup;
    const int outSpeedup = config.output_speedup;
    const std::size_t vcsPerRouter = std::size_t(engine.m_ports) * std::size_t(vcs);
    const bool tracksBusyVcs = vcsPerRouter <= 64;  ///< RouterState::busyOutputVcs is kept

    // The router being stepped and its slices of the engine's arrays.
    int routerId = -1;
    RouterState* state = nullptr;
    InputVc* inVcs = nullptr;
    OutputVc* outVcs = nullptr;
    Flit* buffers = nullptr;

    void select(int id) {
        routerId = id;
        state = &engine.m_routers[std::size_t(id)];
        const std::size_t first = std::size_t(id) * vcsPerRouter;
        inVcs = engine.m_inputVcs.data() + first;
        outVcs = engine.m_outputVcs.data() + first;
        buffers = engine.m_buffers.data() + first * std::size_t(bufSize);
    }

    // Wavefront's priority diagonal of the VC (va) or switch allocator, else null.
    std::int32_t* diagonal(const AllocatorChoice& choice, bool va) {
        if (choice.kind != AllocatorKind::Wavefront && choice.kind != AllocatorKind::RrWavefront) return nullptr;
        RouterAllocatorOrders& orders = engine.m_allocatorOrders[std::size_t(routerId)];
        return va ? &orders.vaDiagonal : &orders.saDiagonal;
    }
    // An allocator's inputs (or outputs) at this router, `perPort` each. BookSim
    // builds every router with its own radix (anynet's, the quad tree's root):
    // wavefront's square, PIM's draws and LOA's pointers (one step per grant)
    // follow it. Arbiters whose pointers move past the winner, and matrix
    // arbiters, grant the same over the padded ports, which never request.
    int allocatorInputs(const AllocatorChoice& choice, int perPort) const {
        return (sizedByRadix(choice) ? engine.m_net->inputs(routerId) : engine.m_ports) * perPort;
    }
    int allocatorOutputs(const AllocatorChoice& choice, int perPort) const {
        return (sizedByRadix(choice) ? engine.m_net->outputs(routerId) : engine.m_ports) * perPort;
    }
    static bool sizedByRadix(const AllocatorChoice& choice) {
        return choice.kind == AllocatorKind::Wavefront || choice.kind == AllocatorKind::RrWavefront ||
               choice.kind == AllocatorKind::Pim || choice.kind == AllocatorKind::Loa;
    }
    int local(int port, int vc) const { return port * vcs + vc; }
    InputVc& ivc(int port, int vc) { return inVcs[local(port, vc)]; }
    OutputVc& ovc(int port, int vc) { return outVcs[local(port, vc)]; }
    Flit& front(int port, int vc) {
        const int index = local(port, vc);
        return buffers[std::size_t(index) * std::size_t(bufSize) + std::size_t(inVcs[index].head)];
    }
    Packet& packetOf(const Flit& f) { return engine.m_packets[std::size_t(f.packet)]; }
    // computeRoute with its route-table case inline (the common one: a table lookup).
    RouteSet routeAt(int router, int inPort, int inVc, Packet& packet) {
        if (engine.m_net->hasRouteTable())
            return RouteSet{std::int16_t(engine.m_net->tablePort(router, packet.dest)), 0, std::int16_t(vcs - 1)};
        return computeRoute(config, *engine.m_net, engine.routerLoad(), router, inPort, inVc, packet, engine.m_rng);
    }
    // The crossbar's expanded ports (input_speedup, output_speedup); speedups
    // of 1, the default, need no division.
    int expandedInput(int input, int vc) const { return inSpeedup == 1 ? input : input * inSpeedup + vc % inSpeedup; }
    int expandedOutput(int port, int input) const {
        return outSpeedup == 1 ? port : port * outSpeedup + input % outSpeedup;
    }
    int outputOf(int expanded) const { return outSpeedup == 1 ? expanded : expanded / outSpeedup; }
    // The round-robin offset after `vc` won the switch: (vc + input_speedup) mod
    // num_vcs, without a division (input_speedup is at most num_vcs).
    int offsetAfter(int vc) const { return vc + inSpeedup >= vcs ? vc + inSpeedup - vcs : vc + inSpeedup; }
    bool outputFull(int port, int vc) {
        return ovc(port, vc).occupancy >= bufSize ||
               (config.output_buffer_size != -1 &&
                int(state->outputBuffer[std::size_t(port)].size()) >= config.output_buffer_size);
    }
    // BufferState::TakeBuffer and the release of an output VC, with the router's busy mask.
    void takeOutputVc(int port, int vc, int holder) {
        ovc(port, vc).inUseBy = holder;
        if (tracksBusyVcs) state->busyOutputVcs |= std::uint64_t(1) << local(port, vc);
    }
    void releaseOutputVc(int port, int vc) {
        ovc(port, vc).inUseBy = -1;
        if (tracksBusyVcs) state->busyOutputVcs &= ~(std::uint64_t(1) << local(port, vc));
    }
    Flit popFront(int port, int vc) {
        InputVc& iv = ivc(port, vc);
        Flit f = front(port, vc);
        iv.head = std::int16_t(iv.head + 1 == bufSize ? 0 : iv.head + 1);
        --iv.count;
        return f;
    }

    void startRouting(int port, int vc, const Flit& head);
    void inputQueuing();
    void outputQueuing();
    void routeEvaluate();
    void routeUpdate();
    // iSLIP with a single requesting input VC, without the allocator: every
    // requested output grants it and it accepts the first one at or after its
    // accept pointer; the pointers move exactly as in the general case.
    void vcAllocSingle(StageEntry& entry);
    // Requests for different output ports share no allocator output, so iSLIP
    // decomposes by port: a port wanted by one input VC only is settled by
    // vcAllocSingle, the rest go through the allocator together.
    void vcAllocEvaluate();
    // vcAllocEvaluate for routers that are not speculative, with one-cycle VA and
    // at most 64 input VCs: the same iSLIP on bit masks. Requests for different
    // output ports never meet, so this also covers what vcAllocSingle settles.
    template <bool IslipOnly>
    void vcAllocByMask();
    void vcAllocByMaskOther();  ///< vcAllocByMask<false>, out of line
    // vcAllocByMask for routers with more than 64 input VCs (a 10-port
    // butterfly or flattened butterfly with 8 VCs): each output port's
    // requesters on their own, renumbered into one mask, for the allocators
    // whose one pass moves only the matched pairs' pointers (iSLIP with one
    // iteration, the separable ones with round-robin arbiters).
    void vcAllocPerPort();
    void vcAllocOnePort(int port, const std::int16_t* inputs, int count, const std::uint64_t* free,
                        const std::int16_t* queueIndexOf);
    // vcAllocEvaluate with an allocator other than iSLIP: every waiting VC's
    // requests through BookSimAllocator.
    void vcAllocOther();
    void recheckVcGrants();
    // IQRouter's _vc_allocator->Clear(): a speculative router's SA re-check reads it.
    void clearVcAllocator();
    void vcAllocUpdate();
    // IQRouter::_SWAllocAddReq: one request per (input port, output) pair; a
    // later VC replaces it only if it comes first in round-robin order. With
    // `hold` (hold_switch_for_packet) a held input asks for nothing and a held
    // output is asked by no one.
    void addSwitchRequest(int input, int vc, int port, int priority, const SwitchHold* hold);
    void requestSpeculative(StageEntry& entry, const SwitchHold* hold);
    // A single non-speculative request wins its output outright.
    void switchAllocSingle(StageEntry& entry);
    // IQRouter::_SWAllocEvaluate, for every router; `hold`: the router's held
    // connections (hold_switch_for_packet), which take no part.
    void switchAllocEvaluate(const SwitchHold* hold = nullptr);
    void switchRequests(std::size_t count, const SwitchHold* hold);
    void switchGrants(std::size_t count);
    // switchAllocEvaluate for routers that are not speculative, with one-cycle
    // SA and at most 32 expanded crossbar inputs and outputs: the same requests,
    // supersession and allocation on bit masks, without the general allocator;
    // `hold`: the held connections, which take no part. `Expanded`: a speedup
    // expands the crossbar's inputs or outputs.
    template <bool IslipOnly, bool Expanded = false>
    void switchAllocByPort(const SwitchHold* hold);
    void switchAllocByPortOther(const SwitchHold* hold);  ///< the other cases, out of line
    // A speculative grant stands only if VC allocation succeeded this cycle for
    // the same output and the VC has a credit; delayed grants are re-checked.
    void recheckSwitchGrants();
    void switchAllocUpdate();
    void traverse(const StageEntry& entry, InputVc& iv);
    void switchEvaluate();
    void switchUpdate();
    // IQRouter::_InternalStep. `Hold` (hold_switch_for_packet) adds the held
    // connections' stages; without it they compile away.
    void run();
    template <bool Hold>
    void runStages();

    // noc_router_hold.cpp: hold_switch_for_packet.
    // IQRouter::_SWHoldEvaluate / _SWHoldUpdate
    void holdEvaluate(SwitchHold& hold);
    void holdUpdate(SwitchHold& hold);
    // A delayed grant completing now loses to a connection held since it was made.
    void dropGrantsToHeld(const SwitchHold& hold);
    // After traverse sent a flit with more of its packet behind it: keep the connection.
    void holdConnection(const StageEntry& entry);
};

}  // namespace commviz::noc
