#pragma once

#include <QCoreApplication>

#include "shell/scene_renderer.h"

namespace commviz::views {

/// Draws the "Why RDMA" scene: the socket lane above the verbs lane, each with
/// host A and host B (User space / Kernel / NIC), the payload moving stage by
/// stage, running counters and the verbs lane's one-time setup strip.
class RdmaVsSocketRenderer : public SceneRenderer {
    Q_DECLARE_TR_FUNCTIONS(RdmaVsSocketRenderer)

public:
    QSizeF logicalSize() const override;
    /// The caption strip at the bottom shows the narration.
    bool drawsCaption() const override { return true; }

protected:
    bool paintScene(QPainter& painter, const RenderState& state) override;
    QString noSessionText() const override;

private:
};

}  // namespace commviz::views
