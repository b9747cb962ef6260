#include "ompi/base/reduce_scatter_phases.h"

namespace commviz::collectives {

namespace {

/// Adds `sent` unless it carries no element (Open MPI skips empty sends there).
void pushIfNotEmpty(Round& round, Message sent) {
    if (sent.bytes > 0) round.push_back(std::move(sent));
}

}  // namespace

FoldedRanks foldedRanks(int ranks) {
    const int pof2 = floorPowerOfTwo(ranks);
    return {ranks, pof2, ranks - pof2};
}

int mirrorPermutation(int value, int bits) {
    int mirrored = 0;
    for (int bit = 0; bit < bits; ++bit)
        if (value & (1 << bit)) mirrored |= 1 << (bits - 1 - bit);
    return mirrored;
}

Phase foldIn(const FoldedRanks& folded, const MessageFactory& message) {
    return {folded.extra > 0 ? 1 : 0, [folded, message](int) {
                Round round;
                for (int even = 0; even < 2 * folded.extra; even += 2)
                    round.push_back(message(even, even + 1, {{0, folded.ranks}}, true));
                return round;
            }};
}

// ompi_coll_base_reduce_scatter_intra_basic_recursivehalving: at distance
// `mask` a virtual rank's window is the 2·mask folded blocks around it; the
// lower rank of the pair keeps the lower half.
Phase recursiveHalving(const FoldedRanks& folded, const MessageFactory& message) {
    const int levels = ceilLog2(folded.pof2);
    return {levels, [folded, message, levels](int step) {
                const int mask = 1 << (levels - 1 - step);
                Round round;
                for (int vrank = 0; vrank < folded.pof2; ++vrank) {
                    const int window = vrank & ~(2 * mask - 1);
                    const int give = (vrank & mask) ? window : window + mask;
                    pushIfNotEmpty(round, message(folded.real(vrank), folded.real(vrank ^ mask),
                                                  {folded.blocks(give, mask)}, true));
                }
                return round;
            }};
}

Phase returnToExcluded(const FoldedRanks& folded, const MessageFactory& message) {
    return {folded.extra > 0 ? 1 : 0, [folded, message](int) {
                Round round;
                for (int odd = 1; odd < 2 * folded.extra; odd += 2)
                    pushIfNotEmpty(round, message(odd, odd - 1, {{odd - 1, 1}}, false));
                return round;
            }};
}

// ompi_coll_base_reduce_scatter_intra_butterfly: before the step at distance
// 2^k a virtual rank's window is what its bits below k chose, p'/2^k folded
// blocks wide; the rank whose bit k is clear keeps the lower half.
BlockRange butterflyGive(int vrank, int step, int pof2) {
    int window = 0, width = pof2;
    for (int bit = 0; bit < step; ++bit) {
        width /= 2;
        if (vrank & (1 << bit)) window += width;
    }
    const int half = width / 2;
    return {(vrank & (1 << step)) ? window : window + half, half};
}

Phase butterflyExchange(const FoldedRanks& folded, const MessageFactory& message) {
    return {ceilLog2(folded.pof2), [folded, message](int step) {
                Round round;
                for (int vrank = 0; vrank < folded.pof2; ++vrank) {
                    const BlockRange give = butterflyGive(vrank, step, folded.pof2);
                    round.push_back(message(folded.real(vrank), folded.real(vrank ^ (1 << step)),
                                            {folded.blocks(give.first, give.count)}, true));
                }
                return round;
            }};
}

std::vector<Phase> foldedButterfly(const FoldedRanks& folded, const MessageFactory& message) {
    return {foldIn(folded, message), butterflyExchange(folded, message), butterflyMirror(folded, message)};
}

Phase butterflyMirror(const FoldedRanks& folded, const MessageFactory& message) {
    const int bits = ceilLog2(folded.pof2);
    // With p = 2 (or 1) every block is already where it belongs.
    const bool moves = folded.extra > 0 || folded.pof2 > 2;
    return {moves ? 1 : 0, [folded, message, bits](int) {
                Round round;
                for (int vrank = 0; vrank < folded.pof2; ++vrank) {
                    const int owner = mirrorPermutation(vrank, bits), src = folded.real(vrank);
                    const int first = folded.firstBlock(owner);
                    if (owner < folded.extra) round.push_back(message(src, first, {{first, 1}}, false));
                    if (owner != vrank) {
                        const int own = owner < folded.extra ? first + 1 : first;
                        round.push_back(message(src, folded.real(owner), {{own, 1}}, false));
                    }
                }
                return round;
            }};
}

// ompi_coll_base_reduce_scatter_intra_ring: the first send is block r-1; each
// later step forwards the block just received after adding its own share.
Phase reduceScatterRing(int ranks, const MessageFactory& message) {
    return {ranks - 1, [ranks, message](int step) {
                Round round;
                for (int rank = 0; rank < ranks; ++rank) {
                    const int block = ((rank - 1 - step) % ranks + ranks) % ranks;
                    round.push_back(message(rank, (rank + 1) % ranks, {{block, 1}}, true));
                }
                return round;
            }};
}

Phase linearScatterFromZero(const BlockLayout& layout, const MessageFactory& message) {
    // Blocks are largest first (COLL_BASE_COMPUTE_BLOCKCOUNT), so block 1 tells whether any is sent.
    const int ranks = int(layout.size());
    return {ranks > 1 && layout[1] > 0 ? 1 : 0, [ranks, message](int) {
                Round round;
                for (int rank = 1; rank < ranks; ++rank) pushIfNotEmpty(round, message(0, rank, {{rank, 1}}, false));
                return round;
            }};
}

}  // namespace commviz::collectives
