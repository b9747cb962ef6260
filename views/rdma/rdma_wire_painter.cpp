#include "rdma/rdma_wire_painter.h"

#include <QFontMetricsF>
#include <algorithm>

#include "rdma/packet.h"
#include "rdma/verbs_names.h"

namespace commviz::views {

namespace {

// The BTH opcode without the transport prefix (IB_OPCODE_RC_) and the RDMA_
// of the one-sided opcodes, its longest words abbreviated, so the longest
// (READ_RESP_MIDDLE) fits a packet box in readable type; the Inspector gives
// the full name.
QString opcodeText(rdma::BthOpcode op) {
    QString s = QString::fromStdString(std::string(rdma::verbsName(op)));
    s.remove(QStringLiteral("IB_OPCODE_RC_"));
    if (s.startsWith(QLatin1String("RDMA_"))) s.remove(0, 5);
    s.replace(QStringLiteral("_WITH_IMMEDIATE"), QStringLiteral("_IMM"));
    s.replace(QStringLiteral("ACKNOWLEDGE"), QStringLiteral("ACK"));
    s.replace(QStringLiteral("READ_RESPONSE"), QStringLiteral("READ_RESP"));
    s.replace(QStringLiteral("READ_REQUEST"), QStringLiteral("READ_REQ"));
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
    // Bold when it fits, regular otherwise: never an ellipsis in the opcode.
    const QString opcode = opcodeText(pkt.opcode);
    const QRectF opcodeRect(r.left() + 5, r.top() + 2, r.width() - 10, 22);
    const bool bold =
        QFontMetricsF(ScenePaint::font(RdmaPaint::kLabelPx, true)).horizontalAdvance(opcode) <= opcodeRect.width();
    p.text(opcodeRect, opcode, RdmaPaint::kLabelPx, p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, bold);
    QString line = tr("PSN 0x%1").arg(pkt.psn, 6, 16, QChar('0'));
    if (pkt.ackReq) line += tr(" · AckReq");
    if (pkt.aeth && !rdma::aeth::isAck(pkt.aeth->syndrome))
        line += QStringLiteral(" · ") +
                QString::fromStdString(rdma::aethSyndromeName(pkt.aeth->syndrome)).remove(QStringLiteral("AETH_"));
    if (pkt.retransmission) line += tr(" · retx");
    p.detail(QRectF(r.left() + 5, r.top() + 23, r.width() - 10, 14), line, RdmaPaint::kFinePx, p.theme.text,
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
        const double y = numbers.top() + i * 22;
        if (!p.readable(RdmaPaint::kDetailPx)) break;  // the legend is detail: shown once zoomed in
        p.numberBadge(QPointF(numbers.left() + 12, y + 10), i + 1, false);
        p.detail(QRectF(numbers.left() + 30, y, numbers.width() - 30, 20), steps[i], RdmaPaint::kDetailPx,
                 p.theme.text);
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
    if (!p.readable(RdmaPaint::kFinePx)) return;
    // Two columns, so the longest key ("READ response") is never cut short.
    const double w = keys.width() / 2, pitch = 17;
    for (int i = 0; i < 5; ++i) {
        const QRectF cell(keys.left() + (i % 2) * w, keys.top() + (i / 2) * pitch, w, 16);
        p.box(QRectF(cell.left() + 2, cell.top() + 2, 18, 12), p.tint(items[i].color, 50), items[i].color, 3);
        p.detail(cell.adjusted(24, 0, 0, 0), items[i].text, RdmaPaint::kFinePx, p.theme.mutedText);
    }
    p.detail(QRectF(keys.left(), keys.top() + 3 * pitch + 2, keys.width(), 16),
             tr("slot owner: HW = the HCA may use it, SW = software's"), RdmaPaint::kFinePx, p.theme.mutedText);
}

void RdmaWirePainter::paint(const RdmaLayout& layout, double clockNs, const QSet<QString>& landed, double progress) {
    auto& p = m_paint;
    const auto& wire = *m_snap.wire;
    const QRectF w = layout.wire;
    p.text(QRectF(w.left(), w.top() + 4, w.width(), 24), tr("wire (RC, one link)"), RdmaPaint::kHeadingPx, p.theme.text,
           Qt::AlignHCenter | Qt::AlignVCenter, true);
    p.text(QRectF(w.left(), w.top() + 30, w.width(), 20),
           tr("%1 Gb/s · %2 ns propagation").arg(wire.gbps).arg(wire.latencyNs), RdmaPaint::kLabelPx, p.theme.mutedText,
           Qt::AlignHCenter | Qt::AlignVCenter);
    // The counters in two lines, so they stay readable in the narrow wire column.
    p.text(QRectF(w.left(), w.top() + 52, w.width(), 20),
           tr("sent %1 · delivered %2").arg(wire.sent).arg(wire.delivered), RdmaPaint::kLabelPx, p.theme.mutedText,
           Qt::AlignHCenter | Qt::AlignVCenter);
    p.text(QRectF(w.left(), w.top() + 72, w.width(), 20),
           tr("dropped %1 · retransmitted %2").arg(wire.dropped).arg(wire.retransmissions), RdmaPaint::kLabelPx,
           wire.dropped > 0 ? p.theme.bad : p.theme.mutedText, Qt::AlignHCenter | Qt::AlignVCenter);
    legend(QRectF(w.left() + 10, w.top() + 102, w.width() - 16, 88),
           QRectF(w.left() + 8, w.top() + 196, w.width() - 16, 60));
    const QString names[2] = {QString::fromStdString(m_snap.hosts[0]->name),
                              QString::fromStdString(m_snap.hosts[1]->name)};
    for (int lane = 0; lane < 2; ++lane) {
        const QRectF& r = layout.lanes[lane];
        p.box(r, p.tint(p.theme.panel, 255), p.theme.panelBorder, 6);
        const double y = r.top() + 10;
        const bool right = lane == 0;
        const double x1 = r.left() + 10, x2 = r.right() - 10;
        p.p.save();
        p.p.setPen(QPen(p.theme.panelBorder, 1.5));
        p.p.drawLine(QPointF(x1, y), QPointF(x2, y));
        p.p.restore();
        p.arrowHead(QPointF(right ? x2 : x1, y), QPointF(right ? 1 : -1, 0), 8, p.theme.panelBorder);
        p.text(QRectF(r.left() + 10, y + 2, r.width() - 20, 20),
               right ? tr("%1 → %2").arg(names[0], names[1]) : tr("%1 ← %2").arg(names[0], names[1]),
               RdmaPaint::kLabelPx, p.theme.mutedText, Qt::AlignHCenter | Qt::AlignVCenter);
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
    const int maxRows = int((layout.lanes[0].height() - 60) / (kPacketHeight + 4));
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
        const QRectF box(x, r.top() + 36 + stacked[lane] * (kPacketHeight + 4), kPacketWidth, kPacketHeight);
        packet(box, *pkt, hasLanded ? std::max(0.45, 1.0 - 0.55 * progress) : 1.0);
        ++stacked[lane];
    }
    for (int lane = 0; lane < 2; ++lane)
        if (hidden[lane] > 0)
            p.text(QRectF(layout.lanes[lane].left(), layout.lanes[lane].bottom() - 22, layout.lanes[lane].width() - 10,
                          20),
                   tr("+%1 more packets").arg(hidden[lane]), RdmaPaint::kLabelPx, p.theme.mutedText,
                   Qt::AlignRight | Qt::AlignVCenter);
    if (shown.empty())
        p.text(layout.lanes[0].adjusted(0, 34, 0, 0), tr("no packet in flight"), RdmaPaint::kLabelPx, p.theme.mutedText,
               Qt::AlignCenter);
}

}  // namespace commviz::views
