#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "noc/booksim_allocator.h"
#include "noc/islip_allocator.h"
#include "noc/noc_config.h"
#include "noc/noc_events.h"
#include "noc/noc_network.h"
#include "noc/noc_routing.h"
#include "noc/noc_stats.h"
#include "noc/noc_types.h"
#include "sim/engine.h"
#include "sim/event_record.h"
#include "sim/json.h"
#include "sim/keyframe.h"
#include "sim/rng.h"

namespace commviz::noc {

/// Where the run is in BookSim's TrafficManager::_SingleSim / Run loop.
enum class NocPhase : std::uint8_t { WarmingUp, Running, DrainingMeasured, DrainingAll, DrainingCredits, Done };

/// A router's queues and allocator pointers (IQRouter's members).
struct RouterState {
    // What every visit reads first, together at the front: the flags and
    // port masks the engine's loops test, then the queues in stage order.
    bool active = false;
    std::uint32_t pendingCreditPorts = 0;  ///< inputs with a pending credit
    std::uint32_t outputPorts = 0;         ///< outputs whose buffer holds flits
    std::uint32_t creditPorts = 0;         ///< inputs whose credit buffer is not empty
    /// The output VCs taken (bit port * num_vcs + vc), kept when ports * num_vcs
    /// <= 64: the VC allocator reads a port's free VCs from it at once.
    std::uint64_t busyOutputVcs = 0;
    std::vector<std::pair<std::int16_t, Flit>> inbox;  ///< flits received this cycle
    struct ProcCredit {
        std::int32_t time;
        std::int16_t output;
        std::uint64_t mask;
    };
    Fifo<ProcCredit> procCredits;
    Fifo<StageEntry> routeQ, vaQ, saQ;
    Fifo<CrossbarEntry> crossbar;
    std::vector<Fifo<Flit>> outputBuffer;           ///< per output port
    std::vector<Fifo<std::uint64_t>> creditBuffer;  ///< per input port: VC masks
    std::vector<std::uint64_t> pendingCredit;       ///< _out_queue_credits, per input
    std::vector<std::int32_t> vaGrant, vaAccept, saGrant, saAccept, swRrOffset;
};

/// What a router's allocators other than iSLIP keep besides the pointers of
/// RouterState (booksim_allocator.h): the matrix arbiters' orders (empty
/// unless an allocator uses them) and wavefront's diagonals. Kept beside
/// RouterState, not in it, so the default router's state stays as it was.
struct RouterAllocatorOrders {
    std::vector<std::int32_t> vaOrder, saOrder;
    std::int32_t vaDiagonal = 0, saDiagonal = 0;
};

/// hold_switch_for_packet: a router's held crossbar connections, indexed by
/// expanded crossbar port as IQRouter's _switch_hold_in / _out / _vc are, and
/// the input VCs whose next flit crosses one this cycle (_sw_hold_vcs).
struct SwitchHold {
    std::vector<std::int16_t> in;   ///< per expanded input: the expanded output it holds, -1 none
    std::vector<std::int16_t> out;  ///< per expanded output: the expanded input holding it, -1 none
    std::vector<std::int16_t> vc;   ///< per expanded input: the input VC holding it, -1 none
    Fifo<StageEntry> queue;
};

/// A terminal's source: BookSim's partial packet, queue-time cursor and the
/// next Bernoulli success (drawn geometrically, so idle sources cost nothing).
struct Source {
    std::int32_t packet = -1;
    std::int16_t nextFlit = 0;
    std::int16_t vc = -1;
    std::int16_t lastVc = -1;
    bool qdrained = false;
    bool on = false;  ///< injection_process = on_off: the source's state
    std::int64_t qtime = 0;
    std::int64_t nextArrival = 0;
};

/// A flit or credit on a channel, for views: it arrives at `port` of `router`
/// (port -1: the sink, or for a credit the source, of node `router`) when
/// `due` more cycles have started (0 = at the start of the next cycle).
struct ChannelFlit {
    std::int32_t router = 0;
    std::int16_t port = 0;
    std::int16_t due = 0;
    Flit flit;
};
struct ChannelCredit {
    std::int32_t router = 0;
    std::int16_t port = 0;
    std::int16_t due = 0;
    std::uint64_t mask = 0;
};

/// Which shortcut stages the routers take in a configuration (NocRouterStep),
/// worked out once per engine.
struct RouterPaths {
    bool maskVa = false;     ///< vcAllocByMask serves this configuration
    bool portVa = false;     ///< vcAllocPerPort does (more input VCs than a mask holds)
    bool portSa = false;     ///< switchAllocByPort does
    bool singlesVa = false;  ///< a port's lone VC requester settles alone (not wavefront, PIM)
    bool singlesSa = false;  ///< a lone switch request wins outright (not wavefront, PIM)
    bool vaIslip = false;    ///< the VC allocator is iSLIP: the mask paths without the others' cases
    bool saIslip = false;    ///< the switch allocator is, and no speedup expands the crossbar
};
/// The shortcuts, unless a test asks for the general paths they must match (noc_router.cpp).
RouterPaths routerPaths(const NocConfig& config, int ports, int vcs);

struct NocKeyframe;

/// Everything a NoC engine holds but its flit slots and routers' queues: what
/// a keyframe keeps as it is (NocKeyframe), while those two are packed.
struct NocEngineState {
    NocEngineState(NocConfig config, bool emitEvents);

