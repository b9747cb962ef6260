#pragma once

// Drawing helpers of the "Why RDMA" painters: fonts in logical pixels (the
// family is left to the platform so CJK text falls back cleanly), boxes, text
// that never overflows its rectangle, arrows, and the list of clickable objects.

#include <QColor>
#include <QPainter>
#include <QRectF>
#include <QString>
#include <vector>

#include "shell/scene_renderer.h"

namespace commviz::views {

struct WhyPaint {
    QPainter& p;
    const RenderState& state;
    const Theme& theme;
    std::vector<HitRegion>& hits;

    WhyPaint(QPainter& painter, const RenderState& s, std::vector<HitRegion>& h)
        : p(painter), state(s), theme(s.theme), hits(h) {}

    static QFont font(double px, bool bold = false);
    /// A clickable object, topmost last.
    void object(const QRectF& rect, const QString& id) { hits.push_back({rect, id}); }
    void box(const QRectF& rect, const QColor& fill, const QColor& border, double radius = 6, double width = 1,
             Qt::PenStyle style = Qt::SolidLine);
    /// Text clipped to `rect` with an ellipsis; returns the width used.
    double text(const QRectF& rect, const QString& text, double px, const QColor& color,
                Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter, bool bold = false);
    /// Word-wrapped text inside `rect` (shrinks the font down to 11 px if it does not fit).
    void wrapped(const QRectF& rect, const QString& text, double px, const QColor& color, bool bold = false);
    /// An arrow from `a` to `b`, drawn up to `t` (0..1) of its length.
    void arrow(QPointF a, QPointF b, const QColor& color, double width = 3, double t = 1,
               Qt::PenStyle style = Qt::SolidLine);
    /// A small rounded label with a coloured background, centred on `centre`.
    void tag(const QPointF& centre, const QString& text, const QColor& fill, const QColor& ink, double px = 12);
    /// The lightning mark of a hardware interrupt.
    void lightning(const QPointF& centre, double size, const QColor& color);
    /// Two curved arrows chasing each other: the scheduler switching tasks.
    void contextSwitch(const QPointF& centre, double radius, const QColor& color);
    QColor tint(const QColor& c, int alpha) const;
    /// Halos for lesson highlights and the selection, drawn over everything.
    void drawHalos();
};

}  // namespace commviz::views
