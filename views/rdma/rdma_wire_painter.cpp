#include "rdma/rdma_wire_painter.h"

#include <algorithm>

#include "rdma/packet.h"
#include "rdma/verbs_names.h"

namespace commviz::views {

namespace {

QString opcodeText(rdma::BthOpcode op) {
    QString s = QString::fromStdString(std::string(rdma::verbsName(op)));
    s.remove(QStringLiteral("IB_OPCODE_RC_"));
    return s;
}

}  // namespace

void RdmaWirePainter::packet(const QRectF& r, const rdma::Packet& pkt, double opacity) {
    auto& p = m_paint;
    const QString id = QString::fromStdString(pkt.id);
    QColor fill = rdma::isResponse(pkt.opcode) ? p.theme.accent2 : p.theme.accent;
    if (pkt.aeth && !rdma::aeth::isAck(pkt.aeth->syndrome))
        fill = rdma::aeth::isRnrNak(pkt.aeth->syndrome) ? p.theme.warn : p.theme.bad;
    else if (pkt.aeth || pkt.opcode == rdma::BthOpcode::AtomicAcknowledge)
        fill = p.theme.good;
    const bool dropped = pkt.fate == rdma::PacketFate::Dropped;
    p.p.save();
    p.p.setOpacity(opacity);
    p.box(r, p.tint(fill, 50), dropped ? p.theme.bad : fill, 5, p.isTouched(id) ? 2.5 : 1.5);
    p.text(QRectF(r.left() + 5, r.top() + 2, r.width() - 10, 17), opcodeText(pkt.opcode), 11, p.theme.text,
           Qt::AlignLeft | Qt::AlignVCenter, true);
    QString line = tr("PSN 0x%1").arg(pkt.psn, 6, 16, QChar('0'));
    if (pkt.ackReq) line += tr(" · AckReq");
    if (pkt.aeth && !rdma::aeth::isAck(pkt.aeth->syndrome))
        line += QStringLiteral(" · ") +
                QString::fromStdString(rdma::aethSyndromeName(pkt.aeth->syndrome)).remove(QStringLiteral("AETH_"));
    if (pkt.retransmission) line += tr(" · retx");
    p.text(QRectF(r.left() + 5, r.top() + 19, r.width() - 10, 16), line, 10, p.theme.text,
           Qt::AlignLeft | Qt::AlignVCenter, false, true);
    if (dropped) {
        p.p.setPen(QPen(p.theme.bad, 3));
        p.p.drawLine(r.topLeft() + QPointF(8, 6), r.bottomRight() - QPointF(8, 6));
        p.p.drawLine(r.bottomLeft() + QPointF(8, -6), r.topRight() + QPointF(-8, 6));
    }
    p.p.restore();
    p.object(r, id);
}

void RdmaWirePainter::legend(const QRectF& numbers, const QRectF& keys) {
    auto& p = m_paint;
    // The numbering every verbs tutorial draws, matched by the circles in the hosts.
    const QString steps[4] = {tr("WR posted by the application"), tr("WQE written into the SQ"),
                              tr("CQE written into the CQ"), tr("WC returned by ibv_poll_cq")};
    for (int i = 0; i < 4; ++i) {
        const double y = numbers.top() + i * 24;
        p.numberBadge(QPointF(numbers.left() + 12, y + 10), i + 1, false);
        p.text(QRectF(numbers.left() + 28, y, numbers.width() - 28, 20), steps[i], 12, p.theme.text);
    }
    struct Key {
        QColor color;
        QString text;
    };
    const Key items[] = {{p.theme.accent, tr("request")},
                         {p.theme.accent2, tr("READ response")},
                         {p.theme.good, tr("ACK")},
                         {p.theme.warn, tr("RNR NAK")},
                         {p.theme.bad, tr("NAK / lost")}};
    const double w = keys.width() / 3;
    for (int i = 0; i < 5; ++i) {
        const QRectF cell(keys.left() + (i % 3) * w, keys.top() + (i / 3) * 20, w, 18);
        p.box(QRectF(cell.left() + 2, cell.top() + 3, 18, 12), p.tint(items[i].color, 50), items[i].color, 3);
        p.text(cell.adjusted(24, 0, 0, 0), items[i].text, 10, p.theme.mutedText);
    }
    p.text(QRectF(keys.left(), keys.top() + 42, keys.width(), 28),
           tr("slot owner: HW = the HCA may use it, SW = software's"), 10, p.theme.mutedText);
}

void RdmaWirePainter::paint(const RdmaLayout& layout, double clockNs, const QSet<QString>& landed, double progress) {
    auto& p = m_paint;
    const auto& wire = *m_snap.wire;
    p.text(QRectF(layout.wire.left(), layout.wire.top() + 4, layout.wire.width(), 20), tr("wire (RC, one link)"), 13,
           p.theme.text, Qt::AlignHCenter | Qt::AlignVCenter, true);
    p.text(QRectF(layout.wire.left(), layout.wire.top() + 24, layout.wire.width(), 16),
           tr("%1 Gb/s · %2 ns propagation").arg(wire.gbps).arg(wire.latencyNs), 10, p.theme.mutedText,
           Qt::AlignHCenter | Qt::AlignVCenter);
    p.text(QRectF(layout.wire.left(), layout.wire.top() + 42, layout.wire.width(), 16),
           tr("sent %1 · delivered %2 · dropped %3 · retransmitted %4")
               .arg(wire.sent)
               .arg(wire.delivered)
               .arg(wire.dropped)
               .arg(wire.retransmissions),
           10, p.theme.mutedText, Qt::AlignHCenter | Qt::AlignVCenter);
    legend(QRectF(layout.wire.left() + 16, layout.wire.top() + 72, layout.wire.width() - 24, 96),
           QRectF(layout.wire.left() + 10, layout.wire.top() + 176, layout.wire.width() - 20, 70));
    const QString names[2] = {QString::fromStdString(m_snap.hosts[0]->name),
                              QString::fromStdString(m_snap.hosts[1]->name)};
    for (int lane = 0; lane < 2; ++lane) {
        const QRectF& r = layout.lanes[lane];
        p.box(r, p.tint(p.theme.panel, 255), p.theme.panelBorder, 6);
        const double y = r.top() + 12;
        const bool right = lane == 0;
        const double x1 = r.left() + 10, x2 = r.right() - 10;
        p.p.save();
        p.p.setPen(QPen(p.theme.panelBorder, 1.5));
        p.p.drawLine(QPointF(x1, y), QPointF(x2, y));
        p.p.restore();
        p.arrowHead(QPointF(right ? x2 : x1, y), QPointF(right ? 1 : -1, 0), 8, p.theme.panelBorder);
        p.text(QRectF(r.left() + 10, y + 2, r.width() - 20, 14),
               right ? tr("%1 → %2").arg(names[0], names[1]) : tr("%1 ← %2").arg(names[0], names[1]), 10,
               p.theme.mutedText, Qt::AlignHCenter | Qt::AlignVCenter);
    }
    // Packets in flight plus those that landed in this step (fading out at the far end).
    std::vector<const rdma::Packet*> shown;
    for (const auto& id : wire.inFlight)
        if (const auto* pkt = wire.find(id)) shown.push_back(pkt);
    for (const auto& id : landed) {
        const auto* pkt = wire.find(id.toStdString());
        if (pkt && std::find(shown.begin(), shown.end(), pkt) == shown.end()) shown.push_back(pkt);
    }
    std::sort(shown.begin(), shown.end(), [](auto* a, auto* b) { return a->serial < b->serial; });
    int stacked[2] = {0, 0};
    const int maxRows = int((layout.lanes[0].height() - 34) / (kPacketHeight + 4));
    int hidden[2] = {0, 0};
    for (const auto* pkt : shown) {
        const int lane = pkt->from == m_snap.hosts[0]->name ? 0 : 1;
        const QRectF& r = layout.lanes[lane];
        if (stacked[lane] >= maxRows) {
            ++hidden[lane];
            continue;
        }
        const bool hasLanded = landed.contains(QString::fromStdString(pkt->id));
        double frac = 1;
        if (pkt->arriveNs > pkt->departNs)
            frac = std::clamp((clockNs - double(pkt->departNs)) / double(pkt->arriveNs - pkt->departNs), 0.0, 1.0);
        if (hasLanded && pkt->fate == rdma::PacketFate::Dropped) frac = std::min(frac, 0.55);
        const double travel = r.width() - 20 - kPacketWidth;
        const double x = lane == 0 ? r.left() + 10 + frac * travel : r.right() - 10 - kPacketWidth - frac * travel;
        const QRectF box(x, r.top() + 32 + stacked[lane] * (kPacketHeight + 4), kPacketWidth, kPacketHeight);
        packet(box, *pkt, hasLanded ? std::max(0.45, 1.0 - 0.55 * progress) : 1.0);
        ++stacked[lane];
    }
    for (int lane = 0; lane < 2; ++lane)
        if (hidden[lane] > 0)
            p.text(QRectF(layout.lanes[lane].left(), layout.lanes[lane].bottom() - 16, layout.lanes[lane].width() - 10,
                          14),
                   tr("+%1 more packets").arg(hidden[lane]), 10, p.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
    if (shown.empty())
        p.text(QRectF(layout.lanes[0].left(), layout.lanes[0].bottom() + 2, layout.lanes[0].width(), 18),
               tr("no packet in flight"), 11, p.theme.mutedText, Qt::AlignCenter);
}

}  // namespace commviz::views
