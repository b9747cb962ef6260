#include "rdma/rdma_layout.h"

namespace commviz::views {

namespace {

RdmaHostLayout hostLayout(const QRectF& frame, bool left) {
    RdmaHostLayout h;
    h.left = left;
    h.frame = frame;
    const double x = frame.left() + 10, w = frame.width() - 20;
    double y = frame.top();
    h.header = QRectF(frame.left(), y, frame.width(), 30);
    y += 34;
    h.app = QRectF(x, y, w, 178);
    h.wrList = QRectF(x + 6, y + 22, w / 2 - 10, 178 - 28);
    h.wcList = QRectF(x + w / 2 + 4, y + 22, w / 2 - 10, 178 - 28);
    y += 178 + 8;
    h.driver = QRectF(x, y, w, 56);
    y += 56 + 8;
    h.hca = QRectF(x, y, w, 462);
    const double ix = x + 8, iw = w - 16;
    double iy = y + 24;
    h.qpRow = QRectF(ix, iy, iw, 78);
    iy += 78 + 6;
    h.sq = QRectF(ix, iy, iw, 76);
    iy += 76 + 4;
    h.rq = QRectF(ix, iy, iw, 76);
    iy += 76 + 4;
    h.cq = QRectF(ix, iy, iw, 76);
    iy += 76 + 8;
    h.engines = QRectF(ix, iy, iw, h.hca.bottom() - iy - 8);
    y += 462 + 8;
    h.memory = QRectF(x, y, w, frame.bottom() - y);
    return h;
}

}  // namespace

RdmaLayout RdmaLayout::make() {
    RdmaLayout l;
    l.title = QRectF(16, 8, kWidth - 32, 30);
    l.caption = QRectF(16, kHeight - 40, kWidth - 32, 32);
    const double top = 46, bottom = kHeight - 46;
    l.hosts[0] = hostLayout(QRectF(12, top, 596, bottom - top), true);
    l.hosts[1] = hostLayout(QRectF(kWidth - 12 - 596, top, 596, bottom - top), false);
    l.wire = QRectF(616, top, kWidth - 2 * 616, bottom - top);
    const QRectF& hca = l.hosts[0].hca;
    l.lanes[0] = QRectF(l.wire.left(), hca.top() + 40, l.wire.width(), 190);
    l.lanes[1] = QRectF(l.wire.left(), hca.top() + 250, l.wire.width(), 190);
    return l;
}

}  // namespace commviz::views
