#pragma once

#include <string_view>
#include <variant>

#include "rdma_vs_socket/stage.h"

namespace commviz::rdma_vs_socket {

/// One stage of one message ran on one lane (kind = the stage's kind()).
struct StageEvent {
    Lane lane = Lane::Socket;
    int stage = 0;        ///< index into the lane's plan (setup plan when `setup`)
    int message = -1;     ///< 0-based message, -1 for setup stages
    StageDef def;         ///< what ran, where, its anchor and counter increments
    double start_ns = 0;  ///< on the lane's clock (setup stages are before t = 0)
    double end_ns = 0;
    Counters totals;        ///< the lane's per-message counters after this stage
    Counters setup_totals;  ///< the lane's setup counters after this stage
    bool operator==(const StageEvent&) const = default;
};

/// A message finished its last stage on a lane (kind "message_done").
struct MessageDone {
    static constexpr std::string_view kKind = "message_done";
    Lane lane = Lane::Socket;
    int message = 0;
    double start_ns = 0;      ///< its first stage began
    double delivered_ns = 0;  ///< payload in host_b's user buffer (and, for SEND/recv, the app knows)
    double completed_ns = 0;  ///< the lane's last stage for it ended
    bool operator==(const MessageDone&) const = default;
};

using RdmaVsSocketEvent = std::variant<StageEvent, MessageDone>;

}  // namespace commviz::rdma_vs_socket
