// The root thread(s) in the middle of the ring and this step's messages as
// envelopes travelling along their arrows.

#include <QFontMetricsF>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

#include "nccl/bootstrap_math.h"
#include "nccl/bootstrap_scene/message_inspect.h"
#include "nccl/bootstrap_scene/nccl_renderer.h"
#include "nccl/bootstrap_scene/nccl_view.h"

namespace commviz::views {

namespace {

QString rootStatus(nccl::RootStatus status) {
    switch (status) {
        case nccl::RootStatus::Accepting:
            return NcclRenderer::tr("accepting");
        case nccl::RootStatus::Sweeping:
            return NcclRenderer::tr("replying");
        case nccl::RootStatus::Finished:
            return NcclRenderer::tr("done, exited");
        case nccl::RootStatus::Stopped:
            return NcclRenderer::tr("stopped after WARN");
        case nccl::RootStatus::NotStarted:
            return NcclRenderer::tr("not started");
    }
    return {};
}

QPointF rootEnd(const NcclView& v, int root, const QPointF& towards) {
    const QRectF r = v.rootRect(root);
    const QPointF c = r.center();
    const QPointF d = towards - c;
    // Clip the ray from the centre to the rectangle's border.
    const double sx = d.x() != 0 ? (r.width() / 2) / std::abs(d.x()) : 1e9;
    const double sy = d.y() != 0 ? (r.height() / 2) / std::abs(d.y()) : 1e9;
    return c + d * std::min({sx, sy, 1.0});
}

/// True when `rect` touches no rank box and no root box.
bool clearOfBoxes(const NcclView& v, const QRectF& rect) {
    for (int r = 0; r < v.n(); ++r)
        if (v.rankBox(r).intersects(rect)) return false;
    for (int k = 0; k < std::min(v.nroots(), 4); ++k)
        if (v.rootRect(k).intersects(rect)) return false;
    return true;
}

/// Where a message's tag goes: above or below its envelope, else above or below
/// the middle of its arrow, whichever first keeps clear of every rank and root box.
QPointF tagCentre(const NcclView& v, const QPointF& a, const QPointF& b, const QPointF& at, const QString& label) {
    const QFontMetricsF metrics(ScenePaint::font(NcclLayout::kLabelPx, true));
    const QSizeF size(metrics.horizontalAdvance(label) + 14, metrics.height() + 6);  // as ScenePaint::tag draws it
    // Farther out too: a short arrow between the root and a rank box has no room beside it.
    for (const QPointF& on : {at, (a + b) / 2})
        for (double dy : {-24.0, 24.0, -62.0, 62.0}) {
            const QPointF centre = on + QPointF(0, dy);
            if (clearOfBoxes(v, QRectF(centre - QPointF(size.width() / 2, size.height() / 2), size))) return centre;
        }
    return at + QPointF(0, -24);
}

/// Where the envelope sits: `share` of the way along, or nearer the middle when
/// a short arrow would put it over a box (and its text).
QPointF envelopeAt(const NcclView& v, const QPointF& a, const QPointF& b, double share) {
    for (double s = share; s > 0.5; s -= 0.05) {
        const QPointF at = a + (b - a) * s;
        if (clearOfBoxes(v, QRectF(at.x() - 15, at.y() - 11, 30, 22))) return at;
    }
    return a + (b - a) * std::min(share, 0.5);
}

/// Draws a message and registers its envelope as a clickable object, so its contents open in the Inspector.
void envelope(NcclView& v, QPointF a, QPointF b, const QColor& color, const QString& label,
              const nccl::NcclEvent& message) {
    v.p.arrow(a, b, ScenePaint::tint(color, 110), 2, 1, Qt::SolidLine, 9);
    // Settled envelopes stop short of the box they reached, so they never cover its text.
    const QPointF at = envelopeAt(v, a, b, 0.1 + 0.75 * v.t);
    const QRectF env(at.x() - 13, at.y() - 9, 26, 18);
    v.p.box(env, v.p.theme.background, color, 2, 1.5);
    QPainterPath flap;
    flap.moveTo(env.topLeft());
    flap.lineTo(env.center().x(), env.center().y() + 1);
    flap.lineTo(env.topRight());
    v.p.p.setPen(QPen(color, 1.2));
    v.p.p.setBrush(Qt::NoBrush);
    v.p.p.drawPath(flap);
    v.p.object(env.adjusted(-3, -3, 3, 3), QString::fromStdString(nccl::messageId(message)));
    if (!label.isEmpty())
        v.p.tag(tagCentre(v, a, b, at, label), label, ScenePaint::tint(color, 220), v.p.theme.background,
                NcclLayout::kLabelPx);
}

/// Draws one typed message; `label` shows on small n only (large n would be unreadable).
struct MessageDrawer {
    NcclView& v;
    bool labels;

