#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "rdma/hca_states.h"
#include "rdma/packet.h"
#include "rdma/verbs_enums.h"
#include "rdma/work_queue.h"
#include "sim/text.h"

namespace commviz::rdma {

/// struct ibv_qp_cap as granted.
struct QpCap {
    std::uint32_t max_send_wr = 1;
    std::uint32_t max_recv_wr = 1;
    std::uint32_t max_send_sge = 1;
    std::uint32_t max_recv_sge = 1;
    std::uint32_t max_inline_data = 0;
};

/// The struct ibv_qp_attr fields an RC QP keeps.
struct QpAttr {
    std::uint32_t pkey_index = 0;
    std::uint32_t port_num = 0;
    std::uint32_t qp_access_flags = 0;
    Mtu path_mtu = Mtu::Mtu1024;
    std::uint32_t dest_qp_num = 0;
    std::uint32_t rq_psn = 0;
    std::uint32_t sq_psn = 0;
    std::uint32_t max_dest_rd_atomic = 0;
    std::uint32_t min_rnr_timer = 0;
    std::uint32_t timeout = 0;
    std::uint32_t retry_cnt = 0;
    std::uint32_t rnr_retry = 0;
    std::uint32_t max_rd_atomic = 0;
    bool en_sqd_async_notify = false;
    std::uint32_t dlid = 0;  ///< from ah_attr; the wire joins the two hosts regardless
};

/// rxe_req.c: picks WQEs, builds and sends request packets.
struct RequesterState {
    ReqState state = ReqState::Idle;
    std::uint32_t psn = 0;     ///< next PSN to send (req.psn)
    std::uint32_t maxPsn = 0;  ///< one past the highest PSN ever sent (retransmissions are below it)
    bool sentAny = false;
    std::uint32_t noAckPkts = 0;  ///< packets sent since the last one with AckReq (rxe req.noack_pkts)
    std::uint64_t wqePos = 0;     ///< SQ index of the WQE being worked on (req.wqe_index)
    bool scheduled = false;
    bool drainedNotified = false;
};

/// One step of the responder's plan for the packet in hand.
enum class RespStep : std::uint8_t {
    ConsumeRecvWqe,  ///< take the RQ head for a SEND / WRITE_WITH_IMM
    PlaceData,       ///< DMA the payload into the receive buffer or the RDMA WRITE target
    AtomicExecute,   ///< read-modify-write 8 bytes, save the original value
    ReadReply,       ///< dma_read + packet_sent per RDMA READ response packet
    CompleteRecv,    ///< receive CQE
    Ack,             ///< ACKNOWLEDGE (cumulative, or a re-ACK of a duplicate)
    AtomicAck,       ///< ATOMIC_ACKNOWLEDGE with the original value
    ErrorRecvCqe,    ///< error CQE for the consumed receive WQE
    Nak,             ///< NAK / RNR NAK
    GotoError,       ///< responder QP to ERR
};

/// Responder resource for RDMA READ / atomic replay (sized by max_dest_rd_atomic).
struct RdAtomicResource {
    BthOpcode opcode = BthOpcode::RdmaReadRequest;
    std::uint32_t firstPsn = 0;
    std::uint32_t lastPsn = 0;
    std::uint64_t va = 0;
    std::uint32_t rkey = 0;
    std::uint32_t length = 0;
    std::uint64_t originalValue = 0;
};

struct RespJob {
    Packet pkt;
    std::vector<RespStep> steps;
    std::size_t next = 0;
    bool duplicate = false;
    std::uint8_t syndrome = 0;
    sim::Text reason;  ///< rxe state name that decided it, e.g. ERR_RKEY_VIOLATION
    WcStatus recvStatus = WcStatus::Success;
    std::optional<AsyncEventType> asyncEvent;
    std::uint32_t ackPsn = 0;
    RdAtomicResource res;
    std::uint32_t readIndex = 0;
    std::uint32_t readPackets = 0;
    bool readFetched = false;
    std::vector<std::uint8_t> readChunk;
};

/// rxe_resp.c: executes incoming requests and answers them.
struct ResponderState {
    RespState state = RespState::Idle;  ///< the next stage
    std::uint32_t psn = 0;              ///< next expected PSN (resp.psn)
    std::uint32_t msn = 0;              ///< messages completed
    std::deque<Packet> input;
    std::optional<RespJob> job;
    bool sentPsnNak = false;
    std::uint64_t rqPos = 0;               ///< next receive WQE to consume
    std::optional<std::uint64_t> curRecv;  ///< receive WQE being filled by a multi-packet message
    std::uint32_t recvOffset = 0;
    // current RDMA WRITE message (RETH comes only with the first packet)
    std::uint64_t writeVa = 0;
    std::uint32_t writeRkey = 0;
    std::uint32_t writeLen = 0;
    std::uint32_t writeOffset = 0;
    std::optional<BthOpcode> lastOpcode;  ///< for the FIRST/MIDDLE/LAST sequence check
    std::vector<RdAtomicResource> resources;
    std::size_t resNext = 0;
    bool scheduled = false;
};

/// What the completer does next, one step each.
enum class CompStepKind : std::uint8_t { WriteCqe, PlaceResponse, RnrWait, Retry, Fail, GotoError };

struct CompStep {
    CompStepKind kind = CompStepKind::WriteCqe;
    std::uint64_t wqePos = 0;
    WcStatus status = WcStatus::Success;
    std::uint32_t psn = 0;
    std::uint8_t syndrome = 0;
    std::string packet{};  ///< packet id it came from
    std::string reason{};
    std::vector<std::uint8_t> data{};  ///< READ response payload / atomic original value
    bool last = false;
};

/// rxe_comp.c: retires WQEs on ACKs and responses, runs the retry logic.
struct CompleterState {
    CompState state = CompState::Idle;
    std::uint32_t psn = 0;     ///< oldest PSN not yet acknowledged (comp.psn)
    std::uint64_t wqePos = 0;  ///< next WQE to retire
    std::deque<Packet> input;
    std::deque<CompStep> steps;
    std::uint32_t retryLeft = 0;
    std::uint32_t rnrRetryLeft = 0;
    bool retryStarted = false;  ///< a go-back-N is under way: ignore out-of-order responses until progress
    std::uint64_t timerGen = 0;
    bool timerArmed = false;
    std::uint64_t timerDeadline = 0;
    std::uint64_t rnrGen = 0;
    bool rnrWaiting = false;
    std::uint64_t rnrDeadline = 0;
    std::uint32_t rnrPsn = 0;
    bool scheduled = false;
};

/// ibv_qp of type RC, with its SQ and RQ rings and the three HCA engines.
struct QueuePair {
    std::string id;  ///< "A/qp16"
    std::string name;
    std::string host;
    std::uint32_t qpn = 0;
    QpType type = QpType::Rc;
    QpState state = QpState::Reset;
    QpAttr attr;
    QpCap cap;
    bool sqSigAll = false;
    std::string sendCq;  ///< CQ ids
    std::string recvCq;
    WorkQueue sq;
    WorkQueue rq;
    RequesterState req;
    ResponderState resp;
    CompleterState comp;
    bool flushScheduled = false;
    bool commEstRaised = false;

    std::uint32_t mtu() const { return mtuBytes(attr.path_mtu); }
    bool sendAllowed() const { return state == QpState::Rts || state == QpState::Sqd; }
};

}  // namespace commviz::rdma
