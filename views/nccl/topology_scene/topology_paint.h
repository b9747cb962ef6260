#pragma once

#include <QCoreApplication>
#include <vector>

#include "nccl/graph/comm_graphs.h"
#include "nccl/graph/graph_xml_reader.h"
#include "nccl/graph/topo_paths.h"
#include "nccl/topology_scene/topology_layout.h"
#include "shell/scene_paint.h"

namespace commviz::views {

/// The paint kit with what the NCCL topology scene draws: a server's nodes and
/// links labelled by type and bandwidth, a path's route, one channel's ring
/// or tree (inside a server or across servers), a compact server box and the legend.
struct TopologyPaint : ScenePaint {
    Q_DECLARE_TR_FUNCTIONS(TopologyPaint)

public:
    using ScenePaint::ScenePaint;

    /// A colour per channel, repeating after eight.
    static QColor channelColor(int channel);
    static QColor linkColor(nccl_topology::LinkType type);
    /// "GPU 0", "NIC 1", "mlx5_0", "15:00.0" (a PCI switch's bus), "CPU 0", "NVSwitch".
    static QString shortLabel(const nccl_topology::TopoSystem& system, int node);

    /// A server in full; `clickable` adds its nodes as "node:N" objects (the first server only).
    /// With `netsTrimmed` the NETs and their links are drawn faint and marked as removed.
    void server(const nccl_topology::TopoSystem& system, const ServerLayout& layout, const QString& title,
                bool clickable, bool netsTrimmed = false);
    /// server() in its three layers, for a scene that draws between them (the collectives scene's sends go
    /// over the links and under the devices): the outline and title, the links, the devices.
    void serverFrame(const ServerLayout& layout, const QString& title);
    void links(const nccl_topology::TopoSystem& system, const ServerLayout& layout, bool netsTrimmed);
    void nodes(const nccl_topology::TopoSystem& system, const ServerLayout& layout, bool clickable, bool netsTrimmed);
    /// A route through the drawn boxes, thick and translucent under the nodes' labels.
    void route(const ServerLayout& layout, const std::vector<int>& nodes);
    /// Arrows from each point to the next (closing the loop when `closed`), bowed
    /// when both ends are in one server so they do not run through the boxes.
    void chain(const std::vector<QPointF>& points, const QColor& color, bool closed, Qt::PenStyle style);
    /// A server too small to draw in full: its outline, title and a dot per GPU.
    void compactServer(const QRectF& rect, const QString& title, int gpus);
    /// Each link type with its bandwidths in this server, then the channel chips ("channel:C" objects).
    void legend(const QRectF& area, const nccl_topology::TopoSystem& system, int channels, int shownChannel);
    static QString linkBandwidths(const nccl_topology::TopoSystem& system, nccl_topology::LinkType type);

private:
    void node(const nccl_topology::TopoSystem& system, int node, const QRectF& box, bool trimmed);
};

}  // namespace commviz::views
