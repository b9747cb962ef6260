#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <variant>
#include <vector>

#include "collectives/schedule.h"
#include "nccl/device/ring_pipeline.h"

namespace commviz::collectives {

/// One message of a round (kind "send").
struct SendEvent {
    static constexpr std::string_view kKind = "send";
    int round = 0;  ///< 0-based
    Message message;
    double end_us = 0;                ///< when it was received (and reduced) on the critical-path clock
    std::string_view deviceFunction;  ///< NCCL's runRing / runTreeSplit; empty for Open MPI
    std::string_view primitive;       ///< the NCCL primitive the sender calls; empty for Open MPI
    /// NCCL on a server's rings: the slices through the connection's slots, the transport the hop took and
    /// what the receiver runs on the data. Empty without a server (the round's α-β clock prices it).
    std::optional<MessageTiming> timing;
    nccl_topology::Transport transport = nccl_topology::Transport::Unknown;
    std::string_view receiverPrimitive;
    bool operator==(const SendEvent&) const = default;
};

/// A whole round at once (kind "round"): detail=rounds, or many ranks.
struct RoundEvent {
    static constexpr std::string_view kKind = "round";
    int round = 0;
    std::int64_t messages = 0;
    std::int64_t bytes = 0;  ///< sent by all ranks this round
    bool reduce = false;     ///< some receiver combined data
    double end_us = 0;       ///< latest clock after the round
    bool operator==(const RoundEvent&) const = default;
};

using CollectivesEvent = std::variant<SendEvent, RoundEvent>;

}  // namespace commviz::collectives
