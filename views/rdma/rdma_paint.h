#pragma once

// The RDMA painters' additions to the shared paint kit (shell/scene_paint.h):
// named anchors the step animation points at, the objects the step touched,
// and numbered badges for the stages of a work request.

#include <QHash>
#include <QRectF>
#include <QSet>
#include <QString>
#include <vector>

#include "shell/scene_paint.h"

namespace commviz::views {

struct RdmaPaint : ScenePaint {
    /// Text sizes in logical units. The scene is 1400 × 1000; at "fit" in the
    /// default window of a 1600 × 1000 screen (a 1000 × 713 canvas) a unit is
    /// 0.713 px, so labels of 16 units come out at 11.4 px, above 8 pt (10.67 px
    /// at 96 dpi). Detail text is smaller and appears once zoomed in.
    static constexpr double kTitlePx = 20;    ///< scene title, host names
    static constexpr double kHeadingPx = 18;  ///< queue names, the QP, the wire
    static constexpr double kLabelPx = 16;    ///< section titles, counts, states, opcodes
    static constexpr double kDetailPx = 12;   ///< readable from zoom 1.25
    static constexpr double kFinePx = 10;     ///< slot numbers, byte values: readable from zoom 1.5
    static constexpr double kBadgeRadius = 12;

    QHash<QString, QRectF>& anchors;  ///< object id (or "A#driver"-style part) → where it is drawn
    QSet<QString> touched;            ///< objects the step's events are about: drawn glowing

    RdmaPaint(QPainter& painter, const RenderState& s, std::vector<HitRegion>& h, QHash<QString, QRectF>& a)
        : ScenePaint(painter, s, h), anchors(a) {}

    /// A clickable object: records its hit region and anchor.
    void object(const QRectF& rect, const QString& id);
    /// A named place the step animation can point at (not clickable).
    void anchor(const QRectF& rect, const QString& id) { anchors.insert(id, rect); }
    bool isTouched(const QString& id) const { return touched.contains(id); }

    /// A numbered circle marking a stage: (1) WR posted … (4) WC returned.
    void numberBadge(const QPointF& centre, int number, bool active);
};

/// Short names used inside small boxes: "SEND", "WRITE_IMM", "CAS", …
QString shortOpcode(const std::string& verbsName);

}  // namespace commviz::views
