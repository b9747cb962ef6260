#pragma once

#include <cstdint>
#include <vector>

#include "collectives/collective.h"
#include "collectives/schedule.h"
#include "sim/json.h"

namespace commviz::collectives {

/// The real data of every rank. Each rank starts with distinct int64 values
/// (value(rank, block, element)); a message copies its blocks, or adds them
/// when it reduces, so partial sums build up exactly as in the real library.
///
/// Bounded memory for any size (up to 16 GiB and 4,096 ranks): only
/// kTrackedBlocks blocks spread evenly over the layout (first and last
/// included) are simulated, and of each only its first kTrackedElements
/// elements. Blocks never mix in any algorithm, so checking a sample of them
/// checks the schedule; byte counts always come from the full layout.
class RankBuffers {
public:
    static constexpr int kTrackedBlocks = 64;
    static constexpr int kTrackedElements = 4;

    RankBuffers() = default;
    RankBuffers(Collective collective, int ranks, int root, const BlockLayout& layout, bool maxOp = false);

    /// Applies one round: every message reads its sender's data as the round began.
    void apply(const Round& round);
    /// True while no message carried a block its sender did not hold and no
    /// element was reduced more than p times (checked every round).
    bool consistent() const { return m_consistent; }
    /// True when every rank holds exactly what the collective promises,
    /// computed directly from the starting values.
    bool resultOk() const;
    /// The starting value of one element, so tests and views can recompute sums.
    static std::int64_t initialValue(int rank, int block, int element);

    /// One rank's tracked blocks: contributions and element values.
    sim::Json inspect(int rank) const;
    /// The tracked blocks, for views that draw every rank's buffer without
    /// building its JSON: how many, which layout block a slot is, and how many
    /// ranks' data slot `slot` of `rank` holds (0: not held).
    int trackedBlockCount() const { return int(m_blocks.size()); }
    int trackedBlock(int slot) const { return m_blocks[std::size_t(slot)]; }
    int contributions(int rank, int slot) const { return cell(rank, slot).contributions; }
    std::size_t footprintBytes() const;

    bool operator==(const RankBuffers&) const = default;

private:
    struct Cell {
        std::int32_t contributions = 0;  ///< ranks summed in; 0 = not held
        std::int64_t values[kTrackedElements] = {};
        bool operator==(const Cell&) const = default;
    };
    Cell& cell(int rank, int slot) { return m_cells[std::size_t(rank) * m_blocks.size() + std::size_t(slot)]; }
    const Cell& cell(int rank, int slot) const {
        return m_cells[std::size_t(rank) * m_blocks.size() + std::size_t(slot)];
    }
    Cell ownCell(int rank, int slot) const;
    Cell expectedCell(int rank, int slot) const;
    bool holdsAtStart(int rank, int block) const;
    bool promised(int rank, int block) const;
    int owner(int block) const;
    void receive(Cell& into, const Cell& payload, bool reduce);

    Collective m_collective = Collective::Allreduce;
    int m_ranks = 1;
    int m_root = 0;
    int m_layoutBlocks = 1;
    bool m_maxOp = false;         ///< op=max: reductions keep the larger value
    std::vector<int> m_blocks;    ///< tracked layout blocks, ascending
    std::vector<int> m_elements;  ///< simulated elements of each tracked block
    std::vector<Cell> m_cells;    ///< [rank][slot]
    bool m_consistent = true;
};

}  // namespace commviz::collectives
