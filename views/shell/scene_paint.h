#pragma once

// The paint kit every scene renderer draws with: fonts in logical pixels (the
// family is left to the platform so CJK text falls back cleanly), boxes, text
// that never overflows its rectangle, arrows with heads, tints, tags, the list
// of clickable objects and the halos of lesson highlights and the selection.
// A scene's own helper (RdmaPaint, RdmaVsSocketPaint) derives from it and adds only
// what is particular to that scene.

#include <QColor>
#include <QFont>
#include <QPainter>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <vector>

#include "shell/scene_renderer.h"

namespace commviz::views {

struct ScenePaint {
    QPainter& p;
    const RenderState& state;
    const Theme& theme;
    std::vector<HitRegion>& hits;

    ScenePaint(QPainter& painter, const RenderState& s, std::vector<HitRegion>& h)
        : p(painter), state(s), theme(s.theme), hits(h) {}

    /// The application font at `px` logical pixels; `mono` asks for a monospace family.
    static QFont font(double px, bool bold = false, bool mono = false);
    /// A clickable object, topmost last.
    void object(const QRectF& rect, const QString& id);

    void box(const QRectF& rect, const QColor& fill, const QColor& border, double radius = 6, double width = 1,
             Qt::PenStyle style = Qt::SolidLine);
    /// Text clipped to `rect` with an ellipsis; returns the width used.
    /// Text that carries the scene's meaning: the layout keeps it readable at "fit".
    double text(const QRectF& rect, const QString& text, double px, const QColor& color,
                Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter, bool bold = false, bool mono = false);
    /// Detail text (slot numbers, owner marks, byte values, sub-lines, legends):
    /// drawn like text() only when readable (see readable()); returns 0 otherwise.
    double detail(const QRectF& rect, const QString& text, double px, const QColor& color,
                  Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter, bool bold = false, bool mono = false);
    /// True when text of `px` logical units comes out at least readablePixels()
    /// on the target at the painter's current transform, or all detail is asked for.
    bool readable(double px) const;
    /// Target pixels per logical unit now: the world transform's scale, times the
    /// device pixel ratio when an image's own pixels count (a raster export).
    double targetScale() const;
    /// 8 pt in target pixels, converted with the paint device's logical DPI.
    double readablePixels() const;
    static constexpr double kReadablePoints = 8;

    /// Word-wrapped text inside `rect` (shrinks the font down to `minPx` if it does not fit).
    void wrapped(const QRectF& rect, const QString& text, double px, const QColor& color, bool bold = false,
                 double minPx = 11);
    /// A figure's caption in `rect`: `full` when it fits at `minPx` or more,
    /// else `summary`, else the summary's leading whole sentences (fitCaption).
    void caption(const QRectF& rect, const QString& full, const QString& summary, double px, const QColor& color,
                 double minPx);
    /// A small rounded label with a coloured background, centred on `centre`.
    void tag(const QPointF& centre, const QString& text, const QColor& fill, const QColor& ink, double px = 12);

    /// A filled triangular head whose tip is at `tip`, pointing along
    /// `direction`: `length` long, 2 × `halfWidth` wide (default length / 2).
    void arrowHead(const QPointF& tip, const QPointF& direction, double length, const QColor& color,
                   double halfWidth = -1);
    /// A straight arrow from `a` to `b`, drawn up to `t` (0..1) of its length,
    /// with a head of `head` units (0: 6 + 2 × width).
    void arrow(QPointF a, QPointF b, const QColor& color, double width = 3, double t = 1,
               Qt::PenStyle style = Qt::SolidLine, double head = 0);

    /// Tinted copy of a colour for fills.
    static QColor tint(const QColor& c, int alpha);
    /// Halos for lesson highlights and the selection, drawn over everything.
    void drawHalos(Qt::PenStyle selectionStyle = Qt::SolidLine);

protected:
    /// Draws `shown` with the painter's current font in `rect` and records it (RenderState::drawnTexts).
    void drawRecorded(const QRectF& rect, int flags, const QString& shown, const QFont& font, bool elided = false);
};

}  // namespace commviz::views
