#include "rdma_vs_socket/why_rdma_paint.h"

#include <QFontMetricsF>
#include <QPainterPath>
#include <QtMath>

namespace commviz::views {

QFont WhyPaint::font(double px, bool bold) {
    QFont f;  // application default: resolves to Noto Sans / Noto Sans CJK on Debian
    f.setPixelSize(std::max(1, int(px + 0.5)));
    f.setBold(bold);
    return f;
}

void WhyPaint::box(const QRectF& rect, const QColor& fill, const QColor& border, double radius, double width,
                   Qt::PenStyle style) {
    p.save();
    p.setPen(border.isValid() ? QPen(border, width, style) : QPen(Qt::NoPen));
    p.setBrush(fill.isValid() ? QBrush(fill) : QBrush(Qt::NoBrush));
    p.drawRoundedRect(rect, radius, radius);
    p.restore();
}

double WhyPaint::text(const QRectF& rect, const QString& s, double px, const QColor& color, Qt::Alignment align,
                      bool bold) {
    const QFont f = font(px, bold);
    const QFontMetricsF metrics(f);
    const QString shown = metrics.elidedText(s, Qt::ElideRight, rect.width());
    p.save();
    p.setFont(f);
    p.setPen(color);
    p.drawText(rect, int(align) | Qt::TextSingleLine, shown);
    p.restore();
    return std::min(rect.width(), metrics.horizontalAdvance(shown));
}

void WhyPaint::wrapped(const QRectF& rect, const QString& s, double px, const QColor& color, bool bold) {
    QFont f = font(px, bold);
    const int flags = Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap;
    while (px > 11 && QFontMetricsF(f).boundingRect(rect, flags, s).height() > rect.height()) {
        px -= 1;
        f = font(px, bold);
    }
    p.save();
    p.setFont(f);
    p.setPen(color);
    p.setClipRect(rect);
    p.drawText(rect, flags, s);
    p.restore();
}

void WhyPaint::arrow(QPointF a, QPointF b, const QColor& color, double width, double t, Qt::PenStyle style) {
    t = std::clamp(t, 0.0, 1.0);
    if (t <= 0) return;
    const QPointF end = a + (b - a) * t;
    const QLineF line(a, end);
    if (line.length() < 1) return;
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(color, width, style, Qt::RoundCap));
    const double head = 6 + 2 * width;
    const QLineF shaft(a, end - (end - a) / line.length() * head * 0.6);
    p.drawLine(shaft);
    const double angle = qDegreesToRadians(line.angle());
    const QPointF back(-std::cos(angle), std::sin(angle));  // unit vector pointing from end back to a
    const QPointF side(back.y(), -back.x());
    QPolygonF tip{end, end + back * head + side * head * 0.5, end + back * head - side * head * 0.5};
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    p.drawPolygon(tip);
    p.restore();
}

void WhyPaint::tag(const QPointF& centre, const QString& s, const QColor& fill, const QColor& ink, double px) {
    const QFont f = font(px, true);
    const QFontMetricsF metrics(f);
    const double w = metrics.horizontalAdvance(s) + 14;
    const double h = metrics.height() + 6;
    const QRectF r(centre.x() - w / 2, centre.y() - h / 2, w, h);
    box(r, fill, QColor(), h / 2);
    p.save();
    p.setFont(f);
    p.setPen(ink);
    p.drawText(r, Qt::AlignCenter | Qt::TextSingleLine, s);
    p.restore();
}

void WhyPaint::lightning(const QPointF& c, double s, const QColor& color) {
    // A zig-zag bolt, the usual mark for an IRQ in kernel diagrams.
    QPolygonF bolt{c + QPointF(0.15 * s, -0.5 * s), c + QPointF(-0.25 * s, 0.05 * s), c + QPointF(0.0, 0.05 * s),
                   c + QPointF(-0.15 * s, 0.5 * s), c + QPointF(0.25 * s, -0.08 * s), c + QPointF(0.0, -0.08 * s)};
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(theme.text, 1.2));
    p.setBrush(color);
    p.drawPolygon(bolt);
    p.restore();
}

void WhyPaint::contextSwitch(const QPointF& c, double r, const QColor& color) {
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(color, 3, Qt::SolidLine, Qt::RoundCap));
    const QRectF circle(c.x() - r, c.y() - r, 2 * r, 2 * r);
    p.drawArc(circle, 30 * 16, 130 * 16);
    p.drawArc(circle, 210 * 16, 130 * 16);
    p.restore();
    // Arrow heads at the ends of both arcs (160° and 340°), pointing anticlockwise.
    for (double deg : {160.0, 340.0}) {
        const double a = qDegreesToRadians(deg);
        const QPointF at(c.x() + r * std::cos(a), c.y() - r * std::sin(a));
        const QPointF tangent(-std::sin(a), -std::cos(a));  // anticlockwise on screen
        arrow(at - tangent * 6, at + tangent * 4, color, 3);
    }
}

QColor WhyPaint::tint(const QColor& c, int alpha) const {
    QColor t = c;
    t.setAlpha(alpha);
    return t;
}

void WhyPaint::drawHalos() {
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setBrush(Qt::NoBrush);
    for (const auto& hit : hits) {
        const bool highlighted = state.highlights.contains(hit.objectId);
        const bool selected = !state.selected.isEmpty() && hit.objectId == state.selected;
        if (!highlighted && !selected) continue;
        if (highlighted) {
            p.setPen(QPen(tint(theme.highlight, 220), 6));
            p.drawRoundedRect(hit.rect.adjusted(-4, -4, 4, 4), 8, 8);
        }
        if (selected) {
            p.setPen(QPen(theme.selection, 2.5, Qt::DashLine));
            p.drawRoundedRect(hit.rect.adjusted(-3, -3, 3, 3), 7, 7);
        }
    }
    p.restore();
}

}  // namespace commviz::views
