#include "noc/noc_heatmap.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <algorithm>
#include <cmath>

#include "noc/noc_engine.h"
#include "noc/noc_layout.h"
#include "noc/noc_legend_flow.h"
#include "shell/scene_paint.h"
#include "sim/session_access.h"

namespace commviz::views {

void NocHeatmapSettings::setWindow(int cycles) {
    cycles = std::max(1, cycles);
    if (cycles == m_window) return;
    m_window = cycles;
    emit windowChanged(cycles);
}

void NocHeatmapSettings::publish(NocHeatmapMode mode, const noc::NocWindowStats& stats, int selectedRouter) {
    m_mode = mode;
    m_stats = stats;
    m_selected = selectedRouter;
    emit published();
}

NocHeatmapMode NocHeatmap::modeOf(const QStringList& options, std::optional<int>* window) {
    NocHeatmapMode mode = NocHeatmapMode::Off;
    for (const QString& option : options) {  // in the order they were switched on: the last wins
        const QString id = option.section(QLatin1Char('='), 0, 0);
        NocHeatmapMode m = NocHeatmapMode::Off;
        if (id == QLatin1String(kLinks)) m = NocHeatmapMode::Links;
        if (id == QLatin1String(kBuffers)) m = NocHeatmapMode::Buffers;
        if (id == QLatin1String(kStalls)) m = NocHeatmapMode::Stalls;
        if (m == NocHeatmapMode::Off) continue;
        mode = m;
        bool ok = false;
        const int n = option.section(QLatin1Char('='), 1).toInt(&ok);
        if (window && ok && n > 0) *window = n;
    }
    return mode;
}

QString NocHeatmap::modeName(NocHeatmapMode mode) {
    switch (mode) {
        case NocHeatmapMode::Links:
            return tr("Link utilisation");
        case NocHeatmapMode::Buffers:
            return tr("Buffer occupancy");
        case NocHeatmapMode::Stalls:
            return tr("Stalled VCs");
        case NocHeatmapMode::Off:
            break;
    }
    return tr("No heatmap");
}

QString NocHeatmap::unit(NocHeatmapMode mode) {
    switch (mode) {
        case NocHeatmapMode::Links:
            return tr("flits/cycle per link");
        case NocHeatmapMode::Buffers:
            return tr("mean flits buffered per input port");
        case NocHeatmapMode::Stalls:
            return tr("mean stalled VCs per input port");
        case NocHeatmapMode::Off:
            break;
    }
    return {};
}

QColor NocHeatmap::colour(double t) {
    // ColorBrewer YlOrRd: ordered by lightness, so it reads in greyscale print too.
    static const QColor stops[] = {QColor(0xff, 0xff, 0xcc), QColor(0xfe, 0xd9, 0x76), QColor(0xfd, 0x8d, 0x3c),
                                   QColor(0xe3, 0x1a, 0x1c), QColor(0x80, 0x00, 0x26)};
    t = std::clamp(t, 0.0, 1.0) * 4;
    const int i = std::min(3, int(t));
    const double f = t - i;
    const QColor& a = stops[i];
    const QColor& b = stops[i + 1];
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * f),
                            float(a.greenF() + (b.greenF() - a.greenF()) * f),
                            float(a.blueF() + (b.blueF() - a.blueF()) * f));
}

double NocHeatmap::scaleMax(double largest) {
    if (!(largest > 0)) return 1;
    const double decade = std::pow(10, std::floor(std::log10(largest)));
    for (double step : {1.0, 2.0, 5.0, 10.0})
        if (largest <= step * decade * (1 + 1e-9)) return step * decade;
    return 10 * decade;
}

double NocHeatmap::value(NocHeatmapMode mode, const noc::NocWindowStats& stats, int router, int port) {
    switch (mode) {
        case NocHeatmapMode::Links:
            return port < 0 ? 0 : stats.linkUtilisation(router, port);
        case NocHeatmapMode::Buffers:
            return stats.meanBuffered(router, port);
        case NocHeatmapMode::Stalls:
            return stats.meanStalledVcs(router, port);
        case NocHeatmapMode::Off:
            break;
    }
    return 0;
}

std::optional<noc::NocWindowStats> NocHeatmap::compute(const sim::Session* session, int window) {
    const auto access = sim::SessionAccess<noc::NocEngine>::of(session);
    if (!access || access->cursor() == 0) return std::nullopt;
    const std::size_t last = access->cursor();
    const std::size_t first = last >= std::size_t(window) ? last - std::size_t(window) + 1 : 1;
    return noc::windowStats(access->engine(), first, last, [&](std::size_t n) {
        const auto* events = access->events(n);
        return events ? std::span<const noc::NocEvent>(*events) : std::span<const noc::NocEvent>();
    });
}

