#include "nccl/bootstrap_scene/nccl_renderer.h"

#include <QEasingCurve>
#include <QtMath>
#include <algorithm>
#include <cmath>

#include "nccl/bootstrap_math.h"
#include "nccl/bootstrap_scene/message_inspect.h"
#include "nccl/bootstrap_scene/nccl_text.h"
#include "nccl/bootstrap_scene/nccl_view.h"
#include "sim/session_access.h"

namespace commviz::views {

namespace {

/// Where the ray from the rectangle's centre towards `towards` leaves it.
QPointF clipToRect(const QRectF& r, const QPointF& towards) {
    const QPointF c = r.center();
    const QPointF d = towards - c;
    const double sx = d.x() != 0 ? (r.width() / 2 + 2) / std::abs(d.x()) : 1e9;
    const double sy = d.y() != 0 ? (r.height() / 2 + 2) / std::abs(d.y()) : 1e9;
    return c + d * std::min({sx, sy, 1.0});
}

/// The rank boxes of each style, richest first (NcclLayout::placeRanks).
struct BoxChoice {
    RankBoxStyle style;
    QSizeF size;
    int maxRanks;
};
constexpr BoxChoice kBoxChoices[] = {
    {RankBoxStyle::Card, {224, 112}, 8}, {RankBoxStyle::TwoLines, {136, 76}, 16}, {RankBoxStyle::Number, {26, 20}, 64}};
constexpr double kBoxGap = 4;

QPointF onCircle(const QPointF& centre, double radius, int rank, int n) {
    const double angle = -M_PI / 2 + 2 * M_PI * double(rank) / double(std::max(1, n));
    return centre + QPointF(radius * std::cos(angle), radius * std::sin(angle));
}

/// True when no two neighbours' boxes of `size` touch on that circle, and
/// none comes near the root(s) in the middle (messages need room to travel).
bool boxesClear(int n, const QPointF& centre, double radius, const QSizeF& size, const QSizeF& roots) {
    const QSizeF zone = roots + QSizeF(48, 48);
    const QRectF middle(centre.x() - zone.width() / 2, centre.y() - zone.height() / 2, zone.width(), zone.height());
    for (int r = 0; r < n; ++r) {
        const QPointF at = onCircle(centre, radius, r, n);
        if (middle.intersects(
                QRectF(at.x() - size.width() / 2, at.y() - size.height() / 2, size.width(), size.height())))
            return false;
        if (n < 2) continue;
        const QPointF d = at - onCircle(centre, radius, (r + 1) % n, n);
        if (std::abs(d.x()) < size.width() + kBoxGap && std::abs(d.y()) < size.height() + kBoxGap) return false;
    }
    return true;
}

/// The root boxes: one of three lines, or up to four in two columns; wider on the band,
/// where nothing sits on the circle beside them and counts run to six digits.
QSizeF rootSize(int nroots, int n) {
    const double wider = n > NcclRenderer::kDetailedRanks ? 60 : 0;
    return nroots == 1 ? QSizeF(248 + wider, 84) : QSizeF(216 + wider, 78);
}
constexpr double kRootGap = 10;
QSizeF rootBlock(int nroots, int n) {
    const int count = std::min(nroots, 4), columns = std::min(count, 2), rows = (count + 1) / 2;
    const QSizeF one = rootSize(nroots, n);
    return {columns * one.width() + (columns - 1) * kRootGap, rows * one.height() + (rows - 1) * kRootGap};
}

}  // namespace

void NcclLayout::placeRanks(int n, int nroots, const QRectF& area) {
    centre = area.center();
    if (n > NcclRenderer::kDetailedRanks) {
        // The band, with its tick labels outside it (nccl_band_painter.cpp).
        radius = std::min(area.width(), area.height()) / 2 - 44;
        return;
    }
    for (const BoxChoice& choice : kBoxChoices) {
        if (n > choice.maxRanks) continue;
        const double r = std::min(area.width() - choice.size.width(), area.height() - choice.size.height()) / 2 - 4;
        if (!boxesClear(n, centre, r, choice.size, rootBlock(nroots, n))) continue;
        style = choice.style;
        rankBox = choice.size;
        radius = r;
        return;
    }
    // Dots: as large as the spacing allows, the numbers that stay outside the circle.
    radius = std::min(area.width(), area.height()) / 2 - 30;
    const double spacing = 2 * radius * std::sin(M_PI / n);
    const double side = std::clamp(spacing * 0.62, 6.0, 20.0);
    style = RankBoxStyle::Dot;
    rankBox = {side, side};
}

QRectF NcclView::rankBox(int rank) const {
    if (!banded()) {
        const QSizeF size = layout.rankBox;
        const QPointF at = rankPoint(rank);
        return {at.x() - size.width() / 2, at.y() - size.height() / 2, size.width(), size.height()};
    }
    const int slot = rank == selected                        ? 1
                     : rank == nccl::wrap(selected - 1, n()) ? 0
                     : rank == (selected + 1) % n()          ? 2
                                                             : -1;
    if (slot < 0) return {};
    // Three boxes side by side inside the band, below the root, as wide as the circle lets them be; a
    // circle too small for three (a pane of the side-by-side view) keeps the selected rank's only, above
    // the root, so the messages from its neighbours on the band do not cross the root's box.
    // The gaps hold the envelopes between neighbours, clear of the boxes' text.
    // Below the root block (one root leaves 56 units under the centre, four in two rows more) and
    // below its "… N roots in all" line when there are more than four.
    const double below = rootBlock(nroots(), n()).height() / 2 + (nroots() > 4 ? 40 : 14);
    const double gap = 34, inner = layout.radius - 30, top = std::max(56.0, below);
    const double room = 2 * std::sqrt(std::max(0.0, inner * inner - (top + 104) * (top + 104)));
    const bool three = room >= 3 * 140 + 2 * gap;
    if (!three && slot != 1) return {};
    const double w = three ? std::min(212.0, (room - 2 * gap) / 3) : std::min(212.0, room);
    const double h = w >= kWideRankBox ? 104 : 76;
    const double left = layout.centre.x() - (three ? (3 * w + 2 * gap) / 2 - slot * (w + gap) : w / 2);
    return {left, three ? layout.centre.y() + top : layout.centre.y() - top - h, w, h};
}

nccl::KnownRange NcclView::known(int rank) const {
    // The engine's known() is the peer-address gather, complete once classic moves on to the proxy
    // addresses; the later gathers fill their own tables the same way (NCCL src/bootstrap.cc,
    // bootstrapInit: one bootstrapAllGather each). Messages go in rank order within a round, so the
    // count sent tells how far this round has got.
    if (engine.phase() != nccl::Phase::AllGather || engine.gather() == 0 ||
        engine.config().version != nccl::Version::Classic)
        return engine.known(rank);
    const std::uint64_t before =
        std::uint64_t(engine.gather() * engine.roundsPerGather() + engine.round()) * std::uint64_t(n());
    const std::uint64_t sent = engine.messages(nccl::MessageKind::AllGather);
    const std::uint64_t inRound = sent > before ? sent - before : 0;
    const int prev = nccl::wrap(rank - 1, n());
    return {engine.round() + (std::uint64_t(prev) < inRound ? 1 : 0), 0};
}

QPointF NcclView::rankEnd(int rank, const QPointF& towards) const {
    const QRectF box = rankBox(rank);
    return box.isEmpty() ? rankPoint(rank) : clipToRect(box, towards);
}

QRectF NcclView::rootRect(int root) const {
    // One root: a box of three lines. Several: two columns (more than four share the last box).
    const int slot = std::min(root, std::min(nroots(), 4) - 1);
    const QSizeF one = rootSize(nroots(), n()), block = rootBlock(nroots(), n());
    return {layout.centre.x() - block.width() / 2 + (slot % 2) * (one.width() + kRootGap),
            layout.centre.y() - block.height() / 2 + (slot / 2) * (one.height() + kRootGap), one.width(), one.height()};
}

QPointF NcclView::rankPoint(int rank, double radius) const {
    return onCircle(layout.centre, radius < 0 ? layout.radius : radius, rank, n());
}

QColor NcclView::roundColor(int round) const {
    if (round < 0) return p.theme.text;
    // Golden-ratio hues: neighbouring rounds differ clearly, colours repeat slowly.
    return QColor::fromHsvF(std::fmod(0.58 + 0.618034 * round, 1.0), 0.55, 0.92);
}

QColor NcclView::roundShade(int round, int rounds) const {
    if (round < 0) return p.theme.text;
    const double f = rounds > 1 ? double(round) / (rounds - 1) : 0;
    return QColor::fromHsvF(0.58, 0.15 + 0.75 * f, 0.97 - 0.45 * f);
}

int NcclView::slotRound(int rank, int slot, const nccl::KnownRange& known) const {
    if (!engine.started(rank)) return -2;  // before ncclCommInitRank: no socket, not even its own address
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
    const double used =
        v.p.text(v.layout.title, title, NcclLayout::kTitlePx, state.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
    QRectF right = v.layout.title;
    right.setLeft(right.left() + used + 20);
    v.p.text(right,
             NcclRenderer::tr("step %1 · %2")
                 .arg(cursor)
                 .arg(NcclText::runLabel(int(v.engine.phase()), v.engine.complete())),
             16, state.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
}

void paintCaption(NcclView& v, const RenderState& state, std::size_t cursor) {
    QStringList sentences;
    if (!state.caption.isEmpty()) sentences << state.caption;
    if (sentences.isEmpty() && cursor > 0 && state.session) {
        const std::size_t count = state.session->eventCount(cursor);
        for (std::size_t i = 0; i < std::min<std::size_t>(count, 2); ++i)
            sentences << NcclText::table().narrate(state.session->eventRecord(cursor, i));
        if (count > 2) sentences << NcclRenderer::tr("(%1 more messages in this step)").arg(count - 2);
    }
    if (sentences.isEmpty())
        sentences << NcclRenderer::tr(
            "Step forward: rank 0 creates the ncclUniqueId, every rank checks in with the root, the root tells "
            "each rank its next neighbour, and the ranks allgather everyone's addresses around the ring.");
    v.p.box(v.layout.caption, state.theme.panel, state.theme.panelBorder, 8);
    v.p.caption(v.layout.caption.adjusted(16, 2, -16, -2), joinSentences(sentences), state.captionSummary, 16,
                state.theme.text, NcclLayout::kLabelPx);
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
    for (const BandCircle& circle : m_bandCircles) {
        NcclLayout layout;
        layout.centre = circle.centre;
        layout.radius = circle.radius;
        const int rank = bandRankAt(layout, m_bandRanks, logical);
        if (rank >= 0) return QStringLiteral("rank:%1").arg(rank);
    }
    return {};
}

QString NcclRenderer::noSessionText() const { return tr("No NCCL bootstrap session loaded"); }

bool NcclRenderer::paintScene(QPainter& painter, const RenderState& state) {
    m_hits.clear();
    m_bandRanks = 0;
    m_bandCircles.clear();
    const auto access = sim::SessionAccess<nccl::NcclEngine>::of(state.session);
    if (!access) return false;
    ScenePaint p(painter, state, m_hits);
    static const std::vector<nccl::NcclEvent> none;
    const auto* events = access->eventsAtCursor();
    const double t = QEasingCurve(QEasingCurve::InOutCubic).valueForProgress(std::clamp(state.progress, 0.0, 1.0));
    NcclView v{p, access->engine(), events ? *events : none, t};
    v.selected = m_lastRank = selectedRank(state.selected, v.n(), m_lastRank);
    if (state.options.contains(QLatin1String(kSideBySide))) {
        paintSideBySide(p, state, access->engine(), v.events, t, access->cursor());
        v.layout = {};
        paintCaption(v, state, access->cursor());
        p.drawHalos();
        return true;
    }

    paintTitle(v, state, access->cursor());
    v.layout.placeRanks(v.n(), v.nroots(), v.layout.ringArea);
    if (v.n() <= kDetailedRanks)
        paintRanks(v);
    else {
        paintBand(v);
        m_bandRanks = v.n();
        m_bandCircles = {{v.layout.centre, v.layout.radius}};
    }
    paintRoots(v);
    paintMessages(v);
    paintIdCard(v);
    paintProgress(v);
    paintTables(v);
    paintCaption(v, state, access->cursor());
    p.drawHalos();
    return true;
}

void NcclRenderer::paintSideBySide(ScenePaint& p, const RenderState& state, const nccl::NcclEngine& engine,
                                   const std::vector<nccl::NcclEvent>& events, double t, std::size_t cursor) {
    const NcclLayout layout;
    const nccl::NcclEngine& other = m_other.alignedWith(engine);
    const bool mainClassic = engine.config().version == nccl::Version::Classic;
    const int n = engine.config().nranks;
    const double used = p.text(layout.title, tr("NCCL bootstrap — %1 ranks, classic vs 2.30 side by side").arg(n),
                               NcclLayout::kTitlePx, state.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
    QRectF right = layout.title;
    right.setLeft(right.left() + used + 20);
    p.text(right,
           tr("step %1 of the %2 run · the other pane at the same point")
               .arg(cursor)
               .arg(mainClassic ? tr("classic") : tr("2.30")),
           16, state.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
    const double top = layout.ringArea.top(), bottom = layout.ringArea.bottom();
    const double half = (layout.title.width() - 16) / 2;
    const QRectF leftPane(layout.title.left(), top, half, bottom - top);
    const QRectF rightPane(leftPane.right() + 16, top, half, bottom - top);
    p.p.setPen(QPen(state.theme.panelBorder, 1));
    p.p.drawLine(QPointF(leftPane.right() + 8, top), QPointF(leftPane.right() + 8, bottom));
    const PaneInput mine{engine, events, t, m_lastRank}, others{other, m_other.events(), t, m_lastRank};
    // Classic on the left, 2.30 on the right, whichever the session runs.
    const NcclLayout a = paintPane(p, mainClassic ? mine : others, leftPane, mainClassic);
    const NcclLayout b = paintPane(p, mainClassic ? others : mine, rightPane, !mainClassic);
    if (n > kDetailedRanks) {
        m_bandRanks = n;
        m_bandCircles = {{a.centre, a.radius}, {b.centre, b.radius}};
    }
}

}  // namespace commviz::views
