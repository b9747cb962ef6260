#pragma once

// What the NCCL bootstrap painters share: the engine at the cursor, the typed
// events of the step in flight, the layout and colours by round.

#include <QColor>
#include <QPointF>
#include <QRectF>
#include <QTransform>
#include <vector>

#include "nccl/nccl_engine.h"
#include "shell/scene_paint.h"

namespace commviz::views {

struct NcclLayout {
    static constexpr double kWidth = 1600;
    static constexpr double kHeight = 1000;
    QRectF title{24, 10, 1552, 44};
    QRectF ringArea{24, 60, 1060, 850};
    QPointF centre{554, 485};
    double radius = 330;
    QRectF idCard{1100, 60, 476, 262};
    QRectF progress{1100, 332, 476, 190};
    QRectF tables{1100, 532, 476, 378};
    QRectF caption{24, 920, 1552, 70};
};

struct NcclView {
    ScenePaint& p;
    const nccl::NcclEngine& engine;
    const std::vector<nccl::NcclEvent>& events;
    double t = 1;  ///< eased progress of the step in flight
    NcclLayout layout;
    int selected = 0;  ///< the rank drawn in detail (the selection, else rank 0)

    int n() const { return engine.config().nranks; }
    int nroots() const { return engine.config().nroots; }
    /// Where rank r sits on the circle (rank 0 at the top, clockwise).
    QPointF rankPoint(int rank, double radius = -1) const;
    /// Above 64 ranks: the selected rank and its neighbours are drawn as boxes inside the circle.
    bool banded() const { return n() > 64; }
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
/// Draws a pane of the side-by-side view (nccl_pane_painter.cpp) and returns the
/// transform from the full layout's ring coordinates into the pane. `clickable`:
/// every object can be picked (the session's own version); else ranks only.
QTransform paintPane(ScenePaint& p, const PaneInput& in, const QRectF& pane, bool clickable);

}  // namespace commviz::views
