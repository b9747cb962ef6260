#include "rdma/rdma_host_painter.h"

#include <QFontMetricsF>

#include "rdma/rdma_qp_painter.h"
#include "rdma/rdma_queue_painter.h"
#include "rdma/verbs_names.h"

namespace commviz::views {

namespace {

QString statusText(rdma::WcStatus s) { return QString::fromStdString(std::string(rdma::verbsName(s))); }

QString accessShort(std::uint32_t access) {
    QStringList parts;
    if (access & rdma::bits(rdma::AccessFlag::LocalWrite)) parts << QStringLiteral("LW");
    if (access & rdma::bits(rdma::AccessFlag::RemoteWrite)) parts << QStringLiteral("RW");
    if (access & rdma::bits(rdma::AccessFlag::RemoteRead)) parts << QStringLiteral("RR");
    if (access & rdma::bits(rdma::AccessFlag::RemoteAtomic)) parts << QStringLiteral("RA");
    return parts.isEmpty() ? QStringLiteral("—") : parts.join(QLatin1Char(' '));
}

constexpr double kSectionTitle = 26;  // a box's title row
constexpr double kListTitle = 28;     // a list's badge and title
constexpr double kRowHeight = 24;     // a WR or WC row

}  // namespace

void RdmaHostPainter::sectionTitle(const QRectF& box, const QString& title) {
    m_paint.text(QRectF(box.left() + 8, box.top() + 3, box.width() - 16, kSectionTitle - 4), title, RdmaPaint::kLabelPx,
                 m_paint.theme.mutedText, Qt::AlignLeft | Qt::AlignVCenter, true);
}

void RdmaHostPainter::listTitle(const QRectF& list, int badge, bool active, const QString& title) {
    const double r = RdmaPaint::kBadgeRadius;
    m_paint.numberBadge(QPointF(list.left() + r, list.top() + r), badge, active);
    m_paint.text(QRectF(list.left() + 2 * r + 6, list.top(), list.width() - 2 * r - 6, 2 * r), title,
                 RdmaPaint::kLabelPx, m_paint.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
}

void RdmaHostPainter::paint(const RdmaHostLayout& l, const rdma::Host& host, const RdmaHostActivity& a) {
    auto& p = m_paint;
    p.box(l.frame, p.theme.panel, p.theme.panelBorder, 10);
    p.text(l.header.adjusted(14, 4, -14, 0), tr("Host %1").arg(QString::fromStdString(host.name)), RdmaPaint::kTitlePx,
           p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
    p.detail(l.header.adjusted(14, 4, -14, 0),
             tr("LID %1 · port 1 · %2").arg(host.lid).arg(QString::fromStdString(host.pd)), RdmaPaint::kDetailPx,
             p.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
    application(l, host, a);
    driver(l, host, a);
    hca(l, host, a);
    memory(l, host, a);
}

void RdmaHostPainter::application(const RdmaHostLayout& l, const rdma::Host& host, const RdmaHostActivity& a) {
    auto& p = m_paint;
    p.box(l.app, p.theme.background, p.theme.panelBorder, 6);
    sectionTitle(l.app, tr("application"));
    const double rowH = kRowHeight;
    // (1) WR list
    listTitle(l.wrList, 1, a.wrPosted, tr("work requests (WR)"));
    p.anchor(l.wrList, QString::fromStdString(host.name) + QStringLiteral("#wrs"));
    const int rows = int((l.wrList.height() - kListTitle) / rowH);
    const int firstWr = std::max(0, int(host.wrs.size()) - rows);
    for (int i = firstWr; i < int(host.wrs.size()); ++i) {
        const auto& wr = host.wrs[std::size_t(i)];
        const QRectF r(l.wrList.left(), l.wrList.top() + kListTitle + (i - firstWr) * rowH, l.wrList.width(), rowH - 2);
        const QString id = QString::fromStdString(wr.id);
        const bool rejected = wr.fate == rdma::WrFate::Rejected || wr.fate == rdma::WrFate::NotPosted;
        p.box(r, p.isTouched(id) ? p.tint(p.theme.accent, 40) : p.theme.panel, QColor(), 3);
        const QString opcode = wr.isSend ? shortOpcode(std::string(rdma::verbsName(wr.send.opcode))) : tr("RECV");
        const std::uint32_t len = wr.isSend ? wr.send.length() : wr.recv.length();
        QString flags;
        if (wr.isSend && wr.send.has(rdma::SendFlag::Signaled)) flags += QStringLiteral(" S");
        if (wr.isSend && wr.send.has(rdma::SendFlag::Inline)) flags += QStringLiteral(" I");
        // The WR and its opcode stay readable at "fit"; length, flags and fate once zoomed in.
        const QString fate = rejected                             ? tr("bad_wr")
                             : wr.fate == rdma::WrFate::Discarded ? tr("discarded")
                                                                  : tr("→ WQE");
        // The essential words first; the detail takes what room is left: all of it, or the length and
        // flags without the fate, never an ellipsis.
        const double idWidth = p.text(r.adjusted(4, 0, -4, 0), tr("wr_id %1 · %2").arg(wr.wrId()).arg(opcode),
                                      RdmaPaint::kLabelPx, rejected ? p.theme.bad : p.theme.text);
        const QRectF rest = r.adjusted(idWidth + 12, 0, -4, 0);
        const QString full = tr("%1 B%2 %3").arg(len).arg(flags, fate);
        const bool fits = QFontMetricsF(ScenePaint::font(RdmaPaint::kDetailPx)).horizontalAdvance(full) <= rest.width();
        p.detail(rest, fits ? full : QStringLiteral("%1 B%2").arg(len).arg(flags), RdmaPaint::kDetailPx,
                 rejected ? p.theme.bad : p.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
        p.object(r, id);
    }
    if (host.wrs.empty())
        p.text(QRectF(l.wrList.left() + 4, l.wrList.top() + kListTitle, l.wrList.width(), rowH), tr("none yet"),
               RdmaPaint::kLabelPx, p.theme.mutedText);
    // (4) WC list
    listTitle(l.wcList, 4, a.wcReturned, tr("completions (WC)"));
    p.anchor(l.wcList, QString::fromStdString(host.name) + QStringLiteral("#wcs"));
    const int firstWc = std::max(0, int(host.wcs.size()) - rows);
    for (int i = firstWc; i < int(host.wcs.size()); ++i) {
        const auto& wc = host.wcs[std::size_t(i)];
        const QRectF r(l.wcList.left(), l.wcList.top() + kListTitle + (i - firstWc) * rowH, l.wcList.width(), rowH - 2);
        const QString id = QString::fromStdString(wc.id);
        const bool ok = wc.status == rdma::WcStatus::Success;
        p.box(r, p.isTouched(id) ? p.tint(p.theme.accent, 40) : p.tint(ok ? p.theme.good : p.theme.bad, 28), QColor(),
              3);
        const QString opcode = ok ? shortOpcode(std::string(rdma::verbsName(wc.opcode))) : QString();
        QString statusShort = statusText(wc.status);
        statusShort.remove(QStringLiteral("IBV_WC_"));
        // wr_id and status stay readable at "fit"; opcode and byte_len once zoomed in.
        const double idWidth = p.text(r.adjusted(4, 0, -4, 0), tr("wr_id %1 · %2").arg(wc.wrId).arg(statusShort),
                                      RdmaPaint::kLabelPx, ok ? p.theme.text : p.theme.bad);
        if (ok)
            p.detail(r.adjusted(idWidth + 12, 0, -4, 0), tr("%1 · %2 B").arg(opcode).arg(wc.byteLen),
                     RdmaPaint::kDetailPx, p.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
        p.object(r, id);
    }
    if (host.wcs.empty())
        p.text(QRectF(l.wcList.left() + 4, l.wcList.top() + kListTitle, l.wcList.width(), rowH), tr("none yet"),
               RdmaPaint::kLabelPx, p.theme.mutedText);
}

void RdmaHostPainter::driver(const RdmaHostLayout& l, const rdma::Host& host, const RdmaHostActivity& a) {
    auto& p = m_paint;
    const QString anchor = QString::fromStdString(host.name) + QStringLiteral("#driver");
    const bool touched = p.isTouched(anchor);
    p.box(l.driver, touched ? p.tint(p.theme.accent, 24) : p.theme.background,
          touched ? p.theme.accent : p.theme.panelBorder, 6, touched ? 2 : 1);
    p.anchor(l.driver, anchor);
    // Doorbell: the MMIO write that tells the HCA about new WQEs (top right, beside the title).
    const QRectF bell(l.driver.right() - 118, l.driver.top() + 5, 110, 26);
    sectionTitle(l.driver.adjusted(0, 0, -bell.width() - 8, 0), tr("verbs / driver (libibverbs + provider)"));
    // The last call this host made, with its return value.
    QString line = tr("no call yet");
    QColor lineColor = p.theme.mutedText;
    if (m_snap.calls) {
        for (auto it = m_snap.calls->rbegin(); it != m_snap.calls->rend(); ++it) {
            if (!it->started || (it->host != host.name && !it->host.empty())) continue;
            const QString call = QString::fromStdString(it->call);
            if (!it->finished) {
                line = tr("[%1] %2(…) running").arg(it->index).arg(call);
                lineColor = p.theme.accent;
            } else if (it->retIsCount) {
                line = tr("[%1] %2() = %3").arg(it->index).arg(call).arg(it->ret);
                lineColor = p.theme.text;
            } else {
                const QString ret =
                    it->ret == 0 ? QStringLiteral("0") : QString::fromStdString(rdma::errnoName(it->ret));
                line = tr("[%1] %2() = %3").arg(it->index).arg(call, ret);
                if (it->badWr) line += tr(", bad_wr = wr_id %1").arg(*it->badWr);
                lineColor = it->ret == 0 ? p.theme.text : p.theme.bad;
            }
            break;
        }
    }
    p.text(QRectF(l.driver.left() + 8, l.driver.top() + 30, l.driver.width() - 16, 20), line, RdmaPaint::kLabelPx,
           lineColor, Qt::AlignLeft | Qt::AlignVCenter, false, true);
    if (!host.asyncEvents.empty()) {
        QString ev = QString::fromStdString(std::string(rdma::verbsName(host.asyncEvents.back().type)));
        p.text(QRectF(l.driver.left() + 8, l.driver.top() + 51, l.driver.width() - 16, 20),
               tr("async event: %1").arg(ev), RdmaPaint::kLabelPx, p.theme.bad, Qt::AlignLeft | Qt::AlignVCenter, true);
    }
    p.box(bell, a.doorbell ? p.theme.warn : p.theme.panel, a.doorbell ? p.theme.warn : p.theme.panelBorder, 13);
    p.text(bell, tr("doorbell"), RdmaPaint::kLabelPx, a.doorbell ? p.theme.text : p.theme.mutedText, Qt::AlignCenter,
           a.doorbell);
    p.anchor(bell, QString::fromStdString(host.name) + QStringLiteral("#doorbell"));
}

void RdmaHostPainter::hca(const RdmaHostLayout& l, const rdma::Host& host, const RdmaHostActivity& a) {
    auto& p = m_paint;
    p.box(l.hca, p.theme.background, p.theme.panelBorder, 6, 1.2);
    sectionTitle(l.hca, tr("HCA (RDMA NIC)"));
    RdmaQueuePainter queues(p);
    RdmaQpPainter qpPainter(p);
    if (host.qps.empty()) {
        p.text(l.qpRow, tr("no QP yet (ibv_create_qp)"), RdmaPaint::kLabelPx, p.theme.mutedText, Qt::AlignCenter);
    } else {
        const auto& qp = host.qps.front();
        if (host.qps.size() > 1)
            p.text(QRectF(l.hca.right() - 200, l.hca.top() + 3, 192, 20), tr("+%1 more QP").arg(host.qps.size() - 1),
                   RdmaPaint::kLabelPx, p.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
        qpPainter.stateRow(l.qpRow, qp, p.isTouched(QString::fromStdString(qp.id)));
        queues.workQueue(l.sq, tr("SQ"), qp.sq, 2, a.wqeWritten);
        queues.workQueue(l.rq, tr("RQ"), qp.rq, 0, false);
        qpPainter.engines(l.engines, qp);
    }
    if (host.cqs.empty()) {
        p.text(l.cq, tr("no CQ yet (ibv_create_cq)"), RdmaPaint::kLabelPx, p.theme.mutedText, Qt::AlignCenter);
    } else if (host.cqs.size() == 1) {
        queues.completionQueue(l.cq, host.cqs.front(), 3, a.cqeWritten);
    } else {
        // Separate send and receive CQs: two half-width strips.
        const QRectF left(l.cq.left(), l.cq.top(), l.cq.width() / 2 - 4, l.cq.height());
        const QRectF right(l.cq.center().x() + 4, l.cq.top(), l.cq.width() / 2 - 4, l.cq.height());
        queues.completionQueue(left, host.cqs[0], 3, a.cqeWritten);
        queues.completionQueue(right, host.cqs[1], 0, false);
    }
}

void RdmaHostPainter::memory(const RdmaHostLayout& l, const rdma::Host& host, const RdmaHostActivity& a) {
    auto& p = m_paint;
    p.box(l.memory, p.theme.background, p.theme.panelBorder, 6);
    sectionTitle(l.memory.adjusted(0, 0, -170, 0), tr("host memory (registered MRs)"));
    if (host.mrs.empty()) {
        p.text(l.memory.adjusted(8, kSectionTitle, -8, 0), tr("no MR yet (ibv_reg_mr)"), RdmaPaint::kLabelPx,
               p.theme.mutedText, Qt::AlignCenter);
        return;
    }
    const double x0 = l.memory.left() + 8;
    const double cell = (l.memory.width() - 16) / 24 - 1, rowH = 17, nameH = 22;
    double y = l.memory.top() + kSectionTitle;
    int shown = 0;
    for (const auto& mr : host.mrs) {
        const std::size_t bytes = std::min<std::size_t>(mr.bytes.size(), 48);
        const int rows = int((bytes + 23) / 24);
        const double h = nameH + rows * rowH + 4;
        if (y + h > l.memory.bottom() - 2) break;
        const QString id = QString::fromStdString(mr.id);
        const QRectF block(x0, y, l.memory.width() - 16, h);
        // Name and size at "fit"; keys and access flags once zoomed in.
        const double keysWidth = p.detail(
            QRectF(x0, y, block.width(), nameH - 2),
            tr("lkey 0x%1 · rkey 0x%2 · %3").arg(mr.lkey, 0, 16).arg(mr.rkey, 0, 16).arg(accessShort(mr.access)),
            RdmaPaint::kDetailPx, p.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
        p.text(QRectF(x0, y, block.width() - keysWidth - 8, nameH - 2),
               tr("MR %1 · %2 B").arg(QString::fromStdString(mr.name)).arg(mr.bytes.size()), RdmaPaint::kLabelPx,
               p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
        for (std::size_t i = 0; i < bytes; ++i) {
            const int row = int(i / 24), col = int(i % 24);
            const QRectF c(x0 + col * (cell + 1), y + nameH + row * rowH, cell, rowH - 2);
            const bool changed = a.changedMrBytes.contains(id + QLatin1Char(':') + QString::number(i));
            p.box(c, changed ? p.theme.warn : p.theme.panel, QColor(), 2);
            p.detail(c, QStringLiteral("%1").arg(mr.bytes[i], 2, 16, QChar('0')), RdmaPaint::kFinePx, p.theme.text,
                     Qt::AlignCenter, changed, true);
        }
        if (mr.bytes.size() > bytes)
            p.detail(QRectF(x0, y + nameH + rows * rowH - 2, block.width(), 12),
                     tr("+%1 B").arg(mr.bytes.size() - bytes), RdmaPaint::kFinePx, p.theme.mutedText,
                     Qt::AlignRight | Qt::AlignVCenter);
        p.object(block, id);
        y += h + 2;
        ++shown;
    }
    if (shown < int(host.mrs.size()))
        p.text(QRectF(l.memory.right() - 160, l.memory.top() + 3, 152, 20),
               tr("+%1 more MR").arg(int(host.mrs.size()) - shown), RdmaPaint::kLabelPx, p.theme.mutedText,
               Qt::AlignRight | Qt::AlignVCenter);
}

}  // namespace commviz::views
