#include "rdma/rdma_layout.h"

namespace commviz::views {

namespace {

// Heights of the host column's parts, top to bottom. Rows hold 16-unit labels
// (RdmaPaint::kLabelPx) with a few units of air.
constexpr double kHeader = 34;
constexpr double kApp = 168;
constexpr double kDriver = 74;
constexpr double kSectionTitle = 26;
constexpr double kQpRow = 84;
constexpr double kQueue = 72;
constexpr double kEngines = 78;
constexpr double kGap = 6;

RdmaHostLayout hostLayout(const QRectF& frame, bool left) {
    RdmaHostLayout h;
    h.left = left;
    h.frame = frame;
    const double x = frame.left() + 10, w = frame.width() - 20;
    double y = frame.top();
    h.header = QRectF(frame.left(), y, frame.width(), kHeader);
    y += kHeader;
    h.app = QRectF(x, y, w, kApp);
    const double listTop = y + kSectionTitle, listHeight = kApp - kSectionTitle - 6;
    h.wrList = QRectF(x + 6, listTop, w / 2 - 10, listHeight);
    h.wcList = QRectF(x + w / 2 + 4, listTop, w / 2 - 10, listHeight);
    y += kApp + kGap;
    h.driver = QRectF(x, y, w, kDriver);
    y += kDriver + kGap;
    const double hcaHeight = kSectionTitle + kQpRow + 3 * kQueue + kEngines + 5 * kGap + 4;
    h.hca = QRectF(x, y, w, hcaHeight);
    const double ix = x + 8, iw = w - 16;
    double iy = y + kSectionTitle;
    h.qpRow = QRectF(ix, iy, iw, kQpRow);
    iy += kQpRow + kGap;
    h.sq = QRectF(ix, iy, iw, kQueue);
    iy += kQueue + kGap;
    h.rq = QRectF(ix, iy, iw, kQueue);
    iy += kQueue + kGap;
    h.cq = QRectF(ix, iy, iw, kQueue);
    iy += kQueue + kGap;
    h.engines = QRectF(ix, iy, iw, kEngines);
    y += hcaHeight + kGap;
    h.memory = QRectF(x, y, w, frame.bottom() - 8 - y);
    return h;
}

}  // namespace

RdmaLayout RdmaLayout::make() {
    RdmaLayout l;
    l.title = QRectF(16, 6, kWidth - 32, 34);
    l.caption = QRectF(12, kHeight - 50, kWidth - 24, 46);  // two lines of 16 units
    const double top = 44, bottom = kHeight - 56;
    const double hostWidth = 524, wireLeft = 12 + hostWidth + 8;
    l.hosts[0] = hostLayout(QRectF(12, top, hostWidth, bottom - top), true);
    l.hosts[1] = hostLayout(QRectF(kWidth - 12 - hostWidth, top, hostWidth, bottom - top), false);
    l.wire = QRectF(wireLeft, top, kWidth - 2 * wireLeft, bottom - top);
    // The lanes face the HCAs they join; the wire's heading and legend sit above them.
    const QRectF& hca = l.hosts[0].hca;
    const double laneHeight = (hca.bottom() - hca.top() - 10) / 2;
    l.lanes[0] = QRectF(l.wire.left(), hca.top(), l.wire.width(), laneHeight);
    l.lanes[1] = QRectF(l.wire.left(), hca.top() + laneHeight + 10, l.wire.width(), laneHeight);
    return l;
}

}  // namespace commviz::views
