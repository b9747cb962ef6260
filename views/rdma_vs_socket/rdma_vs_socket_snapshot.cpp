#include "rdma_vs_socket/rdma_vs_socket_snapshot.h"

#include <QEasingCurve>

#include "sim/session_access.h"

namespace commviz::views {

using rdma_vs_socket::Lane;
using rdma_vs_socket::RdmaVsSocketEngine;
using rdma_vs_socket::StageEvent;

const StageEvent* RdmaVsSocketSnapshot::moved(Lane lane) const {
    for (const auto& event : events)
        if (const auto* stage = std::get_if<StageEvent>(&event); stage && stage->lane == lane) return stage;
    return nullptr;
}

int RdmaVsSocketSnapshot::stagesShown(Lane lane) const {
    const int planSize = int(engine->plan(lane).size());
    if (const StageEvent* ev = moved(lane); ev && !ev->def.setup) return ev->stage + 1;
    if (engine->finished(lane)) return planSize;
    return engine->lane(lane).stage;
}

int RdmaVsSocketSnapshot::messageShown(Lane lane) const {
    if (const StageEvent* ev = moved(lane); ev && !ev->def.setup) return ev->message;
    const int messages = engine->config().messages;
    return std::min(engine->lane(lane).message, messages - 1);
}

RdmaVsSocketSnapshot rdmaVsSocketSnapshot(const RenderState& state) {
    RdmaVsSocketSnapshot snap;
    const auto session = sim::SessionAccess<RdmaVsSocketEngine>::of(state.session);
    if (!session) return snap;
    snap.engine = &session->engine();
    snap.cursor = session->cursor();
    if (const auto* events = session->eventsAtCursor()) snap.events = *events;
    snap.t = QEasingCurve(QEasingCurve::InOutCubic).valueForProgress(std::clamp(state.progress, 0.0, 1.0));
    return snap;
}

}  // namespace commviz::views
