// The collectives scene's legend and its summary of runs too large to draw rank by rank.

#include <QFontMetricsF>
#include <algorithm>
#include <numeric>

#include "collectives_scene/collectives_engine.h"
#include "collectives_scene/collectives_paint.h"
#include "collectives_scene/collectives_text.h"

namespace commviz::views {

using collectives::CollectivesEngine;

namespace {

constexpr double kLegendFont = 13;
constexpr double kSummaryFont = 15;

// The share of a rank's tracked blocks that hold their final data.
double completeShare(const CollectivesEngine& engine, int rank, bool reducing) {
    const auto& buffers = engine.buffers();
    const int slotCount = buffers.trackedBlockCount();
    int complete = 0;
    for (int slot = 0; slot < slotCount; ++slot) {
        const int held = buffers.contributions(rank, slot);
        complete += reducing ? held >= engine.config().ranks : held > 0;
    }
    return slotCount > 0 ? double(complete) / slotCount : 0;
}

}  // namespace

void CollectivesPaint::swatch(double& x, double y, const QColor& fill, const QColor& border, const QString& label) {
    box(QRectF(x, y - 7, 14, 14), fill, border, 2, 1.2);
    x += 20;
    const double width = QFontMetricsF(font(kLegendFont)).horizontalAdvance(label) + 4;
    x += text(QRectF(x, y - 10, width, 20), label, kLegendFont, theme.mutedText) + 18;
}

void CollectivesPaint::legend(const CollectivesEngine& engine, const QRectF& area) {
    double x = area.left();
    const double y = area.center().y();
    const bool reducing = reduces(engine);
    const int ranks = engine.config().ranks;
    swatch(x, y, cellColor(theme, 0, ranks, reducing), theme.panelBorder, tr("block not held"));
    if (reducing) swatch(x, y, cellColor(theme, 1, ranks, true), theme.panelBorder, tr("partial sum"));
    swatch(x, y, cellColor(theme, ranks, ranks, reducing), theme.panelBorder,
           reducing ? tr("sum of every rank") : tr("block held"));
    if (reducing) swatch(x, y, theme.background, arrivalColor(true), tr("arrived and reduced"));
    swatch(x, y, theme.background, arrivalColor(false), tr("arrived and stored"));
    if (ranks <= CollectivesLayout::kDetailedRanks)
        text(QRectF(x, y - 10, area.right() - x, 20), tr("tags: blocks carried"), kLegendFont, theme.mutedText);
}

QRectF CollectivesPaint::summary(const CollectivesEngine& engine, const collectives::Round& round, const QRectF& area) {
    const int ranks = engine.config().ranks;
    const bool reducing = reduces(engine);
    QStringList lines;
    lines << tr("%1 ranks: too many to draw one by one; each rank is one column of the band below.").arg(ranks);
    if (!round.empty()) {
        std::int64_t bytes = 0;
        std::vector<bool> sends(static_cast<std::size_t>(ranks), false);
        for (const auto& message : round) {
            bytes += message.bytes;
            sends[std::size_t(message.src)] = true;
        }
        lines << tr("This round: %1 messages from %2 ranks, %3 in all.")
                     .arg(round.size())
                     .arg(std::count(sends.begin(), sends.end(), true))
                     .arg(CollectivesText::bytesText(bytes));
    }
    int done = 0;
    std::vector<double> shares(static_cast<std::size_t>(ranks));
    for (int rank = 0; rank < ranks; ++rank)
        done += (shares[std::size_t(rank)] = completeShare(engine, rank, reducing)) >= 1;
    lines << tr("Ranks whose sampled blocks all hold their final data: %1 of %2.").arg(done).arg(ranks);
    double y = area.top() + 20;
    for (const QString& line : lines) {
        text(QRectF(area.left(), y, area.width(), 24), line, kSummaryFont, theme.text);
        y += 30;
    }
    const QRectF band(area.left(), y + 20, area.width(), 90);
    const double column = band.width() / ranks;
    for (int rank = 0; rank < ranks; ++rank) {
        const double share = shares[std::size_t(rank)];
        const QColor fill = share >= 1 ? theme.good : tint(theme.accent, int(50 + 180 * share));
        p.fillRect(QRectF(band.left() + column * rank, band.top(), column + 0.5, band.height()), fill);
    }
    text(QRectF(band.left(), band.bottom() + 4, 120, 20), tr("rank 0"), kLegendFont, theme.mutedText);
    text(QRectF(band.right() - 160, band.bottom() + 4, 160, 20), tr("rank %1").arg(ranks - 1), kLegendFont,
         theme.mutedText, Qt::AlignRight | Qt::AlignVCenter);
    text(QRectF(band.left(), band.bottom() + 30, band.width(), 40),
         tr("Colour: the share of a rank's sampled blocks that hold their final data. Click the band to inspect a "
            "rank."),
         kLegendFont, theme.mutedText);
    if (state.selected.startsWith(QStringLiteral("rank:"))) {
        const int rank = state.selected.mid(5).toInt();
        if (rank >= 0 && rank < ranks) {
            p.save();
            p.setPen(QPen(theme.selection, 2.5));
            p.drawLine(QPointF(band.left() + column * (rank + 0.5), band.top() - 8),
                       QPointF(band.left() + column * (rank + 0.5), band.bottom() + 2));
            p.restore();
        }
    }
    return band;
}

}  // namespace commviz::views
