#pragma once

#include <QCoreApplication>
#include <QSet>

#include "rdma_vs_socket/rdma_vs_socket_lane_part.h"

namespace commviz::views {

/// Draws one lane: its frame and header, host A and host B as User space /
/// Kernel / NIC stacks with the wire between, where the payload is, the stage
/// just run lit up and animated, the stage strip and (verbs) the setup strip.
class RdmaVsSocketLanePainter : RdmaVsSocketLanePart {
    Q_DECLARE_TR_FUNCTIONS(RdmaVsSocketLanePainter)

public:
    RdmaVsSocketLanePainter(RdmaVsSocketPaint& paint, const RdmaVsSocketSnapshot& snap,
                            const RdmaVsSocketLaneLayout& layout, rdma_vs_socket::Lane lane);
    void paint();

    /// The lane's colour: orange for the socket path, blue for verbs.
    static QColor laneColor(const Theme& theme, rdma_vs_socket::Lane lane);

private:
    void paintHeader();
    void paintHost(int host);
    void paintWire();
    void paintPayload();
    void paintMotion();
    void paintStageStrip();
    void paintSetupStrip();
    /// Chip i of n in a strip of `rows` rows, each chip one line.
    static QRectF chipRect(const QRectF& strip, int i, int n, int rows);
    void chip(const QRectF& rect, const QString& label, int number, bool done, bool current, bool next);
    /// Places holding a copy of the payload after the first `stages` stages.
    QSet<int> holdings(int stages) const;
    void payloadBlock(const QPointF& centre, double alpha, bool ghost);
    /// An arrow between two layers of one host routed outside its stack, so a
    /// kernel-bypass path visibly does not pass through the kernel.
    void bypassArrow(rdma_vs_socket::Host host, rdma_vs_socket::Domain from, rdma_vs_socket::Domain to,
                     const QColor& color, double t, const QString& label);
    void syscallCrossing(rdma_vs_socket::Host host, bool down, double t, const QString& label);

    QColor m_color;
    const rdma_vs_socket::StageEvent* m_moved = nullptr;
};

}  // namespace commviz::views
