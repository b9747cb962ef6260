#include "rdma_vs_socket/rdma_vs_socket_layout.h"

namespace commviz::views {

namespace {

using rdma_vs_socket::Domain;
using rdma_vs_socket::Host;

// 1400 × 1000 is the canvas's shape (1000 × 713), so "fit" draws at 0.713 and
// 15-unit text comes out at 8 pt; every label is 15 units or more.
constexpr double kHostWidth = 320;
constexpr double kWireWidth = 190;
constexpr double kHostTitle = 26;
constexpr double kLayerHeight = 80;
constexpr double kLayerGap = 6;
constexpr double kStripHeight = 52;  // two rows of one-line stage chips

RdmaVsSocketLaneLayout laneLayout(const QRectF& frame, bool withSetup) {
    RdmaVsSocketLaneLayout l;
    l.frame = frame;
    l.header = QRectF(frame.left() + 18, frame.top() + 8, 2 * kHostWidth + kWireWidth + 26, 30);
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
    l.stageStrip = QRectF(left, y + hostHeight + 10, 2 * kHostWidth + kWireWidth, kStripHeight);
    const double countersLeft = left + 2 * kHostWidth + kWireWidth + 24;
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
    const double w = 112, h = 44;
    const double x = host == Host::B ? r.left() + 16 : r.right() - w - 16;
    return QRectF(x, r.center().y() - h / 2, w, h);
}

QPointF RdmaVsSocketLaneLayout::point(const rdma_vs_socket::Place& place) const {
    if (place.domain == Domain::Wire) return QPointF((wireLeft() + wireRight()) / 2, wireY());
    return slot(place.host == Host::Both ? Host::A : place.host, place.domain).center();
}

RdmaVsSocketLayout RdmaVsSocketLayout::make() {
    RdmaVsSocketLayout l;
    l.title = QRectF(24, 10, kWidth - 48, 32);
    l.note = QRectF(24, 40, kWidth - 48, 24);
    l.lanes[0] = laneLayout(QRectF(12, 68, kWidth - 24, 398), false);
    l.lanes[1] = laneLayout(QRectF(12, 472, kWidth - 24, 456), true);
    l.caption = QRectF(12, 934, kWidth - 24, 60);
    return l;
}

}  // namespace commviz::views
