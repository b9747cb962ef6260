#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QRectF>
#include <map>
#include <memory>
#include <set>
#include <vector>

#include "collectives/schedule.h"
#include "collectives_scene/nccl_send_route.h"
#include "nccl/topology_scene/topology_layout.h"

namespace commviz::collectives {
class CollectivesEngine;
}

namespace commviz::views {

struct TopologyPaint;

/// The collectives canvas drawn on the servers NCCL runs on (the View option kOption): each of the
/// `nnodes` servers as the nccl-topology scene draws one (ServerLayout, TopologyPaint), the network between
/// them, the focused channel's sends of the round shown moving along their physical routes link by link,
/// and every link tagged and thickened by how many of the round's sends (all channels) cross it.
class CollectivesServers {
    Q_DECLARE_TR_FUNCTIONS(CollectivesServers)

public:
    /// The RenderState option id, SceneDescriptor::viewOptions' id.
    static constexpr const char* kOption = "collectives-servers";
    /// Only NCCL's own pipelines run on a server (library=nccl with a topo_file).
    static bool offered(const collectives::CollectivesEngine& engine);

    /// Lays the servers out in `area` (again only when the server or the area changed).
    void layOut(const collectives::NcclTopologySetup& setup, const QRectF& area);
    /// `focus`: the channel drawn in full (-1: every channel's sends alike).
    void paint(TopologyPaint& p, const collectives::CollectivesEngine& engine, const collectives::Round& round,
               int focus);
    /// The legend: the link types, then what the thick links and the moving sends mean.
    void legend(TopologyPaint& p, const collectives::CollectivesEngine& engine, const QRectF& area, int focus);

    const std::vector<ServerLayout>& servers() const { return m_servers; }
    /// Where the route's stops are drawn, with the network between servers as a detour through its band.
    std::vector<QPointF> routePoints(const std::vector<collectives::ServerNode>& route) const;

private:
    QPointF centre(const collectives::ServerNode& stop) const;
    void paintLinkUse(TopologyPaint& p, const std::map<collectives::PhysicalLink, int>& use,
                      const std::set<collectives::PhysicalLink>& insideServers);
    void paintSend(TopologyPaint& p, const std::vector<QPointF>& points, const QColor& color, double width,
                   bool moving);
    void paintRanks(TopologyPaint& p, const collectives::CollectivesEngine& engine);

    std::weak_ptr<const nccl_topology::TopologyModel> m_model;
    QRectF m_area;
    std::vector<ServerLayout> m_servers;
    std::vector<std::pair<QPointF, QColor>> m_chunks;  ///< the moving sends' heads, drawn over the devices
    std::vector<std::pair<QPointF, int>> m_tags;       ///< where each link's count goes, drawn last
    QRectF m_network;  ///< the band the NETs of different servers meet in; empty on one server
};

}  // namespace commviz::views
