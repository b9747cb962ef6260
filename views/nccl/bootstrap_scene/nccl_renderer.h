#pragma once

#include <QCoreApplication>
#include <QPointF>
#include <vector>

#include "nccl/bootstrap_scene/nccl_side_by_side.h"
#include "shell/scene_renderer.h"

namespace commviz::views {

struct ScenePaint;

/// Draws the NCCL bootstrap: ranks around a circle (one by one up to 64, a
/// density band beyond), the root thread(s) in the middle, this step's
/// messages as envelopes on their arrows, the 128-byte ncclUniqueId, progress
/// per phase and each rank's table of known addresses coloured by round.
class NcclRenderer : public SceneRenderer {
    Q_DECLARE_TR_FUNCTIONS(NcclRenderer)

public:
    /// Up to this many ranks each one is drawn; above, the view aggregates.
    static constexpr int kDetailedRanks = 64;
    /// The view option (RenderState::options) that draws classic and 2.30 side by side.
    static constexpr const char* kSideBySide = "nccl.side_by_side";

    QSizeF logicalSize() const override;
    bool drawsCaption() const override { return true; }
    /// A hit region, else on the density band the rank nearest by angle ("rank:R").
    QString objectAt(const QPointF& logical) const override;
    /// A message event's envelope ("msg:…", message_inspect.h); empty for other events.
    QString objectForEvent(const sim::Session& session, std::size_t step, std::size_t index) const override;

protected:
    bool paintScene(QPainter& painter, const RenderState& state) override;
    QString noSessionText() const override;

private:
    void paintSideBySide(ScenePaint& p, const RenderState& state, const nccl::NcclEngine& engine,
                         const std::vector<nccl::NcclEvent>& events, double t, std::size_t cursor);

    NcclOtherVersion m_other;
    /// The band's circle(s) of the last paint: the full view's, or the two panes' side by side.
    struct BandCircle {
        QPointF centre;
        double radius = 0;
    };
    std::vector<BandCircle> m_bandCircles;
    int m_bandRanks = 0;  ///< ranks on the band of the last paint (0: no band drawn)
    int m_lastRank = 0;   ///< the rank last selected, kept while a message is inspected
};

}  // namespace commviz::views
