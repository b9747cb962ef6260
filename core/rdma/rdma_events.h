#pragma once

// The micro-actions of the RDMA engine, one typed struct each. Every event
// carries `anchor`: the real function it mirrors ("ibv_post_send",
// "rxe_responder: check_rkey", ...). Ids name objects the view can highlight.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "rdma/verbs_enums.h"
#include "sim/text.h"

namespace commviz::rdma {

/// A script call begins on its host's CPU.
struct CallStarted {
    static constexpr std::string_view kKind = "call_started";
    std::string anchor;
    std::size_t index = 0;
    std::string host;
    std::string call;
};
/// A script call returns: `ret` is 0 / an errno value, or the WC count for ibv_poll_cq.
struct CallReturned {
    static constexpr std::string_view kKind = "call_returned";
    std::string anchor;
    std::size_t index = 0;
    std::string host;
    std::string call;
    int ret = 0;
    bool retIsCount = false;
    std::optional<std::uint64_t> badWr;
    sim::Text detail;  ///< why it failed, e.g. "%1 missing for %2 → %3" with IBV_QP_AV, INIT, RTR
};
/// 1. The application hands a WR to the driver.
struct WrPosted {
    static constexpr std::string_view kKind = "wr_posted";
    std::string anchor;
    std::string host, qp, queue;  ///< queue: "sq" or "rq"
    std::string wr;
    std::uint64_t wrId = 0;
    std::string opcode;  ///< IBV_WR_* or "RECV"
};
/// 2. The driver writes the WQE into a ring slot.
struct WqeWritten {
    static constexpr std::string_view kKind = "wqe_written";
    std::string anchor;
    std::string host, qp, queue, wqe, wr;
    std::uint32_t slot = 0;
    std::uint64_t wrId = 0;
    std::string opcode;
    bool inlineData = false;
};
/// The driver rings the doorbell (MMIO on a real HCA): new producer index.
struct Doorbell {
    static constexpr std::string_view kKind = "doorbell";
    std::string anchor;
    std::string host, qp, queue;
    std::uint64_t producerIndex = 0;
};
/// The requester picks up a WQE.
struct WqeFetched {
    static constexpr std::string_view kKind = "wqe_fetched";
    std::string anchor;
    std::string host, qp, wqe;
    std::uint32_t slot = 0;
    std::uint64_t wrId = 0;
    std::string opcode;
    std::uint32_t firstPsn = 0;
    std::uint32_t npackets = 0;
    bool retry = false;
    std::optional<WcStatus> error;  ///< the WQE failed local checks
};
/// The HCA reads bytes from host memory (payload of a request or READ response).
struct DmaRead {
    static constexpr std::string_view kKind = "dma_read";
    std::string anchor;
    std::string host, qp, mr, wqe;  ///< qp: the QP whose HCA engine reads (requester, or responder for READ)
    std::uint64_t addr = 0;
    std::uint32_t length = 0;
};
struct PacketSent {
    static constexpr std::string_view kKind = "packet_sent";
    std::string anchor;
    std::string packet, from, to, qp, wqe;
    std::string opcode;  ///< BTH opcode name
    std::uint32_t psn = 0;
    std::uint32_t destQp = 0;
    bool ackReq = false;
    bool se = false;
    std::uint32_t payloadBytes = 0;
    std::uint64_t departNs = 0;
    std::uint64_t arriveNs = 0;
    bool retransmission = false;
};
struct PacketArrived {
    static constexpr std::string_view kKind = "packet_arrived";
    std::string anchor;
    std::string packet, host, qp;
    std::string opcode;
    std::uint32_t psn = 0;
};
/// Lost on the wire (fault) or discarded by the receiving HCA.
struct PacketDropped {
    static constexpr std::string_view kKind = "packet_dropped";
    std::string anchor;
    std::string packet, host, qp;
    sim::Text reason;
};
struct RecvWqeConsumed {
    static constexpr std::string_view kKind = "recv_wqe_consumed";
    std::string anchor;
    std::string host, qp, wqe, packet;
    std::uint32_t slot = 0;
    std::uint64_t wrId = 0;
};
/// Bytes of an MR changed (remote WRITE/SEND data, atomic, or READ data landing locally).
struct MemoryWritten {
    static constexpr std::string_view kKind = "memory_written";
    std::string anchor;
    std::string host, qp, mr, packet;  ///< qp: the QP whose responder or completer writes
    std::uint64_t addr = 0;
    std::uint64_t offset = 0;
    std::uint32_t length = 0;
    std::string what;  ///< "send data", "rdma write", "atomic", "read response", "atomic result"
};
struct AckSent {
    static constexpr std::string_view kKind = "ack_sent";
    std::string anchor;
    std::string host, qp, packet;
    std::string opcode;
    std::uint32_t psn = 0;
    std::uint8_t syndrome = 0;
    std::uint32_t msn = 0;
    bool duplicate = false;
};
struct NakSent {
    static constexpr std::string_view kKind = "nak_sent";
    std::string anchor;
    std::string host, qp, packet;
    std::uint32_t psn = 0;
    std::uint8_t syndrome = 0;
    sim::Text reason;  ///< the rxe_resp state that decided it, e.g. ERR_RKEY_VIOLATION
};
/// The completer takes a response (ACK, NAK, READ response, atomic ACK).
struct AckReceived {
    static constexpr std::string_view kKind = "ack_received";
    std::string anchor;
    std::string host, qp, packet;
    std::string opcode;
    std::uint32_t psn = 0;
    std::optional<std::uint8_t> syndrome;
    std::vector<std::string> acked;  ///< WQEs this response retires
    bool ignored = false;            ///< stale duplicate
};
struct Retransmit {
    static constexpr std::string_view kKind = "retransmit";
    std::string anchor;
    std::string host, qp, wqe;
    std::uint32_t fromPsn = 0;
    std::string reason;  ///< "timeout", "psn_seq_nak", "rnr_nak", "missing_read_response"
    std::uint32_t retryLeft = 0;
    std::uint32_t rnrRetryLeft = 0;
    bool rnrInfinite = false;  ///< rnr_retry = 7: RNR NAKs never use up a try, rnrRetryLeft stays 7
};
struct RnrWait {
    static constexpr std::string_view kKind = "rnr_wait";
    std::string anchor;
    std::string host, qp;
    std::uint32_t psn = 0;
    std::uint32_t timerCode = 0;
    std::uint64_t waitNs = 0;
    std::uint32_t rnrRetryLeft = 0;
    bool infinite = false;
};
struct Timeout {
    static constexpr std::string_view kKind = "timeout";
    std::string anchor;
    std::string host, qp;
    std::uint32_t psn = 0;
    std::uint32_t retryLeft = 0;
    std::uint64_t timeoutNs = 0;
};
/// 3. A CQE lands in a CQ slot.
struct CqeWritten {
    static constexpr std::string_view kKind = "cqe_written";
    std::string anchor;
    std::string host, cq, cqe, qp, wqe;
    std::uint32_t slot = 0;
    std::uint64_t wrId = 0;
    WcStatus status = WcStatus::Success;
    WcOpcode opcode = WcOpcode::Send;
    std::uint32_t byteLen = 0;
    std::uint32_t qpNum = 0;
    std::optional<std::uint32_t> immData;
};
/// A CQE could not be written: the CQ is full (overrun) or already broken.
struct CqOverflow {
    static constexpr std::string_view kKind = "cq_overflow";
    std::string anchor;
    std::string host, cq, qp, wqe;
    std::uint64_t wrId = 0;
    WcStatus status = WcStatus::Success;
    bool first = true;
};
struct CqPolled {
    static constexpr std::string_view kKind = "cq_polled";
    std::string anchor;
    std::string host, cq, cqe;
    std::uint32_t slot = 0;
    std::uint64_t wrId = 0;
};
/// 4. The application holds the WC.
struct WcReturned {
    static constexpr std::string_view kKind = "wc_returned";
    std::string anchor;
    std::string host, cq, wc, qp;
    std::uint64_t wrId = 0;
    WcStatus status = WcStatus::Success;
    WcOpcode opcode = WcOpcode::Send;
    std::uint32_t byteLen = 0;
    std::uint32_t qpNum = 0;
    std::optional<std::uint32_t> immData;
};
struct QpStateChanged {
    static constexpr std::string_view kKind = "qp_state_changed";
    std::string anchor;
    std::string host, qp;
    std::uint32_t qpn = 0;
    QpState from = QpState::Reset;
    QpState to = QpState::Reset;
    sim::Text reason;
};
struct AsyncEventRaised {
    static constexpr std::string_view kKind = "async_event";
    std::string anchor;
    std::string host, object;
    AsyncEventType type = AsyncEventType::CqErr;
};
/// Ring slots handed back to the driver (SQ: up to the polled WQE, mlx5 rule).
struct SlotFreed {
    static constexpr std::string_view kKind = "slot_freed";
    std::string anchor;
    std::string host, qp, queue;
    std::vector<std::string> wqes;
    std::vector<std::uint32_t> freedSlots;
    std::uint64_t tail = 0;
};

using Event = std::variant<CallStarted, CallReturned, WrPosted, WqeWritten, Doorbell, WqeFetched, DmaRead, PacketSent,
                           PacketArrived, PacketDropped, RecvWqeConsumed, MemoryWritten, AckSent, NakSent, AckReceived,
                           Retransmit, RnrWait, Timeout, CqeWritten, CqOverflow, CqPolled, WcReturned, QpStateChanged,
                           AsyncEventRaised, SlotFreed>;

using EventOut = std::vector<Event>;

}  // namespace commviz::rdma