    /// What the members own on the heap, each block as the allocator hands it out.
    std::size_t heapBytes() const;
    /// The routers' credits and buffers as routing functions read them.
    RouterLoad routerLoad() const { return {m_outputVcs.data(), m_inputVcs.data(), m_ports, m_vcs}; }

    std::shared_ptr<const NocConfig> m_config;
    std::shared_ptr<const NocNetwork> m_net;
    int m_ports = 0;
    int m_vcs = 0;
    int m_bufSize = 0;
    RouterPaths m_paths;
    bool m_emit = true;
    std::vector<NocEvent> m_events;
    std::size_t m_eventCount = 0;  ///< events of the cycle being simulated, emitted or not

    // network state
    std::vector<InputVc> m_inputVcs;
    std::vector<OutputVc> m_outputVcs;
    /// Buckets of the channel wheels: the smallest power of two above the longest
    /// channel + 1 (NocNetwork::maxLatency), at least 8: a mesh or torus keeps 8, a
    /// cmesh's express links (k cycles) need more. A mask, as time is never negative.
    int m_wheel = 8;
    std::size_t wheelSlot(std::int64_t time) const { return std::size_t(time) & std::size_t(m_wheel - 1); }
    struct FlitArrival {
        std::int32_t router;
        std::int16_t port;
        Flit flit;
    };
    struct CreditArrival {
        std::int32_t router;
        std::int16_t port;
        std::uint64_t mask;
    };
    std::vector<std::vector<FlitArrival>> m_flitWheel;      ///< into routers (port) or sinks (port -1)
    std::vector<std::vector<CreditArrival>> m_creditWheel;  ///< into routers (port) or sources (port -1)
    std::vector<FlitArrival> m_ejected;                     ///< scratch: flits reaching the sinks this cycle
    std::vector<std::int32_t> m_work;
    std::vector<std::uint8_t> m_inWork;
    double m_partialInternal = 0;
    IslipAllocator m_vaAlloc;
    IslipAllocator m_saAlloc;
    BookSimAllocator m_vaOther;                            ///< vc_allocator other than islip
    BookSimAllocator m_saOther;                            ///< sw_allocator other than islip
    std::vector<RouterAllocatorOrders> m_allocatorOrders;  ///< per router; empty when both are islip
    std::vector<SwitchHold> m_holds;                       ///< per router with hold_switch_for_packet, else empty

    // terminals
    std::vector<Source> m_sources;
    /// Per source: when its next packet is due (its nextArrival), or kNever while
    /// it holds a packet; the sources' loop reads this array alone.
    std::vector<std::int64_t> m_dueAt;
    /// At most the least of m_dueAt: the sources' loop is skipped in cycles before it.
    std::int64_t m_nextDue = 0;
    static constexpr std::int64_t kNever = std::int64_t(1) << 62;
    /// The sources holding a packet, a bit each: injectFlits visits only those, in node order.
    std::vector<std::uint64_t> m_sendingNodes;
    std::vector<OutputVc> m_injectionVcs;  ///< per node x VC: the first router's input buffers
    std::vector<Packet> m_packets;
    std::vector<std::int32_t> m_freePackets;
    sim::Rng m_rng;
    double m_log1pMissRate = 0;  ///< log1p(-packetRate()), for nextBernoulli
    bool m_onOff = false;        ///< injection_process = on_off
    OnOffRates m_onOffRates;
    std::int32_t m_nextPid = 0;
    std::int32_t m_nextFlitId = 0;

