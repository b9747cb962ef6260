#pragma once

#include <QCoreApplication>

#include "shell/scene_renderer.h"

namespace commviz::views {

/// Draws the NCCL bootstrap: ranks around a circle (one by one up to 64, a
/// density band beyond), the root thread(s) in the middle, this step's
/// messages as envelopes on their arrows, the 128-byte ncclUniqueId, progress
/// per phase and each rank's table of known addresses coloured by round.
class NcclRenderer : public SceneRenderer {
    Q_DECLARE_TR_FUNCTIONS(NcclRenderer)

public:
    /// Up to this many ranks each one is drawn; above, the view aggregates.
    static constexpr int kDetailedRanks = 64;

    QSizeF logicalSize() const override;
    void paint(QPainter& painter, const RenderState& state) override;
    std::vector<HitRegion> hitRegions() const override { return m_hits; }
    bool drawsCaption() const override { return true; }

private:
    std::vector<HitRegion> m_hits;
};

}  // namespace commviz::views
