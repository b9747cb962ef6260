#include "collectives/rank_buffers.h"

#include <algorithm>
#include <utility>

namespace commviz::collectives {

RankBuffers::RankBuffers(Collective collective, int ranks, int root, const BlockLayout& layout, bool maxOp)
    : m_collective(collective), m_ranks(ranks), m_root(root), m_layoutBlocks(int(layout.size())), m_maxOp(maxOp) {
    const int tracked = std::min(kTrackedBlocks, m_layoutBlocks);
    for (int slot = 0; slot < tracked; ++slot) {
        const int block = tracked == 1 ? 0 : int(std::int64_t(slot) * (m_layoutBlocks - 1) / (tracked - 1));
        m_blocks.push_back(block);
        m_elements.push_back(int(std::min<std::int64_t>(kTrackedElements, layout[std::size_t(block)])));
    }
    m_cells.resize(std::size_t(ranks) * m_blocks.size());
    if (collective == Collective::ReduceScatterBlock) m_received.resize(m_cells.size());
    for (int rank = 0; rank < ranks; ++rank)
        for (int slot = 0; slot < tracked; ++slot)
            if (holdsAtStart(rank, m_blocks[std::size_t(slot)])) cell(rank, slot) = ownCell(rank, slot);
}

std::int64_t RankBuffers::initialValue(int rank, int block, int element) {
    // Distinct per rank and growing fast enough that a missing or doubled rank changes every sum.
    const std::int64_t r = rank + 1;
    return r * r * 1009 + std::int64_t(block) * 31 + element + 1;
}

// Layouts of per-rank collectives are p x k blocks; block b belongs to rank b*p/blocks
// (alltoall: p x p blocks, block s*p + d goes from s to d).
int RankBuffers::owner(int block) const { return int(std::int64_t(block) * m_ranks / m_layoutBlocks); }

bool RankBuffers::holdsAtStart(int rank, int block) const {
    switch (m_collective) {
        case Collective::Bcast:
        case Collective::Scatter:
            return rank == m_root;
        case Collective::Allgather:
        case Collective::Gather:
        case Collective::Alltoall:
        case Collective::Barrier:  // each rank's empty block is its arrival token
            return owner(block) == rank;
        default:
            return true;
    }
}

bool RankBuffers::promised(int rank, int block) const {
    switch (m_collective) {
        case Collective::Reduce:
        case Collective::Gather:
            return rank == m_root;
        case Collective::Scatter:
        case Collective::ReduceScatter:
        case Collective::ReduceScatterBlock:
            return owner(block) == rank;
        case Collective::Alltoall:
            return block % m_ranks == rank;
        default:
            return true;
    }
}

RankBuffers::Cell RankBuffers::ownCell(int rank, int slot) const {
    Cell own;
    own.contributions = 1;
    for (int element = 0; element < m_elements[std::size_t(slot)]; ++element)
        own.values[element] = initialValue(rank, m_blocks[std::size_t(slot)], element);
    return own;
}

RankBuffers::Cell RankBuffers::expectedCell(int rank, int slot) const {
    switch (m_collective) {
        case Collective::Bcast:
        case Collective::Scatter:
            return ownCell(m_root, slot);
        case Collective::Allgather:
        case Collective::Gather:
        case Collective::Alltoall:
        case Collective::Barrier:
            return ownCell(owner(m_blocks[std::size_t(slot)]), slot);
        default:
            break;
    }
    Cell total;
    total.contributions = m_ranks;
    for (int source = 0; source < m_ranks; ++source) {
        const Cell own = ownCell(source, slot);
        for (int element = 0; element < kTrackedElements; ++element)
            total.values[element] = source == 0 ? own.values[element]
                                    : m_maxOp   ? std::max(total.values[element], own.values[element])
                                                : total.values[element] + own.values[element];
    }
    (void)rank;
    return total;
}

void RankBuffers::receive(Cell& into, const Cell& payload, bool reduce) {
    if (payload.contributions == 0) m_consistent = false;  // sent a block it never had
    if (!reduce) {
        into = payload;
        return;
    }
    for (int element = 0; element < kTrackedElements; ++element)
        into.values[element] = into.contributions == 0 ? payload.values[element]
                               : m_maxOp               ? std::max(into.values[element], payload.values[element])
                                                       : into.values[element] + payload.values[element];
    into.contributions += payload.contributions;
    if (into.contributions > m_ranks) m_consistent = false;
}

void RankBuffers::apply(const Round& round) {
    struct Delivery {
        int dst;
        int slot;
        bool reduce;
        Cell payload;
    };
    std::vector<Delivery> deliveries;
    for (const Message& message : round)
        for (const BlockRange& range : message.blocks) {
            const auto first = std::lower_bound(m_blocks.begin(), m_blocks.end(), range.first);
            for (auto it = first; it != m_blocks.end() && *it < range.first + range.count; ++it) {
                const int slot = int(it - m_blocks.begin());
                deliveries.push_back({message.dst, slot, message.reduce, payload(message, slot)});
            }
        }
    for (const Delivery& delivery : deliveries) {
        receive(cell(delivery.dst, delivery.slot), delivery.payload, delivery.reduce);
        if (!m_received.empty()) m_received[index(delivery.dst, delivery.slot)] = delivery.payload;
    }
}

RankBuffers::Cell RankBuffers::payload(const Message& message, int slot) const {
    if (!message.relay) return cell(message.src, slot);
    return m_received.empty() ? Cell{} : m_received[index(message.src, slot)];
}

bool RankBuffers::resultOk() const {
    if (!m_consistent) return false;
    // A reduction's expected block is the same on every rank: sum it once per
    // block, not once per rank (p^2 additions at 4,096 ranks would take seconds).
    const bool reduction = m_collective == Collective::Allreduce || m_collective == Collective::Reduce ||
                           m_collective == Collective::ReduceScatter || m_collective == Collective::ReduceScatterBlock;
    for (int slot = 0; slot < int(m_blocks.size()); ++slot) {
        // An empty block (count < p) carries no data: Open MPI skips sending it, and nothing can be wrong
        // in it. A barrier's blocks are all empty: they are the arrival tokens, and they must arrive.
        if (m_elements[std::size_t(slot)] == 0 && m_collective != Collective::Barrier) continue;
        const Cell sum = reduction ? expectedCell(0, slot) : Cell{};
        for (int rank = 0; rank < m_ranks; ++rank)
            if (promised(rank, m_blocks[std::size_t(slot)]) &&
                !(cell(rank, slot) == (reduction ? sum : expectedCell(rank, slot))))
                return false;
    }
    return true;
}

sim::Json RankBuffers::inspect(int rank) const {
    sim::Json blocks = sim::Json::array();
    if (rank < 0 || rank >= m_ranks) return nullptr;
    for (int slot = 0; slot < int(m_blocks.size()); ++slot) {
        const Cell& held = cell(rank, slot);
        sim::Json values = sim::Json::array();
        for (int element = 0; element < m_elements[std::size_t(slot)]; ++element)
            values.push_back(held.values[element]);
        blocks.push_back({{"block", m_blocks[std::size_t(slot)]},
                          {"contributions", held.contributions},
                          {"values", held.contributions == 0 ? sim::Json::array() : values}});
    }
    return {{"rank", rank}, {"blocks", blocks}};
}

std::size_t RankBuffers::footprintBytes() const {
    return sizeof(*this) + (m_cells.size() + m_received.size()) * sizeof(Cell) +
           (m_blocks.size() + m_elements.size()) * sizeof(int);
}

}  // namespace commviz::collectives
