#include "shell/scene_renderer.h"

#include "shell/scene_paint.h"

namespace commviz::views {

void SceneRenderer::paint(QPainter& painter, const RenderState& state) {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    const QRectF whole(QPointF(0, 0), logicalSize());
    painter.fillRect(whole, state.theme.background);
    if (!paintScene(painter, state)) {
        std::vector<HitRegion> noHits;
        ScenePaint(painter, state, noHits).text(whole, noSessionText(), 20, state.theme.mutedText, Qt::AlignCenter);
    }
    painter.restore();
}

}  // namespace commviz::views
