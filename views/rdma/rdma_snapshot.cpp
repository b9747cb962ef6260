#include "rdma/rdma_snapshot.h"

#include "rdma/rdma_engine.h"

namespace commviz::views {

namespace {
using RdmaSession = sim::TimelineSession<rdma::RdmaEngine>;
}

RdmaSnapshot rdmaSnapshot(const sim::Session* session) {
    RdmaSnapshot snap;
    const auto* typed = dynamic_cast<const RdmaSession*>(session);
    if (!typed) return snap;
    const rdma::RdmaEngine& engine = typed->engine();
    if (engine.hosts().size() < 2) return snap;
    snap.hosts[0] = &engine.hosts()[0];
    snap.hosts[1] = &engine.hosts()[1];
    snap.wire = &engine.wire();
    snap.nowNs = engine.nowNs();
    snap.cursor = typed->cursor();
    snap.calls = &engine.calls();
    if (snap.cursor > 0 && snap.cursor <= typed->timeline().recordedSteps())
        snap.events = &typed->timeline().events(snap.cursor);
    return snap;
}

std::optional<std::size_t> rdmaCurrentCall(const sim::Session* session) {
    const auto* typed = dynamic_cast<const RdmaSession*>(session);
    if (!typed) return std::nullopt;
    const std::size_t current = typed->engine().currentCall();
    if (current >= typed->engine().calls().size() && current >= typed->engine().script().calls.size())
        return std::nullopt;
    return current;
}

}  // namespace commviz::views
