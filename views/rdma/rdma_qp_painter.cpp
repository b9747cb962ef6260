#include "rdma/rdma_qp_painter.h"

#include <QLineF>
#include <cmath>

#include "rdma/verbs_names.h"

namespace commviz::views {

QString RdmaQpPainter::stateName(rdma::QpState s) {
    QString n = QString::fromStdString(std::string(rdma::verbsName(s)));
    n.remove(QStringLiteral("IBV_QPS_"));
    return n;
}

QColor RdmaQpPainter::stateColor(const Theme& theme, rdma::QpState s) {
    switch (s) {
        case rdma::QpState::Reset:
            return theme.mutedText;
        case rdma::QpState::Init:
            return theme.warn;
        case rdma::QpState::Rtr:
            return theme.accent2;
        case rdma::QpState::Rts:
            return theme.good;
        case rdma::QpState::Sqd:
            return theme.accent;
        case rdma::QpState::Sqe:
        case rdma::QpState::Err:
            return theme.bad;
        default:
            return theme.mutedText;
    }
}

void RdmaQpPainter::stateRow(const QRectF& area, const rdma::QueuePair& qp, bool changed) {
    auto& p = m_paint;
    const QString id = QString::fromStdString(qp.id);
    // Badge: the QP and its state, big enough to read in a figure.
    const QRectF name(area.left(), area.top(), 140, 24);
    p.text(name, tr("QP %1").arg(QString::fromStdString(qp.name)), RdmaPaint::kHeadingPx, p.theme.text,
           Qt::AlignLeft | Qt::AlignVCenter, true);
    p.detail(QRectF(area.left(), area.top() + 24, 140, 14),
             tr("QPN 0x%1 → 0x%2").arg(qp.qpn, 0, 16).arg(qp.attr.dest_qp_num, 0, 16), RdmaPaint::kFinePx,
             p.theme.mutedText);
    const QRectF badge(area.left(), area.top() + 40, 128, 36);
    const QColor c = stateColor(p.theme, qp.state);
    p.box(badge, c, changed ? p.theme.text : c, 6, changed ? 2.5 : 1);
    p.text(badge, stateName(qp.state), RdmaPaint::kTitlePx, p.theme.background, Qt::AlignCenter, true);
    p.object(badge, id);
    stateDiagram(QRectF(area.left() + 146, area.top(), area.width() - 146, area.height()), qp.state);
}

void RdmaQpPainter::stateDiagram(const QRectF& area, rdma::QpState current) {
    using S = rdma::QpState;
    auto& p = m_paint;
    // Main path on the top row, SQD and ERR below (SQE is UD/UC only: drawn dim).
    const double w = 74, h = 24, gapX = (area.width() - 4 * w) / 3;
    auto at = [&](int col, int row) {
        return QRectF(area.left() + col * (w + gapX), area.top() + 2 + row * (h + 14), w, h);
    };
    struct Node {
        S state;
        QRectF rect;
    };
    const Node nodes[] = {{S::Reset, at(0, 0)}, {S::Init, at(1, 0)}, {S::Rtr, at(2, 0)}, {S::Rts, at(3, 0)},
                          {S::Sqd, at(3, 1)},   {S::Err, at(1, 1)},  {S::Sqe, at(2, 1)}};
    auto rectOf = [&](S s) {
        for (const auto& n : nodes)
            if (n.state == s) return n.rect;
        return QRectF();
    };
    auto edge = [&](S a, S b, bool dim = false) {
        const QRectF ra = rectOf(a), rb = rectOf(b);
        QPointF from = ra.center(), to = rb.center();
        // Clip the centre line at both boxes.
        auto clip = [](const QRectF& r, QPointF inside, QPointF outside) {
            const QPointF d = outside - inside;
            const double tx = d.x() == 0 ? 1e9 : (r.width() / 2) / std::abs(d.x());
            const double ty = d.y() == 0 ? 1e9 : (r.height() / 2) / std::abs(d.y());
            return inside + d * std::min(tx, ty);
        };
        const QPointF a1 = clip(ra, from, to), b1 = clip(rb, to, from);
        QColor col = p.theme.panelBorder;
        if (dim) col.setAlpha(90);
        p.p.save();
        p.p.setPen(QPen(col, 1.2));
        p.p.drawLine(a1, b1);
        p.p.restore();
        if (QLineF(a1, b1).length() > 1) p.arrowHead(b1, b1 - a1, 6, col);
    };
    edge(S::Reset, S::Init);
    edge(S::Init, S::Rtr);
    edge(S::Rtr, S::Rts);
    edge(S::Rts, S::Sqd);
    edge(S::Init, S::Err);
    edge(S::Sqe, S::Err, true);
    for (const auto& n : nodes) {
        const bool on = n.state == current;
        const QColor c = stateColor(p.theme, n.state);
        const bool dim = n.state == S::Sqe;
        p.box(n.rect, on ? c : p.theme.background,
              dim ? p.tint(p.theme.panelBorder, 90) : (on ? c : p.theme.panelBorder), 4, on ? 2 : 1);
        p.text(n.rect, stateName(n.state), RdmaPaint::kLabelPx,
               on ? p.theme.background : (dim ? p.theme.panelBorder : p.theme.mutedText), Qt::AlignCenter, on);
    }
    p.detail(QRectF(area.left(), area.bottom() - 12, area.width(), 12),
             tr("ibv_modify_qp: any state → RESET / ERR; RC errors → ERR"), RdmaPaint::kFinePx, p.theme.mutedText,
             Qt::AlignRight | Qt::AlignVCenter);
}

void RdmaQpPainter::engines(const QRectF& area, const rdma::QueuePair& qp) {
    auto& p = m_paint;
    const QString id = QString::fromStdString(qp.id);
    const double gap = 8, w = (area.width() - 2 * gap) / 3;
    struct Part {
        QString title, anchor, state, line;
    };
    const Part parts[] = {
        {tr("requester"), requesterAnchor(id), QString::fromUtf8(requesterStateName(qp.req.state)),
         tr("next PSN 0x%1").arg(qp.req.psn, 6, 16, QChar('0'))},
        {tr("responder"), responderAnchor(id), QString::fromUtf8(responderStateName(qp.resp.state)),
         tr("ePSN 0x%1 · MSN %2").arg(qp.resp.psn, 6, 16, QChar('0')).arg(qp.resp.msn)},
        {tr("completer"), completerAnchor(id), QString::fromUtf8(completerStateName(qp.comp.state)),
         tr("oldest unacked 0x%1").arg(qp.comp.psn, 6, 16, QChar('0'))},
    };
    for (int i = 0; i < 3; ++i) {
        const QRectF r(area.left() + i * (w + gap), area.top(), w, area.height());
        const bool busy = parts[i].state != QLatin1String("idle") && !parts[i].state.isEmpty();
        const bool touched = p.isTouched(parts[i].anchor);
        p.box(r, touched ? p.tint(p.theme.accent, 30) : p.theme.background,
              touched ? p.theme.accent : p.theme.panelBorder, 5, touched ? 2.5 : 1);
        p.text(QRectF(r.left() + 6, r.top() + 3, r.width() - 12, 22), parts[i].title, RdmaPaint::kLabelPx, p.theme.text,
               Qt::AlignLeft | Qt::AlignVCenter, true);
        p.detail(QRectF(r.left() + 6, r.top() + 3, r.width() - 12, 22), QStringLiteral("rxe"), RdmaPaint::kFinePx,
                 p.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
        const QRectF stateRect(r.left() + 6, r.top() + 27, r.width() - 12, 26);
        p.box(stateRect, busy ? p.tint(p.theme.accent2, 50) : p.theme.panel, QColor(), 4);
        p.text(stateRect.adjusted(2, 0, -2, 0), parts[i].state, RdmaPaint::kLabelPx, p.theme.text, Qt::AlignCenter,
               false, true);
        p.detail(QRectF(r.left() + 6, r.top() + 56, r.width() - 12, 18), parts[i].line, RdmaPaint::kFinePx,
                 p.theme.mutedText, Qt::AlignLeft | Qt::AlignVCenter, false, true);
        p.anchor(r, parts[i].anchor);
        p.hits.push_back({r, id});
    }
}

}  // namespace commviz::views
