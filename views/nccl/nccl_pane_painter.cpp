// One pane of the side-by-side view (classic vs 2.30 on the same n): the
// version's name with its allgather shape and message count, the ring scaled
// into the pane, and the progress panel under it.

#include <QTransform>
#include <algorithm>

#include "nccl/nccl_renderer.h"
#include "nccl/nccl_text.h"
#include "nccl/nccl_view.h"

namespace commviz::views {

namespace {

std::uint64_t messagesSoFar(const nccl::NcclEngine& e) {
    std::uint64_t total = 0;
    for (int k = 0; k < nccl::kMessageKinds; ++k) total += e.messages(nccl::MessageKind(k));
    return total;
}

void paintPaneTitle(ScenePaint& p, const nccl::NcclEngine& e, const QRectF& pane) {
    const bool classic = e.config().version == nccl::Version::Classic;
    const int rounds = e.roundsPerGather();
    QRectF row(pane.left() + 8, pane.top(), pane.width() - 16, 26);
    p.text(row, classic ? NcclRenderer::tr("classic (≤ 2.22)") : NcclRenderer::tr("2.30"), 20, p.theme.text,
           Qt::AlignLeft | Qt::AlignVCenter, true);
    p.text(row, NcclRenderer::tr("%1 messages so far").arg(messagesSoFar(e)), 15, p.theme.text,
           Qt::AlignRight | Qt::AlignVCenter);
    row.translate(0, 26);
    row.setHeight(22);
    // The difference the pane is for: n − 1 rounds three times against ⌊n/2⌋ rounds once (reference §3.3–§3.5).
    p.text(row,
           classic
               ? NcclRenderer::tr("three ring allgathers (peer, proxy, UDS), one way: %1 + %1 + %1 rounds").arg(rounds)
               : NcclRenderer::tr("one packed allgather, both ways: %1 rounds").arg(rounds),
           15, p.theme.mutedText, Qt::AlignLeft | Qt::AlignVCenter);
}

}  // namespace

QTransform paintPane(ScenePaint& p, const PaneInput& in, const QRectF& pane, bool clickable) {
    paintPaneTitle(p, in.engine, pane);
    const NcclLayout layout;
    // The ring area scaled into the room between the title and the progress panel.
    const QRectF ringRoom(pane.left(), pane.top() + 54, pane.width(),
                          pane.height() - 54 - layout.progress.height() - 8);
    const double scale =
        std::min(ringRoom.width() / layout.ringArea.width(), ringRoom.height() / layout.ringArea.height());
    QTransform toPane;
    toPane.translate(ringRoom.center().x(), ringRoom.top());
    toPane.scale(scale, scale);
    toPane.translate(-layout.ringArea.center().x(), -layout.ringArea.top());

    const std::size_t firstHit = p.hits.size();
    p.p.save();
    p.p.setTransform(toPane, true);
    NcclView v{p, in.engine, in.events, in.t, NcclLayout{}};
    v.selected = std::clamp(in.selected, 0, v.n() - 1);
    if (v.n() <= 8) v.layout.radius = 350;
    if (v.n() <= NcclRenderer::kDetailedRanks)
        paintRanks(v);
    else
        paintBand(v);
    paintRoots(v);
    paintMessages(v);
    p.p.restore();
    // Hit regions come back in pane coordinates. The other version's pane offers its ranks only:
    // the Inspector reads the session's engine, which runs this pane's other version.
    std::vector<HitRegion> kept(p.hits.begin(), p.hits.begin() + std::ptrdiff_t(firstHit));
    for (std::size_t i = firstHit; i < p.hits.size(); ++i)
        if (clickable || p.hits[i].objectId.startsWith(QLatin1String("rank:")))
            kept.push_back({toPane.mapRect(p.hits[i].rect), p.hits[i].objectId});
    p.hits = std::move(kept);

    NcclView panel{p, in.engine, in.events, in.t, NcclLayout{}};
    panel.layout.progress =
        QRectF(pane.center().x() - layout.progress.width() / 2, pane.bottom() - layout.progress.height(),
               layout.progress.width(), layout.progress.height());
    paintProgress(panel);
    return toPane;
}

}  // namespace commviz::views