    // statistics (TrafficManager's _ClearStats set)
    SampleStats m_plat, m_nlat, m_flat, m_frag, m_hops;
    std::int64_t m_slowestPacket = -1;
    std::int64_t m_slowestFlit = -1;
    std::vector<std::int64_t> m_sentPackets, m_sentFlits, m_acceptedPackets, m_acceptedFlits;
    std::int64_t m_inFlight = 0;
    std::int64_t m_inFlightCtimeSum = 0;
    std::int64_t m_measuredInFlight = 0;
    std::int64_t m_creditsOutstanding = 0;
    std::int64_t m_flitsInjected = 0;
    std::int64_t m_flitsEjected = 0;

    // simulation control
    std::int64_t m_time = 0;
    NocPhase m_phase = NocPhase::WarmingUp;
    bool m_measuring = false;  ///< BookSim _sim_state == running
    bool m_draining = false;   ///< BookSim _sim_state == draining
    bool m_emptyNetwork = false;
    int m_totalPhases = 0;
    int m_converged = 0;
    bool m_clearLast = false;
    int m_cycleInPeriod = 0;
    bool m_inPeriod = false;
    double m_prevLatency = 0;
    double m_prevAccepted = 0;
    std::int64_t m_resetTime = 0;
    std::int64_t m_drainTime = 0;
    std::int64_t m_emptySteps = 0;
    int m_noProgress = 0;
    bool m_progress = false;
    NocReport m_report;
};

/// BookSim2's input-queued VC router network (router = iq) on a k-ary n-mesh
/// or torus, with its TrafficManager's injection, retirement, sample periods,
/// convergence and drain. A copyable value type: step() simulates one cycle.
class NocEngine : private NocEngineState {
public:
    using Event = NocEvent;
    /// A cycle of a large mesh takes milliseconds and builds thousands of
    /// events: keyframes and event chunks every 16 cycles (sim/keyframe.h).
    static constexpr std::size_t kKeyframeInterval = 16;

    explicit NocEngine(NocConfig config, bool emitEvents = true);

    std::vector<NocEvent> step();
    /// One cycle as step() simulates it, building no events: how many it produced.
    std::size_t stepSilently();
    /// One cycle, its events (if any are built) left for step() to hand out: the batch run's loop.
    void advance();
    bool done() const { return m_phase == NocPhase::Done; }
    sim::Json summary() const;
    /// "router/R", "router/R/in/P/vc/V", "packet/SLOT"; null when unknown.
    sim::Json inspect(const std::string& id) const;
    static sim::EventRecord describe(const NocEvent& event);
    /// Every event kind describe() emits, in NocEventKind order.
    static std::vector<std::string> eventKinds();
    std::size_t footprintBytes() const;
    /// The Timeline's keyframes (sim/keyframe.h): this state without the
    /// empty buffer slots, and back (noc_keyframe.cpp).
    using Keyframe = NocKeyframe;
    Keyframe keyframe() const;
    void restore(const Keyframe& key);

