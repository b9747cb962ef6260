#include "nccl/nccl_renderer.h"

#include <QEasingCurve>
#include <QtMath>
#include <algorithm>
#include <cmath>

#include "nccl/bootstrap_math.h"
#include "nccl/message_inspect.h"
#include "nccl/nccl_text.h"
#include "nccl/nccl_view.h"
#include "sim/session_access.h"

namespace commviz::views {

QPointF NcclView::rankPoint(int rank, double radius) const {
    const double r = radius < 0 ? layout.radius : radius;
    const double angle = -M_PI / 2 + 2 * M_PI * double(rank) / double(std::max(1, n()));
    return layout.centre + QPointF(r * std::cos(angle), r * std::sin(angle));
}

namespace {

/// Where the ray from the rectangle's centre towards `towards` leaves it.
QPointF clipToRect(const QRectF& r, const QPointF& towards) {
    const QPointF c = r.center();
    const QPointF d = towards - c;
    const double sx = d.x() != 0 ? (r.width() / 2 + 2) / std::abs(d.x()) : 1e9;
    const double sy = d.y() != 0 ? (r.height() / 2 + 2) / std::abs(d.y()) : 1e9;
    return c + d * std::min({sx, sy, 1.0});
}

QSizeF rankBoxSize(int n) {
    if (n <= 8) return {224, 94};
    if (n <= 16) return {112, 52};
    if (n <= 32) return {58, 30};
    return {34, 22};
}

}  // namespace

QRectF NcclView::rankBox(int rank) const {
    if (!banded()) {
        const QSizeF size = rankBoxSize(n());
        const QPointF at = rankPoint(rank);
        return {at.x() - size.width() / 2, at.y() - size.height() / 2, size.width(), size.height()};
    }
    const int slot = rank == selected                        ? 1
                     : rank == nccl::wrap(selected - 1, n()) ? 0
                     : rank == (selected + 1) % n()          ? 2
                                                             : -1;
    if (slot < 0) return {};
    const double w = 180, h = 76, gap = 10;
    const double left = layout.centre.x() - (3 * w + 2 * gap) / 2;
    return {left + slot * (w + gap), layout.centre.y() + 56, w, h};
}

QPointF NcclView::rankEnd(int rank, const QPointF& towards) const {
    const QRectF box = rankBox(rank);
    return box.isEmpty() ? rankPoint(rank) : clipToRect(box, towards);
}

QRectF NcclView::rootRect(int root) const {
    const int count = std::min(nroots(), 4);  // more roots share the last slot's row
    const double w = count == 1 ? 220 : 120, h = count == 1 ? 78 : 64, gap = 10;
    const double total = count * w + (count - 1) * gap;
    const int slot = std::min(root, count - 1);
    return {layout.centre.x() - total / 2 + slot * (w + gap), layout.centre.y() - h / 2, w, h};
}

QColor NcclView::roundColor(int round) const {
    if (round < 0) return p.theme.text;
    // Golden-ratio hues: neighbouring rounds differ clearly, colours repeat slowly.
    return QColor::fromHsvF(std::fmod(0.58 + 0.618034 * round, 1.0), 0.55, 0.92);
}

int NcclView::slotRound(int rank, int slot, const nccl::KnownRange& known) const {
    if (engine.idFailed()) return -2;  // no rank ever called ncclCommInitRank: no socket, no address
    const int back = nccl::wrap(rank - slot, n());
    if (back == 0) return -1;
    if (back <= known.back) return back - 1;  // came along the forward ring in round back - 1
    const int forward = nccl::wrap(slot - rank, n());
    if (forward <= known.forward) return forward - 1;  // the backward ring of 2.30
    return -2;
}

QSizeF NcclRenderer::logicalSize() const { return {NcclLayout::kWidth, NcclLayout::kHeight}; }

namespace {

/// The rank picked, else `fallback` (the last one, while a message or the root is inspected).
int selectedRank(const QString& selected, int n, int fallback) {
    fallback = fallback < n ? fallback : 0;
    if (!selected.startsWith(QLatin1String("rank:"))) return fallback;
    bool ok = false;
    const int r = selected.mid(5).toInt(&ok);
    return ok && r >= 0 && r < n ? r : fallback;
}

void paintTitle(NcclView& v, const RenderState& state, std::size_t cursor) {
    const auto& c = v.engine.config();
    const QString title =
        NcclRenderer::tr("NCCL bootstrap — %1 ranks, %2%3")
            .arg(c.nranks)
            .arg(c.version == nccl::Version::Classic ? NcclRenderer::tr("classic (≤ 2.22)") : NcclRenderer::tr("2.30"))
            .arg(c.nroots > 1 ? NcclRenderer::tr(", %1 roots").arg(c.nroots) : QString());
    const double used = v.p.text(v.layout.title, title, 22, state.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
    QRectF right = v.layout.title;
    right.setLeft(right.left() + used + 20);
    v.p.text(right,
             NcclRenderer::tr("step %1 · %2")
                 .arg(cursor)
                 .arg(NcclText::runLabel(int(v.engine.phase()), v.engine.complete())),
             15, state.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
}

void paintCaption(NcclView& v, const RenderState& state, std::size_t cursor) {
    QStringList sentences;
    if (!state.caption.isEmpty()) sentences << state.caption;
    if (sentences.isEmpty() && cursor > 0 && state.session) {
        const std::size_t count = state.session->eventCount(cursor);
        for (std::size_t i = 0; i < std::min<std::size_t>(count, 2); ++i)
            sentences << NcclText::narrate(state.session->eventRecord(cursor, i));
        if (count > 2) sentences << NcclRenderer::tr("(%1 more messages in this step)").arg(count - 2);
    }
    if (sentences.isEmpty())
        sentences << NcclRenderer::tr(
            "Step forward: rank 0 creates the ncclUniqueId, every rank checks in with the root, the root tells "
            "each rank its next neighbour, and the ranks allgather everyone's addresses around the ring.");
    v.p.box(v.layout.caption, state.theme.panel, state.theme.panelBorder, 8);
    v.p.wrapped(v.layout.caption.adjusted(16, 4, -16, -4), joinSentences(sentences), 16, state.theme.text);
}

}  // namespace

QString NcclRenderer::objectForEvent(const sim::Session& session, std::size_t step, std::size_t index) const {
    const auto access = sim::SessionAccess<nccl::NcclEngine>::of(&session);
    const auto* events = access ? access->events(step) : nullptr;
    if (!events || index >= events->size()) return {};
    return QString::fromStdString(nccl::messageId((*events)[index]));  // empty unless a single message
}

QString NcclRenderer::objectAt(const QPointF& logical) const {
    const QString hit = SceneRenderer::objectAt(logical);
    if (!hit.isEmpty() || m_bandRanks == 0) return hit;
    for (const QTransform& transform : m_bandTransforms) {
        const int rank = bandRankAt(NcclLayout{}, m_bandRanks, transform.inverted().map(logical));
        if (rank >= 0) return QStringLiteral("rank:%1").arg(rank);
    }
    return {};
}

void NcclRenderer::paint(QPainter& painter, const RenderState& state) {
    m_hits.clear();
    m_bandRanks = 0;
    m_bandTransforms.clear();
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.fillRect(QRectF(QPointF(0, 0), logicalSize()), state.theme.background);
    ScenePaint p(painter, state, m_hits);
    const auto access = sim::SessionAccess<nccl::NcclEngine>::of(state.session);
    if (!access) {
        p.text(QRectF(QPointF(0, 0), logicalSize()), tr("No NCCL bootstrap session loaded"), 20, state.theme.mutedText,
               Qt::AlignCenter);
        painter.restore();
        return;
    }
    static const std::vector<nccl::NcclEvent> none;
    const auto* events = access->eventsAtCursor();
    const double t = QEasingCurve(QEasingCurve::InOutCubic).valueForProgress(std::clamp(state.progress, 0.0, 1.0));
    NcclView v{p, access->engine(), events ? *events : none, t};
    v.selected = m_lastRank = selectedRank(state.selected, v.n(), m_lastRank);
    if (v.n() <= 8) v.layout.radius = 350;  // the big boxes of few ranks need the room
    if (state.options.contains(QLatin1String(kSideBySide))) {
        paintSideBySide(p, state, access->engine(), v.events, t, access->cursor());
        v.layout = {};
        paintCaption(v, state, access->cursor());
        p.drawHalos();
        painter.restore();
        return;
    }

    paintTitle(v, state, access->cursor());
    if (v.n() <= kDetailedRanks)
        paintRanks(v);
    else {
        paintBand(v);
        m_bandRanks = v.n();
        m_bandTransforms = {QTransform()};
    }
    paintRoots(v);
    paintMessages(v);
    paintIdCard(v);
    paintProgress(v);
    paintTables(v);
    paintCaption(v, state, access->cursor());
    p.drawHalos();
    painter.restore();
}

void NcclRenderer::paintSideBySide(ScenePaint& p, const RenderState& state, const nccl::NcclEngine& engine,
                                   const std::vector<nccl::NcclEvent>& events, double t, std::size_t cursor) {
    const NcclLayout layout;
    const nccl::NcclEngine& other = m_other.alignedWith(engine);
    const bool mainClassic = engine.config().version == nccl::Version::Classic;
    const int n = engine.config().nranks;
    const double used = p.text(layout.title, tr("NCCL bootstrap — %1 ranks, classic vs 2.30 side by side").arg(n), 22,
                               state.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
    QRectF right = layout.title;
    right.setLeft(right.left() + used + 20);
    p.text(right,
           tr("step %1 of the %2 run · the other pane at the same point")
               .arg(cursor)
               .arg(mainClassic ? tr("classic") : tr("2.30")),
           15, state.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
    const double top = layout.ringArea.top(), bottom = layout.ringArea.bottom();
    const double half = (layout.title.width() - 16) / 2;
    const QRectF leftPane(layout.title.left(), top, half, bottom - top);
    const QRectF rightPane(leftPane.right() + 16, top, half, bottom - top);
    p.p.setPen(QPen(state.theme.panelBorder, 1));
    p.p.drawLine(QPointF(leftPane.right() + 8, top), QPointF(leftPane.right() + 8, bottom));
    const PaneInput mine{engine, events, t, m_lastRank}, others{other, m_other.events(), t, m_lastRank};
    // Classic on the left, 2.30 on the right, whichever the session runs.
    const QTransform a = paintPane(p, mainClassic ? mine : others, leftPane, mainClassic);
    const QTransform b = paintPane(p, mainClassic ? others : mine, rightPane, !mainClassic);
    if (n > kDetailedRanks) {
        m_bandRanks = n;
        m_bandTransforms = {a, b};
    }
}

}  // namespace commviz::views
