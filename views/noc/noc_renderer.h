#pragma once

#include <QCoreApplication>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "noc/noc_config.h"
#include "noc/noc_heatmap.h"
#include "shell/scene_renderer.h"
#include "sim/event_record.h"

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
    /// `heatmap`: the window length the heatmap dock sets (null: the default window).
    explicit NocRenderer(std::shared_ptr<NocHeatmapSettings> heatmap = {}) : m_heatmap(std::move(heatmap)) {}
    QSizeF logicalSize() const override;
    bool drawsCaption() const override { return true; }

    /// Where slot `slot` (0 = the FIFO front) of input `port`, VC `vc` of
    /// router `node` is drawn: the front is nearest the router's centre.
    static QRectF flitCell(const NocLayout& layout, const noc::NocConfig& config, int node, int port, int vc, int slot);
    /// Where a flit or credit `due` cycles from arriving is drawn on a link of latency `latency`.
    static QPointF onLink(const QPointF& from, const QPointF& to, int due, int latency);
    /// How far along its channel a flit or credit `due` cycles from arrival is drawn (0.05 - 0.95).
    static double linkFraction(int due, int latency);
    /// The tint of a VC in state `state` (transparent when idle).
    static QColor stateColor(const Theme& theme, noc::VcState state);
    /// The fill of a flit of packet `pid` (golden-ratio hues, so neighbours differ).
    static QColor packetColor(int pid);

protected:
    bool paintScene(QPainter& painter, const RenderState& state) override;
    QString noSessionText() const override;

private:
    void paintLinks(ScenePaint& p, const noc::NocEngine& engine, const NocLayout& layout);
    /// dragonfly: each group's ring and number.
    void paintGroups(ScenePaint& p, const NocLayout& layout);
    void paintRouter(ScenePaint& p, const noc::NocEngine& engine, const NocLayout& layout, int node);
    void paintTreeNodes(ScenePaint& p, const noc::NocEngine& engine, const NocLayout& layout, QPen pen);
    void paintInputPort(ScenePaint& p, const noc::NocEngine& engine, const NocLayout& layout, int node, int port);
    void paintChannels(ScenePaint& p, const noc::NocEngine& engine, const NocLayout& layout);
    void paintDeadlock(ScenePaint& p, const noc::NocEngine& engine, const NocLayout& layout);
    void paintLegend(ScenePaint& p, const NocLayout& layout);
    /// The step's caption, or the cycle's summary when it is too long for the box.
    void paintCaption(ScenePaint& p, const QRectF& area, QString caption, const QString& summaryText,
                      std::size_t cursor, const std::vector<sim::EventRecord>& cycle);
    /// The window statistics for the heatmap asked for, from the cache when the cursor has not moved.
    const noc::NocWindowStats* heatmapStats(const RenderState& state, const noc::NocEngine& engine, int window);
    std::shared_ptr<NocHeatmapSettings> m_heatmap;
    NocHeatmapMode m_heatMode = NocHeatmapMode::Off;
    const noc::NocWindowStats* m_heat = nullptr;  ///< while painting with a buffer or stall heatmap
    double m_heatTop = 1;
    /// Runs are deterministic, so the same keys at the same cursor give the same
    /// window, whichever session (even a reloaded one) asks.
    struct CacheKey {
        noc::NocConfig config;
        std::size_t cursor = 0;
        int window = 0;
        bool operator==(const CacheKey&) const = default;
    };
    CacheKey m_cacheKey;
    std::optional<noc::NocWindowStats> m_cache;
};

}  // namespace commviz::views
