// One pane of the side-by-side view (classic vs 2.30 on the same n): the
// version's name with its allgather shape and message count, the ring laid
// out in the pane, and the progress panel under it.

#include <algorithm>

#include "nccl/bootstrap_scene/nccl_renderer.h"
#include "nccl/bootstrap_scene/nccl_text.h"
#include "nccl/bootstrap_scene/nccl_view.h"

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
    QRectF row(pane.left() + 8, pane.top(), pane.width() - 16, 28);
    p.text(row, classic ? NcclRenderer::tr("classic (≤ 2.22)") : NcclRenderer::tr("2.30"), 20, p.theme.text,
           Qt::AlignLeft | Qt::AlignVCenter, true);
    p.text(row, NcclRenderer::tr("%1 messages so far").arg(messagesSoFar(e)), 16, p.theme.text,
           Qt::AlignRight | Qt::AlignVCenter);
    row.translate(0, 28);
    row.setHeight(24);
    // The difference the pane is for: n − 1 rounds three times against ⌊n/2⌋ rounds once
    // (NCCL src/bootstrap.cc, bootstrapRingAllGather vs socketRingAllGather).
    p.text(row,
           classic
               ? NcclRenderer::tr("three ring allgathers (peer, proxy, UDS), one way: %1 + %1 + %1 rounds").arg(rounds)
               : NcclRenderer::tr("one packed allgather, both ways: %1 rounds").arg(rounds),
           NcclLayout::kLabelPx, p.theme.mutedText, Qt::AlignLeft | Qt::AlignVCenter);
}

}  // namespace

NcclLayout paintPane(ScenePaint& p, const PaneInput& in, const QRectF& pane, bool clickable) {
    paintPaneTitle(p, in.engine, pane);
    NcclLayout layout;
    // The ring in the room between the title and the progress panel, at the scene's own scale: a pane
    // is half as wide, so its circle is smaller and its rank boxes simpler (NcclLayout::placeRanks),
    // while every text keeps the size it has in the single view.
    const QRectF ringRoom(pane.left(), pane.top() + 56, pane.width(),
                          pane.height() - 56 - layout.progress.height() - 8);
    NcclView v{p, in.engine, in.events, in.t, layout};
    v.selected = std::clamp(in.selected, 0, v.n() - 1);
    v.layout.placeRanks(v.n(), v.nroots(), ringRoom);
    const std::size_t firstHit = p.hits.size();
    if (v.n() <= NcclRenderer::kDetailedRanks)
        paintRanks(v);
    else
        paintBand(v);
    paintRoots(v);
    paintMessages(v);
    // The other version's pane offers its ranks only: the Inspector reads the session's engine, which
    // runs this pane's other version.
    if (!clickable) {
        std::vector<HitRegion> kept(p.hits.begin(), p.hits.begin() + std::ptrdiff_t(firstHit));
        for (std::size_t i = firstHit; i < p.hits.size(); ++i)
            if (p.hits[i].objectId.startsWith(QLatin1String("rank:"))) kept.push_back(p.hits[i]);
        p.hits = std::move(kept);
    }
    v.layout.progress =
        QRectF(pane.center().x() - layout.progress.width() / 2, pane.bottom() - layout.progress.height(),
               layout.progress.width(), layout.progress.height());
    paintProgress(v);
    return v.layout;
}

}  // namespace commviz::views
