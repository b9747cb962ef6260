#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rdma/verbs_enums.h"
#include "rdma/work_request.h"
#include "sim/enum_names.h"

namespace commviz::rdma {

/// Send-WQE life cycle as rxe names it (enum wqe_state): posted (in the SQ, not
/// started) → processing (some packets sent) → pending (all sent, waiting for
/// the ACK / response) → done; error when the requester itself failed it.
/// Receive WQEs use posted → processing (consumed, being filled) → done.
enum class WqeState : std::uint8_t { Posted, Processing, Pending, Done, Error };

inline constexpr sim::EnumNames<WqeState::Error> kWqeStateNames({"posted", "processing", "pending", "done", "error"});
constexpr std::string_view wqeStateName(WqeState s) { return kWqeStateNames(s, "?"); }

/// A work queue element: the driver's copy of a WR in a ring slot. It lives
/// until its completion is polled (for unsignaled sends: until a later signaled
/// completion of the same SQ is polled).
struct Wqe {
    std::string id;         ///< "A/qp16/sq/3": the 4th WQE ever written to that SQ
    std::string wr;         ///< id of the WR it came from
    std::uint64_t pos = 0;  ///< absolute producer index; slot = pos % depth
    std::uint32_t slot = 0;
    bool isSend = true;
    SendWr send;
    RecvWr recv;
    WqeState state = WqeState::Posted;
    bool signaled = false;   ///< send: will produce a CQE on success
    bool completed = false;  ///< retired: its CQE was written (or it finished unsignaled)
    WcStatus status = WcStatus::Success;
    std::vector<std::uint8_t> inlineData;  ///< IBV_SEND_INLINE: payload copied at post time

    // Requester progress (send WQEs).
    bool psnAssigned = false;
    std::uint32_t firstPsn = 0;
    std::uint32_t lastPsn = 0;
    std::uint32_t npackets = 0;       ///< packets of the message (READ: response packets)
    std::uint32_t nextPacket = 0;     ///< next request packet to send
    bool payloadFetched = false;      ///< dma_read done for nextPacket
    std::uint32_t responseBytes = 0;  ///< READ/atomic: bytes landed locally so far

    // Responder progress (receive WQEs).
    std::uint32_t bytesReceived = 0;

    std::uint32_t length() const { return isSend ? send.length() : recv.length(); }
    std::uint64_t wrId() const { return isSend ? send.wrId : recv.wrId; }
    bool isReadOrAtomic() const {
        return isSend && (send.opcode == WrOpcode::RdmaRead || send.opcode == WrOpcode::AtomicCmpAndSwp ||
                          send.opcode == WrOpcode::AtomicFetchAndAdd);
    }
    bool isAtomic() const {
        return isSend && (send.opcode == WrOpcode::AtomicCmpAndSwp || send.opcode == WrOpcode::AtomicFetchAndAdd);
    }
};

}  // namespace commviz::rdma
