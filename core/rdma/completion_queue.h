#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rdma/verbs_enums.h"

namespace commviz::rdma {

/// A completion queue element as the HCA writes it into a CQ slot.
struct Cqe {
    std::string id;   ///< "A/cq1/cqe/0": the first CQE ever written to that CQ
    std::string qp;   ///< QP id
    std::string wqe;  ///< WQE id it retires
    bool fromSq = true;
    std::uint64_t wqePos = 0;
    std::uint64_t wrId = 0;
    WcStatus status = WcStatus::Success;
    WcOpcode opcode = WcOpcode::Send;
    std::uint32_t vendorErr = 0;
    std::uint32_t byteLen = 0;
    std::uint32_t immData = 0;
    std::uint32_t qpNum = 0;
    std::uint32_t wcFlags = 0;
    std::uint64_t index = 0;  ///< absolute producer index
    std::uint32_t slot = 0;
    std::uint64_t writtenNs = 0;
};

/// ibv_cq: a ring of `depth` CQE slots. The HCA produces at `head`, the
/// application consumes at `tail`; a slot holding a CQE is owned by software
/// until polled. Writing to a full ring is an overrun: the completion is lost
/// and the CQ is broken (IBV_EVENT_CQ_ERR).
struct CompletionQueue {
    std::string id;  ///< "A/cq1"
    std::string name;
    std::string host;
    std::uint32_t cqn = 0;
    std::uint32_t depth = 0;      ///< cq->cqe as granted: the request rounded up to 2^n - 1 (mlx5)
    std::uint32_t requested = 0;  ///< the cqe the application asked ibv_create_cq for
    std::vector<std::optional<Cqe>> ring;
    std::uint64_t head = 0;
    std::uint64_t tail = 0;
    bool overrun = false;
    std::uint64_t lost = 0;

    std::uint64_t occupancy() const { return head - tail; }
    bool full() const { return occupancy() >= depth; }
    /// Writes a CQE; false (nothing written) when the ring is full or broken.
    bool push(Cqe& cqe, std::uint64_t nowNs);
    /// Oldest unpolled CQE, if any.
    const Cqe* peek() const;
    std::optional<Cqe> pop();
    /// Removes the CQEs of one QP (modify to RESET) and compacts the ring.
    void discardQp(const std::string& qpId);
    const Cqe* find(const std::string& cqeId) const;
};

}  // namespace commviz::rdma
