#include "rdma/rdma_renderer.h"

#include "rdma/rdma_host_painter.h"
#include "rdma/rdma_layout.h"
#include "rdma/rdma_paint.h"
#include "rdma/rdma_snapshot.h"
#include "rdma/rdma_step_painter.h"
#include "rdma/rdma_text.h"
#include "rdma/rdma_wire_painter.h"
#include "shell/narration_table.h"

namespace commviz::views {

namespace {

QString clockText(double ns) {
    if (ns < 10'000) return RdmaRenderer::tr("%1 ns").arg(ns, 0, 'f', 0);
    if (ns < 10'000'000) return RdmaRenderer::tr("%1 µs").arg(ns / 1e3, 0, 'f', 3);
    return RdmaRenderer::tr("%1 ms").arg(ns / 1e6, 0, 'f', 3);
}

}  // namespace

QSizeF RdmaRenderer::logicalSize() const { return {RdmaLayout::kWidth, RdmaLayout::kHeight}; }

double RdmaRenderer::animatedClock(std::size_t cursor, std::uint64_t nowNs, double progress) {
    m_clockAt[cursor] = nowNs;
    if (m_clockAt.size() > 4096) m_clockAt.erase(m_clockAt.begin());
    if (progress >= 1 || cursor == 0) return double(nowNs);
    const auto prev = m_clockAt.find(cursor - 1);
    if (prev == m_clockAt.end() || prev->second > nowNs) return double(nowNs);
    return double(prev->second) + (double(nowNs) - double(prev->second)) * progress;
}

QString RdmaRenderer::noSessionText() const { return tr("No RDMA session loaded"); }

bool RdmaRenderer::paintScene(QPainter& painter, const RenderState& state) {
    m_hits.clear();
    m_anchors.clear();
    const RdmaSnapshot snap = rdmaSnapshot(state.session);
    if (!snap.valid()) return false;
    const RdmaLayout layout = RdmaLayout::make();
    RdmaPaint p(painter, state, m_hits, m_anchors);
    // Title: the story and the simulated clock.
    // The clock first, so the title gets the room left of it.
    const double clock = animatedClock(snap.cursor, snap.nowNs, state.progress);
    const double clockWidth =
        p.text(layout.title, tr("step %1 · t = %2").arg(snap.cursor).arg(clockText(double(snap.nowNs))),
               RdmaPaint::kLabelPx, state.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter, true, true);
    p.text(layout.title.adjusted(0, 0, -clockWidth - 16, 0),
           tr("RDMA verbs: WR → WQE → doorbell → HCA → packets → CQE → WC"), RdmaPaint::kTitlePx, state.theme.text,
           Qt::AlignLeft | Qt::AlignVCenter, true);

    RdmaStepPainter step(snap);
    RdmaHostActivity activity[2];
    QSet<QString> landed;
    step.analyse(p, activity, landed);
    for (int i = 0; i < 2; ++i) RdmaHostPainter(p, snap).paint(layout.hosts[i], *snap.hosts[i], activity[i]);
    RdmaWirePainter(p, snap).paint(layout, clock, landed, state.progress);
    step.paintMotions(p, state.progress);
    p.drawHalos();

    // Caption: what this step did, in words. The caption the state carries
    // (the step's or a lesson step's narration) wins, so an exported figure
    // says it here once rather than again in a band under the figure.
    QStringList sentences;
    if (!state.caption.isEmpty()) sentences << state.caption;
    if (sentences.isEmpty() && snap.cursor > 0 && state.session)
        for (const auto& record : state.session->eventRecords(snap.cursor)) {
            if (sentences.size() == 2) {
                sentences << QStringLiteral("…");
                break;
            }
            sentences << RdmaText::table().narrate(record);
        }
    if (sentences.isEmpty()) sentences << tr("Step forward to run the verbs script; every micro-step is drawn.");
    p.box(layout.caption, state.theme.panel, state.theme.panelBorder, 6);
    // Up to two lines, never shrunk below a readable size: a longer caption gives way to its summary.
    p.caption(layout.caption.adjusted(12, 1, -12, -1), joinSentences(sentences), state.captionSummary,
              RdmaPaint::kLabelPx, state.theme.text, RdmaPaint::kLabelPx);
    return true;
}

}  // namespace commviz::views
