#include "rdma_vs_socket/why_rdma_snapshot.h"

#include <QEasingCurve>

#include "sim/session_access.h"

namespace commviz::views {

using rdma_vs_socket::Lane;
using rdma_vs_socket::StageEvent;
using rdma_vs_socket::WhyRdmaEngine;

const StageEvent* WhySnapshot::moved(Lane lane) const {
    for (const auto& event : events)
        if (const auto* stage = std::get_if<StageEvent>(&event); stage && stage->lane == lane) return stage;
    return nullptr;
}

int WhySnapshot::stagesShown(Lane lane) const {
    const int planSize = int(engine->plan(lane).size());
    if (const StageEvent* ev = moved(lane); ev && !ev->def.setup) return ev->stage + 1;
    if (engine->finished(lane)) return planSize;
    return engine->lane(lane).stage;
}

int WhySnapshot::messageShown(Lane lane) const {
    if (const StageEvent* ev = moved(lane); ev && !ev->def.setup) return ev->message;
    const int messages = engine->config().messages;
    return std::min(engine->lane(lane).message, messages - 1);
}

WhySnapshot whySnapshot(const RenderState& state) {
    WhySnapshot snap;
    const auto session = sim::SessionAccess<WhyRdmaEngine>::of(state.session);
    if (!session) return snap;
    snap.engine = &session->engine();
    snap.cursor = session->cursor();
    if (const auto* events = session->eventsAtCursor()) snap.events = *events;
    snap.t = QEasingCurve(QEasingCurve::InOutCubic).valueForProgress(std::clamp(state.progress, 0.0, 1.0));
    return snap;
}

}  // namespace commviz::views