double NocHeatmap::paint(ScenePaint& p, NocHeatmapMode mode, const noc::NocWindowStats& stats, const NocLayout& layout,
                         const noc::NocEngine& engine) {
    const noc::NocNetwork& net = engine.network();
    const int nodes = net.routers();
    const int ports = net.ports();
    double largest = 0;
    for (int r = 0; r < nodes; ++r)
        for (int port = 0; port < ports; ++port)
            if (mode != NocHeatmapMode::Links || net.neighbor(r, port) >= 0)
                largest = std::max(largest, value(mode, stats, r, port));
    const double top = scaleMax(largest);
    if (mode == NocHeatmapMode::Links) {
        // Each direction is its own line (offset to its side), so both are coloured.
        QPen pen(Qt::black, std::max(2.0, layout.routerSize() * 0.13));
        pen.setCapStyle(Qt::FlatCap);
        for (int r = 0; r < nodes; ++r)
            for (int port = 0; port < ports; ++port) {
                const int next = net.neighbor(r, port);
                if (next < 0) continue;
                const double v = value(mode, stats, r, port);
                if (v <= 0) continue;  // an idle link keeps its plain grey: unused, not merely light
                pen.setColor(colour(v / top));
                p.p.setPen(pen);
                const QPointF a = layout.linkStart(r, port), b = layout.linkEnd(r, port, next);
                p.p.drawLine(a, b);
                // The number beside its line, outside the pair (readable at this zoom only).
                const QPointF d = (b - a) / std::max(1e-9, QLineF(a, b).length());
                const QPointF mid = (a + b) / 2 + QPointF(-d.y(), d.x()) * (layout.routerSize() * 0.2);
                const double px = std::max(9.0, layout.routerSize() * 0.14);
                p.detail(QRectF(mid.x() - px * 2.5, mid.y() - px * 0.7, px * 5, px * 1.4), QString::number(v, 'f', 2),
                         px, p.theme.text, Qt::AlignCenter);
            }
        return top;
    }
    // Buffers and stalls: each input port's strip takes its value's colour.
    p.p.setPen(Qt::NoPen);
    for (int r = 0; r < nodes; ++r)
        for (int port = 0; port < ports; ++port)
            if (const double v = value(mode, stats, r, port); v > 0)
                p.p.fillRect(layout.inputStrip(r, port), colour(v / top));
    return top;
}

void NocHeatmap::paintLegend(ScenePaint& p, const QRectF& area, NocHeatmapMode mode, const noc::NocWindowStats& stats,
                             double top) {
    constexpr double kFont = 14;  // 8 pt at the scene's fit
    NocLegendFlow flow(area, 32);
    const QString name = modeName(mode);
    const QPointF at = flow.place(QFontMetricsF(ScenePaint::font(kFont, true)).horizontalAdvance(name) + 2, 12);
    p.text(QRectF(at.x(), at.y(), area.right() - at.x(), 16), name, kFont, p.theme.text,
           Qt::AlignLeft | Qt::AlignVCenter, true);
    const double barWidth = std::min(220.0, area.width() - 40);
    const QPointF barAt = flow.place(barWidth + 20, 14);
    const QRectF bar(barAt.x() + 10, barAt.y() + 1, barWidth, 12);
    QLinearGradient gradient(bar.topLeft(), bar.topRight());
    for (int i = 0; i <= 8; ++i) gradient.setColorAt(i / 8.0, colour(i / 8.0));
    p.p.setPen(QPen(p.theme.panelBorder, 1));
    p.p.setBrush(gradient);
    p.p.drawRect(bar);
    const auto number = [](double v) { return QString::number(v, 'g', 3); };
    const auto tick = [&](double x, const QString& text) {
        p.text(QRectF(x - 40, bar.bottom(), 80, 17), text, kFont - 1, p.theme.mutedText, Qt::AlignCenter);
    };
    tick(bar.left(), QStringLiteral("0"));
    tick(bar.center().x(), number(top / 2));
    tick(bar.right(), number(top));
    const QString unitText =
        tr("%1 — cycles %2–%3 (%4 cycles)").arg(unit(mode)).arg(stats.first).arg(stats.last).arg(stats.cycles());
    const QFontMetricsF metrics(ScenePaint::font(kFont));
    const QPointF unitAt = flow.place(metrics.horizontalAdvance(unitText) + 2, 0);
    const QRectF room(unitAt.x(), unitAt.y(), area.right() - unitAt.x(), area.bottom() - unitAt.y());
    const double needed = metrics.boundingRect(room, Qt::TextWordWrap, unitText).height();
    p.wrapped(QRectF(room.topLeft(), QSizeF(room.width(), std::clamp(needed, 16.0, std::max(16.0, room.height())))),
              unitText, kFont, p.theme.mutedText, false, kFont);
}

}  // namespace commviz::views
