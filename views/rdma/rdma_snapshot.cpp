#include "rdma/rdma_snapshot.h"

#include "rdma/rdma_engine.h"
#include "sim/session_access.h"

namespace commviz::views {

namespace {
using RdmaAccess = sim::SessionAccess<rdma::RdmaEngine>;
}

RdmaSnapshot rdmaSnapshot(const sim::Session* session) {
    RdmaSnapshot snap;
    const auto typed = RdmaAccess::of(session);
    if (!typed) return snap;
    const rdma::RdmaEngine& engine = typed->engine();
    if (engine.hosts().size() < 2) return snap;
    snap.hosts[0] = &engine.hosts()[0];
    snap.hosts[1] = &engine.hosts()[1];
    snap.wire = &engine.wire();
    snap.nowNs = engine.nowNs();
    snap.cursor = typed->cursor();
    snap.calls = &engine.calls();
    snap.events = typed->eventsAtCursor();
    return snap;
}

std::optional<std::size_t> rdmaCurrentCall(const sim::Session* session) {
    const rdma::RdmaEngine* engine = sim::engineOf<rdma::RdmaEngine>(session);
    if (!engine) return std::nullopt;
    const std::size_t current = engine->currentCall();
    if (current >= engine->calls().size() && current >= engine->script().calls.size()) return std::nullopt;
    return current;
}

}  // namespace commviz::views
