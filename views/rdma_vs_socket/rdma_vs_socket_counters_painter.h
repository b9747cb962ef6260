#pragma once

#include <QCoreApplication>

#include "rdma_vs_socket/rdma_vs_socket_layout.h"
#include "rdma_vs_socket/rdma_vs_socket_paint.h"
#include "rdma_vs_socket/rdma_vs_socket_snapshot.h"

namespace commviz::views {

/// A lane's running counters as big numbers (copies, syscalls, context
/// switches, interrupts, CPU-copied bytes, elapsed time) and its clock on a
/// scale shared by both lanes. The counter the step just changed is coloured.
class RdmaVsSocketCountersPainter {
    Q_DECLARE_TR_FUNCTIONS(RdmaVsSocketCountersPainter)

public:
    RdmaVsSocketCountersPainter(RdmaVsSocketPaint& paint, const RdmaVsSocketSnapshot& snap,
                                const RdmaVsSocketLaneLayout& layout, rdma_vs_socket::Lane lane);
    void paint();

private:
    void cell(const QRectF& rect, const QString& label, const QString& value, const QString& note, bool changed,
              bool zero);
    /// The lane's clock, moving through the stage in flight.
    double animatedClock() const;
    /// Both lanes' whole run on one scale, so the bars compare.
    double clockScale() const;

    RdmaVsSocketPaint& m_p;
    const RdmaVsSocketSnapshot& m_snap;
    const RdmaVsSocketLaneLayout& m_l;
    rdma_vs_socket::Lane m_lane;
};

}  // namespace commviz::views
