#include "collectives_scene/collectives_layout.h"

#include <QLineF>
#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>
#include <utility>

#include "collectives_scene/collectives_engine.h"
#include "nccl/device/nccl_tree.h"

namespace commviz::views {

namespace {

// Enough rounds to see every edge of a tree of 32 ranks, even segmented.
constexpr int kScanRounds = 256;
// Deeper trees (a pipeline's chain of 31) read better as rows in tree order.
constexpr int kMaxTreeLevels = 5;
constexpr double kMaxBox = 112;
constexpr int kRowLength = 8;

bool ringAlgorithm(const std::string& name) {
    return name.find("ring") != std::string::npos || name == "neighbor" || name == "bruck";
}

// Breadth-first order from the root and each rank's depth.
std::vector<int> breadthFirst(const std::vector<int>& parent, int root) {
    std::vector<int> order{root};
    for (std::size_t next = 0; next < order.size(); ++next)
        for (int rank = 0; rank < int(parent.size()); ++rank)
            if (parent[std::size_t(rank)] == order[next]) order.push_back(rank);
    return order;
}

int depthOf(const std::vector<int>& parent, int rank) {
    int depth = 0;
    for (int at = rank; parent[std::size_t(at)] >= 0; at = parent[std::size_t(at)]) ++depth;
    return depth;
}

double boxSide(double room) { return std::clamp(room, 30.0, kMaxBox); }

QRectF boxAt(const QPointF& centre, double side) { return {centre.x() - side / 2, centre.y() - side / 2, side, side}; }

// Points of the ellipse at equal distances along it (not equal angles, which crowd
// the ranks at the ends of a wide ellipse), starting at the top, clockwise.
std::vector<QPointF> evenlyAlongEllipse(const QPointF& centre, double rx, double ry, int count) {
    constexpr int kSamples = 720;
    std::vector<QPointF> samples;
    std::vector<double> distance{0};
    for (int index = 0; index <= kSamples; ++index) {
        const double angle = -std::numbers::pi / 2 + 2 * std::numbers::pi * index / kSamples;
        samples.push_back(centre + QPointF(rx * std::cos(angle), ry * std::sin(angle)));
        if (index > 0)
            distance.push_back(distance.back() + QLineF(samples[samples.size() - 2], samples.back()).length());
    }
    std::vector<QPointF> points;
    std::size_t at = 0;
    for (int rank = 0; rank < count; ++rank) {
        const double wanted = distance.back() * rank / count;
        while (at + 1 < distance.size() && distance[at + 1] <= wanted) ++at;
        points.push_back(samples[at]);
    }
    return points;
}

// `order`: the ranks in the order they stand around the ring.
void placeRing(CollectivesLayout& layout, const std::vector<int>& order, const QRectF& area) {
    const int ranks = int(order.size());
    // The box side follows the room each rank gets along the ring: a first guess, then the real perimeter.
    double side = kMaxBox;
    double rx = 0, ry = 0;
    for (int pass = 0; pass < 2; ++pass) {
        rx = area.width() / 2 - side / 2 - 4;
        ry = area.height() / 2 - side / 2 - 4;
        const double perimeter = std::numbers::pi * (3 * (rx + ry) - std::sqrt((3 * rx + ry) * (rx + 3 * ry)));
        side = boxSide(0.52 * perimeter / ranks);
    }
    rx = area.width() / 2 - side / 2 - 4;
    ry = area.height() / 2 - side / 2 - 4;
    layout.centre = area.center();
    layout.boxes.resize(order.size());
    const auto centres = evenlyAlongEllipse(layout.centre, rx, ry, ranks);
    for (std::size_t position = 0; position < order.size(); ++position)
        layout.boxes[std::size_t(order[position])] = boxAt(centres[position], side);
}

// The ranks around the ring: channel `channel`'s ring of the server when NCCL runs on one, else 0, 1, …
// (channel c runs on the server's ring c modulo its rings, as the pipeline does).
std::vector<int> ringOrder(const collectives::CollectivesEngine& engine, int ranks, int channel) {
    std::vector<int> order(static_cast<std::size_t>(ranks));
    for (int rank = 0; rank < ranks; ++rank) order[std::size_t(rank)] = rank;
    if (!engine.ringPipeline()) return order;
    const auto& channels = engine.config().topology->comm.channels;
    if (channels.empty()) return order;
    const auto& ring = channels[std::size_t(channel) % channels.size()].ring;
    return int(ring.size()) == ranks ? ring : order;
}

double rowsSide(int ranks, int columns, const QRectF& area) {
    const int rows = (ranks + columns - 1) / columns;
    return boxSide(std::min(area.width() / columns * 0.6, area.height() / rows * 0.55));
}

// Rows of 8, 4 or 2 (powers of two, so partners r xor 2^k stay in a row or a
// column): whichever gives the largest boxes, so eight ranks fill the height
// as two rows of four instead of one thin strip.
int rowLength(int ranks, const QRectF& area) {
    int best = std::min(ranks, kRowLength);
    for (int columns = best / 2; columns >= 2; columns /= 2)
        if (rowsSide(ranks, columns, area) > rowsSide(ranks, best, area) + 0.5) best = columns;
    return best;
}

void placeRows(CollectivesLayout& layout, const std::vector<int>& order, const QRectF& area) {
    const int ranks = int(order.size());
    const int columns = rowLength(ranks, area);
    const int rows = (ranks + columns - 1) / columns;
    const double cellWidth = area.width() / columns, cellHeight = area.height() / rows;
    const double side = rowsSide(ranks, columns, area);
    layout.boxes.assign(std::size_t(ranks), QRectF());
    for (int index = 0; index < ranks; ++index) {
        const QPointF centre(area.left() + cellWidth * (index % columns + 0.5),
                             area.top() + cellHeight * (index / columns + 0.5));
        layout.boxes[std::size_t(order[std::size_t(index)])] = boxAt(centre, side);
    }
}

// Leaves take the next slot left to right; a parent sits above the middle of its children.
double placeSubtree(const std::vector<int>& parent, int rank, int& nextLeaf, std::vector<double>& slot) {
    std::vector<double> children;
    for (int child = 0; child < int(parent.size()); ++child)
        if (parent[std::size_t(child)] == rank) children.push_back(placeSubtree(parent, child, nextLeaf, slot));
    slot[std::size_t(rank)] = children.empty() ? nextLeaf++ : (children.front() + children.back()) / 2;
    return slot[std::size_t(rank)];
}

void placeTree(CollectivesLayout& layout, int root, int levels, const QRectF& area) {
    const int ranks = int(layout.parent.size());
    std::vector<double> slot(std::size_t(ranks), 0);
    int leaves = 0;
    placeSubtree(layout.parent, root, leaves, slot);
    const double slotWidth = area.width() / std::max(leaves, 1), levelHeight = area.height() / levels;
    const double side = boxSide(std::min(slotWidth * 0.7, levelHeight * 0.6));
    for (int rank = 0; rank < ranks; ++rank) {
        const QPointF centre(area.left() + slotWidth * (slot[std::size_t(rank)] + 0.5),
                             area.top() + levelHeight * (depthOf(layout.parent, rank) + 0.5));
        layout.boxes.push_back(boxAt(centre, side));
    }
}

bool ncclDoubleTree(const collectives::CollectivesEngine& engine) {
    return engine.config().library == collectives::Library::Nccl && engine.schedule().algorithm == "tree";
}

// One row across the middle: both of NCCL's trees list the ranks in order from left to right, so the
// row is each tree seen from the side, tree 0's edges arched above it and tree 1's below.
void placeDoubleTree(CollectivesLayout& layout, int ranks, const QRectF& area) {
    layout.shape = RankShape::DoubleTree;
    layout.parent = collectives::ncclDtree(ranks, 0).parent;
    layout.parent1 = collectives::ncclDtree(ranks, 1).parent;
    const double cellWidth = area.width() / ranks;
    const double side = boxSide(std::min(cellWidth * 0.8, area.height() * 0.3));
    for (int rank = 0; rank < ranks; ++rank)
        layout.boxes.push_back(boxAt(QPointF(area.left() + cellWidth * (rank + 0.5), area.center().y()), side));
}

}  // namespace

std::vector<int> scheduleTree(const collectives::Schedule& schedule, int ranks, int root) {
    std::set<std::pair<int, int>> edges;
    std::vector<std::vector<int>> neighbours(static_cast<std::size_t>(ranks));
    for (int index = 0; index < std::min(schedule.rounds, kScanRounds); ++index)
        for (const auto& message : schedule.round(index)) {
            const auto edge = std::minmax(message.src, message.dst);
            if (!edges.insert(edge).second) continue;
            if (int(edges.size()) >= ranks) return {};  // a cycle: not a tree
            neighbours[std::size_t(message.src)].push_back(message.dst);
            neighbours[std::size_t(message.dst)].push_back(message.src);
        }
    std::vector<int> parent(std::size_t(ranks), -2);  // -2: not reached yet
    parent[std::size_t(root)] = -1;
    std::vector<int> frontier{root};
    for (std::size_t next = 0; next < frontier.size(); ++next)
        for (int neighbour : neighbours[std::size_t(frontier[next])])
            if (parent[std::size_t(neighbour)] == -2) {
                parent[std::size_t(neighbour)] = frontier[next];
                frontier.push_back(neighbour);
            }
    if (int(frontier.size()) != ranks) return {};
    return parent;
}

CollectivesLayout CollectivesLayout::of(const collectives::CollectivesEngine& engine, const QRectF& area, int channel) {
    CollectivesLayout layout;
    const int ranks = std::min(engine.config().ranks, kDetailedRanks);
    int root = std::min(engine.config().root, ranks - 1);
    const int channels = std::max(engine.config().nchannels, 1);
    const int focus = channel >= 0 && channel < channels ? channel : 0;
    const int faded = channels > 1 && channel >= 0 ? focus : -1;
    if (engine.nvlsPipeline() && ranks == engine.config().ranks) {
        // NVLS: the GPUs around their NVSwitch, every load and store through it.
        layout.shape = RankShape::Switch;
        std::vector<int> order(static_cast<std::size_t>(ranks));
        for (int rank = 0; rank < ranks; ++rank) order[std::size_t(rank)] = rank;
        placeRing(layout, order, area);
        const double side = layout.boxes.front().width();
        layout.hub = QRectF(0, 0, std::min(220.0, area.width() * 0.3), std::max(56.0, side * 0.7));
        layout.hub.moveCenter(layout.centre);
        layout.focusChannel = faded;
        return layout;
    }
    if (ringAlgorithm(engine.schedule().algorithm) && ranks > 2) {
        layout.shape = RankShape::Ring;
        placeRing(layout, ringOrder(engine, ranks, focus), area);
        if (engine.ringPipeline()) layout.focusChannel = faded;
        return layout;
    }
    const collectives::TreePipeline* serverTree = engine.treePipeline();
    if (ncclDoubleTree(engine) && ranks > 1 && !serverTree) {
        placeDoubleTree(layout, ranks, area);
        return layout;
    }
    std::vector<int> order(static_cast<std::size_t>(ranks));
    for (int rank = 0; rank < ranks; ++rank) order[std::size_t(rank)] = rank;
    std::vector<int> parent = ranks > 1 ? scheduleTree(engine.schedule(), ranks, root) : std::vector<int>{};
    if (serverTree && ranks == engine.config().ranks) {
        // On a server: the focused channel's tree (each node's chain under the double binary tree over the
        // nodes), the other channels' trees faded.
        const collectives::NcclTree& tree = serverTree->plan().treeOf(focus);
        layout.focusChannel = faded;
        const int levels = tree.treeHeight() + 1;
        if (levels > kMaxTreeLevels) {
            // Too deep to draw as levels: each server's chain in a row of its own, from the GPU nearest the root.
            const int gpus = engine.config().topology->gpusPerNode;
            std::stable_sort(order.begin(), order.end(), [&tree, gpus](int a, int b) {
                return std::pair(a / gpus, tree.depth[std::size_t(a)]) <
                       std::pair(b / gpus, tree.depth[std::size_t(b)]);
            });
            placeRows(layout, order, area);
            return layout;
        }
        parent = tree.parent;
        root = tree.root;
    }
    if (!parent.empty()) {
        int levels = 0;
        for (int rank = 0; rank < ranks; ++rank) levels = std::max(levels, depthOf(parent, rank) + 1);
        if (levels <= kMaxTreeLevels) {
            layout.shape = RankShape::Tree;
            layout.parent = std::move(parent);
            placeTree(layout, root, levels, area);
            return layout;
        }
        order = breadthFirst(parent, root);  // a chain reads along the rows
    }
    placeRows(layout, order, area);
    return layout;
}

}  // namespace commviz::views
