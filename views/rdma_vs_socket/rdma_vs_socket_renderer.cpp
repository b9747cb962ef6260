#include "rdma_vs_socket/rdma_vs_socket_renderer.h"

#include "rdma_vs_socket/rdma_vs_socket_counters_painter.h"
#include "rdma_vs_socket/rdma_vs_socket_lane_painter.h"
#include "rdma_vs_socket/rdma_vs_socket_layout.h"
#include "rdma_vs_socket/rdma_vs_socket_paint.h"
#include "rdma_vs_socket/rdma_vs_socket_snapshot.h"
#include "rdma_vs_socket/rdma_vs_socket_text.h"
#include "shell/narration_table.h"

namespace commviz::views {

using rdma_vs_socket::Lane;

QSizeF RdmaVsSocketRenderer::logicalSize() const { return {RdmaVsSocketLayout::kWidth, RdmaVsSocketLayout::kHeight}; }

QString RdmaVsSocketRenderer::noSessionText() const { return tr("No \"Why RDMA\" session loaded"); }

bool RdmaVsSocketRenderer::paintScene(QPainter& painter, const RenderState& state) {
    m_hits.clear();
    const RdmaVsSocketSnapshot snap = rdmaVsSocketSnapshot(state);
    if (!snap.valid()) return false;
    RdmaVsSocketPaint p(painter, state, m_hits);
    const RdmaVsSocketLayout layout = RdmaVsSocketLayout::make();
    const double used =
        p.text(layout.title, tr("Why RDMA: one message through the kernel socket path and the verbs path"), 22,
               state.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
    QRectF stepRect = layout.title;
    stepRect.setLeft(layout.title.left() + used + 20);
    p.text(stepRect, tr("step %1").arg(snap.cursor), 15, state.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
    p.text(layout.note, RdmaVsSocketText::modelNote(), 15, state.theme.mutedText);

    for (Lane lane : {Lane::Socket, Lane::Verbs}) {
        RdmaVsSocketLanePainter(p, snap, layout.lane(lane), lane).paint();
        RdmaVsSocketCountersPainter(p, snap, layout.lane(lane), lane).paint();
    }

    // Caption: what this step did, in words. The caption the state carries
    // (the step's or a lesson step's narration) wins, so an exported figure
    // says it here once rather than again in a band under the figure.
    QStringList sentences;
    if (!state.caption.isEmpty()) sentences << state.caption;
    if (sentences.isEmpty() && snap.cursor > 0 && state.session)
        for (const auto& record : state.session->eventRecords(snap.cursor))
            sentences << RdmaVsSocketText::table().narrate(record);
    if (sentences.isEmpty())
        sentences << tr(
            "Step forward: each step runs one stage on whichever lane is behind on the shared clock. "
            "The verbs lane first pays its setup, once.");
    QStringList summary{state.captionSummary};
    if (snap.engine->done()) {
        const double socket = snap.engine->modelLatencyNs(Lane::Socket);
        const double verbs = snap.engine->modelLatencyNs(Lane::Verbs);
        const QString ratio = tr("One way: socket %1 vs verbs %2, about %3× (illustrative).")
                                  .arg(RdmaVsSocketText::duration(socket), RdmaVsSocketText::duration(verbs))
                                  .arg(verbs > 0 ? socket / verbs : 0.0, 0, 'f', 1);
        sentences << ratio;
        summary << ratio;
    }
    p.box(layout.caption, state.theme.panel, state.theme.panelBorder, 8);
    p.caption(layout.caption.adjusted(16, 4, -16, -4), joinSentences(sentences),
              state.captionSummary.isEmpty() ? QString() : joinSentences(summary), 16, state.theme.text, 11);
    p.drawHalos();
    return true;
}

}  // namespace commviz::views
