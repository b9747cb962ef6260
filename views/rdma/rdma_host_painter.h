#pragma once

#include <QCoreApplication>
#include <QSet>

#include "rdma/host.h"
#include "rdma/rdma_layout.h"
#include "rdma/rdma_paint.h"
#include "rdma/rdma_snapshot.h"

namespace commviz::views {

/// What the current step did on one host, for the diagram numbers and glows.
struct RdmaHostActivity {
    bool wrPosted = false;    ///< (1)
    bool wqeWritten = false;  ///< (2)
    bool cqeWritten = false;  ///< (3)
    bool wcReturned = false;  ///< (4)
    bool doorbell = false;
    bool call = false;
    QSet<QString> changedMrBytes;  ///< "mrId:offset" of bytes written this step
};

/// Draws one host column: application (WRs, WCs), verbs/driver, the HCA with its
/// QP (state badge and diagram, SQ/RQ/CQ rings, requester/responder/completer)
/// and registered memory.
class RdmaHostPainter {
    Q_DECLARE_TR_FUNCTIONS(RdmaHostPainter)

public:
    RdmaHostPainter(RdmaPaint& paint, const RdmaSnapshot& snap) : m_paint(paint), m_snap(snap) {}
    void paint(const RdmaHostLayout& layout, const rdma::Host& host, const RdmaHostActivity& activity);

private:
    /// The title row of a box ("application", "HCA (RDMA NIC)", …).
    void sectionTitle(const QRectF& box, const QString& title);
    /// A list's numbered badge and title, on the list's first row.
    void listTitle(const QRectF& list, int badge, bool active, const QString& title);
    void application(const RdmaHostLayout& l, const rdma::Host& host, const RdmaHostActivity& a);
    void driver(const RdmaHostLayout& l, const rdma::Host& host, const RdmaHostActivity& a);
    void hca(const RdmaHostLayout& l, const rdma::Host& host, const RdmaHostActivity& a);
    void memory(const RdmaHostLayout& l, const rdma::Host& host, const RdmaHostActivity& a);

    RdmaPaint& m_paint;
    const RdmaSnapshot& m_snap;
};

}  // namespace commviz::views
