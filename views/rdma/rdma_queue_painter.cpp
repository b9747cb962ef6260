#include "rdma/rdma_queue_painter.h"

#include <QFontMetricsF>
#include <algorithm>

#include "rdma/verbs_names.h"
#include "rdma/wqe.h"

namespace commviz::views {

namespace {
constexpr std::uint32_t kMaxSlots = 10;
constexpr double kLabelWidth = 104;
constexpr double kCountLine = 19;

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

QRectF RdmaQueuePainter::stripOf(const QRectF& area) {
    return QRectF(area.left() + kLabelWidth, area.top() + 14, area.width() - kLabelWidth, area.height() - 28);
}

std::uint32_t RdmaQueuePainter::slotsShown(const QRectF& strip, std::uint32_t depth) const {
    if (depth <= kMaxSlots) return kMaxSlots;
    // A deeper ring gives up slots on the right for its hint, widest case "10 of <depth>".
    const double hint =
        QFontMetricsF(ScenePaint::font(RdmaPaint::kLabelPx)).horizontalAdvance(windowText(kMaxSlots, depth));
    const QRectF first = slotRect(strip, 0, kMaxSlots), second = slotRect(strip, 1, kMaxSlots);
    const double pitch = second.left() - first.left();
    const auto fits = std::uint32_t(std::max(0.0, (strip.width() - hint - 8) / pitch));
    return std::clamp<std::uint32_t>(fits, 1, kMaxSlots);
}

QString RdmaQueuePainter::windowText(std::uint32_t shown, std::uint32_t depth) {
    return tr("%1 of %2").arg(shown).arg(depth);
}

void RdmaQueuePainter::windowHint(const QRectF& strip, const Window& w, std::uint32_t depth) {
    if (depth <= w.count) return;
    // Readable at fit: a reader must not take the drawn slots for the whole ring.
    const double left = slotRect(strip, w.count, w.count).left();
    m_paint.text(QRectF(left, strip.top(), strip.right() - left, strip.height()), windowText(w.count, depth),
                 RdmaPaint::kLabelPx, m_paint.theme.mutedText, Qt::AlignCenter);
}

void RdmaQueuePainter::stripNote(const QRectF& strip, QStringList parts, const Window& w, std::uint32_t depth) {
    if (depth > w.count) parts << tr("slots %1…%2 of %3").arg(w.first).arg((w.first + w.count - 1) % depth).arg(depth);
    if (parts.isEmpty()) return;
    m_paint.detail(QRectF(strip.left(), strip.bottom() + 1, strip.width(), 12), parts.join(QStringLiteral(" · ")),
                   RdmaPaint::kFinePx, m_paint.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
}

void RdmaQueuePainter::entry(const QRectF& r, const QString& id, const QColor& fill, bool hw, const QString& wrId,
                             const QString& opcode, const QString& last, const QColor& lastColor) {
    auto& p = m_paint;
    p.box(r, fill, p.isTouched(id) ? p.theme.accent : p.theme.panelBorder, 3, p.isTouched(id) ? 2.5 : 1);
    // The owner band's colour says HW or SW at any zoom; its letters are detail.
    const QRectF owner(r.left(), r.top(), r.width(), 10);
    p.box(owner.adjusted(1, 1, -1, 0), hw ? p.theme.accent : p.theme.mutedText, QColor(), 2);
    p.detail(owner, hw ? tr("HW") : tr("SW"), 8, p.theme.background, Qt::AlignCenter, true);
    // A wr_id too wide for its slot (two CQs side by side, long ids) is detail, never an ellipsis.
    const QRectF idRect(r.left() + 1, r.top() + 10, r.width() - 2, 19);
    if (QFontMetricsF(ScenePaint::font(RdmaPaint::kLabelPx, true)).horizontalAdvance(wrId) <= idRect.width())
        p.text(idRect, wrId, RdmaPaint::kLabelPx, p.theme.text, Qt::AlignCenter, true);
    else
        p.detail(idRect, wrId, RdmaPaint::kFinePx, p.theme.text, Qt::AlignCenter, true);
    p.detail(QRectF(r.left() + 1, r.top() + 28, r.width() - 2, 9), opcode, 9, p.theme.text, Qt::AlignCenter);
    p.detail(QRectF(r.left() + 1, r.top() + 36, r.width() - 2, 8), last, 8, lastColor, Qt::AlignCenter, true);
    p.object(r, id);
}

void RdmaQueuePainter::label(const QRectF& area, const QString& title, const QString& counts, int badge,
                             bool badgeActive, bool bad) {
    auto& p = m_paint;
    const double r = RdmaPaint::kBadgeRadius;
    const double titleWidth =
        p.text(QRectF(area.left(), area.top(), kLabelWidth - (badge > 0 ? 2 * r + 4 : 4), 24), title,
               RdmaPaint::kHeadingPx, p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
    const QStringList lines = counts.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size() && i < 2; ++i)
        p.text(QRectF(area.left(), area.top() + 25 + i * kCountLine, kLabelWidth - 4, kCountLine), lines[i],
               RdmaPaint::kLabelPx, bad ? p.theme.bad : p.theme.mutedText);
    // The badge follows the name, however long the CQ's name is.
    if (badge > 0) p.numberBadge(QPointF(area.left() + titleWidth + 4 + r, area.top() + r), badge, badgeActive);
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
        p.detail(QRectF(x + 5, below ? y : y - 12, 60, 12), name, RdmaPaint::kFinePx, color,
                 Qt::AlignLeft | Qt::AlignVCenter, true);
    };
    mark(tail, tr("tail"), p.theme.accent2, true);
    mark(head, tr("head"), p.theme.accent, false);
}

void RdmaQueuePainter::emptySlot(const QRectF& rect, std::uint32_t slot) {
    m_paint.box(rect, m_paint.theme.background, m_paint.theme.panelBorder, 3);
    m_paint.detail(rect.adjusted(0, 0, 0, -2), QString::number(slot), RdmaPaint::kFinePx, m_paint.theme.mutedText,
                   Qt::AlignHCenter | Qt::AlignBottom);
}

template <class Ring, class Held>
void RdmaQueuePainter::ringSlots(const QRectF& strip, const Window& w, std::uint32_t depth, const Ring& ring,
                                 Held&& held) {
    for (std::uint32_t i = 0; i < w.count; ++i) {
        const std::uint32_t slot = (w.first + i) % std::max<std::uint32_t>(1, depth);
        const QRectF r = slotRect(strip, i, w.count);
        const auto& item = slot < ring.size() ? ring[slot] : std::nullopt;
        if (item)
            held(r, *item);
        else
            emptySlot(r, slot);
    }
}

void RdmaQueuePainter::stripEnd(const QRectF& strip, const QStringList& notes, const Window& w, std::uint32_t depth,
                                std::uint64_t head, std::uint64_t tail) {
    stripNote(strip, notes, w, depth);
    windowHint(strip, w, depth);
    headTail(strip, w, depth, head, tail);
}

void RdmaQueuePainter::workQueue(const QRectF& area, const QString& title, const rdma::WorkQueue& q, int badge,
                                 bool badgeActive) {
    auto& p = m_paint;
    label(area, title, tr("depth %1\n%2 in use").arg(q.depth).arg(q.occupancy()), badge, badgeActive);
    const QRectF strip = stripOf(area);
    p.object(strip.adjusted(-2, -10, 0, 12), QString::fromStdString(q.id));
    const Window w = window(q.depth, q.tail, slotsShown(strip, q.depth));
    ringSlots(strip, w, q.depth, q.ring, [&](const QRectF& r, const rdma::Wqe& wqe) {
        // Owner: the HCA owns a WQE until it retires it; then the slot waits
        // for software to poll the completion and move the tail.
        const bool hw = !wqe.completed;
        QColor fill = hw ? p.tint(p.theme.accent, 38) : p.tint(p.theme.good, 34);
        if (wqe.state == rdma::WqeState::Error || wqe.status != rdma::WcStatus::Success) fill = p.tint(p.theme.bad, 40);
        const QString opcode = wqe.isSend ? shortOpcode(std::string(rdma::verbsName(wqe.send.opcode))) : tr("RECV");
        entry(r, QString::fromStdString(wqe.id), fill, hw, QStringLiteral("#%1").arg(wqe.wrId()), opcode,
              QString::fromStdString(std::string(rdma::wqeStateName(wqe.state))), p.theme.mutedText);
    });
    stripEnd(strip, {}, w, q.depth, q.head, q.tail);
}

void RdmaQueuePainter::completionQueue(const QRectF& area, const rdma::CompletionQueue& cq, int badge,
                                       bool badgeActive) {
    auto& p = m_paint;
    const QString counts = cq.overrun ? tr("OVERRUN\n%1 lost").arg(cq.lost)
                                      : tr("depth %1\n%2 unpolled").arg(cq.depth).arg(cq.occupancy());
    label(area, tr("CQ %1").arg(QString::fromStdString(cq.name)), counts, badge, badgeActive, cq.overrun);
    const QRectF strip = stripOf(area);
    p.object(strip.adjusted(-2, -10, 0, 12), QString::fromStdString(cq.id));
    if (cq.overrun) p.box(strip.adjusted(-3, -3, 3, 3), QColor(), p.theme.bad, 4, 2);
    const Window w = window(cq.depth, cq.tail, slotsShown(strip, cq.depth));
    // An empty CQE slot belongs to the hardware (mlx5 owner bit).
    ringSlots(strip, w, cq.depth, cq.ring, [&](const QRectF& r, const rdma::Cqe& cqe) {
        const bool ok = cqe.status == rdma::WcStatus::Success;
        entry(r, QString::fromStdString(cqe.id), p.tint(ok ? p.theme.good : p.theme.bad, 40), false,
              QStringLiteral("#%1").arg(cqe.wrId), shortOpcode(std::string(rdma::verbsName(cqe.opcode))),
              statusShort(cqe.status), ok ? p.theme.good : p.theme.bad);
    });
    stripEnd(strip, {tr("CQN %1").arg(cq.cqn)}, w, cq.depth, cq.head, cq.tail);
}

}  // namespace commviz::views
