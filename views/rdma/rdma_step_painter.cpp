#include "rdma/rdma_step_painter.h"

#include <QLineF>
#include <cmath>

#include "rdma/rdma_qp_painter.h"

namespace commviz::views {

namespace {

template <class... F>
struct Overloaded : F... {
    using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

QString q(const std::string& s) { return QString::fromStdString(s); }

bool isResponseName(const std::string& opcode) {
    return opcode.find("ACKNOWLEDGE") != std::string::npos || opcode.find("READ_RESPONSE") != std::string::npos;
}

QPointF clipToRect(const QRectF& r, QPointF inside, QPointF outside) {
    const QPointF d = outside - inside;
    const double tx = d.x() == 0 ? 1e9 : (r.width() / 2) / std::abs(d.x());
    const double ty = d.y() == 0 ? 1e9 : (r.height() / 2) / std::abs(d.y());
    return inside + d * std::min({tx, ty, 1.0});
}

}  // namespace

int RdmaStepPainter::hostIndex(const std::string& host) const {
    for (int i = 0; i < 2; ++i)
        if (m_snap.hosts[i] && m_snap.hosts[i]->name == host) return i;
    return -1;
}

QString RdmaStepPainter::qpId(const std::string& host, const std::string& qp) const {
    if (qp.find('/') != std::string::npos) return q(qp);
    const int h = hostIndex(host);
    if (h >= 0)
        for (const auto& candidate : m_snap.hosts[h]->qps)
            if (candidate.name == qp) return q(candidate.id);
    return q(host + "/" + qp);
}

QString RdmaStepPainter::mrId(const std::string& host, const std::string& mr) const {
    if (mr.find('/') != std::string::npos) return q(mr);
    return q(host + "/mr/" + mr);
}

void RdmaStepPainter::analyse(RdmaPaint& p, RdmaHostActivity activity[2], QSet<QString>& landed) {
    m_motions.clear();
    if (!m_snap.events) return;
    RdmaHostActivity sink;
    auto act = [&](const std::string& host) -> RdmaHostActivity& {
        const int h = hostIndex(host);
        return h >= 0 ? activity[h] : sink;
    };
    auto driver = [](const std::string& host) { return q(host) + QStringLiteral("#driver"); };
    for (const auto& event : *m_snap.events) {
        std::visit(
            Overloaded{
                [&](const rdma::CallStarted& e) {
                    p.touched << driver(e.host);
                    act(e.host).call = true;
                },
                [&](const rdma::CallReturned& e) {
                    p.touched << driver(e.host);
                    act(e.host).call = true;
                },
                [&](const rdma::WrPosted& e) {
                    p.touched << q(e.wr);
                    act(e.host).wrPosted = true;
                    move(q(e.wr), driver(e.host));
                },
                [&](const rdma::WqeWritten& e) {
                    p.touched << q(e.wqe) << q(e.wr);
                    act(e.host).wqeWritten = true;
                    move(q(e.wr), q(e.wqe));
                },
                [&](const rdma::Doorbell& e) {
                    act(e.host).doorbell = true;
                    p.touched << RdmaQpPainter::requesterAnchor(qpId(e.host, e.qp));
                    move(q(e.host) + QStringLiteral("#doorbell"), RdmaQpPainter::requesterAnchor(qpId(e.host, e.qp)));
                },
                [&](const rdma::WqeFetched& e) {
                    const QString req = RdmaQpPainter::requesterAnchor(qpId(e.host, e.qp));
                    p.touched << q(e.wqe) << req;
                    move(q(e.wqe), req, e.error.has_value());
                },
                [&](const rdma::DmaRead& e) {
                    // The requester reads its own WQE's gather list; the responder reads for a READ response.
                    const QString qp = qpId(e.host, e.qp);
                    const bool ownWqe = q(e.wqe).startsWith(q(e.host) + QLatin1Char('/'));
                    const QString to = ownWqe ? RdmaQpPainter::requesterAnchor(qp) : RdmaQpPainter::responderAnchor(qp);
                    p.touched << mrId(e.host, e.mr) << to;
                    move(mrId(e.host, e.mr), to);
                },
                [&](const rdma::PacketSent& e) {
                    const QString qp = qpId(e.from, e.qp);
                    const QString from = isResponseName(e.opcode) ? RdmaQpPainter::responderAnchor(qp)
                                                                  : RdmaQpPainter::requesterAnchor(qp);
                    p.touched << q(e.packet) << from;
                    move(from, q(e.packet));
                },
                [&](const rdma::PacketArrived& e) {
                    const QString qp = qpId(e.host, e.qp);
                    const QString to = isResponseName(e.opcode) ? RdmaQpPainter::completerAnchor(qp)
                                                                : RdmaQpPainter::responderAnchor(qp);
                    landed << q(e.packet);
                    p.touched << q(e.packet) << to;
                    move(q(e.packet), to);
                },
                [&](const rdma::PacketDropped& e) {
                    landed << q(e.packet);
                    p.touched << q(e.packet);
                },
                [&](const rdma::RecvWqeConsumed& e) {
                    const QString resp = RdmaQpPainter::responderAnchor(qpId(e.host, e.qp));
                    p.touched << q(e.wqe) << resp;
                    move(q(e.wqe), resp);
                },
                [&](const rdma::MemoryWritten& e) {
                    const QString mr = mrId(e.host, e.mr);
                    for (std::uint64_t i = e.offset; i < e.offset + e.length && i < e.offset + 4096; ++i)
                        act(e.host).changedMrBytes << mr + QLatin1Char(':') + QString::number(i);
                    // The completer places READ/atomic results; the responder SEND/WRITE/atomic data.
                    const bool local = e.what == "read response" || e.what == "atomic result";
                    const QString qp = qpId(e.host, e.qp);
                    const QString from =
                        local ? RdmaQpPainter::completerAnchor(qp) : RdmaQpPainter::responderAnchor(qp);
                    p.touched << mr << from;
                    move(from, mr);
                },
                [&](const rdma::AckSent& e) {
                    const QString resp = RdmaQpPainter::responderAnchor(qpId(e.host, e.qp));
                    p.touched << q(e.packet) << resp;
                    move(resp, q(e.packet));
                },
                [&](const rdma::NakSent& e) {
                    const QString resp = RdmaQpPainter::responderAnchor(qpId(e.host, e.qp));
                    p.touched << q(e.packet) << resp;
                    move(resp, q(e.packet), true);
                },
                [&](const rdma::AckReceived& e) {
                    const QString comp = RdmaQpPainter::completerAnchor(qpId(e.host, e.qp));
                    p.touched << q(e.packet) << comp;
                    for (const auto& w : e.acked) p.touched << q(w);
                    move(q(e.packet), comp);
                },
                [&](const rdma::Retransmit& e) {
                    p.touched << RdmaQpPainter::requesterAnchor(qpId(e.host, e.qp)) << q(e.wqe);
                },
                [&](const rdma::RnrWait& e) { p.touched << RdmaQpPainter::completerAnchor(qpId(e.host, e.qp)); },
                [&](const rdma::Timeout& e) { p.touched << RdmaQpPainter::completerAnchor(qpId(e.host, e.qp)); },
                [&](const rdma::CqeWritten& e) {
                    const QString qp = qpId(e.host, e.qp);
                    const bool recv = e.wqe.find("/rq/") != std::string::npos;
                    const QString from = recv ? RdmaQpPainter::responderAnchor(qp) : RdmaQpPainter::completerAnchor(qp);
                    p.touched << q(e.cqe) << from;
                    act(e.host).cqeWritten = true;
                    move(from, q(e.cqe), e.status != rdma::WcStatus::Success);
                },
                [&](const rdma::CqOverflow& e) {
                    const QString comp = RdmaQpPainter::completerAnchor(qpId(e.host, e.qp));
                    p.touched << q(e.cq) << comp;
                    move(comp, q(e.cq), true);
                },
                [&](const rdma::CqPolled& e) {
                    p.touched << q(e.cqe) << driver(e.host);
                    move(q(e.cqe), driver(e.host));
                },
                [&](const rdma::WcReturned& e) {
                    p.touched << q(e.wc) << driver(e.host);
                    act(e.host).wcReturned = true;
                    move(driver(e.host), q(e.wc), e.status != rdma::WcStatus::Success);
                },
                [&](const rdma::QpStateChanged& e) { p.touched << qpId(e.host, e.qp); },
                [&](const rdma::AsyncEventRaised& e) { p.touched << driver(e.host) << q(e.object); },
                [&](const rdma::SlotFreed& e) {
                    for (const auto& w : e.wqes) p.touched << q(w);
                },
            },
            event);
    }
}

void RdmaStepPainter::paintMotions(RdmaPaint& p, double progress) const {
    const double t = std::clamp(progress, 0.0, 1.0);
    p.p.save();
    for (const auto& m : m_motions) {
        QString fromId = m.from;
        // CQEs polled in this step have left the ring: start at the CQ itself.
        if (!p.anchors.contains(fromId) && fromId.contains(QStringLiteral("/cqe/")))
            fromId = fromId.section(QLatin1Char('/'), 0, 1);
        if (!p.anchors.contains(fromId) || !p.anchors.contains(m.to)) continue;
        const QRectF a = p.anchors.value(fromId), b = p.anchors.value(m.to);
        if (a.intersects(b) && (a.contains(b) || b.contains(a))) continue;
        const QPointF start = clipToRect(a, a.center(), b.center());
        const QPointF end = clipToRect(b, b.center(), a.center());
        const QPointF tip = start + (end - start) * t;
        const QColor color = m.bad ? p.theme.bad : p.theme.accent;
        QColor under = p.theme.background;
        under.setAlpha(200);
        p.p.setPen(QPen(under, 6, Qt::SolidLine, Qt::RoundCap));
        p.p.drawLine(start, tip);
        p.p.setPen(QPen(color, 2.4, Qt::SolidLine, Qt::RoundCap));
        p.p.drawLine(start, tip);
        if (QLineF(start, tip).length() > 4) p.arrowHead(tip, tip - start, 11, color);
        if (t < 1) {
            QColor glow = color;
            glow.setAlpha(90);
            p.p.setPen(Qt::NoPen);
            p.p.setBrush(glow);
            p.p.drawEllipse(tip, 9, 9);
        }
    }
    p.p.restore();
}

}  // namespace commviz::views
