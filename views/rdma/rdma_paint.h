#pragma once

// Shared drawing helpers of the RDMA painters: fonts in logical pixels (the
// family is left to the platform so CJK text falls back cleanly), boxes, text
// that never overflows its rectangle, and the registry of clickable objects.

#include <QColor>
#include <QHash>
#include <QPainter>
#include <QRectF>
#include <QSet>
#include <QString>
#include <vector>

#include "shell/scene_renderer.h"

namespace commviz::views {

struct RdmaPaint {
    QPainter& p;
    const RenderState& state;
    const Theme& theme;
    std::vector<HitRegion>& hits;
    QHash<QString, QRectF>& anchors;  ///< object id (or "A#driver"-style part) → where it is drawn
    QSet<QString> touched;            ///< objects the step's events are about: drawn glowing

    RdmaPaint(QPainter& painter, const RenderState& s, std::vector<HitRegion>& h, QHash<QString, QRectF>& a)
        : p(painter), state(s), theme(s.theme), hits(h), anchors(a) {}

    static QFont font(double px, bool bold = false, bool mono = false);
    /// A clickable object: records its hit region and anchor.
    void object(const QRectF& rect, const QString& id);
    /// A named place the step animation can point at (not clickable).
    void anchor(const QRectF& rect, const QString& id) { anchors.insert(id, rect); }
    bool isTouched(const QString& id) const { return touched.contains(id); }

    void box(const QRectF& rect, const QColor& fill, const QColor& border, double radius = 6, double width = 1);
    /// Text clipped to `rect` with an ellipsis; returns the width used.
    double text(const QRectF& rect, const QString& text, double px, const QColor& color,
                Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter, bool bold = false, bool mono = false);
    /// A numbered circle like the blog diagram's (1) WR posted … (4) WC returned.
    void numberBadge(const QPointF& centre, int number, bool active);
    /// Tinted copy of a colour for fills.
    QColor tint(const QColor& c, int alpha) const;
    /// Halos for lesson highlights and the selection, drawn over everything.
    void drawHalos();
};

/// Short names used inside small boxes: "SEND", "WRITE_IMM", "CAS", …
QString shortOpcode(const std::string& verbsName);

}  // namespace commviz::views
