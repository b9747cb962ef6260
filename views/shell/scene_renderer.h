#pragma once

#include <QPainter>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <vector>

#include "shell/theme.h"
#include "sim/session.h"

namespace commviz::views {

/// What a renderer needs to draw one moment of a scene.
struct RenderState {
    const sim::Session* session = nullptr;
    Theme theme = Theme::light();
    /// 0..1 through the animation of the step just taken (1 = settled).
    double progress = 1.0;
    QStringList highlights;  ///< object ids a lesson step points at
    QString selected;        ///< object id picked in the canvas or the inspector
};

/// A clickable object drawn in the last paint, in the renderer's logical coordinates.
struct HitRegion {
    QRectF rect;
    QString objectId;
};

/// Draws a scene straight into any QPainter: the on-screen canvas, a QImage at
/// 1x-3x, an SVG or a PDF. Drawing is in logical units inside `logicalSize()`,
/// scaled by the caller, so exports stay vector and the same at every size.
class SceneRenderer {
public:
    virtual ~SceneRenderer() = default;
    virtual QSizeF logicalSize() const = 0;
    virtual void paint(QPainter& painter, const RenderState& state) = 0;
    /// Regions of the last paint, topmost last.
    virtual std::vector<HitRegion> hitRegions() const { return {}; }
};

}  // namespace commviz::views
