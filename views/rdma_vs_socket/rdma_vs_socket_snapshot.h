#pragma once

#include <cstddef>
#include <vector>

#include "rdma_vs_socket/rdma_vs_socket_engine.h"
#include "shell/scene_renderer.h"

namespace commviz::views {

/// What the "Why RDMA" painters read at the cursor: the engine and the typed
/// events of the step just taken (the one being animated).
struct RdmaVsSocketSnapshot {
    const rdma_vs_socket::RdmaVsSocketEngine* engine = nullptr;
    std::size_t cursor = 0;
    std::vector<rdma_vs_socket::RdmaVsSocketEvent> events;  ///< of step `cursor`; empty at step 0
    double t = 1.0;                                         ///< eased progress of the step's animation

    bool valid() const { return engine != nullptr; }
    /// The stage event of `lane` in the step just taken, or null.
    const rdma_vs_socket::StageEvent* moved(rdma_vs_socket::Lane lane) const;
    /// Stages of the lane's current message to draw as done (the finished
    /// message stays on screen for the step that finished it).
    int stagesShown(rdma_vs_socket::Lane lane) const;
    /// The message the lane shows (0-based), clamped to the messages started.
    int messageShown(rdma_vs_socket::Lane lane) const;
};

RdmaVsSocketSnapshot rdmaVsSocketSnapshot(const RenderState& state);

}  // namespace commviz::views
