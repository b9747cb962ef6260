#include "rdma/rdma_host_painter.h"

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

}  // namespace

void RdmaHostPainter::paint(const RdmaHostLayout& l, const rdma::Host& host, const RdmaHostActivity& a) {
    auto& p = m_paint;
    p.box(l.frame, p.theme.panel, p.theme.panelBorder, 10);
    p.text(l.header.adjusted(14, 4, -14, 0), tr("Host %1").arg(QString::fromStdString(host.name)), 16, p.theme.text,
           Qt::AlignLeft | Qt::AlignVCenter, true);
    p.text(l.header.adjusted(14, 4, -14, 0),
           tr("LID %1 · port 1 · %2").arg(host.lid).arg(QString::fromStdString(host.pd)), 11, p.theme.mutedText,
           Qt::AlignRight | Qt::AlignVCenter);
    application(l, host, a);
    driver(l, host, a);
    hca(l, host, a);
    memory(l, host, a);
}

void RdmaHostPainter::application(const RdmaHostLayout& l, const rdma::Host& host, const RdmaHostActivity& a) {
    auto& p = m_paint;
    p.box(l.app, p.theme.background, p.theme.panelBorder, 6);
    p.text(QRectF(l.app.left() + 8, l.app.top() + 2, 200, 18), tr("application"), 11, p.theme.mutedText,
           Qt::AlignLeft | Qt::AlignVCenter, true);
    const double rowH = 17;
    // (1) WR list
    const QRectF wrTitle(l.wrList.left() + 22, l.wrList.top() - 2, l.wrList.width() - 22, 18);
    p.numberBadge(QPointF(l.wrList.left() + 9, l.wrList.top() + 7), 1, a.wrPosted);
    p.text(wrTitle, tr("work requests (WR) posted"), 12, p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
    p.anchor(l.wrList, QString::fromStdString(host.name) + QStringLiteral("#wrs"));
    const int rows = int((l.wrList.height() - 20) / rowH);
    const int firstWr = std::max(0, int(host.wrs.size()) - rows);
    for (int i = firstWr; i < int(host.wrs.size()); ++i) {
        const auto& wr = host.wrs[std::size_t(i)];
        const QRectF r(l.wrList.left(), l.wrList.top() + 20 + (i - firstWr) * rowH, l.wrList.width(), rowH - 2);
        const QString id = QString::fromStdString(wr.id);
        const bool rejected = wr.fate == rdma::WrFate::Rejected || wr.fate == rdma::WrFate::NotPosted;
        p.box(r, p.isTouched(id) ? p.tint(p.theme.accent, 40) : p.theme.panel, QColor(), 3);
        const QString opcode = wr.isSend ? shortOpcode(std::string(rdma::verbsName(wr.send.opcode))) : tr("RECV");
        const std::uint32_t len = wr.isSend ? wr.send.length() : wr.recv.length();
        QString flags;
        if (wr.isSend && wr.send.has(rdma::SendFlag::Signaled)) flags += QStringLiteral(" S");
        if (wr.isSend && wr.send.has(rdma::SendFlag::Inline)) flags += QStringLiteral(" I");
        p.text(r.adjusted(4, 0, -64, 0), tr("wr_id %1 · %2 · %3 B%4").arg(wr.wrId()).arg(opcode).arg(len).arg(flags),
               11, p.theme.text);
        const QString fate = rejected                             ? tr("bad_wr")
                             : wr.fate == rdma::WrFate::Discarded ? tr("discarded")
                                                                  : tr("→ WQE");
        p.text(r.adjusted(0, 0, -4, 0), fate, 10, rejected ? p.theme.bad : p.theme.mutedText,
               Qt::AlignRight | Qt::AlignVCenter);
        p.object(r, id);
    }
    if (host.wrs.empty())
        p.text(QRectF(l.wrList.left(), l.wrList.top() + 22, l.wrList.width(), rowH), tr("none yet"), 11,
               p.theme.mutedText);
    // (4) WC list
    p.numberBadge(QPointF(l.wcList.left() + 9, l.wcList.top() + 7), 4, a.wcReturned);
    p.text(QRectF(l.wcList.left() + 22, l.wcList.top() - 2, l.wcList.width() - 22, 18),
           tr("work completions (WC) polled"), 12, p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
    p.anchor(l.wcList, QString::fromStdString(host.name) + QStringLiteral("#wcs"));
    const int firstWc = std::max(0, int(host.wcs.size()) - rows);
    for (int i = firstWc; i < int(host.wcs.size()); ++i) {
        const auto& wc = host.wcs[std::size_t(i)];
        const QRectF r(l.wcList.left(), l.wcList.top() + 20 + (i - firstWc) * rowH, l.wcList.width(), rowH - 2);
        const QString id = QString::fromStdString(wc.id);
        const bool ok = wc.status == rdma::WcStatus::Success;
        p.box(r, p.isTouched(id) ? p.tint(p.theme.accent, 40) : p.tint(ok ? p.theme.good : p.theme.bad, 28), QColor(),
              3);
        const QString opcode = ok ? shortOpcode(std::string(rdma::verbsName(wc.opcode))) : QString();
        QString statusShort = statusText(wc.status);
        statusShort.remove(QStringLiteral("IBV_WC_"));
        p.text(r.adjusted(4, 0, -4, 0),
               ok ? tr("wr_id %1 · %2 · %3 · %4 B").arg(wc.wrId).arg(statusShort, opcode).arg(wc.byteLen)
                  : tr("wr_id %1 · %2").arg(wc.wrId).arg(statusShort),
               11, ok ? p.theme.text : p.theme.bad);
        p.object(r, id);
    }
    if (host.wcs.empty())
        p.text(QRectF(l.wcList.left(), l.wcList.top() + 22, l.wcList.width(), rowH), tr("none yet"), 11,
               p.theme.mutedText);
}

void RdmaHostPainter::driver(const RdmaHostLayout& l, const rdma::Host& host, const RdmaHostActivity& a) {
    auto& p = m_paint;
    const QString anchor = QString::fromStdString(host.name) + QStringLiteral("#driver");
    const bool touched = p.isTouched(anchor);
    p.box(l.driver, touched ? p.tint(p.theme.accent, 24) : p.theme.background,
          touched ? p.theme.accent : p.theme.panelBorder, 6, touched ? 2 : 1);
    p.anchor(l.driver, anchor);
    p.text(QRectF(l.driver.left() + 8, l.driver.top() + 3, 330, 16), tr("verbs / driver (libibverbs + provider)"), 11,
           p.theme.mutedText, Qt::AlignLeft | Qt::AlignVCenter, true);
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
    p.text(QRectF(l.driver.left() + 8, l.driver.top() + 20, l.driver.width() - 150, 16), line, 12, lineColor,
           Qt::AlignLeft | Qt::AlignVCenter, false, true);
    if (!host.asyncEvents.empty()) {
        QString ev = QString::fromStdString(std::string(rdma::verbsName(host.asyncEvents.back().type)));
        p.text(QRectF(l.driver.left() + 8, l.driver.top() + 37, l.driver.width() - 150, 16),
               tr("async event: %1").arg(ev), 11, p.theme.bad, Qt::AlignLeft | Qt::AlignVCenter, true);
    }
    // Doorbell: the MMIO write that tells the HCA about new WQEs.
    const QRectF bell(l.driver.right() - 132, l.driver.top() + 10, 122, 36);
    p.box(bell, a.doorbell ? p.theme.warn : p.theme.panel, a.doorbell ? p.theme.warn : p.theme.panelBorder, 18);
    p.text(bell, tr("doorbell"), 12, a.doorbell ? p.theme.text : p.theme.mutedText, Qt::AlignCenter, a.doorbell);
    p.anchor(bell, QString::fromStdString(host.name) + QStringLiteral("#doorbell"));
}

void RdmaHostPainter::hca(const RdmaHostLayout& l, const rdma::Host& host, const RdmaHostActivity& a) {
    auto& p = m_paint;
    p.box(l.hca, p.theme.background, p.theme.panelBorder, 6, 1.2);
    p.text(QRectF(l.hca.left() + 8, l.hca.top() + 3, 300, 18), tr("HCA (RDMA NIC)"), 11, p.theme.mutedText,
           Qt::AlignLeft | Qt::AlignVCenter, true);
    RdmaQueuePainter queues(p);
    RdmaQpPainter qpPainter(p);
    if (host.qps.empty()) {
        p.text(l.qpRow, tr("no QP yet (ibv_create_qp)"), 12, p.theme.mutedText, Qt::AlignCenter);
    } else {
        const auto& qp = host.qps.front();
        if (host.qps.size() > 1)
            p.text(QRectF(l.hca.right() - 200, l.hca.top() + 3, 192, 18), tr("+%1 more QP").arg(host.qps.size() - 1),
                   10, p.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
        qpPainter.stateRow(l.qpRow, qp, p.isTouched(QString::fromStdString(qp.id)));
        queues.workQueue(l.sq, tr("SQ"), qp.sq, 2, a.wqeWritten);
        queues.workQueue(l.rq, tr("RQ"), qp.rq, 0, false);
        qpPainter.engines(l.engines, qp);
    }
    if (host.cqs.empty()) {
        p.text(l.cq, tr("no CQ yet (ibv_create_cq)"), 12, p.theme.mutedText, Qt::AlignCenter);
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
    p.text(QRectF(l.memory.left() + 8, l.memory.top() + 2, 300, 18), tr("host memory (registered MRs)"), 11,
           p.theme.mutedText, Qt::AlignLeft | Qt::AlignVCenter, true);
    if (host.mrs.empty()) {
        p.text(l.memory.adjusted(8, 20, -8, 0), tr("no MR yet (ibv_reg_mr)"), 12, p.theme.mutedText, Qt::AlignCenter);
        return;
    }
    const double cell = 22, rowH = 17, x0 = l.memory.left() + 8;
    double y = l.memory.top() + 22;
    int shown = 0;
    for (const auto& mr : host.mrs) {
        const std::size_t bytes = std::min<std::size_t>(mr.bytes.size(), 48);
        const int rows = int((bytes + 23) / 24);
        const double h = 16 + rows * rowH + 4;
        if (y + h > l.memory.bottom() - 2) break;
        const QString id = QString::fromStdString(mr.id);
        const QRectF block(x0, y, l.memory.width() - 16, h);
        p.text(QRectF(x0, y, block.width(), 15),
               tr("MR %1 · %2 B · lkey 0x%3 · rkey 0x%4 · %5")
                   .arg(QString::fromStdString(mr.name))
                   .arg(mr.bytes.size())
                   .arg(mr.lkey, 0, 16)
                   .arg(mr.rkey, 0, 16)
                   .arg(accessShort(mr.access)),
               11, p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
        for (std::size_t i = 0; i < bytes; ++i) {
            const int row = int(i / 24), col = int(i % 24);
            const QRectF c(x0 + col * (cell + 1), y + 16 + row * rowH, cell, rowH - 2);
            const bool changed = a.changedMrBytes.contains(id + QLatin1Char(':') + QString::number(i));
            p.box(c, changed ? p.theme.warn : p.theme.panel, QColor(), 2);
            p.text(c, QStringLiteral("%1").arg(mr.bytes[i], 2, 16, QChar('0')), 10, p.theme.text, Qt::AlignCenter,
                   changed, true);
        }
        if (mr.bytes.size() > bytes)
            p.text(QRectF(x0 + 24 * (cell + 1) - 110, y, 110, 15), tr("+%1 B").arg(mr.bytes.size() - bytes), 9,
                   p.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
        p.object(block, id);
        y += h + 2;
        ++shown;
    }
    if (shown < int(host.mrs.size()))
        p.text(QRectF(l.memory.right() - 160, l.memory.top() + 2, 152, 18),
               tr("+%1 more MR").arg(int(host.mrs.size()) - shown), 10, p.theme.mutedText,
               Qt::AlignRight | Qt::AlignVCenter);
}

}  // namespace commviz::views
