// Up to 64 ranks: each rank a box on the circle with its process, GPU and
// listen sockets; ring edges appear as ranks connect (persistent sockets).

#include <QtMath>
#include <cmath>

#include "nccl/nccl_renderer.h"
#include "nccl/nccl_view.h"

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
    const nccl::KnownRange known = v.engine.known(r);
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

void paintRankBox(NcclView& v, int r) {
    const auto& world = v.engine.world();
    const QRectF box = v.rankBox(r);
    const bool missing = r == v.engine.config().missing_rank;
    const bool active = involved(v, r);
    const QColor border = missing || v.engine.failed(r) ? v.p.theme.bad
                          : active                      ? v.p.theme.accent
                                                        : v.p.theme.panelBorder;
    // Opaque first, so ring edges and arrows behind never show through the text.
    v.p.box(box, v.p.theme.panel, Qt::transparent, 6, 0);
    v.p.box(box, active ? ScenePaint::tint(v.p.theme.accent, 40) : v.p.theme.panel, border, 6, active ? 2.5 : 1,
            missing ? Qt::DashLine : Qt::SolidLine);
    v.p.object(box, QStringLiteral("rank:%1").arg(r));
    const int n = v.n();
    if (n > 16) {
        v.p.text(box, QString::number(r), n <= 32 ? 14 : 12, v.p.theme.text, Qt::AlignCenter, true);
        return;
    }
    const auto place = world.topology.placement(r);
    const QRectF inner = box.adjusted(6, 3, -6, -3);
    const double line = n <= 8 ? 17 : 15;
    QRectF row(inner.left(), inner.top(), inner.width(), line);
    v.p.text(row, NcclRenderer::tr("rank %1").arg(r), n <= 8 ? 14 : 12, v.p.theme.text,
             Qt::AlignLeft | Qt::AlignVCenter, true);
    v.p.text(row, rankStatus(v, r), 11, missing ? v.p.theme.bad : v.p.theme.mutedText,
             Qt::AlignRight | Qt::AlignVCenter);
    row.translate(0, line);
    v.p.text(row, NcclRenderer::tr("pid %1 · GPU %2 · node %3").arg(world.pid(r)).arg(place.gpu).arg(place.node), 11,
             v.p.theme.mutedText);
    if (n > 8 || v.engine.idFailed()) return;  // without an id no rank opens a socket
    row.translate(0, line);
    const bool classic = v.engine.config().version == nccl::Version::Classic;
    v.p.text(row,
             classic ? NcclRenderer::tr("listen %1").arg(QString::fromStdString(world.listenAddress(r)))
                     : NcclRenderer::tr("ring %1").arg(QString::fromStdString(world.listenAddress(r))),
             11, v.p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, false, true);
    row.translate(0, line);
    v.p.text(row,
             NcclRenderer::tr("callback :%1 · %2 :%3")
                 .arg(world.port(r, nccl::SocketKind::RootCallback))
                 .arg(classic ? NcclRenderer::tr("proxy") : NcclRenderer::tr("p2p"))
                 .arg(world.port(r, classic ? nccl::SocketKind::Proxy : nccl::SocketKind::P2pListen)),
             11, v.p.theme.mutedText, Qt::AlignLeft | Qt::AlignVCenter, false, true);
    paintTableRow(v, QRectF(inner.left(), inner.bottom() - 12, inner.width(), 11), r);
}

}  // namespace

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
