#pragma once

#include <QCoreApplication>
#include <cstdint>
#include <vector>

#include "shell/scene_renderer.h"

namespace commviz::noc {
enum class VcState : std::uint8_t;
class NocEngine;
struct NocConfig;
}  // namespace commviz::noc

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

    /// Where slot `slot` (0 = the FIFO front) of input `port`, VC `vc` of
    /// router `node` is drawn: the front is nearest the router's centre.
    static QRectF flitCell(const NocLayout& layout, const noc::NocConfig& config, int node, int port, int vc, int slot);
    /// Where a flit or credit `due` cycles from arriving is drawn on a link of latency `latency`.
    static QPointF onLink(const QPointF& from, const QPointF& to, int due, int latency);
    /// The tint of a VC in state `state` (transparent when idle).
    static QColor stateColor(const Theme& theme, noc::VcState state);
    /// The fill of a flit of packet `pid` (golden-ratio hues, so neighbours differ).
    static QColor packetColor(int pid);

private:
    void paintLinks(ScenePaint& p, const noc::NocEngine& engine, const NocLayout& layout);
    void paintRouter(ScenePaint& p, const noc::NocEngine& engine, const NocLayout& layout, int node);
    void paintInputPort(ScenePaint& p, const noc::NocEngine& engine, const NocLayout& layout, int node, int port);
    void paintChannels(ScenePaint& p, const noc::NocEngine& engine, const NocLayout& layout);
    void paintDeadlock(ScenePaint& p, const noc::NocEngine& engine, const NocLayout& layout);
    void paintLegend(ScenePaint& p, const NocLayout& layout);
    std::vector<HitRegion> m_hits;
};

}  // namespace commviz::views
