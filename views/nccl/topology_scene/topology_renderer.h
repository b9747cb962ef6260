#pragma once

#include <QCoreApplication>
#include <memory>
#include <vector>

#include "nccl/topology_scene/topology_layout.h"
#include "shell/scene_renderer.h"

namespace commviz::nccl_topology {
class TopologyEngine;
struct TopologyRun;
}  // namespace commviz::nccl_topology

namespace commviz::views {

struct TopologyPaint;

/// Draws the server as NCCL sees it, stage by stage: nodes and links labelled
/// by type and bandwidth; the path between the last two devices clicked; the
/// ring or tree of one channel (clicked in the legend, channel 0 by default,
/// the channels in turn while a step animates) inside the server after the
/// searches and across `nnodes` servers after postset. Up to four servers are
/// drawn in full, more as compact boxes.
class TopologyRenderer : public SceneRenderer {
    Q_DECLARE_TR_FUNCTIONS(TopologyRenderer)

public:
    static constexpr double kWidth = 1200;
    static constexpr double kHeight = 800;
    static constexpr int kFullServers = 4;

    QSizeF logicalSize() const override { return {kWidth, kHeight}; }
    /// The two ends of the path shown (node indices), -1 when none.
    std::pair<int, int> pathEnds() const { return {m_pathFrom, m_pathTo}; }
    int channelShown() const { return m_channel; }

    /// Where rank `rank` runs: its server and, inside it, its GPU node. Ranks fill the servers in order,
    /// comm.nRanks / comm.nNodes per server, as the channels and trees are drawn.
    struct RankPlace {
        int server = 0;
        int localRank = 0;
        int gpu = -1;  ///< node index of the GPU in a server drawn in full
    };
    static RankPlace rankPlace(const nccl_topology::TopologyRun& run, int rank);

protected:
    bool paintScene(QPainter& painter, const RenderState& state) override;
    QString noSessionText() const override;

private:
    void follow(const RenderState& state, const nccl_topology::TopologyEngine& engine);
    int serversDrawn(const nccl_topology::TopologyEngine& engine) const;
    void layOut(const nccl_topology::TopologyEngine& engine);
    void paintCaption(TopologyPaint& p, const nccl_topology::TopologyEngine& engine);
    void paintWarnings(TopologyPaint& p, const nccl_topology::TopologyEngine& engine);
    void fadeRanklessGpus(TopologyPaint& p, const nccl_topology::TopologyEngine& engine);
    void paintServers(TopologyPaint& p, const nccl_topology::TopologyEngine& engine);
    void paintChannel(TopologyPaint& p, const nccl_topology::TopologyEngine& engine);
    void paintSearched(TopologyPaint& p, const nccl_topology::TopologyEngine& engine);
    void paintComm(TopologyPaint& p, const nccl_topology::TopologyEngine& engine);
    void paintTransports(TopologyPaint& p, const nccl_topology::TopologyRun& run, int channel);
    QPointF rankPoint(const nccl_topology::TopologyRun& run, int rank) const;
    QString pathText(const nccl_topology::TopologyEngine& engine) const;
    QString stageText(const nccl_topology::TopologyEngine& engine) const;

    std::vector<ServerLayout> m_servers;  ///< the servers drawn in full
    std::vector<QRectF> m_compact;        ///< or their compact boxes
    std::weak_ptr<const nccl_topology::TopologyRun> m_laidOut;
    QString m_lastSelected;
    int m_pathFrom = -1;
    int m_pathTo = -1;
    int m_channel = 0;
    double m_progress = 1.0;
};

}  // namespace commviz::views
