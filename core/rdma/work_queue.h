#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rdma/wqe.h"

namespace commviz::rdma {

/// A send or receive queue: a ring of `depth` WQE slots. `head` counts WQEs
/// written by the driver, `tail` counts slots handed back to it (mlx5 sq.head /
/// sq.tail). Occupancy head - tail never exceeds depth.
struct WorkQueue {
    std::string id;  ///< "A/qp16/sq"
    std::uint32_t depth = 0;
    std::uint32_t maxSge = 0;
    std::vector<std::optional<Wqe>> ring;
    std::uint64_t head = 0;
    std::uint64_t tail = 0;

    void resize(std::uint32_t d) {
        depth = d;
        ring.assign(d, std::nullopt);
        head = tail = 0;
    }
    std::uint64_t occupancy() const { return head - tail; }
    bool full() const { return occupancy() >= depth; }
    /// The WQE at absolute index pos, if it is still in the ring.
    Wqe* at(std::uint64_t pos);
    const Wqe* at(std::uint64_t pos) const;
    Wqe& push(Wqe wqe);
    /// Hands slots [tail, upTo) back to the driver; returns the WQEs freed.
    std::vector<Wqe> freeUpTo(std::uint64_t upTo);
    /// Empties the ring (modify to RESET): WQEs are discarded without completions.
    void clear();
};

}  // namespace commviz::rdma
