#pragma once

#include <QCoreApplication>
#include <vector>

#include "shell/scene_renderer.h"

namespace commviz::noc {
class NocEngine;
}

namespace commviz::views {

struct ScenePaint;
class NocLayout;

/// Draws one cycle of the NoC: routers with their input VC buffers (flits
/// coloured by packet, head and tail marked, VC state tinted), links with the
/// flits on them, credits travelling back, and what the cycle did.
class NocRenderer final : public SceneRenderer {
    Q_DECLARE_TR_FUNCTIONS(NocRenderer)

public:
    QSizeF logicalSize() const override;
    void paint(QPainter& painter, const RenderState& state) override;
    std::vector<HitRegion> hitRegions() const override { return m_hits; }
    bool drawsCaption() const override { return true; }

    /// The fill of a flit of packet `pid` (golden-ratio hues, so neighbours differ).
    static QColor packetColor(int pid);

private:
    void paintLinks(ScenePaint& p, const noc::NocEngine& engine, const NocLayout& layout);
    void paintRouter(ScenePaint& p, const noc::NocEngine& engine, const NocLayout& layout, int node);
    void paintInputPort(ScenePaint& p, const noc::NocEngine& engine, const NocLayout& layout, int node, int port);
    void paintChannels(ScenePaint& p, const noc::NocEngine& engine, const NocLayout& layout);
    void paintLegend(ScenePaint& p, const NocLayout& layout);
    std::vector<HitRegion> m_hits;
};

}  // namespace commviz::views
