#pragma once

#include "collectives/message_factory.h"
#include "collectives/phases.h"

namespace commviz::collectives {

// Stages shared by Open MPI's reduce_scatter and reduce_scatter_block
// algorithms (ompi/mca/coll/base/coll_base_reduce_scatter.c and
// coll_base_reduce_scatter_block.c). The layout has p blocks, block i being
// rank i's share of the result.

/// The p ranks folded onto p' = 2^⌊lg p⌋: the first 2r ranks (r = p - p')
/// pair up, the even one hands its whole vector to the odd one and sits out.
/// Folded block i is the blocks of the ranks folded into virtual rank i.
struct FoldedRanks {
    int ranks = 1;
    int pof2 = 1;
    int extra = 0;
    int real(int vrank) const { return vrank < extra ? 2 * vrank + 1 : vrank + extra; }
    /// First layout block of folded block `folded` (pof2 maps to p).
    int firstBlock(int folded) const { return folded < extra ? 2 * folded : folded + extra; }
    /// The layout blocks of folded blocks [first, first + count).
    BlockRange blocks(int first, int count) const {
        return {firstBlock(first), firstBlock(first + count) - firstBlock(first)};
    }
};
FoldedRanks foldedRanks(int ranks);

/// Hacker's Delight's bit reversal of the low `bits` bits (ompi_mirror_perm).
int mirrorPermutation(int value, int bits);

/// Step 1 of the folding algorithms: each even rank below 2r sends its whole
/// vector to the odd rank above it, which adds it in.
Phase foldIn(const FoldedRanks& folded, const MessageFactory& message);
/// Recursive vector halving on the virtual ranks: the partner distance starts
/// at p'/2 and halves; each rank sends the half of its window its partner
/// keeps and adds the half it receives. Empty halves are not sent.
Phase recursiveHalving(const FoldedRanks& folded, const MessageFactory& message);
/// The odd rank of each folded pair returns the even rank's block (if not empty).
Phase returnToExcluded(const FoldedRanks& folded, const MessageFactory& message);
/// Träff's butterfly: the partner distance starts at 1 and doubles; the rank
/// whose bit is clear keeps the lower half of its window. Every exchange is
/// made, empty or not (ompi_coll_base_sendrecv).
Phase butterflyExchange(const FoldedRanks& folded, const MessageFactory& message);
/// The folded blocks virtual rank `vrank` sends at butterfly step `step`
/// (distance 2^step) among `pof2` ranks: the half of its window it gives up.
BlockRange butterflyGive(int vrank, int step, int pof2);
/// Fold, butterfly, mirror exchange: the whole butterfly for any p.
std::vector<Phase> foldedButterfly(const FoldedRanks& folded, const MessageFactory& message);
/// After the butterfly virtual rank v holds folded block mirror(v): it sends
/// it to its owner(s), the excluded even rank first.
Phase butterflyMirror(const FoldedRanks& folded, const MessageFactory& message);
/// Each rank r sends block (r - 1 - step) to r + 1, which adds it in; after
/// p - 1 steps rank r holds its own block, reduced.
Phase reduceScatterRing(int ranks, const MessageFactory& message);
/// Rank 0 sends each other rank its block of `layout`; empty blocks are not
/// sent (coll/basic's linear scatterv), so with count 1 there is no round at all.
Phase linearScatterFromZero(const BlockLayout& layout, const MessageFactory& message);

}  // namespace commviz::collectives
