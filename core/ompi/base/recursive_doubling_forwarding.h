#pragma once

#include <functional>
#include <vector>

#include "collectives/message_factory.h"
#include "collectives/phases.h"

namespace commviz::collectives {

/// What the ranks of a recursive doubling send, on virtual ranks v = (r - root) mod p.
struct DoublingPayload {
    /// What v sends to v XOR mask in the exchange at distance `mask`.
    std::function<std::vector<BlockRange>(int vrank, int mask)> exchange;
    /// What v passes on to a rank of its subtree whose partner does not exist.
    std::function<std::vector<BlockRange>(int vrank, int mask)> forward;
    bool reduce = false;  ///< receivers combine what they get (exchanges and hand-ons)
    bool relay = false;   ///< hand-ons pass on what the sender received (Message::relay)
};

/// Recursive distance doubling for any p, as Open MPI's scatter-allgather
/// bcast and recursive-doubling reduce_scatter_block run it: at distance mask
/// (1, 2, 4, …) v swaps with v XOR mask when that rank exists. When the partner
/// subtree is cut short by p, the ranks that did get its data pass it on by
/// recursive halving (distance mask/2, mask/4, …) to those that did not; each
/// such hand-on is a round of its own, and only rounds with a message are kept.
Phase doublingWithForwarding(int ranks, int root, const MessageFactory& message, DoublingPayload payload);

}  // namespace commviz::collectives
