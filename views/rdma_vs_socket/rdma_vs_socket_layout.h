#pragma once

#include <QPointF>
#include <QRectF>

#include "rdma_vs_socket/stage.h"

namespace commviz::views {

/// Where everything of the "Why RDMA" scene sits, in logical units of a
/// 1400 × 1000 canvas: the socket lane on top, the verbs lane below, each with
/// host A and host B as User space / Kernel / NIC stacks, the wire between,
/// a strip of its stages and a counters panel on the right.
struct RdmaVsSocketLaneLayout {
    QRectF frame;
    QRectF header;
    QRectF setupStrip;    ///< verbs lane only: the once-per-connection stages
    QRectF hosts[2];      ///< host A, host B (title row + three layers)
    QRectF layers[2][3];  ///< [host][User, Kernel, Nic]
    QRectF stageStrip;
    QRectF counters;

    QRectF layer(rdma_vs_socket::Host host, rdma_vs_socket::Domain domain) const;
    /// The buffer slot inside a layer where the payload is drawn.
    QRectF slot(rdma_vs_socket::Host host, rdma_vs_socket::Domain domain) const;
    /// The centre of a place's slot; the wire's middle for the wire.
    QPointF point(const rdma_vs_socket::Place& place) const;
    double wireY() const { return layers[0][2].center().y(); }
    double wireLeft() const { return layers[0][2].right(); }
    double wireRight() const { return layers[1][2].left(); }
};

struct RdmaVsSocketLayout {
    static constexpr double kWidth = 1400;
    static constexpr double kHeight = 1000;
    QRectF title;
    QRectF note;
    RdmaVsSocketLaneLayout lanes[2];  ///< [Socket, Verbs]
    QRectF caption;

    static RdmaVsSocketLayout make();
    const RdmaVsSocketLaneLayout& lane(rdma_vs_socket::Lane lane) const {
        return lanes[lane == rdma_vs_socket::Lane::Socket ? 0 : 1];
    }
};

}  // namespace commviz::views
