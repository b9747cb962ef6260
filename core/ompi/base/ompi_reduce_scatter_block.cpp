// reduce_scatter_block's recursive doubling and butterfly (Open MPI
// ompi/mca/coll/base/coll_base_reduce_scatter_block.c).

#include <climits>

#include "ompi/base/ompi_reduce_scatter.h"
#include "ompi/base/recursive_doubling_forwarding.h"
#include "ompi/base/reduce_scatter_phases.h"

namespace commviz::collectives {

namespace {

int roundDown(int value, int factor) { return value / factor * factor; }

/// Blocks [0, first) and [first + skipped, p): everything but a subtree's own blocks.
std::vector<BlockRange> allBut(int first, int skipped, int p) {
    std::vector<BlockRange> blocks;
    if (first > 0) blocks.push_back({0, first});
    if (first + skipped < p) blocks.push_back({first + skipped, p - first - skipped});
    return blocks;
}

// ompi_coll_base_reduce_scatter_block_intra_butterfly_pof2: block i is first
// copied to position mirror(i), so the halving, which keeps position
// mirror(r) at rank r, needs no exchange at the end. A window of positions is
// a strided set of blocks.
Phase mirroredButterfly(int p, const MessageFactory& message) {
    const int levels = ceilLog2(p);
    return {levels, [p, levels, message](int step) {
                Round round;
                for (int rank = 0; rank < p; ++rank) {
                    const BlockRange give = butterflyGive(rank, step, p);
                    std::vector<BlockRange> blocks;
                    for (int position = give.first; position < give.first + give.count; ++position)
                        blocks.push_back({mirrorPermutation(position, levels), 1});
                    round.push_back(message(rank, rank ^ (1 << step), std::move(blocks), true));
                }
                return round;
            }};
}

}  // namespace

// ompi_coll_base_reduce_scatter_block_intra_recursivedoubling: at distance
// mask each rank sends everything outside its own subtree of mask ranks and
// adds what it receives; order-preserving, so any op.
Schedule reduceScatterBlockRecursiveDoubling(const ScheduleRequest& request) {
    const int p = request.ranks;
    if (std::int64_t(p) * request.count > INT_MAX) {
        Schedule linear = reduceScatterBlockBasicLinear(request);
        linear.redirectedFrom = "recursive_doubling";
        return linear;
    }
    Schedule schedule = namedSchedule("recursive_doubling", 2, BlockLayout(std::size_t(p), request.count));
    DoublingPayload payload;
    payload.exchange = [p](int vrank, int mask) { return allBut(roundDown(vrank, mask), mask, p); };
    // The hand-on relays what the partner subtree sent (tmprecv), which the
    // receiver adds to its own partial sums.
    payload.forward = [p](int vrank, int mask) { return allBut(roundDown(vrank ^ mask, mask), mask, p); };
    payload.reduce = true;
    payload.relay = true;
    setPhases(schedule, {doublingWithForwarding(p, 0, MessageFactory(schedule.layout, request.elementBytes), payload)});
    return schedule;
}

Schedule reduceScatterBlockButterfly(const ScheduleRequest& request) {
    const int p = request.ranks;
    Schedule schedule = namedSchedule("butterfly", 4, BlockLayout(std::size_t(p), request.count));
    const MessageFactory message(schedule.layout, request.elementBytes);
    if (p == floorPowerOfTwo(p)) {
        setPhases(schedule, {mirroredButterfly(p, message)});
        return schedule;
    }
    setPhases(schedule, foldedButterfly(foldedRanks(p), message));
    return schedule;
}

}  // namespace commviz::collectives
