#include "collectives_scene/collectives_paint.h"

#include <QFontMetricsF>
#include <QPainterPath>
#include <algorithm>
#include <array>
#include <cmath>
#include <set>

#include "collectives_scene/collectives_engine.h"
#include "collectives_scene/collectives_text.h"

namespace commviz::views {

using collectives::Collective;
using collectives::CollectivesEngine;

namespace {

// True when `a` and `b` are parent and child in `parent`.
bool treeEdge(const std::vector<int>& parent, int a, int b) {
    return parent[std::size_t(a)] == b || parent[std::size_t(b)] == a;
}

constexpr int kCurveSamples = 48;
constexpr double kTagFont = 12;

bool rooted(Collective collective) {
    return collective == Collective::Bcast || collective == Collective::Reduce || collective == Collective::Gather ||
           collective == Collective::Scatter;
}

// The first tracked slot whose block is at or after `block`.
int firstSlotFrom(const collectives::RankBuffers& buffers, int block) {
    int low = 0, high = buffers.trackedBlockCount();
    while (low < high) {
        const int middle = (low + high) / 2;
        if (buffers.trackedBlock(middle) < block)
            low = middle + 1;
        else
            high = middle;
    }
    return low;
}

QPointF normalised(const QPointF& vector) {
    const double length = std::hypot(vector.x(), vector.y());
    return length > 0 ? vector / length : QPointF(1, 0);
}

}  // namespace

bool CollectivesPaint::reduces(const CollectivesEngine& engine) {
    switch (engine.config().collective) {
        case Collective::Allreduce:
        case Collective::Reduce:
        case Collective::ReduceScatter:
        case Collective::ReduceScatterBlock:
            return true;
        default:
            return false;
    }
}

CollectivesPaint::Arrivals CollectivesPaint::arrivingCells(const CollectivesEngine& engine,
                                                           const collectives::Round& round) {
    Arrivals arrivals;
    const auto& buffers = engine.buffers();
    for (const auto& message : round) {
        if (message.dst >= CollectivesLayout::kDetailedRanks) continue;
        for (const auto& range : message.blocks)
            for (int slot = firstSlotFrom(buffers, range.first);
                 slot < buffers.trackedBlockCount() && buffers.trackedBlock(slot) < range.first + range.count; ++slot)
                arrivals[{message.dst, slot}] = message.reduce;
    }
    return arrivals;
}

QColor CollectivesPaint::cellColor(const Theme& theme, int contributions, int ranks, bool reducing) {
    if (contributions <= 0) return theme.background;
    if (!reducing || contributions >= ranks) return theme.good;
    // From a pale to a full accent as more ranks' data is summed in.
    // A square root, so the first partial sums already stand out from a rank's own data.
    const double share = ranks > 1 ? std::sqrt(double(contributions - 1) / double(ranks - 1)) : 1;
    return tint(theme.accent, int(60 + 195 * share));
}

void CollectivesPaint::nvSwitch(const CollectivesLayout& layout, bool loads) {
    const QRectF hub = layout.hub;
    box(hub, theme.panel, theme.panelBorder, 8, 1.5);
    object(hub, QStringLiteral("nvswitch"));
    const double half = hub.height() / 2;
    text(QRectF(hub.left(), hub.top() + 4, hub.width(), half - 4), tr("NVSwitch"), 15, theme.text, Qt::AlignCenter,
         true);
    text(QRectF(hub.left(), hub.center().y(), hub.width(), half - 4),
         loads ? tr("multimem.ld_reduce: adds") : tr("multimem.st: to every GPU"), 12, arrivalColor(loads),
         Qt::AlignCenter);
}

void CollectivesPaint::treeEdges(const CollectivesLayout& layout) {
    if (layout.shape == RankShape::DoubleTree) return doubleTreeEdges(layout);
    p.save();
    p.setPen(QPen(theme.panelBorder, 1.5, Qt::DashLine));
    for (int rank = 0; rank < int(layout.parent.size()); ++rank)
        if (const int parent = layout.parent[std::size_t(rank)]; parent >= 0)
            p.drawLine(layout.boxes[std::size_t(parent)].center(), layout.boxes[std::size_t(rank)].center());
    p.restore();
}

QPointF CollectivesPaint::treeArcControl(const CollectivesLayout& layout, int from, int to, bool above) {
    const QRectF a = layout.boxes[std::size_t(from)], b = layout.boxes[std::size_t(to)];
    const double rise = a.height() / 2 + 10 + 0.3 * std::abs(b.center().x() - a.center().x());
    return (a.center() + b.center()) / 2 + QPointF(0, above ? -2 * rise : 2 * rise);
}

// Each tree's edges as arcs from its side of the row (tree 0 above, tree 1 below), and its root named.
void CollectivesPaint::doubleTreeEdges(const CollectivesLayout& layout) {
    const std::array<const std::vector<int>*, 2> trees{&layout.parent, &layout.parent1};
    const std::array<QColor, 2> colors{tint(theme.accent, 150), tint(theme.accent2, 150)};
    for (int tree = 0; tree < 2; ++tree) {
        const bool above = tree == 0;
        p.save();
        p.setPen(QPen(colors[std::size_t(tree)], 1.5, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        for (int rank = 0; rank < int(trees[std::size_t(tree)]->size()); ++rank) {
            const int parent = (*trees[std::size_t(tree)])[std::size_t(rank)];
            const QRectF box = layout.boxes[std::size_t(rank)];
            if (parent < 0) {
                const QPointF anchor(box.center().x(), above ? box.top() - 12 : box.bottom() + 12);
                tag(anchor, tr("tree %1 root").arg(tree), colors[std::size_t(tree)], theme.background, 13);
                continue;
            }
            const QPointF a = layout.boxes[std::size_t(parent)].center(), b = box.center();
            QPainterPath arc(QPointF(a.x(), above ? box.top() : box.bottom()));
            arc.quadTo(treeArcControl(layout, parent, rank, above), QPointF(b.x(), above ? box.top() : box.bottom()));
            p.drawPath(arc);
        }
        p.restore();
    }
}

void CollectivesPaint::rank(const CollectivesEngine& engine, int rank, const QRectF& rect, const Arrivals& arrivals) {
    const auto& config = engine.config();
    const bool root = rooted(config.collective) && rank == config.root;
    box(rect, theme.panel, root ? theme.text : theme.panelBorder, 5, root ? 3 : 1);
    const double strip = labelHeight(rect);
    const double px = std::clamp(strip - 3, 13.0, 16.0);
    const QString label = rect.width() < 62 ? QString::number(rank)
                          : root            ? tr("root %1").arg(rank)
                                            : tr("rank %1").arg(rank);
    text(QRectF(rect.left() + 2, rect.top() + 1, rect.width() - 4, strip), label, px, theme.text, Qt::AlignCenter,
         true);
    blockGrid(engine, rank, rect, arrivals);
    object(rect, QStringLiteral("rank:%1").arg(rank));
}

double CollectivesPaint::labelHeight(const QRectF& rankRect) { return std::clamp(rankRect.height() * 0.2, 15.0, 22.0); }

QRectF CollectivesPaint::blockCell(const QRectF& rankRect, int slot, int slotCount) {
    const QRectF grid = rankRect.adjusted(4, labelHeight(rankRect) + 1, -4, -4);
    const int columns = int(std::ceil(std::sqrt(double(slotCount))));
    const int rows = (slotCount + columns - 1) / columns;
    const double cell = std::min(grid.width() / columns, grid.height() / rows);
    const QPointF origin(grid.center().x() - cell * columns / 2, grid.top());
    return {origin.x() + cell * (slot % columns), origin.y() + cell * (slot / columns), cell, cell};
}

void CollectivesPaint::blockGrid(const CollectivesEngine& engine, int rank, const QRectF& rankRect,
                                 const Arrivals& arrivals) {
    const auto& buffers = engine.buffers();
    const int slotCount = buffers.trackedBlockCount();
    const bool reducing = reduces(engine);
    p.save();
    for (int slot = 0; slot < slotCount; ++slot) {
        const QRectF at = blockCell(rankRect, slot, slotCount);
        const double cell = at.width();
        const QColor fill = cellColor(theme, buffers.contributions(rank, slot), engine.config().ranks, reducing);
        const auto arrived = arrivals.find({rank, slot});
        const bool fresh = arrived != arrivals.end();
        p.setPen(fresh ? QPen(arrivalColor(arrived->second), std::max(1.5, cell * 0.14))
                       : QPen(theme.panelBorder, 0.8));
        p.setBrush(fill);
        p.drawRect(at.adjusted(1, 1, -1, -1));
    }
    p.restore();
}

void CollectivesPaint::messages(const CollectivesLayout& layout, const collectives::Round& round) {
    const int shown = int(layout.boxes.size());
    std::set<std::pair<int, int>> pairs;
    for (const auto& message : round) pairs.insert({message.src, message.dst});
    // On a server's rings only the focus channel's messages are read: the others are drawn faded, first.
    const auto focused = [&layout](const collectives::Message& message) {
        return layout.focusChannel < 0 || message.channel == layout.focusChannel;
    };
    const auto inFocus = std::count_if(round.begin(), round.end(), focused);
    // Around a switch every tag would sit in the middle: the ranks' blocks say what arrived.
    const bool tagged = inFocus <= kMaxTags && layout.shape != RankShape::Switch;
    const double width = inFocus <= 2 * shown ? 2.2 : 1.2;
    for (bool front : {false, true})
        for (const auto& message : round) {
            if (message.src >= shown || message.dst >= shown || message.src == message.dst) continue;
            if (focused(message) != front) continue;
            messageArrow(layout, message, pairs.count({message.dst, message.src}) != 0, front && tagged,
                         front ? width : 1.0, !front);
        }
}

void CollectivesPaint::messageArrow(const CollectivesLayout& layout, const collectives::Message& message,
                                    bool reverseToo, bool tagged, double width, bool faded) {
    const QRectF from = layout.boxes[std::size_t(message.src)], to = layout.boxes[std::size_t(message.dst)];
    const QPointF a = from.center(), b = to.center();
    const double length = std::hypot(b.x() - a.x(), b.y() - a.y());
    // Bulge to the left of travel, so a pair's two directions part; a tree's edges stay straight.
    const QPointF left = normalised(QPointF(b.y() - a.y(), a.x() - b.x()));
    double bulge = 10;  // rows: neighbours, and partners one above the other
    // Rows: an arc over the ranks between two partners of one row clears their boxes.
    if (std::abs(a.y() - b.y()) < 1 && length > 1.5 * from.width() * 2) bulge = from.height() / 2 + 12 + 0.04 * length;
    if (layout.shape == RankShape::Tree) bulge = reverseToo ? 10 : 0;
    if (layout.shape == RankShape::Ring) bulge = std::clamp(0.1 * length, 8.0, 40.0);
    QPointF control = (a + b) / 2 + left * (2 * bulge);
    if (layout.shape == RankShape::Switch) control = layout.centre;  // through the NVSwitch
    // A double tree's messages follow their tree's arc: tree 0's edges above the row, tree 1's below.
    if (layout.shape == RankShape::DoubleTree) {
        const bool above = treeEdge(layout.parent, message.src, message.dst);
        control = treeArcControl(layout, message.src, message.dst, above) + QPointF(0, reverseToo ? 8 : 0);
    }
    const auto at = [&](double t) { return (1 - t) * (1 - t) * a + 2 * (1 - t) * t * control + t * t * b; };
    QPolygonF curve;
    for (int index = 0; index <= kCurveSamples; ++index) {
        const QPointF point = at(double(index) / kCurveSamples);
        if (!from.adjusted(-2, -2, 2, 2).contains(point) && !to.adjusted(-3, -3, 3, 3).contains(point)) curve << point;
    }
    if (curve.size() < 2) return;
    QColor color = arrivalColor(message.reduce);
    if (faded) color.setAlpha(40);
    const int drawn = std::max(2, int(std::ceil(curve.size() * std::clamp(state.progress, 0.0, 1.0))));
    const QPolygonF part = curve.mid(0, drawn);
    p.save();
    p.setPen(QPen(color, width, Qt::SolidLine, Qt::RoundCap));
    p.setBrush(Qt::NoBrush);
    p.drawPolyline(part);
    p.restore();
    arrowHead(part.back(), part.back() - part[part.size() - 2], 6 + 2 * width, color);
    if (tagged && state.progress >= 1)
        tag(curve[curve.size() / 2], CollectivesText::rangesText(message.blocks), color, theme.background, kTagFont);
}

}  // namespace commviz::views
