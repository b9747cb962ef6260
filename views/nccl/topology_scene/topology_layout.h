#pragma once

#include <QRectF>
#include <vector>

#include "nccl/graph/topo_system.h"

namespace commviz::views {

/// Where one server's nodes go inside a rectangle: the PCI tree from each CPU
/// downwards (CPU, switches, GPUs and NICs, NETs under their NIC), leaves side
/// by side in NCCL's node order, each parent centred over its children, the
/// NVSwitch row at the bottom.
struct ServerLayout {
    std::vector<QRectF> boxes;  ///< by node index; a null rectangle for a node not drawn
    QRectF frame;               ///< the server's outline

    static ServerLayout of(const nccl_topology::TopoSystem& system, const QRectF& area);
    QPointF centre(int node) const { return boxes[std::size_t(node)].center(); }
    bool drawn(int node) const { return node >= 0 && node < int(boxes.size()) && !boxes[std::size_t(node)].isNull(); }
};

}  // namespace commviz::views
