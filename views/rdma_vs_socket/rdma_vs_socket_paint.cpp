#include "rdma_vs_socket/rdma_vs_socket_paint.h"

#include <QPolygonF>
#include <QtMath>

namespace commviz::views {

void RdmaVsSocketPaint::lightning(const QPointF& c, double s, const QColor& color) {
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

void RdmaVsSocketPaint::contextSwitch(const QPointF& c, double r, const QColor& color) {
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

}  // namespace commviz::views
