// Above 64 ranks: the ring as a density band (each arc segment coloured by how
// far its ranks have got in the current phase), and the selected rank with its
// two neighbours drawn in detail inside the circle. O(n) per paint, never n².

#include <QFontMetricsF>
#include <QtMath>
#include <algorithm>
#include <cmath>

#include "nccl/bootstrap_math.h"
#include "nccl/bootstrap_scene/nccl_renderer.h"
#include "nccl/bootstrap_scene/nccl_view.h"

namespace commviz::views {

namespace {

constexpr int kSegments = 720;
constexpr double kBandWidth = 36;

/// Ranks between ticks: n/8 when that is whole (16384 at 131,072), else the first 1, 2 or
/// 5 × 10^k at least n/8, so ticks fall on round numbers (20000 at 131,071).
int tickStep(int n) {
    if (n % 8 == 0) return n / 8;
    for (int scale = 1;; scale *= 10)
        for (int m : {1, 2, 5})
            if (m * scale * 8 >= n) return m * scale;
}

/// 0..1: how far rank r has got in the phase the engine is in.
double rankProgress(const NcclView& v, int r) {
    using nccl::Phase;
    switch (v.engine.phase()) {
        case Phase::UniqueId:
        case Phase::Distribute:
            return 0;
        case Phase::CheckIn:
            return (v.engine.checkedIn(r) ? 0.5 : 0) + (v.engine.gotReply(r) ? 0.5 : 0);
        case Phase::RingConnect:
            return v.engine.ringConnected(r) ? 1 : 0;
        case Phase::AllGather:
            return double(v.known(r).count()) / v.n();
        case Phase::Init:
        case Phase::Finished:
            return v.engine.failed(r) || !v.engine.started(r) ? 0 : 1;
    }
    return 0;
}

void paintSegments(NcclView& v) {
    const int n = v.n();
    const int segments = std::min(n, kSegments);
    const QRectF circle(v.layout.centre.x() - v.layout.radius, v.layout.centre.y() - v.layout.radius,
                        2 * v.layout.radius, 2 * v.layout.radius);
    const QColor empty = v.p.theme.panel;
    const QColor full = v.p.theme.accent;
    v.p.p.setBrush(Qt::NoBrush);
    for (int s = 0; s < segments; ++s) {
        const int first = int(std::int64_t(s) * n / segments), last = int(std::int64_t(s + 1) * n / segments);
        double sum = 0;
        bool bad = false;
        for (int r = first; r < last; ++r) {
            sum += rankProgress(v, r);
            bad = bad || r == v.engine.config().missing_rank || v.engine.failed(r);
        }
        const double f = last > first ? sum / (last - first) : 0;
        QColor c = bad ? v.p.theme.bad
                       : QColor::fromRgbF(empty.redF() + (full.redF() - empty.redF()) * f,
                                          empty.greenF() + (full.greenF() - empty.greenF()) * f,
                                          empty.blueF() + (full.blueF() - empty.blueF()) * f);
        v.p.p.setPen(QPen(c, kBandWidth, Qt::SolidLine, Qt::FlatCap));
        // Qt angles: 1/16 degree, counter-clockwise from 3 o'clock; ranks run clockwise from 12.
        const double startDeg = 90.0 - 360.0 * s / segments;
        const double spanDeg = -360.0 / segments;
        v.p.p.drawArc(circle, int(std::lround(startDeg * 16)), int(std::floor(spanDeg * 16)));
    }
    // Once the ring is closed its persistent connections run all the way round.
    if (v.engine.phase() >= nccl::Phase::AllGather) {
        v.p.p.setPen(QPen(v.p.theme.accent2, 2));
        v.p.p.drawEllipse(v.layout.centre, v.layout.radius - kBandWidth / 2 - 4, v.layout.radius - kBandWidth / 2 - 4);
    }
    // Ticks every n/8 ranks (or a round step near it), so positions can be read.
    // Each label stands off the band by its own half-extent along the radius, so a wide
    // number at 3 or 9 o'clock ("12288") keeps the same air as a short one at 12.
    const QFontMetricsF metrics(ScenePaint::font(NcclLayout::kLabelPx));
    const int step = tickStep(n);
    for (int r = 0; r < n && (r == 0 || n - r >= step / 2); r += step) {
        const QString label = QString::number(r);
        const double angle = 2 * M_PI * double(r) / n;
        const double halfW = metrics.horizontalAdvance(label) / 2, halfH = 11;
        const double standOff = std::abs(std::sin(angle)) * halfW + std::abs(std::cos(angle)) * halfH;
        const QPointF at = v.rankPoint(r, v.layout.radius + kBandWidth / 2 + 6 + standOff);
        v.p.text(QRectF(at.x() - halfW - 4, at.y() - halfH, 2 * halfW + 8, 2 * halfH), label, NcclLayout::kLabelPx,
                 v.p.theme.mutedText, Qt::AlignCenter);
    }
}

void paintDetailRank(NcclView& v, int r, const QRectF& box, const QString& role) {
    if (box.isEmpty()) return;  // a pane too small for the neighbours shows the selected rank only
    const auto& world = v.engine.world();
    const bool missing = r == v.engine.config().missing_rank;
    const QColor border = missing || v.engine.failed(r) ? v.p.theme.bad
                          : r == v.selected             ? v.p.theme.accent
                                                        : v.p.theme.panelBorder;
    v.p.box(box, v.p.theme.panel, border, 6, r == v.selected ? 2.5 : 1, missing ? Qt::DashLine : Qt::SolidLine);
    v.p.object(box, QStringLiteral("rank:%1").arg(r));
    // Wide boxes: rank and role on a line, what it knows (one or two lines), then process and socket as detail.
    // Narrow ones (a pane of the side-by-side view): rank, role, count, one to a line.
    const bool wide = box.width() >= kWideRankBox;
    const int known = v.engine.started(r) ? v.known(r).count() : 0;
    QRectF row = box.adjusted(7, 3, -7, 0);
    row.setHeight(22);
    const QString name = NcclRenderer::tr("rank %1").arg(r);
    double namePx = NcclLayout::kHeadingPx;
    if (wide) {  // a six-digit rank and the role share the line: the name shrinks to leave the role its room
        const double room =
            row.width() - QFontMetricsF(ScenePaint::font(NcclLayout::kLabelPx)).horizontalAdvance(role) - 8;
        const double width = QFontMetricsF(ScenePaint::font(namePx, true)).horizontalAdvance(name);
        if (width > room) namePx = std::max<double>(NcclLayout::kLabelPx, namePx * room / width);
    }
    v.p.text(row, name, namePx, v.p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
    if (!wide) row.translate(0, 21);
    v.p.text(row, role, NcclLayout::kLabelPx, v.p.theme.mutedText,
             wide ? Qt::AlignRight | Qt::AlignVCenter : Qt::AlignLeft | Qt::AlignVCenter);
    row.translate(0, 22);
    if (wide) {
        row.setHeight(42);  // two lines when the count is long
        v.p.wrapped(row, NcclRenderer::tr("knows %1 of %2 addresses").arg(known).arg(v.n()), NcclLayout::kLabelPx,
                    v.p.theme.text, false, NcclLayout::kLabelPx);
        row.translate(0, 42);
        row.setHeight(17);
        const auto place = world.topology.placement(r);
        v.p.detail(row, NcclRenderer::tr("GPU %1 · node %2").arg(place.gpu).arg(place.node), NcclLayout::kDetailPx,
                   v.p.theme.mutedText);
        row.translate(0, 16);
        if (v.engine.started(r))  // its listen socket exists from ncclCommInitRank on
            v.p.detail(row, QString::fromStdString(world.listenAddress(r)), NcclLayout::kDetailPx, v.p.theme.text,
                       Qt::AlignLeft | Qt::AlignVCenter, false, true);
    } else {
        v.p.text(row, QStringLiteral("%1/%2").arg(known).arg(v.n()), NcclLayout::kLabelPx, v.p.theme.text);
    }
    // A leader line from the box to the rank's place on the band.
    v.p.p.setPen(QPen(ScenePaint::tint(border, 160), 1, Qt::DashLine));
    v.p.p.drawLine(QPointF(box.center().x(), box.top()), v.rankPoint(r, v.layout.radius - kBandWidth / 2));
}

}  // namespace

int bandRankAt(const NcclLayout& layout, int n, const QPointF& at) {
    const QPointF d = at - layout.centre;
    const double distance = std::hypot(d.x(), d.y());
    // The band and a little either side of it, so a click need not be exact.
    if (n <= 0 || std::abs(distance - layout.radius) > kBandWidth / 2 + 8) return -1;
    // Rank 0 sits at 12 o'clock and ranks run clockwise (NcclView::rankPoint).
    double turn = std::atan2(d.x(), -d.y()) / (2 * M_PI);
    if (turn < 0) turn += 1;
    return int(std::lround(turn * n)) % n;
}

void paintBand(NcclView& v) {
    paintSegments(v);
    const int n = v.n();
    const int r = v.selected;
    const int prev = nccl::wrap(r - 1, n), next = (r + 1) % n;
    paintDetailRank(v, prev, v.rankBox(prev), NcclRenderer::tr("prev"));
    paintDetailRank(v, r, v.rankBox(r), NcclRenderer::tr("selected"));
    paintDetailRank(v, next, v.rankBox(next), NcclRenderer::tr("next"));
    // What the band means, under the boxes while the circle has room for it (not in a side-by-side pane).
    if (v.rankBox(prev).isEmpty()) return;
    const QRectF below = v.rankBox(r);
    const double inner = v.layout.radius - kBandWidth / 2 - 8,
                 noteBottom = below.bottom() + 8 + 76 - v.layout.centre.y();
    if (noteBottom >= inner) return;
    const double noteW = std::min(540.0, 2 * std::sqrt(inner * inner - noteBottom * noteBottom) - 16);
    v.p.wrapped(QRectF(v.layout.centre.x() - noteW / 2, below.bottom() + 8, noteW, 76),
                NcclRenderer::tr("%1 ranks, aggregated: the band colours each arc by how far its ranks have got in "
                                 "this phase. Below the root: the selected rank (rank 0 unless another is picked) "
                                 "and its neighbours.")
                    .arg(n),
                NcclLayout::kLabelPx, v.p.theme.mutedText, false, NcclLayout::kLabelPx);
}

}  // namespace commviz::views