    const NocConfig& config() const { return *m_config; }
    const NocNetwork& network() const { return *m_net; }
    std::int64_t time() const { return m_time; }
    NocPhase phase() const { return m_phase; }
    const NocReport& report() const { return m_report; }
    const InputVc& inputVc(int router, int port, int vc) const { return m_inputVcs[vcIndex(router, port, vc)]; }
    const OutputVc& outputVc(int router, int port, int vc) const { return m_outputVcs[vcIndex(router, port, vc)]; }
    const Flit& bufferedFlit(int router, int port, int vc, int i) const;
    const Packet& packet(int slot) const { return m_packets[std::size_t(slot)]; }
    /// The packet events name by BookSim id: in flight, or retired this cycle
    /// (its slot is reused no earlier than the next cycle); null otherwise.
    const Packet* findPacket(std::int32_t pid) const {
        for (const Packet& p : m_packets)
            if (p.pid == pid) return &p;
        return nullptr;
    }
    std::int64_t flitsInjected() const { return m_flitsInjected; }
    std::int64_t flitsEjected() const { return m_flitsEjected; }
    /// Flits and credits now on channels (links, injection and ejection).
    std::vector<ChannelFlit> channelFlits() const;
    std::vector<ChannelCredit> channelCredits() const;
    /// Flits in buffers, channels, crossbars and output queues.
    std::int64_t flitsInNetwork() const;
    /// Every invariant of the model; empty when all hold.
    std::vector<std::string> checkInvariants() const;
    /// Router `r`'s held crossbar connections; null when hold_switch_for_packet is off.
    const SwitchHold* switchHold(int r) const { return m_holds.empty() ? nullptr : &m_holds[std::size_t(r)]; }

private:
    friend struct NocRouterStep;
    std::size_t vcIndex(int router, int port, int vc) const {
        return (std::size_t(router) * std::size_t(m_ports) + std::size_t(port)) * std::size_t(m_vcs) + std::size_t(vc);
    }
    /// Counts every event and builds it only when events are emitted, so a
    /// silent cycle pays one increment per event.
    template <class MakeEvent>
    void noteEvent(MakeEvent&& make) {
        ++m_eventCount;
        if (m_emit) m_events.push_back(make());
    }
    void notePhaseChanged() {
        noteEvent(
            [this] { return NocEvent{NocEventKind::PhaseChanged, -1, -1, -1, -1, -1, -1, -1, std::int64_t(m_phase)}; });
    }
    // noc_engine.cpp: the cycle and the simulation control
    void simulateCycle();
    void settle();
    void beginPeriod();
    void endPeriod();
    void finishSampling();
    void finishRun();
    void clearStats();
    bool packetsOutstanding() const;
    double inFlightInclusiveLatency() const;
    // noc_terminal.cpp: TrafficManager's sources and sinks
    void generatePackets();
    void generatePacket(int source, std::int64_t ctime);
    void injectFlits();
    void injectFlit(int node);
    void retireFlit(int node, const Flit& flit);
    std::int64_t nextBernoulli(std::int64_t from);
    bool onOffArrival(Source& s, std::int64_t now, std::int64_t& at);
    // noc_router.cpp: IQRouter::_InternalStep and WriteOutputs
    void routerWriteOutputs(int r);
    void scheduleWork(int r);
    void stepRouters(int internalSteps);
    // deadlock_detector.cpp
    std::vector<std::string> findDeadlockCycle() const;
    // noc_router_hold.cpp: hold_switch_for_packet
    void initSwitchHolds();
    // noc_router_alloc.cpp: the allocators' orders and diagonals of every router.
    void initAllocatorOrders(int routers);
    void checkSwitchHolds(std::vector<std::string>& broken) const;
    sim::Json switchHoldsOf(int r) const;

    std::vector<Flit> m_buffers;         ///< vc_buf_size slots per input VC
    std::vector<RouterState> m_routers;  ///< per router: its queues and allocator pointers
};

/// A NoC keyframe (noc_keyframe.cpp): the engine's state but its flit slots
/// and routers, the flits the slots hold, VC by VC from each head, and the routers'
/// queues as one byte string. A 32x32 mesh's slots are mostly empty, and its
/// routers' queues are tens of thousands of small heap blocks.
struct NocKeyframe {
    NocEngineState state;
    std::vector<Flit> flits;
    std::vector<std::byte> routers;
    std::size_t footprintBytes() const;
};

static_assert(sim::Engine<NocEngine>);
static_assert(sim::PacksKeyframes<NocEngine>);

/// The batch path (what `commviz noc CONFIG` runs): the engine alone, no
/// events collected, run to BookSim's end; returns what BookSim would print.
/// `periodEnded`, if given, is called with the report so far and the new
/// period's index as each sample period ends (the command line prints the
/// period then, as BookSim does).
NocReport runNocBatch(const NocConfig& config,
                      const std::function<void(const NocReport&, std::size_t)>& periodEnded = {});

}  // namespace commviz::noc
