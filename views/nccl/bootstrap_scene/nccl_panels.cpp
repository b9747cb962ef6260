// The right-hand column: the 128-byte ncclUniqueId with its fields marked, the
// progress of each phase, and the tables of known addresses by round.

#include <QFontMetricsF>
#include <algorithm>

#include "nccl/bootstrap_math.h"
#include "nccl/bootstrap_scene/nccl_renderer.h"
#include "nccl/bootstrap_scene/nccl_text.h"
#include "nccl/bootstrap_scene/nccl_view.h"

namespace commviz::views {

namespace {

QString hex64(std::uint64_t value) { return QStringLiteral("0x%1").arg(value, 16, 16, QLatin1Char('0')); }

void panel(NcclView& v, const QRectF& rect, const QString& title) {
    v.p.box(rect, v.p.theme.panel, v.p.theme.panelBorder, 8);
    v.p.text(QRectF(rect.left() + 12, rect.top() + 4, rect.width() - 24, 26), title, NcclLayout::kHeadingPx,
             v.p.theme.text, Qt::AlignLeft | Qt::AlignVCenter, true);
}

/// A phase's progress: its name and count on one line, the bar under them.
void bar(NcclView& v, const QRectF& row, const QString& label, double done, const QString& value) {
    const QRectF line(row.left(), row.top(), row.width(), 21);
    const double used = v.p.text(line, label, NcclLayout::kLabelPx, v.p.theme.text);
    v.p.text(line.adjusted(used + 12, 0, 0, 0), value, NcclLayout::kLabelPx, v.p.theme.mutedText,
             Qt::AlignRight | Qt::AlignVCenter);
    const QRectF track(row.left(), row.top() + 22, row.width(), 9);
    v.p.box(track, v.p.theme.background, v.p.theme.panelBorder, 3);
    if (done > 0) {
        QRectF fill = track;
        fill.setWidth(track.width() * std::clamp(done, 0.0, 1.0));
        v.p.box(fill, done >= 1 ? v.p.theme.good : v.p.theme.accent, Qt::transparent, 3, 0);
    }
}

// ncclGetUniqueId failed in bootstrapNetInit: say why instead of the field legend.
void paintIdFailure(NcclView& v, QRectF row) {
    const nccl::World& w = v.engine.world();
    const nccl::Config& c = w.config;
    // Over the empty byte grid, each sentence on up to two lines.
    row.setHeight(46);
    v.p.wrapped(row, NcclRenderer::tr("ncclGetUniqueId returned %1: no id was filled").arg(w.idFailureResult()),
                NcclLayout::kLabelPx, v.p.theme.bad, true, NcclLayout::kLabelPx);
    row.translate(0, row.height() + 4);
    v.p.wrapped(
        row,
        c.comm_id.empty()
            ? NcclRenderer::tr("NCCL_SOCKET_IFNAME=%1 matches none of %2")
                  .arg(QString::fromStdString(c.socket_ifname), QString::fromStdString(c.interfaces))
            : NcclRenderer::tr("no interface in the subnet of NCCL_COMM_ID=%1").arg(QString::fromStdString(c.comm_id)),
        NcclLayout::kLabelPx, v.p.theme.text, false, NcclLayout::kLabelPx);
    row.translate(0, row.height() + 4);
    row.setHeight(24);
    v.p.text(row, NcclRenderer::tr("no root thread, nothing to broadcast"), NcclLayout::kLabelPx, v.p.theme.text);
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
    // The bytes are detail: at fit the marked fields show as colour, the legend below names them.
    const double cellW = 27, cellH = 15, left = card.left() + 22, top = card.top() + 34;
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
        if (failed && v.engine.steps() > 0) continue;  // no id: the failure is told over the grid
        v.p.detail(cell, byte, NcclLayout::kFinePx, id.bytes[std::size_t(i)] ? v.p.theme.text : v.p.theme.mutedText,
                   Qt::AlignCenter, false, true);
    }
    const double legendTop = top + 8 * cellH + 8;
    QRectF row(card.left() + 12, legendTop, card.width() - 24, 22);
    if (failed && v.engine.steps() > 0) return paintIdFailure(v, QRectF(row.left(), top, row.width(), 26));
    const QRectF chip(row.left(), row.top() + 5, 12, 12);
    v.p.box(chip, magic, Qt::transparent, 2, 0);
    v.p.text(row.adjusted(18, 0, 0, 0), NcclRenderer::tr("magic (bytes 0–7): %1").arg(hex64(id.magic())),
             NcclLayout::kLabelPx, v.p.theme.text);
    row.translate(0, 23);
    v.p.box(chip.translated(0, 23), addr, Qt::transparent, 2, 0);
    v.p.text(row.adjusted(18, 0, 0, 0),
             NcclRenderer::tr("addr (bytes 8–35): %1 on %2")
                 .arg(QString::fromStdString(nccl::socketString(id.ipv4(), id.port())),
                      QString::fromStdString(v.engine.world().interfaceName())),
             NcclLayout::kLabelPx, v.p.theme.text);
    row.translate(0, 23);
    v.p.box(chip.translated(0, 46), nranks, Qt::transparent, 2, 0);
    v.p.text(row.adjusted(18, 0, 0, 0), NcclRenderer::tr("nRanks (bytes 36–39): 0; the rest is zero"),
             NcclLayout::kLabelPx, v.p.theme.text);
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
    QRectF row(box.left() + 12, box.top() + 36, box.width() - 24, 34);
    auto ratio = [](int a, int b) { return QStringLiteral("%1/%2").arg(a).arg(b); };
    bar(v, row, NcclRenderer::tr("check-ins (extInfo)"), double(checked) / n, ratio(checked, n));
    row.translate(0, 35);
    bar(v, row, NcclRenderer::tr("root replies"), double(replies) / n, ratio(replies, n));
    row.translate(0, 35);
    bar(v, row, NcclRenderer::tr("ring connects"), double(connected) / n, ratio(connected, n));
    row.translate(0, 35);
    const int gatherTotal = gathers * rounds;
    const int gatherShown = pastGather ? gatherTotal : gatherDone;
    // Classic's three allgathers run one after the other: name the one in progress.
    const bool gathering = classic && v.engine.phase() == nccl::Phase::AllGather;
    const QString gatherLabel = gathering ? NcclRenderer::tr("allgather %1 of %2: %3")
                                                .arg(v.engine.gather() + 1)
                                                .arg(gathers)
                                                .arg(NcclText::gatherName(v.engine.gather(), true))
                                          : NcclRenderer::tr("allgather rounds");
    // Six-digit counts leave no room beside the gather's name for how the total is made up.
    const bool roomy = n < 10000;
    bar(v, row, gatherLabel, n > 1 ? double(gatherShown) / gatherTotal : (pastGather ? 1 : 0),
        !roomy    ? ratio(gatherShown, gatherTotal)
        : classic ? NcclRenderer::tr("%1 (3 × %2)").arg(ratio(gatherShown, gatherTotal)).arg(rounds)
                  : NcclRenderer::tr("%1 (⌊n/2⌋)").arg(ratio(gatherShown, gatherTotal)));
    row.translate(0, 35);
    bar(v, row, NcclRenderer::tr("initTransportsRank"), double(stage) / nccl::kInitStages,
        stage < nccl::kInitStages ? NcclText::stageLabel(nccl::InitStage(stage)) : NcclRenderer::tr("COMPLETE"));
}

void paintTables(NcclView& v) {
    const QRectF& box = v.layout.tables;
    // Classic: the table of the allgather in progress (the peer addresses before and after).
    const bool classic = v.engine.config().version == nccl::Version::Classic;
    const int gather = v.engine.phase() == nccl::Phase::AllGather ? v.engine.gather() : 0;
    panel(v, box,
          classic ? NcclRenderer::tr("Known %1 by rank and slot").arg(NcclText::gatherName(gather, true))
                  : NcclRenderer::tr("Known addresses (row: rank, column: slot)"));
    const int n = v.n();
    // Rows, then the first rounds' colours (two rows of chips), then the legend (two lines).
    const double legendH = 46, chipsH = 48;
    const bool all = n <= NcclRenderer::kDetailedRanks;
    // Aggregated rows are labelled with their rank: room for the widest number.
    const double labelW =
        QFontMetricsF(ScenePaint::font(NcclLayout::kLabelPx)).horizontalAdvance(QString::number(n - 1));
    const QRectF area = box.adjusted(all ? 40 : std::max(60.0, labelW + 20), 36, -14, -(legendH + chipsH + 6));
    // Past a few rounds a column holds slots of many; then the colour runs from light (round 0)
    // to dark (the last round) instead of one hue per round.
    const int gatherRounds = std::max(1, v.engine.roundsPerGather());
    const bool shaded = !all && gatherRounds > 8;
    auto colourOf = [&](int round) { return shaded ? v.roundShade(round, gatherRounds) : v.roundColor(round); };
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
        const nccl::KnownRange known = v.known(r);
        const double y = area.top() + i * rowH;
        // Row numbers are detail (the rows run 0, 1, 2 … from the top); the aggregated rows say whose they are.
        const QRectF label(box.left() + 2, y + rowH / 2 - 10, area.left() - box.left() - 8, 20);
        if (!all)
            v.p.text(label, QString::number(r), NcclLayout::kLabelPx, v.p.theme.mutedText,
                     Qt::AlignRight | Qt::AlignVCenter);
        else if (rowH >= 12 || r % 8 == 0)
            v.p.detail(label, QString::number(r), NcclLayout::kFinePx, v.p.theme.mutedText,
                       Qt::AlignRight | Qt::AlignVCenter);
        for (int c = 0; c < columns; ++c) {
            // A column of many slots shows the earliest round any of them arrived in.
            const int first = int(std::int64_t(c) * n / columns), last = int(std::int64_t(c + 1) * n / columns);
            int round = -2;
            for (int slot = first; slot < last; ++slot) {
                const int got = v.slotRound(r, slot, known);
                if (got != -2 && (round == -2 || got < round)) round = got;
            }
            const QRectF cell(area.left() + c * cellW, y, std::max(cellW - (all ? 1 : 0), 0.6), rowH - 1);
            v.p.p.fillRect(cell, round == -2 ? v.p.theme.background : colourOf(round));
        }
    }
    // The first rounds' colours, so a reader can tell which round brought which slot; shaded,
    // the scale from the first round to the last.
    const int rounds = std::min(v.engine.roundsPerGather(), 8);
    const double chipsTop = box.bottom() - legendH - chipsH;
    if (shaded) {
        const QRectF scale(box.left() + 14, chipsTop + 8, box.width() - 28, 13);
        for (int x = 0; x < int(scale.width()); ++x)
            v.p.p.fillRect(QRectF(scale.left() + x, scale.top(), 1, scale.height()),
                           v.roundShade(int(std::int64_t(x) * gatherRounds / int(scale.width())), gatherRounds));
        const QRectF labels(scale.left(), scale.bottom() + 2, scale.width(), 22);
        v.p.text(labels, NcclRenderer::tr("round %1").arg(0), NcclLayout::kLabelPx, v.p.theme.text);
        v.p.text(labels, NcclRenderer::tr("round %1").arg(gatherRounds - 1), NcclLayout::kLabelPx, v.p.theme.text,
                 Qt::AlignRight | Qt::AlignVCenter);
    }
    for (int i = 0; !shaded && i < rounds; ++i) {
        const QRectF chip(box.left() + 14 + (i % 4) * 112, chipsTop + (i / 4) * 24 + 5, 13, 13);
        v.p.box(chip, v.roundColor(i), Qt::transparent, 2, 0);
        v.p.text(QRectF(chip.right() + 5, chip.top() - 5, 92, 23), NcclRenderer::tr("round %1").arg(i),
                 NcclLayout::kLabelPx, v.p.theme.text);
    }
    v.p.wrapped(QRectF(box.left() + 14, box.bottom() - legendH - 2, box.width() - 28, legendH),
                shaded ? NcclRenderer::tr("dark mark = own slot · blank = not yet known · lighter = an earlier round")
                       : NcclRenderer::tr("dark = own slot · blank = not yet known · each colour one allgather round"),
                NcclLayout::kLabelPx, v.p.theme.mutedText, false, NcclLayout::kLabelPx);
}

}  // namespace commviz::views
