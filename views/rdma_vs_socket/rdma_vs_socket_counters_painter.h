#pragma once

#include <QCoreApplication>

#include "rdma_vs_socket/rdma_vs_socket_lane_part.h"

namespace commviz::views {

/// A lane's running counters as big numbers (copies, syscalls, context
/// switches, interrupts, CPU-copied bytes, elapsed time) and its clock on a
/// scale shared by both lanes. The counter the step just changed is coloured.
class RdmaVsSocketCountersPainter : RdmaVsSocketLanePart {
    Q_DECLARE_TR_FUNCTIONS(RdmaVsSocketCountersPainter)

public:
    using RdmaVsSocketLanePart::RdmaVsSocketLanePart;
    void paint();

private:
    void cell(const QRectF& rect, const QString& label, const QString& value, const QString& note, bool changed,
              bool zero);
    /// The lane's clock, moving through the stage in flight.
    double animatedClock() const;
    /// Both lanes' whole run on one scale, so the bars compare.
    double clockScale() const;
};

}  // namespace commviz::views
