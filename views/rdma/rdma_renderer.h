#pragma once

#include <QCoreApplication>
#include <QHash>
#include <map>

#include "shell/scene_renderer.h"

namespace commviz::views {

/// The RDMA scene: host A and host B side by side with the wire between them,
/// every layer from the application's WRs down to the HCA's rings and memory.
class RdmaRenderer : public SceneRenderer {
    Q_DECLARE_TR_FUNCTIONS(RdmaRenderer)

public:
    QSizeF logicalSize() const override;
    /// The narration strip under the hosts shows the caption.
    bool drawsCaption() const override { return true; }
    /// Where an object (or part anchor like "A#driver") was drawn last.
    QRectF anchorOf(const QString& id) const { return m_anchors.value(id); }

protected:
    bool paintScene(QPainter& painter, const RenderState& state) override;
    QString noSessionText() const override;

private:
    double animatedClock(std::size_t cursor, std::uint64_t nowNs, double progress);

    QHash<QString, QRectF> m_anchors;
    std::map<std::size_t, std::uint64_t> m_clockAt;  ///< sim clock seen at each cursor, for the in-between motion
};

}  // namespace commviz::views
