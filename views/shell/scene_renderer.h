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
    /// The sentence(s) narrating this moment (the step's narration, or a lesson
    /// step's). Export writes it under the figure unless the renderer draws it
    /// itself (SceneRenderer::drawsCaption); empty when nobody asked for one.
    QString caption;
    /// The scene's view options switched on (SceneDescriptor::viewOptions ids).
    QStringList options;
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
    /// The object under a logical point of the last paint: the topmost hit
    /// region by default; a renderer whose objects are not rectangles (a ring
    /// of thousands of ranks drawn as one band) answers for the rest itself.
    virtual QString objectAt(const QPointF& logical) const {
        QString hit;
        for (const auto& region : hitRegions())
            if (region.rect.contains(logical)) hit = region.objectId;  // topmost wins
        return hit;
    }
    /// True when paint() shows RenderState::caption inside the scene (a
    /// narration strip), so export adds no caption band under it.
    virtual bool drawsCaption() const { return false; }
};

}  // namespace commviz::views