    void operator()(const nccl::ExtInfoSent& m) const {
        const QPointF from = v.rankEnd(m.src, v.rootRect(m.root).center());
        const bool stale = m.what == nccl::CheckIn::BadMagic;
        const QColor c = stale || m.outcome != nccl::Outcome::Accepted ? v.p.theme.bad : v.p.theme.accent;
        const QPointF to = rootEnd(v, m.root, from);
        envelope(v, v.rankEnd(m.src, to), to, c,
                 labels ? (stale ? NcclRenderer::tr("wrong magic") : NcclRenderer::tr("extInfo")) : QString(), m);
    }
    void operator()(const nccl::NextAddrSent& m) const {
        const QPointF to = v.rankEnd(m.dst, v.rootRect(m.root).center());
        const QPointF from = rootEnd(v, m.root, to);
        envelope(v, from, v.rankEnd(m.dst, from), v.p.theme.accent2,
                 labels ? NcclRenderer::tr("addr of %1").arg(m.peer) : QString(), m);
    }
    void operator()(const nccl::RingConnected& m) const {
        const QPointF a = v.rankEnd(m.src, v.rankCentre(m.dst)), b = v.rankEnd(m.dst, v.rankCentre(m.src));
        envelope(v, a, b, v.p.theme.good, labels ? NcclRenderer::tr("connect") : QString(), m);
    }
    void operator()(const nccl::AllGatherSent& m) const {
        const QPointF a = v.rankEnd(m.src, v.rankCentre(m.dst)), b = v.rankEnd(m.dst, v.rankCentre(m.src));
        envelope(v, a, b, v.roundColor(m.round), labels ? NcclRenderer::tr("slice %1").arg(m.slice) : QString(), m);
    }
    void operator()(const nccl::MessageBatch& b) const {
        // A macro-step: draw the messages of the selected rank's neighbourhood (all of them for small n).
        const int n = v.n();
        const bool all = n <= NcclRenderer::kDetailedRanks;
        const int from = all ? 0 : v.selected - 1, to = all ? n - 1 : v.selected + 1;
        for (int i = from; i <= to; ++i) {
            const int r = nccl::wrap(i, n);
            const int root = v.engine.world().rootOf(r);
            if (b.root >= 0 && root != b.root) continue;
            switch (b.kind) {
                case nccl::MessageKind::ExtInfo:
                    (*this)(nccl::ExtInfoSent{
                        .src = r, .root = root, .reportedNranks = n, .outcome = b.outcome, .infoRank = r});
                    break;
                case nccl::MessageKind::NextAddr:
                    (*this)(nccl::NextAddrSent{.dst = r, .peer = (r + 1) % n, .root = root});
                    break;
                case nccl::MessageKind::RingConnect:
                    (*this)(nccl::RingConnected{.src = r, .dst = (r + 1) % n});
                    break;
                case nccl::MessageKind::AllGather: {
                    // Round i: slice r − i goes to next; in 2.30 also slice r + i to prev
                    // (NCCL src/bootstrap.cc, socketRingAllGather). A span of rounds shows its last.
                    const int round = b.lastRound();
                    (*this)(nccl::AllGatherSent{.src = r,
                                                .dst = (r + 1) % n,
                                                .round = round,
                                                .slice = nccl::wrap(r - round, n),
                                                .payload = b.payload});
                    if (b.payload == nccl::Payload::RingInfo && !b.oneWay && !nccl::roundIsOneWay(round, n))
                        (*this)(nccl::AllGatherSent{.src = r,
                                                    .dst = nccl::wrap(r - 1, n),
                                                    .round = round,
                                                    .slice = (r + round) % n,
                                                    .direction = nccl::Direction::Prev,
                                                    .payload = b.payload});
                    break;
                }
                case nccl::MessageKind::BadMagic:
                    break;
            }
        }
    }
    template <typename Other>
    void operator()(const Other&) const {}
};

}  // namespace

void paintRoots(NcclView& v) {
    const auto& world = v.engine.world();
    const int shown = std::min(v.nroots(), 4);
    for (int k = 0; k < shown; ++k) {
        const int root = k == shown - 1 ? v.nroots() - 1 : k;
        const QRectF box = v.rootRect(root);
        const nccl::RootState& state = v.engine.root(root);
        if (state.status == nccl::RootStatus::NotStarted) {
            // No root thread exists yet (NCCL_COMM_ID: rank 0 starts it in ncclCommInitRank) or ever
            // (ncclGetUniqueId failed), so no box: only a note where it would be.
            const bool failed = world.idFailed();
            QRectF line(box.center().x() - 170, box.center().y() - 24, 340, 24);
            v.p.text(line, failed ? NcclRenderer::tr("no root thread") : NcclRenderer::tr("no root thread yet"),
                     NcclLayout::kHeadingPx, failed ? v.p.theme.bad : v.p.theme.mutedText,
                     Qt::AlignHCenter | Qt::AlignBottom, true);
            line.translate(0, 26);
            v.p.text(line,
                     failed ? NcclRenderer::tr("ncclGetUniqueId failed")
                            : NcclRenderer::tr("rank 0 starts it in ncclCommInitRank"),
                     NcclLayout::kLabelPx, v.p.theme.mutedText, Qt::AlignHCenter | Qt::AlignTop);
            continue;
        }
        const bool stopped = state.status == nccl::RootStatus::Stopped;
        v.p.box(box, ScenePaint::tint(v.p.theme.accent2, 35), stopped ? v.p.theme.bad : v.p.theme.accent2, 8, 2);
        v.p.object(box, v.nroots() > 1 ? QStringLiteral("root:%1").arg(root) : QStringLiteral("root"));
        // The root and where it stands readable at fit; which process runs it is detail.
        QRectF row = box.adjusted(8, 4, -8, 0);
        row.setHeight(23);
        const QString name = v.nroots() > 1 ? NcclRenderer::tr("root%1").arg(root) : NcclRenderer::tr("root thread");
        v.p.text(row, name, NcclLayout::kHeadingPx, v.p.theme.text, Qt::AlignCenter, true);
        row.translate(0, 23);
        const int expected = state.nrecv > 0 ? state.nrecv : nccl::nRankFromRoot(root, v.n(), v.nroots());
        v.p.text(row, NcclRenderer::tr("%1/%2 in · %3").arg(state.received).arg(expected).arg(rootStatus(state.status)),
                 NcclLayout::kLabelPx, stopped ? v.p.theme.bad : v.p.theme.text, Qt::AlignCenter);
        row.translate(0, 23);
        row.setHeight(18);
        v.p.detail(row,
                   v.nroots() > 1
                       ? NcclRenderer::tr("in rank %1's process").arg(world.rootHostRank(root))
                       : NcclRenderer::tr("bootstrapRoot in rank %1's process").arg(world.rootHostRank(root)),
                   NcclLayout::kDetailPx, v.p.theme.mutedText, Qt::AlignCenter);
    }
    if (v.nroots() > shown)
        v.p.text(QRectF(v.layout.centre.x() - 200, v.rootRect(shown - 1).bottom() + 4, 400, 22),
                 NcclRenderer::tr("… %1 roots in all").arg(v.nroots()), NcclLayout::kLabelPx, v.p.theme.mutedText,
                 Qt::AlignCenter);
}

void paintMessages(NcclView& v) {
    const int singles = int(std::count_if(v.events.begin(), v.events.end(), [](const nccl::NcclEvent& e) {
        return !std::holds_alternative<nccl::MessageBatch>(e);
    }));
    const bool labels = v.n() <= 16 && singles <= 4;
    int drawn = 0;
    for (const auto& event : v.events) {
        // A big step's singles are drawn for the first 256 only; the band shows the rest.
        if (!std::holds_alternative<nccl::MessageBatch>(event) && ++drawn > 256) continue;
        std::visit(MessageDrawer{v, labels}, event);
    }
}

}  // namespace commviz::views
