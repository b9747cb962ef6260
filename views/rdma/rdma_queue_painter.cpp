#include "rdma/rdma_queue_painter.h"

#include "rdma/verbs_names.h"
#include "rdma/wqe.h"

namespace commviz::views {

namespace {
constexpr std::uint32_t kMaxSlots = 10;
constexpr double kLabelWidth = 86;

QString statusShort(rdma::WcStatus s) {
    if (s == rdma::WcStatus::Success) return QStringLiteral("OK");
    QString n = QString::fromStdString(std::string(rdma::verbsName(s)));
    n.remove(QStringLiteral("IBV_WC_"));
    n.remove(QStringLiteral("_ERR"));
    return n;
}
}  // namespace

RdmaQueuePainter::Window RdmaQueuePainter::window(std::uint32_t depth, std::uint64_t tail, std::uint32_t maxShown) {
    if (depth <= maxShown) return {0, depth};
    // A deep ring (rc_pingpong posts 500 receives) is shown as a window that
    // starts at the consumer.
    return {std::uint32_t(tail % depth), maxShown};
}

QRectF RdmaQueuePainter::slotRect(const QRectF& strip, std::uint32_t i, std::uint32_t count) const {
    const double gap = 3;
    const double w = std::min(64.0, (strip.width() - gap * (kMaxSlots - 1)) / kMaxSlots);
    (void)count;
    return QRectF(strip.left() + i * (w + gap), strip.top(), w, strip.height());
}

void RdmaQueuePainter::label(const QRectF& area, const QString& title, const QString& detail, int badge,
                             bool badgeActive, bool bad) {
    auto& p = m_paint;
    p.text(QRectF(area.left(), area.top() + 2, kLabelWidth - 4, 18), title, 13, p.theme.text,
           Qt::AlignLeft | Qt::AlignVCenter, true);
    const QStringList lines = detail.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size() && i < 3; ++i)
        p.text(QRectF(area.left(), area.top() + 21 + i * 13, kLabelWidth - 4, 13), lines[i], 10,
               i > 0 && bad ? p.theme.bad : p.theme.mutedText);
    if (badge > 0) p.numberBadge(QPointF(area.left() + kLabelWidth - 16, area.top() + 11), badge, badgeActive);
}

void RdmaQueuePainter::headTail(const QRectF& strip, const Window& w, std::uint32_t depth, std::uint64_t head,
                                std::uint64_t tail) {
    auto& p = m_paint;
    if (depth == 0) return;
    auto mark = [&](std::uint64_t pos, const QString& name, const QColor& color, bool below) {
        const std::uint32_t slot = std::uint32_t(pos % depth);
        std::uint32_t i = (slot + depth - w.first) % depth;
        if (i >= w.count) {
            if (i != w.count) return;  // beyond the shown window
        }
        const QRectF r = slotRect(strip, i, w.count);
        const double x = i == w.count ? r.left() - 1.5 : r.left() + 6;
        const double y = below ? strip.bottom() + 1 : strip.top() - 1;
        // A pointer under the strip points up at its slot, one above points down.
        p.arrowHead(QPointF(x, y), QPointF(0, below ? -1 : 1), 6, color, 4);
        p.text(QRectF(x + 5, below ? y : y - 11, 60, 11), name, 9, color, Qt::AlignLeft | Qt::AlignVCenter, true);
    };
    mark(tail, tr("tail"), p.theme.accent2, true);
    mark(head, tr("head"), p.theme.accent, false);
}

