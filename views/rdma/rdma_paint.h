#pragma once

// The RDMA painters' additions to the shared paint kit (shell/scene_paint.h):
// named anchors the step animation points at, the objects the step touched,
// and the numbered badges of the blog diagram.

#include <QHash>
#include <QRectF>
#include <QSet>
#include <QString>
#include <vector>

#include "shell/scene_paint.h"

namespace commviz::views {

struct RdmaPaint : ScenePaint {
    QHash<QString, QRectF>& anchors;  ///< object id (or "A#driver"-style part) → where it is drawn
    QSet<QString> touched;            ///< objects the step's events are about: drawn glowing

    RdmaPaint(QPainter& painter, const RenderState& s, std::vector<HitRegion>& h, QHash<QString, QRectF>& a)
        : ScenePaint(painter, s, h), anchors(a) {}

    /// A clickable object: records its hit region and anchor.
    void object(const QRectF& rect, const QString& id);
    /// A named place the step animation can point at (not clickable).
    void anchor(const QRectF& rect, const QString& id) { anchors.insert(id, rect); }
    bool isTouched(const QString& id) const { return touched.contains(id); }

    /// A numbered circle like the blog diagram's (1) WR posted … (4) WC returned.
    void numberBadge(const QPointF& centre, int number, bool active);
};

/// Short names used inside small boxes: "SEND", "WRITE_IMM", "CAS", …
QString shortOpcode(const std::string& verbsName);

}  // namespace commviz::views
