#include "rdma_vs_socket/rdma_vs_socket_layout.h"

namespace commviz::views {

namespace {

using rdma_vs_socket::Domain;
using rdma_vs_socket::Host;

constexpr double kHostWidth = 390;
constexpr double kWireWidth = 220;
constexpr double kHostTitle = 26;
constexpr double kLayerHeight = 72;
constexpr double kLayerGap = 6;
constexpr double kStripHeight = 46;

RdmaVsSocketLaneLayout laneLayout(const QRectF& frame, bool withSetup) {
    RdmaVsSocketLaneLayout l;
    l.frame = frame;
    l.header = QRectF(frame.left() + 18, frame.top() + 8, 1010, 30);
    const double left = frame.left() + 24;
    double y = frame.top() + 46;
    if (withSetup) {
        l.setupStrip = QRectF(left, y, 2 * kHostWidth + kWireWidth, kStripHeight);
        y += kStripHeight + 12;
    }
    const double hostHeight = kHostTitle + 3 * kLayerHeight + 2 * kLayerGap;
    for (int h = 0; h < 2; ++h) {
        const double x = left + h * (kHostWidth + kWireWidth);
        l.hosts[h] = QRectF(x, y, kHostWidth, hostHeight);
        for (int d = 0; d < 3; ++d)
            l.layers[h][d] = QRectF(x, y + kHostTitle + d * (kLayerHeight + kLayerGap), kHostWidth, kLayerHeight);
    }
    l.stageStrip = QRectF(left, y + hostHeight + 12, 2 * kHostWidth + kWireWidth, kStripHeight);
    const double countersLeft = left + 2 * kHostWidth + kWireWidth + 28;
    l.counters = QRectF(countersLeft, frame.top() + 12, frame.right() - 14 - countersLeft, frame.height() - 24);
    return l;
}

}  // namespace

QRectF RdmaVsSocketLaneLayout::layer(Host host, Domain domain) const {
    const int h = host == Host::B ? 1 : 0;
    const int d = domain == Domain::User ? 0 : domain == Domain::Kernel ? 1 : 2;
    return layers[h][d];
}

QRectF RdmaVsSocketLaneLayout::slot(Host host, Domain domain) const {
    const QRectF r = layer(host, domain);
    // Buffers face the wire: host A keeps them on its right, host B on its left.
    const double w = 120, h = 44;
    const double x = host == Host::B ? r.left() + 16 : r.right() - w - 16;
    return QRectF(x, r.center().y() - h / 2, w, h);
}

QPointF RdmaVsSocketLaneLayout::point(const rdma_vs_socket::Place& place) const {
    if (place.domain == Domain::Wire) return QPointF((wireLeft() + wireRight()) / 2, wireY());
    return slot(place.host == Host::Both ? Host::A : place.host, place.domain).center();
}

RdmaVsSocketLayout RdmaVsSocketLayout::make() {
    RdmaVsSocketLayout l;
    l.title = QRectF(24, 12, kWidth - 48, 32);
    l.note = QRectF(24, 44, kWidth - 48, 22);
    l.lanes[0] = laneLayout(QRectF(12, 74, kWidth - 24, 388), false);
    l.lanes[1] = laneLayout(QRectF(12, 472, kWidth - 24, 446), true);
    l.caption = QRectF(12, 928, kWidth - 24, 62);
    return l;
}

}  // namespace commviz::views