void RdmaQueuePainter::workQueue(const QRectF& area, const QString& title, const rdma::WorkQueue& q, int badge,
                                 bool badgeActive) {
    auto& p = m_paint;
    label(area, title, tr("depth %1\n%2 in use").arg(q.depth).arg(q.occupancy()), badge, badgeActive);
    const QRectF strip(area.left() + kLabelWidth, area.top() + 12, area.width() - kLabelWidth, area.height() - 26);
    p.object(strip.adjusted(-2, -10, 0, 12), QString::fromStdString(q.id));
    const Window w = window(q.depth, q.tail, kMaxSlots);
    for (std::uint32_t i = 0; i < w.count; ++i) {
        const std::uint32_t slot = (w.first + i) % std::max<std::uint32_t>(1, q.depth);
        const QRectF r = slotRect(strip, i, w.count);
        const auto& wqe = slot < q.ring.size() ? q.ring[slot] : std::nullopt;
        if (!wqe) {
            p.box(r, p.theme.background, p.theme.panelBorder, 3);
            p.text(r.adjusted(0, 0, 0, -2), QString::number(slot), 9, p.theme.mutedText,
                   Qt::AlignHCenter | Qt::AlignBottom);
            continue;
        }
        const QString id = QString::fromStdString(wqe->id);
        // Owner: the HCA owns a WQE until it retires it; then the slot waits
        // for software to poll the completion and move the tail.
        const bool hw = !wqe->completed;
        QColor fill = hw ? p.tint(p.theme.accent, 38) : p.tint(p.theme.good, 34);
        if (wqe->state == rdma::WqeState::Error || wqe->status != rdma::WcStatus::Success)
            fill = p.tint(p.theme.bad, 40);
        p.box(r, fill, p.isTouched(id) ? p.theme.accent : p.theme.panelBorder, 3, p.isTouched(id) ? 2.5 : 1);
        const QRectF owner(r.left(), r.top(), r.width(), 11);
        p.box(owner.adjusted(1, 1, -1, 0), hw ? p.theme.accent : p.theme.mutedText, QColor(), 2);
        p.text(owner, hw ? tr("HW") : tr("SW"), 8, p.theme.background, Qt::AlignCenter, true);
        const QString opcode = wqe->isSend ? shortOpcode(std::string(rdma::verbsName(wqe->send.opcode))) : tr("RECV");
        p.text(QRectF(r.left() + 2, r.top() + 12, r.width() - 4, 13), QStringLiteral("#%1").arg(wqe->wrId()), 10,
               p.theme.text, Qt::AlignCenter, true);
        p.text(QRectF(r.left() + 2, r.top() + 24, r.width() - 4, 12), opcode, 9, p.theme.text, Qt::AlignCenter);
        p.text(QRectF(r.left() + 2, r.top() + 35, r.width() - 4, 12),
               QString::fromStdString(std::string(rdma::wqeStateName(wqe->state))), 8, p.theme.mutedText,
               Qt::AlignCenter);
        p.object(r, id);
    }
    if (q.depth > w.count)
        p.text(QRectF(strip.left(), strip.bottom() + 1, strip.width(), 12),
               tr("slots %1…%2 of %3").arg(w.first).arg((w.first + w.count - 1) % q.depth).arg(q.depth), 9,
               p.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
    headTail(strip, w, q.depth, q.head, q.tail);
}

void RdmaQueuePainter::completionQueue(const QRectF& area, const rdma::CompletionQueue& cq, int badge,
                                       bool badgeActive) {
    auto& p = m_paint;
    const QString detail = cq.overrun
                               ? tr("CQN %1\nOVERRUN\n%2 lost").arg(cq.cqn).arg(cq.lost)
                               : tr("CQN %1\ndepth %2\n%3 unpolled").arg(cq.cqn).arg(cq.depth).arg(cq.occupancy());
    label(area, tr("CQ %1").arg(QString::fromStdString(cq.name)), detail, badge, badgeActive, cq.overrun);
    const QRectF strip(area.left() + kLabelWidth, area.top() + 12, area.width() - kLabelWidth, area.height() - 26);
    p.object(strip.adjusted(-2, -10, 0, 12), QString::fromStdString(cq.id));
    if (cq.overrun) p.box(strip.adjusted(-3, -3, 3, 3), QColor(), p.theme.bad, 4, 2);
    const Window w = window(cq.depth, cq.tail, kMaxSlots);
    for (std::uint32_t i = 0; i < w.count; ++i) {
        const std::uint32_t slot = (w.first + i) % std::max<std::uint32_t>(1, cq.depth);
        const QRectF r = slotRect(strip, i, w.count);
        const auto& cqe = slot < cq.ring.size() ? cq.ring[slot] : std::nullopt;
        if (!cqe) {
            // An empty CQE slot belongs to the hardware (mlx5 owner bit).
            p.box(r, p.theme.background, p.theme.panelBorder, 3);
            p.text(r.adjusted(0, 0, 0, -2), QString::number(slot), 9, p.theme.mutedText,
                   Qt::AlignHCenter | Qt::AlignBottom);
            continue;
        }
        const QString id = QString::fromStdString(cqe->id);
        const bool ok = cqe->status == rdma::WcStatus::Success;
        p.box(r, p.tint(ok ? p.theme.good : p.theme.bad, 40), p.isTouched(id) ? p.theme.accent : p.theme.panelBorder, 3,
              p.isTouched(id) ? 2.5 : 1);
        const QRectF owner(r.left(), r.top(), r.width(), 11);
        p.box(owner.adjusted(1, 1, -1, 0), p.theme.mutedText, QColor(), 2);
        p.text(owner, tr("SW"), 8, p.theme.background, Qt::AlignCenter, true);
        p.text(QRectF(r.left() + 2, r.top() + 12, r.width() - 4, 13), QStringLiteral("#%1").arg(cqe->wrId), 10,
               p.theme.text, Qt::AlignCenter, true);
        p.text(QRectF(r.left() + 2, r.top() + 24, r.width() - 4, 12),
               shortOpcode(std::string(rdma::verbsName(cqe->opcode))), 9, p.theme.text, Qt::AlignCenter);
        p.text(QRectF(r.left() + 2, r.top() + 35, r.width() - 4, 12), statusShort(cqe->status), 8,
               ok ? p.theme.good : p.theme.bad, Qt::AlignCenter, true);
        p.object(r, id);
    }
    if (cq.depth > w.count)
        p.text(QRectF(strip.left(), strip.bottom() + 1, strip.width(), 12),
               tr("slots %1…%2 of %3").arg(w.first).arg((w.first + w.count - 1) % cq.depth).arg(cq.depth), 9,
               p.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
    headTail(strip, w, cq.depth, cq.head, cq.tail);
}

}  // namespace commviz::views
