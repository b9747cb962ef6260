#pragma once

#include <QRectF>

namespace commviz::views {

/// Where everything of the RDMA scene goes, in logical units (1400 × 1000: the
/// shape of the canvas the default window leaves, so "fit" draws it largest).
/// Host A is the left column, host B the right one, the wire runs between them.
struct RdmaHostLayout {
    QRectF frame;   ///< the whole host column
    QRectF header;  ///< "Host A"
    QRectF app;     ///< application: WR list | WC list
    QRectF wrList;
    QRectF wcList;
    QRectF driver;  ///< libibverbs + provider
    QRectF hca;     ///< the HCA box
    QRectF qpRow;   ///< QP name, state badge, state diagram
    QRectF sq, rq, cq;
    QRectF engines;  ///< requester / responder / completer
    QRectF memory;   ///< MR byte strips
    bool left = true;
};

struct RdmaLayout {
    static constexpr double kWidth = 1400;
    static constexpr double kHeight = 1000;
    QRectF title;
    QRectF caption;
    RdmaHostLayout hosts[2];
    QRectF wire;
    /// Lanes of the wire: 0 carries A → B (requests of A, responses of B), 1 carries B → A.
    QRectF lanes[2];

    static RdmaLayout make();
};

}  // namespace commviz::views
