#pragma once

#include <QCoreApplication>
#include <QSet>

#include "rdma/rdma_layout.h"
#include "rdma/rdma_paint.h"
#include "rdma/rdma_snapshot.h"

namespace commviz::views {

/// Draws the link between the hosts: a lane per direction and every packet in
/// flight as a labelled box (BTH opcode, PSN, AckReq) placed by its departure
/// and arrival time against the simulated clock.
class RdmaWirePainter {
    Q_DECLARE_TR_FUNCTIONS(RdmaWirePainter)

public:
    RdmaWirePainter(RdmaPaint& paint, const RdmaSnapshot& snap) : m_paint(paint), m_snap(snap) {}
    /// `clockNs` is the animated clock (between the previous and this step's time);
    /// `landed` are packets that arrived or were dropped in this step.
    void paint(const RdmaLayout& layout, double clockNs, const QSet<QString>& landed, double progress);

    static constexpr double kPacketWidth = 192;
    static constexpr double kPacketHeight = 40;

private:
    void packet(const QRectF& rect, const rdma::Packet& pkt, double opacity);
    void legend(const QRectF& numbers, const QRectF& keys);

    RdmaPaint& m_paint;
    const RdmaSnapshot& m_snap;
};

}  // namespace commviz::views
