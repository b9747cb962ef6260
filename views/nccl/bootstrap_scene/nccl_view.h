#pragma once

// What the NCCL bootstrap painters share: the engine at the cursor, the typed
// events of the step in flight, the layout and colours by round.

#include <QColor>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <vector>

#include "nccl/bootstrap_scene/nccl_engine.h"
#include "shell/scene_paint.h"

namespace commviz::views {

/// How much of a rank box the circle leaves room for (NcclLayout::placeRanks).
enum class RankBoxStyle {
    Card,      ///< rank, state, process/GPU and socket lines, its table of known addresses (n ≤ 8)
    TwoLines,  ///< rank, state, one detail line, its table (n ≤ 16)
    Number,    ///< the rank number only
    Dot,       ///< a small mark; numbers only where a reader needs them (rankNumberShown)
};

/// Where everything goes, in logical units. 1400 × 1000 is the shape of the
/// canvas the default window leaves (1000 × 713), so "fit" draws it at 0.713:
/// kLabelPx (15 units) comes out at 10.7 px, 8 pt at 96 dpi. Whatever a reader
/// needs at fit is drawn at kLabelPx or more; the rest goes through
/// ScenePaint::detail and comes back on zoom.
struct NcclLayout {
    static constexpr double kWidth = 1400;
    static constexpr double kHeight = 1000;
    static constexpr double kTitlePx = 22;    ///< the scene title
    static constexpr double kHeadingPx = 17;  ///< panel titles, rank and root names
    static constexpr double kLabelPx = 15;    ///< states, counts, legends, message tags
    static constexpr double kDetailPx = 12;   ///< process and socket lines: readable from zoom 1.25
    static constexpr double kFinePx = 11;     ///< id bytes, table row numbers: readable from zoom 1.4
    QRectF title{20, 8, 1360, 44};
    QRectF ringArea{16, 56, 884, 826};
    QRectF idCard{908, 56, 476, 262};
    QRectF progress{908, 326, 476, 214};
    QRectF tables{908, 548, 476, 334};
    QRectF caption{20, 890, 1360, 102};
    // The circle, set by placeRanks.
    QPointF centre{458, 469};
    double radius = 330;
    QSizeF rankBox{224, 112};
    RankBoxStyle style = RankBoxStyle::Card;

    /// Chooses the richest rank box whose boxes do not touch their neighbours
    /// when n of them sit on the largest circle `area` holds, and that circle.
    /// Above 64 ranks: the density band's circle.
    /// The root(s) in the middle keep room around them for the messages.
    void placeRanks(int n, int nroots, const QRectF& area);
};

/// Above 64 ranks, a detail box at least this wide has room for two lines of what the rank knows.
constexpr double kWideRankBox = 170;

struct NcclView {
    ScenePaint& p;
    const nccl::NcclEngine& engine;
    const std::vector<nccl::NcclEvent>& events;
    double t = 1;  ///< eased progress of the step in flight
    NcclLayout layout{};
    int selected = 0;  ///< the rank drawn in detail (the selection, else rank 0)

    int n() const { return engine.config().nranks; }
    int nroots() const { return engine.config().nroots; }
    /// Where rank r sits on the circle (rank 0 at the top, clockwise).
    QPointF rankPoint(int rank, double radius = -1) const;
    /// Above 64 ranks: the selected rank and its neighbours are drawn as boxes inside the circle.
    bool banded() const { return n() > 64; }
    /// Whether rank r's number is drawn readable at fit (else as detail); see nccl_ring_painter.cpp.
    bool rankNumberShown(int rank) const;
    /// The box a rank is drawn as (empty for a rank only on the band).
    QRectF rankBox(int rank) const;
    QPointF rankCentre(int rank) const {
        const QRectF box = rankBox(rank);
        return box.isEmpty() ? rankPoint(rank) : box.center();
    }
    /// Where a message to or from `rank` attaches, on the side facing `towards`.
    QPointF rankEnd(int rank, const QPointF& towards) const;
    /// Where root k's thread is drawn (the middle; several roots in a row).
    QRectF rootRect(int root) const;
    /// The colour of allgather round `round` (-1: the rank's own slot).
    QColor roundColor(int round) const;
    /// Round `round` of `rounds` on one scale, light to dark (-1: the rank's own slot); for
    /// gathers of too many rounds to tell apart by hue.
    QColor roundShade(int round, int rounds) const;
    /// The slices of the allgather in progress `rank` holds (classic: peer, then
    /// proxy, then proxy UDS addresses, each filling from its own first round).
    nccl::KnownRange known(int rank) const;
    /// The round in which `rank` received `slot` (-1: its own; -2: not yet).
    int slotRound(int rank, int slot, const nccl::KnownRange& known) const;
};

/// Small n: every rank a box, every message an arrow (nccl_ring_painter.cpp).
void paintRanks(NcclView& v);
/// Large n: the ring as a density band, the selected rank and neighbours (nccl_band_painter.cpp).
void paintBand(NcclView& v);
/// The rank nearest by angle to `at` when `at` lies on the band of `n` ranks, else -1.
int bandRankAt(const NcclLayout& layout, int n, const QPointF& at);
/// The root thread(s) and this step's messages to and from them (nccl_root_painter.cpp).
void paintRoots(NcclView& v);
void paintMessages(NcclView& v);
/// The ncclUniqueId card, the per-phase progress, the tables of known addresses (nccl_panels.cpp).
void paintIdCard(NcclView& v);
void paintProgress(NcclView& v);
void paintTables(NcclView& v);

/// What one pane of the side-by-side view draws: an engine, its step's events, the selected rank.
struct PaneInput {
    const nccl::NcclEngine& engine;
    const std::vector<nccl::NcclEvent>& events;
    double t = 1;
    int selected = 0;
};
/// Draws a pane of the side-by-side view (nccl_pane_painter.cpp) at the scene's
/// own scale (so text stays as readable as in the single view) and returns the
/// layout its ring was drawn with. `clickable`: every object can be picked (the
/// session's own version); else ranks only.
NcclLayout paintPane(ScenePaint& p, const PaneInput& in, const QRectF& pane, bool clickable);

}  // namespace commviz::views
