#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rdma/verbs_enums.h"

namespace commviz::rdma {

/// ibv_sge, with the MR it was taken from kept for display.
struct Sge {
    std::string mr;  ///< MR id, empty when the lkey names no MR
    std::uint64_t addr = 0;
    std::uint32_t length = 0;
    std::uint32_t lkey = 0;
};

/// ibv_send_wr (RC fields).
struct SendWr {
    std::uint64_t wrId = 0;
    WrOpcode opcode = WrOpcode::Send;
    std::uint32_t sendFlags = 0;
    std::vector<Sge> sgList;
    std::optional<std::uint32_t> immData;
    std::uint64_t remoteAddr = 0;  ///< wr.rdma.remote_addr / wr.atomic.remote_addr
    std::uint32_t rkey = 0;
    std::uint64_t compareAdd = 0;
    std::uint64_t swap = 0;

    std::uint32_t length() const {
        std::uint64_t n = 0;
        for (const auto& s : sgList) n += s.length;
        return static_cast<std::uint32_t>(n);
    }
    bool has(SendFlag f) const { return (sendFlags & bits(f)) != 0; }
};

/// ibv_recv_wr.
struct RecvWr {
    std::uint64_t wrId = 0;
    std::vector<Sge> sgList;
    std::uint32_t length() const {
        std::uint64_t n = 0;
        for (const auto& s : sgList) n += s.length;
        return static_cast<std::uint32_t>(n);
    }
};

/// What happened to a WR handed to ibv_post_*.
enum class WrFate : std::uint8_t { Posted, Rejected, NotPosted, Discarded };

/// A WR as the application sees it: a transient user struct, distinct from the
/// WQE the driver writes. Kept in the host's WR list for the view.
struct WorkRequest {
    std::string id;  ///< "A/wr/0"
    std::string qp;  ///< QP id
    std::size_t callIndex = 0;
    bool isSend = true;
    SendWr send;
    RecvWr recv;
    WrFate fate = WrFate::Posted;
    std::string wqe;  ///< WQE id when posted

    std::uint64_t wrId() const { return isSend ? send.wrId : recv.wrId; }
};

/// struct ibv_wc as returned by ibv_poll_cq.
struct WorkCompletion {
    std::string id;   ///< "A/wc/0"
    std::string cq;   ///< CQ id
    std::string cqe;  ///< the CQE id it was copied from
    std::size_t callIndex = 0;
    std::uint64_t wrId = 0;
    WcStatus status = WcStatus::Success;
    WcOpcode opcode = WcOpcode::Send;
    std::uint32_t vendorErr = 0;
    std::uint32_t byteLen = 0;
    std::uint32_t immData = 0;
    std::uint32_t qpNum = 0;
    std::uint32_t srcQp = 0;
    std::uint32_t wcFlags = 0;
};

}  // namespace commviz::rdma
