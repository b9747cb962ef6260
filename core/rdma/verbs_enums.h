#pragma once

// libibverbs / IBTA vocabulary with the real names and values (rdma-core
// libibverbs/verbs.h, Linux include/rdma/ib_pack.h, rxe_hdr.h). Names and
// parsing live in verbs_names.h.

#include <cstdint>

namespace commviz::rdma {

/// enum ibv_qp_state
enum class QpState : std::uint8_t { Reset = 0, Init = 1, Rtr = 2, Rts = 3, Sqd = 4, Sqe = 5, Err = 6, Unknown = 7 };

/// enum ibv_qp_type
enum class QpType : std::uint8_t { Rc = 2, Uc = 3, Ud = 4, RawPacket = 8, XrcSend = 9, XrcRecv = 10 };

/// enum ibv_qp_attr_mask (bit values)
enum class QpAttrMask : std::uint32_t {
    State = 1u << 0,
    CurState = 1u << 1,
    EnSqdAsyncNotify = 1u << 2,
    AccessFlags = 1u << 3,
    PkeyIndex = 1u << 4,
    Port = 1u << 5,
    Qkey = 1u << 6,
    Av = 1u << 7,
    PathMtu = 1u << 8,
    Timeout = 1u << 9,
    RetryCnt = 1u << 10,
    RnrRetry = 1u << 11,
    RqPsn = 1u << 12,
    MaxQpRdAtomic = 1u << 13,
    AltPath = 1u << 14,
    MinRnrTimer = 1u << 15,
    SqPsn = 1u << 16,
    MaxDestRdAtomic = 1u << 17,
    PathMigState = 1u << 18,
    Cap = 1u << 19,
    DestQpn = 1u << 20,
    RateLimit = 1u << 25,
};
constexpr std::uint32_t bits(QpAttrMask m) { return static_cast<std::uint32_t>(m); }
constexpr std::uint32_t operator|(QpAttrMask a, QpAttrMask b) { return bits(a) | bits(b); }
constexpr std::uint32_t operator|(std::uint32_t a, QpAttrMask b) { return a | bits(b); }

/// enum ibv_wr_opcode
enum class WrOpcode : std::uint8_t {
    RdmaWrite = 0,
    RdmaWriteWithImm = 1,
    Send = 2,
    SendWithImm = 3,
    RdmaRead = 4,
    AtomicCmpAndSwp = 5,
    AtomicFetchAndAdd = 6,
    LocalInv = 7,
    BindMw = 8,
    SendWithInv = 9,
    Tso = 10,
};

/// enum ibv_send_flags
enum class SendFlag : std::uint32_t { Fence = 1, Signaled = 2, Solicited = 4, Inline = 8, IpCsum = 16 };
constexpr std::uint32_t bits(SendFlag f) { return static_cast<std::uint32_t>(f); }

/// enum ibv_access_flags
enum class AccessFlag : std::uint32_t {
    LocalWrite = 1,
    RemoteWrite = 2,
    RemoteRead = 4,
    RemoteAtomic = 8,
    MwBind = 16
};
constexpr std::uint32_t bits(AccessFlag f) { return static_cast<std::uint32_t>(f); }

/// enum ibv_wc_status
enum class WcStatus : std::uint8_t {
    Success = 0,
    LocLenErr = 1,
    LocQpOpErr = 2,
    LocEecOpErr = 3,
    LocProtErr = 4,
    WrFlushErr = 5,
    MwBindErr = 6,
    BadRespErr = 7,
    LocAccessErr = 8,
    RemInvReqErr = 9,
    RemAccessErr = 10,
    RemOpErr = 11,
    RetryExcErr = 12,
    RnrRetryExcErr = 13,
    LocRddViolErr = 14,
    RemInvRdReqErr = 15,
    RemAbortErr = 16,
    InvEecnErr = 17,
    InvEecStateErr = 18,
    FatalErr = 19,
    RespTimeoutErr = 20,
    GeneralErr = 21,
    TmErr = 22,
    TmRndvIncomplete = 23,
};

/// enum ibv_wc_opcode
enum class WcOpcode : std::uint8_t {
    Send = 0,
    RdmaWrite = 1,
    RdmaRead = 2,
    CompSwap = 3,
    FetchAdd = 4,
    BindMw = 5,
    LocalInv = 6,
    Tso = 7,
    Flush = 8,
    AtomicWrite = 9,
    Recv = 1u << 7,
    RecvRdmaWithImm = (1u << 7) + 1,
};

/// enum ibv_wc_flags
enum class WcFlag : std::uint32_t { Grh = 1, WithImm = 2, IpCsumOk = 4, WithInv = 8 };
constexpr std::uint32_t bits(WcFlag f) { return static_cast<std::uint32_t>(f); }

/// enum ibv_mtu
enum class Mtu : std::uint8_t { Mtu256 = 1, Mtu512 = 2, Mtu1024 = 3, Mtu2048 = 4, Mtu4096 = 5 };
constexpr std::uint32_t mtuBytes(Mtu m) { return 128u << static_cast<std::uint32_t>(m); }

/// enum ibv_event_type (async events)
enum class AsyncEventType : std::uint8_t {
    CqErr = 0,
    QpFatal,
    QpReqErr,
    QpAccessErr,
    CommEst,
    SqDrained,
    PathMig,
    PathMigErr,
    DeviceFatal,
    PortActive,
    PortErr,
    LidChange,
    PkeyChange,
    SmChange,
    SrqErr,
    SrqLimitReached,
    QpLastWqeReached,
    ClientReregister,
    GidChange,
    WqFatal,
};

/// The positive errno values the verbs return (Linux numbering).
enum class Errno : int { Ok = 0, Eagain = 11, Enomem = 12, Ebusy = 16, Einval = 22, Enosys = 38 };

/// BTH OpCode, RC transport (top 3 bits 000) [ib_pack.h IB_OPCODE_RC_*].
enum class BthOpcode : std::uint8_t {
    SendFirst = 0x00,
    SendMiddle = 0x01,
    SendLast = 0x02,
    SendLastWithImmediate = 0x03,
    SendOnly = 0x04,
    SendOnlyWithImmediate = 0x05,
    RdmaWriteFirst = 0x06,
    RdmaWriteMiddle = 0x07,
    RdmaWriteLast = 0x08,
    RdmaWriteLastWithImmediate = 0x09,
    RdmaWriteOnly = 0x0a,
    RdmaWriteOnlyWithImmediate = 0x0b,
    RdmaReadRequest = 0x0c,
    RdmaReadResponseFirst = 0x0d,
    RdmaReadResponseMiddle = 0x0e,
    RdmaReadResponseLast = 0x0f,
    RdmaReadResponseOnly = 0x10,
    Acknowledge = 0x11,
    AtomicAcknowledge = 0x12,
    CompareSwap = 0x13,
    FetchAdd = 0x14,
    SendLastWithInvalidate = 0x16,
    SendOnlyWithInvalidate = 0x17,
};

/// AETH syndrome values [rxe_hdr.h]. Positive ACKs are 0x00-0x1f (low 5 bits =
/// credits), RNR NAKs 0x20 | timer code, NAKs 0x60-0x64.
namespace aeth {
inline constexpr std::uint8_t kAckUnlimited = 0x1f;    // AETH_ACK_UNLIMITED
inline constexpr std::uint8_t kRnrNak = 0x20;          // AETH_RNR_NAK
inline constexpr std::uint8_t kNakPsnSeqError = 0x60;  // AETH_NAK_PSN_SEQ_ERROR
inline constexpr std::uint8_t kNakInvalidReq = 0x61;   // AETH_NAK_INVALID_REQ
inline constexpr std::uint8_t kNakRemAccErr = 0x62;    // AETH_NAK_REM_ACC_ERR
inline constexpr std::uint8_t kNakRemOpErr = 0x63;     // AETH_NAK_REM_OP_ERR
inline constexpr std::uint8_t kNakInvRdReq = 0x64;     // AETH_NAK_INV_RD_REQ
constexpr bool isAck(std::uint8_t s) { return (s & 0xe0) == 0x00; }
constexpr bool isRnrNak(std::uint8_t s) { return (s & 0xe0) == 0x20; }
constexpr bool isNak(std::uint8_t s) { return (s & 0xe0) == 0x60; }
}  // namespace aeth

}  // namespace commviz::rdma
