#pragma once

#include <QCoreApplication>
#include <QRectF>

#include "rdma/completion_queue.h"
#include "rdma/rdma_paint.h"
#include "rdma/work_queue.h"

namespace commviz::views {

/// Draws SQ, RQ and CQ rings as strips of slots with head/tail marks, the owner
/// of each slot (HW: the HCA may use it, SW: the driver or the application may)
/// and the WQE or CQE it holds.
class RdmaQueuePainter {
    Q_DECLARE_TR_FUNCTIONS(RdmaQueuePainter)

public:
    explicit RdmaQueuePainter(RdmaPaint& paint) : m_paint(paint) {}

    /// `title` like "SQ", `badge` the diagram number (0 for none).
    void workQueue(const QRectF& area, const QString& title, const rdma::WorkQueue& queue, int badge, bool badgeActive);
    void completionQueue(const QRectF& area, const rdma::CompletionQueue& cq, int badge, bool badgeActive);

private:
    struct Window {
        std::uint32_t first = 0;  ///< first slot index shown
        std::uint32_t count = 0;
    };
    static Window window(std::uint32_t depth, std::uint64_t tail, std::uint32_t maxShown);
    QRectF slotRect(const QRectF& strip, std::uint32_t i, std::uint32_t count) const;
    /// The strip's slots under the label, leaving a line below for head/tail marks.
    static QRectF stripOf(const QRectF& area);
    /// How many slots a ring of `depth` shows in `strip`: all up to ten; a deeper
    /// one fewer, leaving room for its "N of depth" hint.
    std::uint32_t slotsShown(const QRectF& strip, std::uint32_t depth) const;
    static QString windowText(std::uint32_t shown, std::uint32_t depth);
    /// "8 of 16" right of a windowed ring's slots.
    void windowHint(const QRectF& strip, const Window& w, std::uint32_t depth);
    /// Detail under the strip's right end: "CQN 1 · slots 0…9 of 31".
    void stripNote(const QRectF& strip, QStringList parts, const Window& w, std::uint32_t depth);
    /// A free slot of a ring: an empty box with its index as detail text.
    void emptySlot(const QRectF& rect, std::uint32_t slot);
    /// Each shown slot of a ring: a free one as emptySlot(), one holding a WQE or CQE by `held(rect, item)`.
    template <class Ring, class Held>
    void ringSlots(const QRectF& strip, const Window& w, std::uint32_t depth, const Ring& ring, Held&& held);
    /// One WQE or CQE, object `id`: a box filled with `fill` (outlined when touched), owner band (HW/SW), wr_id,
    /// then opcode and state or status once zoomed in.
    void entry(const QRectF& slot, const QString& id, const QColor& fill, bool hw, const QString& wrId,
               const QString& opcode, const QString& last, const QColor& lastColor);
    /// Under and beside the strip: its note, the window hint and the head/tail marks.
    void stripEnd(const QRectF& strip, const QStringList& notes, const Window& w, std::uint32_t depth,
                  std::uint64_t head, std::uint64_t tail);
    void headTail(const QRectF& strip, const Window& w, std::uint32_t depth, std::uint64_t head, std::uint64_t tail);
    /// The queue's name, its counts (one per line of `counts`) and the diagram badge.
    void label(const QRectF& area, const QString& title, const QString& counts, int badge, bool badgeActive,
               bool bad = false);

    RdmaPaint& m_paint;
};

}  // namespace commviz::views
