#pragma once

#include <QRectF>
#include <vector>

namespace commviz::collectives {
class CollectivesEngine;
struct Schedule;
}  // namespace commviz::collectives

namespace commviz::views {

/// How the ranks of an algorithm are arranged: around a ring (ring, neighbor
/// exchange, Bruck: every partner is a distance along the ring), as the tree
/// its messages follow (binomial, k-nomial, chains, linear fan-in and
/// fan-out), NCCL's double binary tree (ranks in one row, tree 0 arched above
/// it and tree 1 below, as both trees are in rank order), or in rows of eight
/// so hypercube partners (r and r xor 2^k) stand in line (recursive doubling
/// and halving, Rabenseifner, everything else), or around the NVSwitch that NVLS reduces in (every
/// message goes through the switch in the middle).
enum class RankShape { Ring, Tree, DoubleTree, Rows, Switch };

/// Where each rank's box goes inside an area of the figure.
struct CollectivesLayout {
    /// Up to this many ranks each rank is drawn with its buffer; above, a summary.
    static constexpr int kDetailedRanks = 32;

    RankShape shape = RankShape::Rows;
    std::vector<QRectF> boxes;  ///< per rank
    std::vector<int> parent;    ///< Tree, DoubleTree (tree 0): each rank's parent, -1 at the root; empty otherwise
    std::vector<int> parent1;   ///< DoubleTree: tree 1's parents
    QPointF centre;             ///< Ring, Switch: the ring's centre
    QRectF hub;                 ///< Switch: the NVSwitch's box
    /// NCCL's rings and trees on a server: the channel whose ring or tree the ranks stand along, drawn in
    /// full; the other channels' messages are faded. -1: every message alike.
    int focusChannel = -1;

    /// The layout of `engine`'s ranks (at most kDetailedRanks) inside `area`. On a server, the ranks stand
    /// along channel `channel`'s ring or tree (-1: channel 0's, nothing faded).
    static CollectivesLayout of(const collectives::CollectivesEngine& engine, const QRectF& area, int channel = 0);
};

/// The tree the schedule's messages follow from `root`: each rank's parent
/// (-1 at the root), or empty when the ranks that talk to each other do not
/// form a tree. Reads the first rounds only (every edge of a segmented
/// pipeline shows up while its first segment travels).
std::vector<int> scheduleTree(const collectives::Schedule& schedule, int ranks, int root);

}  // namespace commviz::views
