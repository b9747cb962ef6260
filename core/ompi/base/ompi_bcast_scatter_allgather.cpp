// Open MPI's scatter + allgather broadcasts (ompi/mca/coll/base/coll_base_bcast.c,
// ompi_coll_base_bcast_intra_scatter_allgather and _scatter_allgather_ring), IDs 8 and 9.

#include <algorithm>
#include <functional>
#include <optional>

#include "collectives/message_factory.h"
#include "ompi/base/ompi_bcast.h"
#include "ompi/base/recursive_doubling_forwarding.h"

namespace commviz::collectives {

namespace {

int roundDown(int value, int factor) { return value / factor * factor; }

/// Blocks [first, end) clipped to the `blocks` that exist (none when empty).
std::vector<BlockRange> clipped(int first, int end, int blocks) {
    end = std::min(end, blocks);
    if (first >= end) return {};
    return {{first, end - first}};
}

// The binomial scatter: virtual rank v (a multiple of 2·mask) hands v + mask
// the blocks of its subtree, [v + mask, v + 2·mask), when any of them holds
// data (Open MPI skips the send when send_count <= 0).
Phase binomialScatter(int p, int root, int blocks, const MessageFactory& message) {
    const int levels = ceilLog2(blocks);
    return {levels, [p, root, blocks, levels, message](int level) {
                const int mask = 1 << (levels - 1 - level);
                Round round;
                for (int vrank = 0; vrank + mask < blocks; vrank += 2 * mask)
                    round.push_back(message((vrank + root) % p, (vrank + mask + root) % p,
                                            clipped(vrank + mask, vrank + 2 * mask, blocks), false));
                return round;
            }};
}

// Blocks of scatter_count = ⌈count/p⌉ elements: virtual rank v's block starts
// at v·scatter_count, so the last ranks may get a short block or none; only
// the ⌈count/scatter_count⌉ blocks that hold data are in the layout.
BlockLayout scatterBlocks(std::int64_t count, int p) {
    const std::int64_t scatterCount = (count + p - 1) / p;
    BlockLayout layout;
    for (std::int64_t done = 0; done < count; done += scatterCount)
        layout.push_back(std::min(scatterCount, count - done));
    return layout;
}

/// Both algorithms return at once on one rank and use the linear bcast when count < p.
std::optional<Schedule> trivialCase(const char* algorithm, int id, const ScheduleRequest& request) {
    if (request.ranks == 1) return namedSchedule(algorithm, id, {request.count});
    if (request.count >= request.ranks) return std::nullopt;
    Schedule linear = bcastBasicLinear(request);
    linear.redirectedFrom = algorithm;
    return linear;
}

using AllgatherPhase = std::function<Phase(int blocks, const MessageFactory& message)>;

/// The binomial scatter of the blocks, then `allgather`.
Schedule scatterThen(const char* algorithm, int id, const ScheduleRequest& request, const AllgatherPhase& allgather) {
    if (auto trivial = trivialCase(algorithm, id, request)) return *trivial;
    Schedule schedule = namedSchedule(algorithm, id, scatterBlocks(request.count, request.ranks));
    const int blocks = int(schedule.layout.size());
    const MessageFactory message(schedule.layout, request.elementBytes);
    setPhases(schedule, {binomialScatter(request.ranks, request.root, blocks, message), allgather(blocks, message)});
    return schedule;
}

}  // namespace

Schedule bcastScatterAllgather(const ScheduleRequest& request) {
    const int p = request.ranks, root = request.root;
    return scatterThen("scatter_allgather", 8, request, [p, root](int blocks, const MessageFactory& message) {
        DoublingPayload payload;
        // Each rank sends what its subtree holds, and hands on what the partner subtree sent.
        payload.exchange = [blocks](int vrank, int mask) {
            const int first = roundDown(vrank, mask);
            return clipped(first, first + mask, blocks);
        };
        payload.forward = [blocks, p](int vrank, int mask) {
            const int first = roundDown(vrank, mask) + mask;
            return clipped(first, std::min(first + mask, p), blocks);
        };
        return doublingWithForwarding(p, root, message, payload);
    });
}

// The ring allgather: at step i virtual rank v sends block v - i to v + 1,
// an empty (zero-byte) message when that block holds no data.
Schedule bcastScatterAllgatherRing(const ScheduleRequest& request) {
    const int p = request.ranks, root = request.root;
    return scatterThen("scatter_allgather_ring", 9, request, [p, root](int blocks, const MessageFactory& message) {
        return Phase{p - 1, [p, root, blocks, message](int step) {
                         Round round;
                         for (int vrank = 0; vrank < p; ++vrank) {
                             const int block = ((vrank - step) % p + p) % p;
                             round.push_back(message((vrank + root) % p, (vrank + 1 + root) % p,
                                                     clipped(block, block + 1, blocks), false));
                         }
                         return round;
                     }};
    });
}

}  // namespace commviz::collectives
