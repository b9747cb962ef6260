#pragma once

// The one place the RDMA view reaches into the engine: everything the painters
// draw is read through this snapshot of the session at its cursor.

#include <cstdint>
#include <optional>
#include <vector>

#include "rdma/host.h"
#include "rdma/rdma_events.h"
#include "rdma/script.h"
#include "rdma/wire.h"
#include "sim/session.h"

namespace commviz::views {

struct RdmaSnapshot {
    const rdma::Host* hosts[2] = {nullptr, nullptr};
    const rdma::Wire* wire = nullptr;
    std::uint64_t nowNs = 0;
    std::size_t cursor = 0;
    /// Typed events of the step just taken (empty at step 0).
    const std::vector<rdma::Event>* events = nullptr;
    /// Script results so far (summary.calls), one per script entry.
    const std::vector<rdma::CallResult>* calls = nullptr;

    bool valid() const { return hosts[0] && hosts[1] && wire; }
};

/// Null-safe: an invalid snapshot when the session is not an RDMA session.
RdmaSnapshot rdmaSnapshot(const sim::Session* session);

/// Index of the script call running or last started at the cursor.
std::optional<std::size_t> rdmaCurrentCall(const sim::Session* session);

}  // namespace commviz::views
