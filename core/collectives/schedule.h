#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace commviz::collectives {

/// Consecutive blocks [first, first + count) of an algorithm's block layout.
struct BlockRange {
    int first = 0;
    int count = 1;
    bool operator==(const BlockRange&) const = default;
};

/// One point-to-point message of a round: `src` sends `blocks` to `dst`, which
/// adds them into its own copy (`reduce`) or stores them.
struct Message {
    int src = 0;
    int dst = 0;
    std::int64_t bytes = 0;  ///< exact, from the layout's element counts
    std::vector<BlockRange> blocks;
    bool reduce = false;
    /// Passes on the blocks as the sender last received them, not its own
    /// combined copy (Open MPI's tmprecv in reduce_scatter_block's recursive doubling).
    bool relay = false;
    int channel = 0;  ///< NCCL: the channel that carries it; 0 for Open MPI
    bool operator==(const Message&) const = default;
};

/// The messages of one round. Every message reads its sender's buffer as it was
/// when the round began (MPI_Sendrecv semantics), so pairwise swaps are exact.
using Round = std::vector<Message>;

/// How an algorithm cuts the vector: the element count of each block, in order.
using BlockLayout = std::vector<std::int64_t>;

/// An algorithm's whole schedule. Rounds are produced one at a time by `round`
/// so 4,096 ranks' O(p^2) schedules are never held in memory at once.
struct Schedule {
    std::string algorithm;       ///< the name that runs (after any redirect)
    int algorithmId = 0;         ///< Open MPI's coll_tuned_<coll>_algorithm ID; 0 for NCCL
    std::string redirectedFrom;  ///< the requested name when it fell back
    std::string rule;            ///< for algorithm=auto: the band and threshold that fired
    std::string unsupported;     ///< why the algorithm cannot run here (Open MPI returns an error)
    BlockLayout layout;
    int rounds = 0;
    std::function<Round(int)> round;
    /// NCCL only: the device function that runs the schedule ("runRing", "runTreeSplit") and, per
    /// message of round r, the primitive its sender calls (src/device/prims_*.h: "directRecvReduceDirectSend").
    /// Open MPI's messages are point-to-point calls and leave both empty.
    std::string_view deviceFunction;
    std::function<std::string_view(int, const Message&)> primitive;
    /// NCCL only: what the receiver of a message of round r runs on it (its next primitive, or the
    /// directRecv that ends its loop or stores at a leaf).
    std::function<std::string_view(int, const Message&)> receiverPrimitive;
};

/// An empty schedule of algorithm `algorithm` (Open MPI ID `id`) over `layout`:
/// the algorithm fills in its rounds.
inline Schedule namedSchedule(const char* algorithm, int id, BlockLayout layout) {
    Schedule schedule;
    schedule.algorithm = algorithm;
    schedule.algorithmId = id;
    schedule.layout = std::move(layout);
    return schedule;
}

}  // namespace commviz::collectives
