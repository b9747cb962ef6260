// The right-hand column: the 128-byte ncclUniqueId with its fields marked, the
// progress of each phase, and the tables of known addresses by round.

#include <algorithm>

#include "nccl/bootstrap_math.h"
#include "nccl/nccl_renderer.h"
#include "nccl/nccl_text.h"
#include "nccl/nccl_view.h"

namespace commviz::views {

namespace {

QString hex64(std::uint64_t value) { return QStringLiteral("0x%1").arg(value, 16, 16, QLatin1Char('0')); }

void panel(NcclView& v, const QRectF& rect, const QString& title) {
    v.p.box(rect, v.p.theme.panel, v.p.theme.panelBorder, 8);
    v.p.text(QRectF(rect.left() + 10, rect.top() + 4, rect.width() - 20, 22), title, 14, v.p.theme.text,
             Qt::AlignLeft | Qt::AlignVCenter, true);
}

void bar(NcclView& v, const QRectF& row, const QString& label, double done, const QString& value) {
    v.p.text(QRectF(row.left(), row.top(), 150, row.height()), label, 12, v.p.theme.text);
    const QRectF track(row.left() + 150, row.top() + 4, row.width() - 150 - 150, row.height() - 8);
    v.p.box(track, v.p.theme.background, v.p.theme.panelBorder, 3);
    if (done > 0) {
        QRectF fill = track;
        fill.setWidth(track.width() * std::clamp(done, 0.0, 1.0));
        v.p.box(fill, done >= 1 ? v.p.theme.good : v.p.theme.accent, Qt::transparent, 3, 0);
    }
    v.p.text(QRectF(track.right() + 6, row.top(), 144, row.height()), value, 11, v.p.theme.mutedText,
             Qt::AlignRight | Qt::AlignVCenter);
}

// ncclGetUniqueId failed in bootstrapNetInit: say why instead of the field legend.
void paintIdFailure(NcclView& v, QRectF row) {
    const nccl::World& w = v.engine.world();
    const nccl::Config& c = w.config;
    v.p.text(row, NcclRenderer::tr("ncclGetUniqueId returned %1: no id was filled").arg(w.idFailureResult()), 11,
             v.p.theme.bad, Qt::AlignLeft | Qt::AlignVCenter, true);
    row.translate(0, 18);
    v.p.text(
        row,
        c.comm_id.empty()
            ? NcclRenderer::tr("NCCL_SOCKET_IFNAME=%1 matches none of %2")
                  .arg(QString::fromStdString(c.socket_ifname), QString::fromStdString(c.interfaces))
            : NcclRenderer::tr("no interface in the subnet of NCCL_COMM_ID=%1").arg(QString::fromStdString(c.comm_id)),
        11, v.p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, false, true);
    row.translate(0, 18);
    v.p.text(row, NcclRenderer::tr("no root thread, nothing to broadcast"), 11, v.p.theme.text);
}

}  // namespace

void paintIdCard(NcclView& v) {
    const QRectF& card = v.layout.idCard;
    const nccl::UniqueId& id = v.engine.world().id(0);
    const bool failed = v.engine.world().idFailed();
    const bool made = !failed && (v.engine.phase() != nccl::Phase::UniqueId || v.engine.steps() > 0);
    panel(v, card,
          v.nroots() > 1 ? NcclRenderer::tr("ncclUniqueId 0 of %1 (128 bytes)").arg(v.nroots())
                         : NcclRenderer::tr("ncclUniqueId (128 bytes)"));
    v.p.object(card, v.nroots() > 1 ? QStringLiteral("unique_id:0") : QStringLiteral("unique_id"));
    const QColor magic = ScenePaint::tint(v.p.theme.warn, 90), addr = ScenePaint::tint(v.p.theme.accent2, 80),
                 nranks = ScenePaint::tint(v.p.theme.good, 70);
    const double cellW = 28, cellH = 17, left = card.left() + 14, top = card.top() + 30;
    for (int i = 0; i < nccl::kUniqueIdBytes; ++i) {
        const QRectF cell(left + (i % 16) * cellW, top + (i / 16) * cellH, cellW - 2, cellH - 2);
        QColor fill = Qt::transparent;
        if (i < nccl::kAddrOffset)
            fill = magic;
        else if (i < nccl::kAddrOffset + nccl::kAddrBytes)
            fill = addr;
        else if (i < nccl::kNRanksOffset + 4)
            fill = nranks;
        if (fill != Qt::transparent && !failed) v.p.box(cell, fill, Qt::transparent, 2, 0);
        const QString byte =
            made ? QStringLiteral("%1").arg(id.bytes[std::size_t(i)], 2, 16, QLatin1Char('0')) : QStringLiteral("··");
        v.p.text(cell, byte, 11, id.bytes[std::size_t(i)] ? v.p.theme.text : v.p.theme.mutedText, Qt::AlignCenter,
                 false, true);
    }
    const double legendTop = top + 8 * cellH + 6;
    QRectF row(left, legendTop, card.width() - 28, 18);
    if (failed && v.engine.steps() > 0) return paintIdFailure(v, row);
    v.p.box(QRectF(row.left(), row.top() + 4, 10, 10), magic, Qt::transparent, 2, 0);
    v.p.text(row.adjusted(16, 0, 0, 0), NcclRenderer::tr("magic (bytes 0–7): %1").arg(hex64(id.magic())), 11,
             v.p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, false, true);
    row.translate(0, 18);
    v.p.box(QRectF(row.left(), row.top() + 4, 10, 10), addr, Qt::transparent, 2, 0);
    v.p.text(row.adjusted(16, 0, 0, 0),
             NcclRenderer::tr("addr (bytes 8–35): %1 on %2")
                 .arg(QString::fromStdString(nccl::socketString(id.ipv4(), id.port())),
                      QString::fromStdString(v.engine.world().interfaceName())),
             11, v.p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, false, true);
    row.translate(0, 18);
    v.p.box(QRectF(row.left(), row.top() + 4, 10, 10), nranks, Qt::transparent, 2, 0);
    v.p.text(row.adjusted(16, 0, 0, 0), NcclRenderer::tr("nRanks (bytes 36–39): 0; the rest is zero"), 11,
             v.p.theme.text);
}

void paintProgress(NcclView& v) {
    const QRectF& box = v.layout.progress;
    panel(v, box,
          NcclRenderer::tr("Progress — %1").arg(NcclText::runLabel(int(v.engine.phase()), v.engine.complete())));
    const int n = v.n();
    int checked = 0, replies = 0, connected = 0;
    for (int r = 0; r < n; ++r) {
        checked += v.engine.checkedIn(r);
        replies += v.engine.gotReply(r);
        connected += v.engine.ringConnected(r);
    }
    const bool classic = v.engine.config().version == nccl::Version::Classic;
    const int gathers = v.engine.gathers();
    const int rounds = std::max(1, v.engine.roundsPerGather());
    const int gatherDone =
        std::min(v.engine.gather(), gathers) * rounds +
        (v.engine.gather() < gathers && v.engine.phase() == nccl::Phase::AllGather ? v.engine.round() : 0);
    const bool pastGather =
        v.engine.phase() == nccl::Phase::Init || (v.engine.phase() == nccl::Phase::Finished && v.engine.complete());
    const int stage = v.engine.complete() ? nccl::kInitStages : int(v.engine.nextStage());
    QRectF row(box.left() + 10, box.top() + 30, box.width() - 20, 24);
    auto ratio = [](int a, int b) { return QStringLiteral("%1/%2").arg(a).arg(b); };
    bar(v, row, NcclRenderer::tr("check-ins (extInfo)"), double(checked) / n, ratio(checked, n));
    row.translate(0, 28);
    bar(v, row, NcclRenderer::tr("root replies"), double(replies) / n, ratio(replies, n));
    row.translate(0, 28);
    bar(v, row, NcclRenderer::tr("ring connects"), double(connected) / n, ratio(connected, n));
    row.translate(0, 28);
    const int gatherTotal = gathers * rounds;
    const int gatherShown = pastGather ? gatherTotal : gatherDone;
    bar(v, row, NcclRenderer::tr("allgather rounds"), n > 1 ? double(gatherShown) / gatherTotal : (pastGather ? 1 : 0),
        classic ? NcclRenderer::tr("%1 (3 × %2)").arg(ratio(gatherShown, gatherTotal)).arg(rounds)
                : NcclRenderer::tr("%1 (⌊n/2⌋)").arg(ratio(gatherShown, gatherTotal)));
    row.translate(0, 28);
    bar(v, row, NcclRenderer::tr("initTransportsRank"), double(stage) / nccl::kInitStages,
        stage < nccl::kInitStages ? NcclText::stageLabel(nccl::InitStage(stage)) : NcclRenderer::tr("COMPLETE"));
}

void paintTables(NcclView& v) {
    const QRectF& box = v.layout.tables;
    panel(v, box, NcclRenderer::tr("Known addresses (row: rank, column: slot)"));
    const int n = v.n();
    const QRectF area = box.adjusted(52, 32, -12, -30);
    const bool all = n <= NcclRenderer::kDetailedRanks;
    // Small n: every rank's table, so the diagonals of the ring pattern show. Large n:
    // the selected rank and its neighbours, each row squeezed into pixel columns.
    std::vector<int> rows;
    if (all)
        for (int r = 0; r < n; ++r) rows.push_back(r);
    else
        rows = {nccl::wrap(v.selected - 1, n), v.selected, (v.selected + 1) % n};
    const double rowH = std::min(28.0, area.height() / rows.size());
    const int columns = std::min(n, int(area.width()));
    const double cellW = area.width() / columns;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const int r = rows[i];
        const nccl::KnownRange known = v.engine.known(r);
        const double y = area.top() + i * rowH;
        if (rowH >= 9 || r % 8 == 0)
            v.p.text(QRectF(box.left() + 2, y, 46, std::max(rowH, 10.0)), QString::number(r), rowH >= 12 ? 11 : 9,
                     v.p.theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
        for (int c = 0; c < columns; ++c) {
            // A column of many slots shows the earliest round any of them arrived in.
            const int first = int(std::int64_t(c) * n / columns), last = int(std::int64_t(c + 1) * n / columns);
            int round = -2;
            for (int slot = first; slot < last; ++slot) {
                const int got = v.slotRound(r, slot, known);
                if (got != -2 && (round == -2 || got < round)) round = got;
            }
            const QRectF cell(area.left() + c * cellW, y, std::max(cellW - (all ? 1 : 0), 0.6), rowH - 1);
            v.p.p.fillRect(cell, round == -2 ? v.p.theme.background : v.roundColor(round));
        }
    }
    // The first rounds' colours, so a reader can tell which round brought which slot.
    const int rounds = std::min(v.engine.roundsPerGather(), 8);
    const double legendY = area.top() + rows.size() * rowH + 10;
    for (int i = 0; i < rounds && legendY + 18 < box.bottom() - 28; ++i) {
        const QRectF chip(area.left() + (i % 4) * 100, legendY + (i / 4) * 20, 12, 12);
        v.p.box(chip, v.roundColor(i), Qt::transparent, 2, 0);
        v.p.text(QRectF(chip.right() + 4, chip.top() - 3, 80, 18), NcclRenderer::tr("round %1").arg(i), 11,
                 v.p.theme.text);
    }
    v.p.text(QRectF(area.left(), box.bottom() - 26, area.width(), 20),
             NcclRenderer::tr("dark = own slot · blank = not yet known · each colour one allgather round"), 11,
             v.p.theme.mutedText, Qt::AlignLeft | Qt::AlignVCenter);
}

}  // namespace commviz::views
