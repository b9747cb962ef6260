#pragma once

#include <QCoreApplication>
#include <map>
#include <utility>

#include "collectives/schedule.h"
#include "collectives_scene/collectives_layout.h"
#include "shell/scene_paint.h"

namespace commviz::collectives {
class CollectivesEngine;
}

namespace commviz::views {

/// The paint kit with what the collectives scene draws: a rank's buffer as a
/// grid of blocks, a round's messages as arrows tagged with their blocks, the
/// summary of a run too large to draw rank by rank, and the legend.
struct CollectivesPaint : ScenePaint {
    Q_DECLARE_TR_FUNCTIONS(CollectivesPaint)

public:
    using ScenePaint::ScenePaint;

    /// Rank and tracked slot of every block this round delivered, and whether it was reduced there.
    using Arrivals = std::map<std::pair<int, int>, bool>;
    static Arrivals arrivingCells(const collectives::CollectivesEngine& engine, const collectives::Round& round);
    /// A block holding data of `contributions` ranks out of `ranks`: empty,
    /// a partial sum (deeper blue the more ranks it holds) or complete (green).
    static QColor cellColor(const Theme& theme, int contributions, int ranks, bool reducing);
    /// Orange for blocks a receiver reduces, blue for blocks it stores.
    QColor arrivalColor(bool reduce) const { return reduce ? theme.accent2 : theme.accent; }
    /// True for the collectives that add blocks together.
    static bool reduces(const collectives::CollectivesEngine& engine);

    /// Where a rank drawn in `rankRect` shows tracked slot `slot` of `slotCount`
    /// (a square grid under its label).
    static QRectF blockCell(const QRectF& rankRect, int slot, int slotCount);
    static double labelHeight(const QRectF& rankRect);

    void treeEdges(const CollectivesLayout& layout);
    /// NVLS: the NVSwitch in the middle and what it does this round (`loads`: multimem.ld_reduce, else st).
    void nvSwitch(const CollectivesLayout& layout, bool loads);
    /// Where the arc between two ranks of a double tree bends: above the row for tree 0, below for tree 1.
    static QPointF treeArcControl(const CollectivesLayout& layout, int from, int to, bool above);
    void rank(const collectives::CollectivesEngine& engine, int rank, const QRectF& rect, const Arrivals& arrivals);
    void messages(const CollectivesLayout& layout, const collectives::Round& round);
    /// A run of many ranks: what the round did and a band of every rank's
    /// progress; returns the band's rectangle.
    QRectF summary(const collectives::CollectivesEngine& engine, const collectives::Round& round, const QRectF& area);
    void legend(const collectives::CollectivesEngine& engine, const QRectF& area);

    /// At most this many messages carry a tag with their blocks (a ring round
    /// has p, a pairwise exchange 2 × p/2); beyond, arrows only.
    static constexpr int kMaxTags = 64;

private:
    void doubleTreeEdges(const CollectivesLayout& layout);
    void messageArrow(const CollectivesLayout& layout, const collectives::Message& message, bool reverseToo,
                      bool tagged, double width, bool faded = false);
    void blockGrid(const collectives::CollectivesEngine& engine, int rank, const QRectF& rankRect,
                   const Arrivals& arrivals);
    void swatch(double& x, double y, const QColor& fill, const QColor& border, const QString& label);
};

}  // namespace commviz::views
