#pragma once

#include <string>
#include <vector>

#include "rdma/rdma_config.h"
#include "rdma/rdma_events.h"
#include "rdma/rdma_world.h"
#include "sim/engine.h"
#include "sim/event_kinds.h"
#include "sim/event_record.h"
#include "sim/json.h"

namespace commviz::rdma {

/// The RDMA scene's engine: two hosts running a verbs script over one RC wire.
/// A value type (copy = snapshot). One step() = one micro-action the view can
/// animate; simulated time jumps from action to action.
class RdmaEngine {
public:
    using Event = rdma::Event;

    explicit RdmaEngine(RdmaSetup setup);

    std::vector<Event> step();
    bool done() const;
    /// summary.calls / completions / async_events / qp_states / memory + totals.
    sim::Json summary() const;
    /// Fields of one object by id ("A/qp16", "A/qp16/sq/3", "A/cq1/cqe/0",
    /// "A/wr/0", "A/wc/0", "A/mr/buf", "pkt/7", "call/3", "wire"); null if unknown.
    sim::Json inspect(const std::string& id) const;
    static sim::EventRecord describe(const Event& event);
    /// Every kind describe() can produce, one per alternative of Event.
    static std::vector<std::string> eventKinds() { return sim::variantKinds<Event>(); }

    // Read-only state for views.
    const RdmaWorld& world() const { return m_world; }
    const std::vector<Host>& hosts() const { return m_world.hosts; }
    const Wire& wire() const { return m_world.wire; }
    const Script& script() const { return m_world.script(); }
    const std::vector<CallResult>& calls() const { return m_world.calls; }
    /// Index of the script call in progress (or next to start); calls().size() when finished.
    std::size_t currentCall() const;
    std::uint64_t nowNs() const { return m_world.now; }
    std::uint64_t stepCount() const { return m_world.steps; }
    /// Bytes one copy of this engine costs (rdma_footprint.h): its mutable state
    /// and the memory-region pages no other copy shares; the shared config and
    /// script are not counted. The Timeline budgets keyframes with it.
    std::size_t footprintBytes() const;

private:
    void dispatch(const Action& a, EventOut& out);
    void arrival(const Action& a, EventOut& out);

    RdmaWorld m_world;
};

static_assert(sim::Engine<RdmaEngine>);

}  // namespace commviz::rdma
