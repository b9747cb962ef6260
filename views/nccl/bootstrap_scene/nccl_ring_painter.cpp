// Up to 64 ranks: each rank a box on the circle with its process, GPU and
// listen sockets; ring edges appear as ranks connect (persistent sockets).

#include <QtMath>
#include <algorithm>
#include <cmath>

#include "nccl/bootstrap_scene/nccl_renderer.h"
#include "nccl/bootstrap_scene/nccl_view.h"

namespace commviz::views {

namespace {

bool involved(const NcclView& v, int rank) {
    for (const auto& event : v.events) {
        if (const auto* m = std::get_if<nccl::AllGatherSent>(&event); m && (m->src == rank || m->dst == rank))
            return true;
        if (const auto* m = std::get_if<nccl::ExtInfoSent>(&event); m && m->src == rank) return true;
        if (const auto* m = std::get_if<nccl::NextAddrSent>(&event); m && (m->dst == rank || m->peer == rank))
            return true;
        if (const auto* m = std::get_if<nccl::RingConnected>(&event); m && (m->src == rank || m->dst == rank))
            return true;
    }
    return false;
}

/// The rank's state in a word: where bootstrapInit has got to for it.
QString rankStatus(const NcclView& v, int r) {
    if (v.engine.idFailed()) return NcclRenderer::tr("not started");
    if (r == v.engine.config().missing_rank) return NcclRenderer::tr("never started");
    if (v.engine.failed(r)) return NcclRenderer::tr("failed");
    if (!v.engine.started(r)) return NcclRenderer::tr("not started");  // ncclCommInitRank still to come
    if (v.engine.ringConnected(r)) return NcclRenderer::tr("ring connected");
    if (v.engine.gotReply(r)) return NcclRenderer::tr("knows next");
    if (v.engine.checkedIn(r)) return NcclRenderer::tr("checked in");
    return NcclRenderer::tr("waiting");
}

void paintRingEdges(NcclView& v) {
    const int n = v.n();
    if (n < 2) return;
    for (int r = 0; r < n; ++r) {
        if (!v.engine.ringConnected(r)) continue;
        const QPointF a = v.rankPoint(r), b = v.rankPoint((r + 1) % n);
        v.p.p.setPen(QPen(ScenePaint::tint(v.p.theme.accent2, 150), n <= 16 ? 3 : 2));
        v.p.p.drawLine(a, b);
    }
}

void paintTableRow(NcclView& v, const QRectF& row, int r) {
    const int n = v.n();
    const nccl::KnownRange known = v.known(r);
    const double w = row.width() / n;
    for (int slot = 0; slot < n; ++slot) {
        const int round = v.slotRound(r, slot, known);
        const QRectF cell(row.left() + slot * w, row.top(), w - 1, row.height());
        if (round == -2)
            v.p.box(cell, v.p.theme.background, v.p.theme.panelBorder, 1, 0.5);
        else
            v.p.box(cell, v.roundColor(round), v.roundColor(round).darker(130), 1, 0.5);
    }
}

/// The sockets of rank r, one detail line each (none before ncclCommInitRank opens them).
void paintSocketLines(NcclView& v, QRectF row, int r) {
    const auto& world = v.engine.world();
    const bool classic = v.engine.config().version == nccl::Version::Classic;
    v.p.detail(row,
               classic ? NcclRenderer::tr("listen %1").arg(QString::fromStdString(world.listenAddress(r)))
                       : NcclRenderer::tr("ring %1").arg(QString::fromStdString(world.listenAddress(r))),
               NcclLayout::kDetailPx, v.p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, false, true);
    row.translate(0, row.height());
    v.p.detail(row,
               NcclRenderer::tr("callback :%1 · %2 :%3")
                   .arg(world.port(r, nccl::SocketKind::RootCallback))
                   .arg(classic ? NcclRenderer::tr("proxy") : NcclRenderer::tr("p2p"))
                   .arg(world.port(r, classic ? nccl::SocketKind::Proxy : nccl::SocketKind::P2pListen)),
               NcclLayout::kDetailPx, v.p.theme.mutedText, Qt::AlignLeft | Qt::AlignVCenter, false, false);
}

/// Card and two-line boxes: the rank and its state readable at fit, the rest detail.
void paintRankLines(NcclView& v, const QRectF& box, int r) {
    const auto& world = v.engine.world();
    const bool missing = r == v.engine.config().missing_rank;
    const bool card = v.layout.style == RankBoxStyle::Card;
    const QRectF inner = box.adjusted(7, 3, -7, -4);
    QRectF row(inner.left(), inner.top(), inner.width(), 22);
    const QString rank = NcclRenderer::tr("rank %1").arg(r);
    const QColor stateInk = missing || v.engine.failed(r) ? v.p.theme.bad : v.p.theme.mutedText;
    v.p.text(row, rank, NcclLayout::kHeadingPx, v.p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
    if (!card) row.translate(0, 21);
    v.p.text(row, rankStatus(v, r), NcclLayout::kLabelPx, stateInk,
             card ? Qt::AlignRight | Qt::AlignVCenter : Qt::AlignLeft | Qt::AlignVCenter);
    row.translate(0, card ? 24 : 20);
    row.setHeight(card ? 18 : 16);
    const auto place = world.topology.placement(r);
    v.p.detail(row,
               card ? NcclRenderer::tr("pid %1 · GPU %2 · node %3").arg(world.pid(r)).arg(place.gpu).arg(place.node)
                    : NcclRenderer::tr("GPU %1 · node %2").arg(place.gpu).arg(place.node),
               NcclLayout::kDetailPx, v.p.theme.mutedText);
    if (card && v.engine.started(r)) paintSocketLines(v, row.translated(0, 18), r);  // opened in ncclCommInitRank
    paintTableRow(v, QRectF(inner.left(), inner.bottom() - 9, inner.width(), 9), r);
}

void paintRankBox(NcclView& v, int r) {
    const QRectF box = v.rankBox(r);
    const bool missing = r == v.engine.config().missing_rank;
    const bool active = involved(v, r);
    const QColor border = missing || v.engine.failed(r) ? v.p.theme.bad
                          : active                      ? v.p.theme.accent
                                                        : v.p.theme.panelBorder;
    const bool dot = v.layout.style == RankBoxStyle::Dot;
    // Opaque first, so ring edges and arrows behind never show through the text.
    v.p.box(box, v.p.theme.panel, Qt::transparent, dot ? 3 : 6, 0);
    v.p.box(box, active ? ScenePaint::tint(v.p.theme.accent, 40) : v.p.theme.panel, border, dot ? 3 : 6,
            active ? 2.5 : 1, missing ? Qt::DashLine : Qt::SolidLine);
    v.p.object(box, QStringLiteral("rank:%1").arg(r));
    switch (v.layout.style) {
        case RankBoxStyle::Card:
        case RankBoxStyle::TwoLines:
            return paintRankLines(v, box, r);
        case RankBoxStyle::Number:
            v.p.text(box, QString::number(r), NcclLayout::kLabelPx, v.p.theme.text, Qt::AlignCenter, true);
            return;
        case RankBoxStyle::Dot: {
            // The number outside the circle, readable where rankNumberShown says so, else detail.
            const QPointF at = v.rankPoint(r, v.layout.radius + box.height() / 2 + 13);
            const QRectF label(at.x() - 20, at.y() - 10, 40, 20);
            if (v.rankNumberShown(r))
                v.p.text(label, QString::number(r), NcclLayout::kLabelPx, v.p.theme.text, Qt::AlignCenter, true);
            else
                v.p.detail(label, QString::number(r), NcclLayout::kFinePx, v.p.theme.mutedText, Qt::AlignCenter);
            return;
        }
    }
}

}  // namespace

// Which rank numbers a reader gets at fit. Up to the Number style every box
// carries its number at label size, so rank 37 is read, not counted (64 ranks
// in the single view still leave a 26 × 20 box per rank). Only when the circle
// is tighter than that (64 ranks in a pane of the side-by-side view) a number
// is readable at fit where a reader needs it: every n/8-th rank, as the band's
// ticks above 64 ranks; the selected rank; and the ranks this step's messages
// join. The others become detail: they come back on zoom and in vector exports.
bool NcclView::rankNumberShown(int rank) const {
    if (layout.style != RankBoxStyle::Dot) return true;
    const int tick = std::max(1, n() / 8);
    return rank % tick == 0 || rank == selected || involved(*this, rank);
}

void paintRanks(NcclView& v) {
    const int n = v.n();
    // The circle itself, faint: where the ring will be.
    v.p.p.setPen(QPen(v.p.theme.panelBorder, 1, Qt::DotLine));
    v.p.p.setBrush(Qt::NoBrush);
    v.p.p.drawEllipse(v.layout.centre, v.layout.radius, v.layout.radius);
    paintRingEdges(v);
    for (int r = 0; r < n; ++r) paintRankBox(v, r);
}

}  // namespace commviz::views
