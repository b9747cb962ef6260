#include "rdma_vs_socket/rdma_vs_socket_counters_painter.h"

#include <QFontMetricsF>

#include "rdma_vs_socket/rdma_vs_socket_lane_painter.h"
#include "rdma_vs_socket/rdma_vs_socket_text.h"

namespace commviz::views {

using rdma_vs_socket::Lane;

double RdmaVsSocketCountersPainter::animatedClock() const {
    const double now = m_snap.engine->lane(m_lane).clock_ns;
    const auto* ev = m_snap.moved(m_lane);
    if (!ev || ev->def.setup) return now;
    return ev->start_ns + (ev->end_ns - ev->start_ns) * m_snap.t;
}

double RdmaVsSocketCountersPainter::clockScale() const {
    double scale = 1;
    for (Lane lane : {Lane::Socket, Lane::Verbs}) {
        double sum = 0;
        for (const auto& def : m_snap.engine->plan(lane)) sum += def.cost_ns;
        scale = std::max(scale, sum * m_snap.engine->config().messages);
    }
    return scale;
}

void RdmaVsSocketCountersPainter::cell(const QRectF& r, const QString& label, const QString& value, const QString& note,
                                       bool changed, bool zero) {
    const Theme& theme = m_p.theme;
    const QColor color = RdmaVsSocketLanePainter::laneColor(theme, m_lane);
    m_p.box(r, changed ? m_p.tint(color, 45) : theme.panel, changed ? color : theme.panelBorder, 8, changed ? 2.5 : 1);
    m_p.text(QRectF(r.left() + 10, r.top() + 4, r.width() - 20, 22), label, 15, theme.mutedText,
             Qt::AlignLeft | Qt::AlignVCenter);
    const QColor ink = changed ? color.darker(120) : zero ? theme.good.darker(110) : theme.text;
    // The number as big as fits: "13.3 µs" must not be elided.
    double px = 38;
    while (px > 18 && QFontMetricsF(RdmaVsSocketPaint::font(px, true)).horizontalAdvance(value) > r.width() - 20)
        px -= 2;
    m_p.text(QRectF(r.left() + 10, r.top() + 26, r.width() - 20, 46), value, px, ink, Qt::AlignLeft | Qt::AlignVCenter,
             true);
    if (!note.isEmpty())
        m_p.text(QRectF(r.left() + 10, r.bottom() - 26, r.width() - 20, 22), note, 15, theme.mutedText,
                 Qt::AlignLeft | Qt::AlignVCenter);
}

void RdmaVsSocketCountersPainter::paint() {
    const Theme& theme = m_p.theme;
    const auto& state = m_snap.engine->lane(m_lane);
    const auto& c = state.totals;
    const auto* ev = m_snap.moved(m_lane);
    const rdma_vs_socket::Counters none;
    const auto& d = ev && !ev->def.setup ? ev->def.delta : none;
    const QRectF panel = m_l.counters;
    m_p.text(QRectF(panel.left(), panel.top(), panel.width(), 24), tr("Per-message cost on this path"), 15, theme.text,
             Qt::AlignLeft | Qt::AlignVCenter, true);

    const double gap = 8, top = panel.top() + 30, h = 106;
    const double w = (panel.width() - 2 * gap) / 3;
    const auto at = [&](int i) { return QRectF(panel.left() + (i % 3) * (w + gap), top + (i / 3) * (h + gap), w, h); };
    const QString setupNote =
        m_lane == Lane::Verbs && state.setup.syscalls > 0 ? tr("+%1 at setup").arg(state.setup.syscalls) : QString();
    cell(at(0), tr("payload copies"), QString::number(c.copies), {}, d.copies > 0, c.copies == 0);
    cell(at(1), tr("syscalls"), QString::number(c.syscalls), setupNote, d.syscalls > 0, c.syscalls == 0);
    cell(at(2), tr("context switches"), QString::number(c.context_switches), {}, d.context_switches > 0,
         c.context_switches == 0);
    cell(at(3), tr("interrupts"), QString::number(c.interrupts), {}, d.interrupts > 0, c.interrupts == 0);
    cell(at(4), tr("CPU-copied bytes"), RdmaVsSocketText::bytes(double(c.cpu_copied_bytes)), {}, d.cpu_copied_bytes > 0,
         c.cpu_copied_bytes == 0);
    const double clock = animatedClock();
    cell(at(5), tr("elapsed"), RdmaVsSocketText::duration(clock), tr("illustrative time"), ev && !ev->def.setup, false);

    // The clock bar: both lanes use the same scale, so the verbs bar stays short.
    const double barTop = top + 2 * (h + gap) + 4;
    const QRectF bar(panel.left(), barTop + 42, panel.width(), 16);
    m_p.wrapped(QRectF(panel.left(), barTop, panel.width(), 40),
                tr("clock, same scale for both lanes (illustrative, not measured)"), 15, theme.mutedText, false, 15);
    m_p.box(bar, theme.panel, theme.panelBorder, 4);
    const double fraction = std::clamp(clock / clockScale(), 0.0, 1.0);
    if (fraction > 0)
        m_p.box(QRectF(bar.left(), bar.top(), std::max(4.0, bar.width() * fraction), bar.height()),
                RdmaVsSocketLanePainter::laneColor(theme, m_lane), QColor(), 4);
    m_p.text(QRectF(bar.left(), bar.bottom() + 2, bar.width(), 22), RdmaVsSocketText::duration(0), 15, theme.mutedText);
    m_p.text(QRectF(bar.left(), bar.bottom() + 2, bar.width(), 22), RdmaVsSocketText::duration(clockScale()), 15,
             theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
}

}  // namespace commviz::views
