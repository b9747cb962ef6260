#pragma once

#include "rdma_vs_socket/rdma_vs_socket_layout.h"
#include "rdma_vs_socket/rdma_vs_socket_paint.h"
#include "rdma_vs_socket/rdma_vs_socket_snapshot.h"

namespace commviz::views {

/// What every painter of one lane draws with: the paint, the step's snapshot,
/// the lane's layout and which lane it is.
class RdmaVsSocketLanePart {
public:
    RdmaVsSocketLanePart(RdmaVsSocketPaint& paint, const RdmaVsSocketSnapshot& snap,
                         const RdmaVsSocketLaneLayout& layout, rdma_vs_socket::Lane lane)
        : m_p(paint), m_snap(snap), m_l(layout), m_lane(lane) {}

protected:
    RdmaVsSocketPaint& m_p;
    const RdmaVsSocketSnapshot& m_snap;
    const RdmaVsSocketLaneLayout& m_l;
    rdma_vs_socket::Lane m_lane;
};

}  // namespace commviz::views
