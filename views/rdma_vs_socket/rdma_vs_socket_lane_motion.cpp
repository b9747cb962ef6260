// RdmaVsSocketLanePainter, part two: how the stage just run moves. Every motion is drawn
// at its eased progress t and also in its final pose at t = 1, so a settled
// figure (an export, a lesson step) still shows what the step did.

#include <QPainterPath>

#include "rdma_vs_socket/rdma_vs_socket_lane_painter.h"

namespace commviz::views {

using rdma_vs_socket::Domain;
using rdma_vs_socket::Host;
using rdma_vs_socket::StageId;

namespace {

int hostIndex(Host host) { return host == Host::B ? 1 : 0; }

}  // namespace

void RdmaVsSocketLanePainter::bypassArrow(Host host, Domain from, Domain to, const QColor& color, double t,
                                          const QString& label) {
    const QRectF a = m_l.slot(host, from);
    const QRectF b = m_l.slot(host, to);
    // Out of the slot's wire-facing side, down (or up) beside the stack, back in.
    const bool right = host == Host::A;
    const double outside = right ? m_l.hosts[0].right() + 26 : m_l.hosts[1].left() - 26;
    const double edgeA = right ? a.right() : a.left();
    const double edgeB = right ? b.right() : b.left();
    const double ya = a.center().y() + (from == Domain::User ? 8 : -8);
    const double yb = b.center().y() + (to == Domain::User ? 8 : -8);
    const QPointF pts[4] = {{edgeA, ya}, {outside, ya}, {outside, yb}, {edgeB, yb}};
    double lengths[3], total = 0;
    for (int i = 0; i < 3; ++i) total += lengths[i] = QLineF(pts[i], pts[i + 1]).length();
    double remaining = std::clamp(t, 0.0, 1.0) * total;
    m_p.p.save();
    m_p.p.setRenderHint(QPainter::Antialiasing);
    m_p.p.setPen(QPen(color, 3.5, Qt::DashLine, Qt::RoundCap));
    for (int i = 0; i < 3 && remaining > 0; ++i) {
        const double part = std::min(remaining, lengths[i]);
        const QPointF end = pts[i] + (pts[i + 1] - pts[i]) * (lengths[i] > 0 ? part / lengths[i] : 0.0);
        if (i == 2 || part < lengths[i])
            m_p.arrow(pts[i], end, color, 3.5, 1.0, Qt::DashLine);
        else
            m_p.p.drawLine(pts[i], end);
        remaining -= part;
    }
    m_p.p.restore();
    if (!label.isEmpty()) m_p.tag(QPointF(outside, (ya + yb) / 2), label, color, m_p.theme.background, 15);
}

void RdmaVsSocketLanePainter::syscallCrossing(Host host, bool down, double t, const QString& label) {
    const int h = hostIndex(host);
    const QRectF user = m_l.layers[h][0];
    const QRectF kernel = m_l.layers[h][1];
    // Between the layer labels and the buffers, so it hides neither.
    const QRectF slot = m_l.slot(host, Domain::User);
    const double x = h == 0 ? slot.left() - 40 : slot.right() + 40;
    const QPointF top(x, user.bottom() - 16);
    const QPointF bottom(x, kernel.top() + 16);
    const QColor color = m_p.theme.warn.darker(125);
    m_p.arrow(down ? top : bottom, down ? bottom : top, color, 4, t);
    m_p.tag(QPointF(x, (user.bottom() + kernel.top()) / 2), label, m_p.theme.warn, m_p.theme.text, 15);
}

void RdmaVsSocketLanePainter::paintMotion() {
    if (!m_moved) return;
    const auto& def = m_moved->def;
    const Theme& theme = m_p.theme;
    const double t = m_snap.t;
    const QPointF a = m_l.point(def.from);
    const QPointF b = m_l.point(def.to);

    if (def.setup) {
        // Both hosts enter the kernel for every setup verb (uverbs commands).
        const int perHost = def.delta.syscalls / 2;
        for (Host host : {Host::A, Host::B}) syscallCrossing(host, true, t, tr("syscall ×%1").arg(perHost));
        return;
    }

    switch (def.id) {
        case StageId::SendSyscall:
            syscallCrossing(Host::A, true, t, tr("syscall"));
            break;
        case StageId::CopyUserToSkb:
        case StageId::RecvCopyToUser: {
            // A CPU copy: the block duplicates; the source keeps its bytes.
            if (def.id == StageId::RecvCopyToUser) syscallCrossing(Host::B, false, t, tr("syscall returns"));
            const QPointF at = a + (b - a) * t;
            payloadBlock(at, 0.35 + 0.65 * t, t < 1.0);
            // The tag sits in the gap beside the stack, clear of the syscall and CPU marks.
            const double x = def.from.host == Host::A ? m_l.hosts[0].right() + 70 : m_l.hosts[1].left() - 70;
            m_p.arrow(QPointF(x, a.y()), QPointF(x, b.y()), theme.bad, 2.5, t);
            m_p.tag(QPointF(x, (a.y() + b.y()) / 2),
                    def.id == StageId::CopyUserToSkb ? tr("CPU copy #1") : tr("CPU copy #2"), theme.bad,
                    theme.background, 15);
            break;
        }
        case StageId::QdiscDriverDoorbell:
            m_p.arrow(m_l.point({Host::A, Domain::Kernel}) + QPointF(-70, 12),
                      m_l.point({Host::A, Domain::Nic}) + QPointF(-70, -12), theme.mutedText, 3, t);
            m_p.tag(QPointF(a.x() - 150, (a.y() + m_l.point({Host::A, Domain::Nic}).y()) / 2),
                    tr("descriptor + doorbell"), theme.panelBorder, theme.text, 15);
            break;
        case StageId::NicDmaFromKernel:
        case StageId::NicDmaToKernelRing:
            m_p.arrow(a + QPointF(0, a.y() < b.y() ? 18 : -18), b + QPointF(0, a.y() < b.y() ? -18 : 18), m_color, 4, t,
                      Qt::DashLine);
            if (t < 1.0) payloadBlock(b, t, true);
            m_p.tag(QPointF((a.x() + b.x()) / 2 + (def.from.host == Host::B ? 130 : -130), (a.y() + b.y()) / 2),
                    tr("DMA"), m_color, theme.background, 15);
            break;
        case StageId::WireTcp:
        case StageId::WireRoce:
            if (t < 1.0)
                payloadBlock(QPointF(m_l.wireLeft() + (m_l.wireRight() - m_l.wireLeft()) * t, m_l.wireY()), 1.0, true);
            else
                m_p.arrow(QPointF(m_l.wireLeft() + 10, m_l.wireY() - 16),
                          QPointF(m_l.wireRight() - 10, m_l.wireY() - 16), m_color, 3);
            break;
        case StageId::InterruptNapi: {
            // On the NIC/kernel boundary beside the buffers, pulsing while it animates.
            const QRectF slot = m_l.slot(Host::B, Domain::Nic);
            const QPointF c(slot.right() + 26, m_l.layers[1][2].top() - 3);
            m_p.lightning(c, 34 + 10 * std::sin(t * 3.14159), theme.warn);
            m_p.tag(c + QPointF(62, 0), tr("interrupt"), theme.warn, theme.text, 15);
            break;
        }
        case StageId::TcpIpTransmit:
        case StageId::TcpIpReceiveAck: {
            const bool rx = def.id == StageId::TcpIpReceiveAck;
            // Between the hosts at the kernel's height: on a box edge it would cover the NIC's border.
            const QRectF kernel = m_l.layers[rx ? 1 : 0][1];
            m_p.tag(QPointF((m_l.wireLeft() + m_l.wireRight()) / 2, kernel.center().y()), tr("TCP/IP on the CPU"),
                    theme.bad, theme.background, 15);
            if (rx) {
                // The ACK: a small control segment back to host A.
                const double y = m_l.wireY() + 34;
                const double x = m_l.wireRight() - (m_l.wireRight() - m_l.wireLeft()) * t;
                m_p.arrow(QPointF(m_l.wireRight() - 8, y), QPointF(std::min(x, m_l.wireRight() - 30), y),
                          theme.mutedText, 2, 1);
                m_p.tag(QPointF(x + 18, y), tr("ACK"), theme.panelBorder, theme.text, 15);
            }
            break;
        }
        case StageId::WakeReader: {
            const QRectF user = m_l.layers[1][0];
            const QPointF c(user.right() - 200, user.bottom() + 3);
            m_p.p.save();
            m_p.p.translate(c);
            m_p.p.rotate(360 * t);
            m_p.p.translate(-c);
            m_p.contextSwitch(c, 18, theme.bad);
            m_p.p.restore();
            m_p.tag(c + QPointF(-100, 0), tr("context switch"), theme.bad, theme.background, 15);
            break;
        }
        case StageId::PostSendDoorbell:
            bypassArrow(Host::A, Domain::User, Domain::Nic, theme.good.darker(110), t, tr("MMIO doorbell, no syscall"));
            break;
        case StageId::NicDmaFromUser:
            bypassArrow(Host::A, Domain::User, Domain::Nic, m_color, t, tr("DMA from the MR: zero copy"));
            if (t < 1.0) payloadBlock(b, t, true);
            break;
        case StageId::TransportOffload:
            m_p.tag(QPointF(m_l.layers[0][2].left() + 120, m_l.layers[0][2].bottom()),
                    tr("segments, PSNs, ACKs: in the NIC"), theme.good.darker(110), theme.background, 15);
            break;
        case StageId::NicDmaToUser:
            bypassArrow(Host::B, Domain::Nic, Domain::User, m_color, t, tr("DMA into the MR"));
            if (t < 1.0) payloadBlock(b, t, true);
            break;
        case StageId::AckAndCqe: {
            const double y = m_l.wireY() + 34;
            const double x = m_l.wireRight() - (m_l.wireRight() - m_l.wireLeft()) * std::min(1.0, 2 * t);
            m_p.arrow(QPointF(m_l.wireRight() - 8, y), QPointF(std::min(x, m_l.wireRight() - 30), y), theme.mutedText,
                      2, 1);
            m_p.tag(QPointF(x + 18, y), tr("ACK"), theme.panelBorder, theme.text, 15);
            bypassArrow(Host::A, Domain::Nic, Domain::User, theme.good.darker(110), std::max(0.0, 2 * t - 1),
                        tr("CQE"));
            break;
        }
        case StageId::RecvCqe:
            bypassArrow(Host::B, Domain::Nic, Domain::User, theme.good.darker(110), t, tr("CQE"));
            break;
        case StageId::PollCq: {
            const QRectF slot = m_l.slot(def.where.host, Domain::User);
            m_p.tag(QPointF(slot.center().x(), m_l.layer(def.where.host, Domain::User).bottom() + 3),
                    tr("ibv_poll_cq: a memory read"), theme.good.darker(110), theme.background, 15);
            break;
        }
        default:
            break;
    }
}

}  // namespace commviz::views
