#pragma once

#include <QCoreApplication>

#include "rdma/queue_pair.h"
#include "rdma/rdma_paint.h"

namespace commviz::views {

/// Draws a QP's state badge with the RC state diagram (ibv_modify_qp edges of
/// the Linux qp_state_table) and its three HCA engines with their rxe state names.
class RdmaQpPainter {
    Q_DECLARE_TR_FUNCTIONS(RdmaQpPainter)

public:
    explicit RdmaQpPainter(RdmaPaint& paint) : m_paint(paint) {}
    void stateRow(const QRectF& area, const rdma::QueuePair& qp, bool changed);
    void engines(const QRectF& area, const rdma::QueuePair& qp);

    /// "RESET", "RTS", … (verbs names, the same in every language).
    static QString stateName(rdma::QpState state);
    static QColor stateColor(const Theme& theme, rdma::QpState state);
    /// Part anchors the step animation points at.
    static QString requesterAnchor(const QString& qpId) { return qpId + QStringLiteral("#req"); }
    static QString responderAnchor(const QString& qpId) { return qpId + QStringLiteral("#resp"); }
    static QString completerAnchor(const QString& qpId) { return qpId + QStringLiteral("#comp"); }

private:
    void stateDiagram(const QRectF& area, rdma::QpState current);

    RdmaPaint& m_paint;
};

}  // namespace commviz::views
