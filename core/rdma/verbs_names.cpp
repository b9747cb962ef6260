#include "rdma/verbs_names.h"

#include <array>
#include <utility>

namespace commviz::rdma {

namespace {

template <class E>
using Entry = std::pair<E, std::string_view>;

constexpr std::array<Entry<QpState>, 8> kQpStates{{
    {QpState::Reset, "IBV_QPS_RESET"},
    {QpState::Init, "IBV_QPS_INIT"},
    {QpState::Rtr, "IBV_QPS_RTR"},
    {QpState::Rts, "IBV_QPS_RTS"},
    {QpState::Sqd, "IBV_QPS_SQD"},
    {QpState::Sqe, "IBV_QPS_SQE"},
    {QpState::Err, "IBV_QPS_ERR"},
    {QpState::Unknown, "IBV_QPS_UNKNOWN"},
}};

constexpr std::array<Entry<QpType>, 6> kQpTypes{{
    {QpType::Rc, "IBV_QPT_RC"},
    {QpType::Uc, "IBV_QPT_UC"},
    {QpType::Ud, "IBV_QPT_UD"},
    {QpType::RawPacket, "IBV_QPT_RAW_PACKET"},
    {QpType::XrcSend, "IBV_QPT_XRC_SEND"},
    {QpType::XrcRecv, "IBV_QPT_XRC_RECV"},
}};

constexpr std::array<Entry<QpAttrMask>, 22> kMasks{{
    {QpAttrMask::State, "IBV_QP_STATE"},
    {QpAttrMask::CurState, "IBV_QP_CUR_STATE"},
    {QpAttrMask::EnSqdAsyncNotify, "IBV_QP_EN_SQD_ASYNC_NOTIFY"},
    {QpAttrMask::AccessFlags, "IBV_QP_ACCESS_FLAGS"},
    {QpAttrMask::PkeyIndex, "IBV_QP_PKEY_INDEX"},
    {QpAttrMask::Port, "IBV_QP_PORT"},
    {QpAttrMask::Qkey, "IBV_QP_QKEY"},
    {QpAttrMask::Av, "IBV_QP_AV"},
    {QpAttrMask::PathMtu, "IBV_QP_PATH_MTU"},
    {QpAttrMask::Timeout, "IBV_QP_TIMEOUT"},
    {QpAttrMask::RetryCnt, "IBV_QP_RETRY_CNT"},
    {QpAttrMask::RnrRetry, "IBV_QP_RNR_RETRY"},
    {QpAttrMask::RqPsn, "IBV_QP_RQ_PSN"},
    {QpAttrMask::MaxQpRdAtomic, "IBV_QP_MAX_QP_RD_ATOMIC"},
    {QpAttrMask::AltPath, "IBV_QP_ALT_PATH"},
    {QpAttrMask::MinRnrTimer, "IBV_QP_MIN_RNR_TIMER"},
    {QpAttrMask::SqPsn, "IBV_QP_SQ_PSN"},
    {QpAttrMask::MaxDestRdAtomic, "IBV_QP_MAX_DEST_RD_ATOMIC"},
    {QpAttrMask::PathMigState, "IBV_QP_PATH_MIG_STATE"},
    {QpAttrMask::Cap, "IBV_QP_CAP"},
    {QpAttrMask::DestQpn, "IBV_QP_DEST_QPN"},
    {QpAttrMask::RateLimit, "IBV_QP_RATE_LIMIT"},
}};

constexpr std::array<Entry<WrOpcode>, 11> kWrOpcodes{{
    {WrOpcode::RdmaWrite, "IBV_WR_RDMA_WRITE"},
    {WrOpcode::RdmaWriteWithImm, "IBV_WR_RDMA_WRITE_WITH_IMM"},
    {WrOpcode::Send, "IBV_WR_SEND"},
    {WrOpcode::SendWithImm, "IBV_WR_SEND_WITH_IMM"},
    {WrOpcode::RdmaRead, "IBV_WR_RDMA_READ"},
    {WrOpcode::AtomicCmpAndSwp, "IBV_WR_ATOMIC_CMP_AND_SWP"},
    {WrOpcode::AtomicFetchAndAdd, "IBV_WR_ATOMIC_FETCH_AND_ADD"},
    {WrOpcode::LocalInv, "IBV_WR_LOCAL_INV"},
    {WrOpcode::BindMw, "IBV_WR_BIND_MW"},
    {WrOpcode::SendWithInv, "IBV_WR_SEND_WITH_INV"},
    {WrOpcode::Tso, "IBV_WR_TSO"},
}};
constexpr std::size_t kModelledWrOpcodes = 7;  // the first seven are executed by this RC model

constexpr std::array<Entry<SendFlag>, 5> kSendFlags{{
    {SendFlag::Fence, "IBV_SEND_FENCE"},
    {SendFlag::Signaled, "IBV_SEND_SIGNALED"},
    {SendFlag::Solicited, "IBV_SEND_SOLICITED"},
    {SendFlag::Inline, "IBV_SEND_INLINE"},
    {SendFlag::IpCsum, "IBV_SEND_IP_CSUM"},
}};

constexpr std::array<Entry<AccessFlag>, 5> kAccess{{
    {AccessFlag::LocalWrite, "IBV_ACCESS_LOCAL_WRITE"},
    {AccessFlag::RemoteWrite, "IBV_ACCESS_REMOTE_WRITE"},
    {AccessFlag::RemoteRead, "IBV_ACCESS_REMOTE_READ"},
    {AccessFlag::RemoteAtomic, "IBV_ACCESS_REMOTE_ATOMIC"},
    {AccessFlag::MwBind, "IBV_ACCESS_MW_BIND"},
}};

constexpr std::array<Entry<WcStatus>, 24> kWcStatus{{
    {WcStatus::Success, "IBV_WC_SUCCESS"},
    {WcStatus::LocLenErr, "IBV_WC_LOC_LEN_ERR"},
    {WcStatus::LocQpOpErr, "IBV_WC_LOC_QP_OP_ERR"},
    {WcStatus::LocEecOpErr, "IBV_WC_LOC_EEC_OP_ERR"},
    {WcStatus::LocProtErr, "IBV_WC_LOC_PROT_ERR"},
    {WcStatus::WrFlushErr, "IBV_WC_WR_FLUSH_ERR"},
    {WcStatus::MwBindErr, "IBV_WC_MW_BIND_ERR"},
    {WcStatus::BadRespErr, "IBV_WC_BAD_RESP_ERR"},
    {WcStatus::LocAccessErr, "IBV_WC_LOC_ACCESS_ERR"},
    {WcStatus::RemInvReqErr, "IBV_WC_REM_INV_REQ_ERR"},
    {WcStatus::RemAccessErr, "IBV_WC_REM_ACCESS_ERR"},
    {WcStatus::RemOpErr, "IBV_WC_REM_OP_ERR"},
    {WcStatus::RetryExcErr, "IBV_WC_RETRY_EXC_ERR"},
    {WcStatus::RnrRetryExcErr, "IBV_WC_RNR_RETRY_EXC_ERR"},
    {WcStatus::LocRddViolErr, "IBV_WC_LOC_RDD_VIOL_ERR"},
    {WcStatus::RemInvRdReqErr, "IBV_WC_REM_INV_RD_REQ_ERR"},
    {WcStatus::RemAbortErr, "IBV_WC_REM_ABORT_ERR"},
    {WcStatus::InvEecnErr, "IBV_WC_INV_EECN_ERR"},
    {WcStatus::InvEecStateErr, "IBV_WC_INV_EEC_STATE_ERR"},
    {WcStatus::FatalErr, "IBV_WC_FATAL_ERR"},
    {WcStatus::RespTimeoutErr, "IBV_WC_RESP_TIMEOUT_ERR"},
    {WcStatus::GeneralErr, "IBV_WC_GENERAL_ERR"},
    {WcStatus::TmErr, "IBV_WC_TM_ERR"},
    {WcStatus::TmRndvIncomplete, "IBV_WC_TM_RNDV_INCOMPLETE"},
}};

// ibv_wc_status_str() texts, libibverbs/enum_strs.c
constexpr std::array<std::string_view, 24> kWcStatusStr{
    "success",
    "local length error",
    "local QP operation error",
    "local EE context operation error",
    "local protection error",
    "Work Request Flushed Error",
    "memory management operation error",
    "bad response error",
    "local access error",
    "remote invalid request error",
    "remote access error",
    "remote operation error",
    "transport retry counter exceeded",
    "RNR retry counter exceeded",
    "local RDD violation error",
    "remote invalid RD request",
    "aborted error",
    "invalid EE context number",
    "invalid EE context state",
    "fatal error",
    "response timeout error",
    "general error",
    "TM error",
    "TM software rendezvous",
};

constexpr std::array<Entry<WcOpcode>, 12> kWcOpcodes{{
    {WcOpcode::Send, "IBV_WC_SEND"},
    {WcOpcode::RdmaWrite, "IBV_WC_RDMA_WRITE"},
    {WcOpcode::RdmaRead, "IBV_WC_RDMA_READ"},
    {WcOpcode::CompSwap, "IBV_WC_COMP_SWAP"},
    {WcOpcode::FetchAdd, "IBV_WC_FETCH_ADD"},
    {WcOpcode::BindMw, "IBV_WC_BIND_MW"},
    {WcOpcode::LocalInv, "IBV_WC_LOCAL_INV"},
    {WcOpcode::Tso, "IBV_WC_TSO"},
    {WcOpcode::Flush, "IBV_WC_FLUSH"},
    {WcOpcode::AtomicWrite, "IBV_WC_ATOMIC_WRITE"},
    {WcOpcode::Recv, "IBV_WC_RECV"},
    {WcOpcode::RecvRdmaWithImm, "IBV_WC_RECV_RDMA_WITH_IMM"},
}};

constexpr std::array<Entry<WcFlag>, 4> kWcFlags{{
    {WcFlag::Grh, "IBV_WC_GRH"},
    {WcFlag::WithImm, "IBV_WC_WITH_IMM"},
    {WcFlag::IpCsumOk, "IBV_WC_IP_CSUM_OK"},
    {WcFlag::WithInv, "IBV_WC_WITH_INV"},
}};

constexpr std::array<Entry<Mtu>, 5> kMtus{{
    {Mtu::Mtu256, "IBV_MTU_256"},
    {Mtu::Mtu512, "IBV_MTU_512"},
    {Mtu::Mtu1024, "IBV_MTU_1024"},
    {Mtu::Mtu2048, "IBV_MTU_2048"},
    {Mtu::Mtu4096, "IBV_MTU_4096"},
}};

constexpr std::array<Entry<AsyncEventType>, 20> kAsync{{
    {AsyncEventType::CqErr, "IBV_EVENT_CQ_ERR"},
    {AsyncEventType::QpFatal, "IBV_EVENT_QP_FATAL"},
    {AsyncEventType::QpReqErr, "IBV_EVENT_QP_REQ_ERR"},
    {AsyncEventType::QpAccessErr, "IBV_EVENT_QP_ACCESS_ERR"},
    {AsyncEventType::CommEst, "IBV_EVENT_COMM_EST"},
    {AsyncEventType::SqDrained, "IBV_EVENT_SQ_DRAINED"},
    {AsyncEventType::PathMig, "IBV_EVENT_PATH_MIG"},
    {AsyncEventType::PathMigErr, "IBV_EVENT_PATH_MIG_ERR"},
    {AsyncEventType::DeviceFatal, "IBV_EVENT_DEVICE_FATAL"},
    {AsyncEventType::PortActive, "IBV_EVENT_PORT_ACTIVE"},
    {AsyncEventType::PortErr, "IBV_EVENT_PORT_ERR"},
    {AsyncEventType::LidChange, "IBV_EVENT_LID_CHANGE"},
    {AsyncEventType::PkeyChange, "IBV_EVENT_PKEY_CHANGE"},
    {AsyncEventType::SmChange, "IBV_EVENT_SM_CHANGE"},
    {AsyncEventType::SrqErr, "IBV_EVENT_SRQ_ERR"},
    {AsyncEventType::SrqLimitReached, "IBV_EVENT_SRQ_LIMIT_REACHED"},
    {AsyncEventType::QpLastWqeReached, "IBV_EVENT_QP_LAST_WQE_REACHED"},
    {AsyncEventType::ClientReregister, "IBV_EVENT_CLIENT_REREGISTER"},
    {AsyncEventType::GidChange, "IBV_EVENT_GID_CHANGE"},
    {AsyncEventType::WqFatal, "IBV_EVENT_WQ_FATAL"},
}};

constexpr std::array<Entry<Errno>, 6> kErrno{{
    {Errno::Ok, "0"},
    {Errno::Eagain, "EAGAIN"},
    {Errno::Enomem, "ENOMEM"},
    {Errno::Ebusy, "EBUSY"},
    {Errno::Einval, "EINVAL"},
    {Errno::Enosys, "ENOSYS"},
}};

constexpr std::array<Entry<BthOpcode>, 23> kBth{{
    {BthOpcode::SendFirst, "SEND_FIRST"},
    {BthOpcode::SendMiddle, "SEND_MIDDLE"},
    {BthOpcode::SendLast, "SEND_LAST"},
    {BthOpcode::SendLastWithImmediate, "SEND_LAST_WITH_IMMEDIATE"},
    {BthOpcode::SendOnly, "SEND_ONLY"},
    {BthOpcode::SendOnlyWithImmediate, "SEND_ONLY_WITH_IMMEDIATE"},
    {BthOpcode::RdmaWriteFirst, "RDMA_WRITE_FIRST"},
    {BthOpcode::RdmaWriteMiddle, "RDMA_WRITE_MIDDLE"},
    {BthOpcode::RdmaWriteLast, "RDMA_WRITE_LAST"},
    {BthOpcode::RdmaWriteLastWithImmediate, "RDMA_WRITE_LAST_WITH_IMMEDIATE"},
    {BthOpcode::RdmaWriteOnly, "RDMA_WRITE_ONLY"},
    {BthOpcode::RdmaWriteOnlyWithImmediate, "RDMA_WRITE_ONLY_WITH_IMMEDIATE"},
    {BthOpcode::RdmaReadRequest, "RDMA_READ_REQUEST"},
    {BthOpcode::RdmaReadResponseFirst, "RDMA_READ_RESPONSE_FIRST"},
    {BthOpcode::RdmaReadResponseMiddle, "RDMA_READ_RESPONSE_MIDDLE"},
    {BthOpcode::RdmaReadResponseLast, "RDMA_READ_RESPONSE_LAST"},
    {BthOpcode::RdmaReadResponseOnly, "RDMA_READ_RESPONSE_ONLY"},
    {BthOpcode::Acknowledge, "ACKNOWLEDGE"},
    {BthOpcode::AtomicAcknowledge, "ATOMIC_ACKNOWLEDGE"},
    {BthOpcode::CompareSwap, "COMPARE_SWAP"},
    {BthOpcode::FetchAdd, "FETCH_ADD"},
    {BthOpcode::SendLastWithInvalidate, "SEND_LAST_WITH_INVALIDATE"},
    {BthOpcode::SendOnlyWithInvalidate, "SEND_ONLY_WITH_INVALIDATE"},
}};

template <class E, std::size_t N>
std::string_view nameIn(const std::array<Entry<E>, N>& table, E v) {
    for (const auto& [value, name] : table)
        if (value == v) return name;
    return "?";
}

template <class E, std::size_t N>
std::optional<E> parseIn(const std::array<Entry<E>, N>& table, std::string_view text) {
    for (const auto& [value, name] : table)
        if (name == text) return value;
    return std::nullopt;
}

template <class E, std::size_t N>
std::vector<std::string> namesIn(const std::array<Entry<E>, N>& table, std::size_t count = N) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < count && i < N; ++i) out.emplace_back(table[i].second);
    return out;
}

template <class E, std::size_t N>
std::vector<std::string> bitNames(const std::array<Entry<E>, N>& table, std::uint32_t mask) {
    std::vector<std::string> out;
    for (const auto& [value, name] : table)
        if (mask & static_cast<std::uint32_t>(value)) out.emplace_back(name);
    return out;
}

}  // namespace

std::string_view verbsName(QpState v) { return nameIn(kQpStates, v); }
std::string_view verbsName(QpType v) { return nameIn(kQpTypes, v); }
std::string_view verbsName(QpAttrMask v) { return nameIn(kMasks, v); }
std::string_view verbsName(WrOpcode v) { return nameIn(kWrOpcodes, v); }
std::string_view verbsName(SendFlag v) { return nameIn(kSendFlags, v); }
std::string_view verbsName(AccessFlag v) { return nameIn(kAccess, v); }
std::string_view verbsName(WcStatus v) { return nameIn(kWcStatus, v); }
std::string_view verbsName(WcOpcode v) { return nameIn(kWcOpcodes, v); }
std::string_view verbsName(WcFlag v) { return nameIn(kWcFlags, v); }
std::string_view verbsName(Mtu v) { return nameIn(kMtus, v); }
std::string_view verbsName(AsyncEventType v) { return nameIn(kAsync, v); }
std::string_view verbsName(Errno v) { return nameIn(kErrno, v); }
std::string_view verbsName(BthOpcode v) { return nameIn(kBth, v); }

std::string_view wcStatusStr(WcStatus v) {
    const auto i = static_cast<std::size_t>(v);
    return i < kWcStatusStr.size() ? kWcStatusStr[i] : "unknown";
}

std::string aethSyndromeName(std::uint8_t s) {
    if (aeth::isAck(s)) return s == aeth::kAckUnlimited ? "AETH_ACK_UNLIMITED" : "AETH_ACK";
    if (aeth::isRnrNak(s)) return "AETH_RNR_NAK";
    switch (s) {
        case aeth::kNakPsnSeqError:
            return "AETH_NAK_PSN_SEQ_ERROR";
        case aeth::kNakInvalidReq:
            return "AETH_NAK_INVALID_REQ";
        case aeth::kNakRemAccErr:
            return "AETH_NAK_REM_ACC_ERR";
        case aeth::kNakRemOpErr:
            return "AETH_NAK_REM_OP_ERR";
        case aeth::kNakInvRdReq:
            return "AETH_NAK_INV_RD_REQ";
        default:
            return "AETH_RESERVED";
    }
}

std::string errnoName(int value) {
    for (const auto& [e, name] : kErrno)
        if (static_cast<int>(e) == value) return std::string(name);
    return std::to_string(value);
}

std::optional<QpState> parseQpState(std::string_view n) { return parseIn(kQpStates, n); }
std::optional<QpType> parseQpType(std::string_view n) { return parseIn(kQpTypes, n); }
std::optional<QpAttrMask> parseQpAttrMask(std::string_view n) { return parseIn(kMasks, n); }
std::optional<WrOpcode> parseWrOpcode(std::string_view n) {
    auto op = parseIn(kWrOpcodes, n);
    if (op && static_cast<std::size_t>(*op) >= kModelledWrOpcodes) return std::nullopt;
    return op;
}
std::optional<SendFlag> parseSendFlag(std::string_view n) { return parseIn(kSendFlags, n); }
std::optional<AccessFlag> parseAccessFlag(std::string_view n) { return parseIn(kAccess, n); }
std::optional<Mtu> parseMtu(std::string_view n) { return parseIn(kMtus, n); }
std::optional<WcStatus> parseWcStatus(std::string_view n) { return parseIn(kWcStatus, n); }
std::optional<WcOpcode> parseWcOpcode(std::string_view n) { return parseIn(kWcOpcodes, n); }

std::vector<std::string> qpStateNames() { return namesIn(kQpStates, 7); }
std::vector<std::string> qpAttrMaskNames() { return namesIn(kMasks); }
std::vector<std::string> wrOpcodeNames() { return namesIn(kWrOpcodes, kModelledWrOpcodes); }
std::vector<std::string> sendFlagNames() { return namesIn(kSendFlags, 4); }
std::vector<std::string> accessFlagNames() { return namesIn(kAccess); }
std::vector<std::string> mtuNames() { return namesIn(kMtus); }

std::vector<std::string> maskNameList(std::uint32_t mask) { return bitNames(kMasks, mask); }
std::vector<std::string> accessNameList(std::uint32_t access) { return bitNames(kAccess, access); }
std::vector<std::string> sendFlagNameList(std::uint32_t flags) { return bitNames(kSendFlags, flags); }
std::vector<std::string> wcFlagNameList(std::uint32_t flags) { return bitNames(kWcFlags, flags); }

std::string joinNames(const std::vector<std::string>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + names[i];
    return out;
}

std::string maskNames(std::uint32_t mask) {
    const auto names = maskNameList(mask);
    if (names.empty()) return "0";
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) out += (i ? " | " : "") + names[i];
    return out;
}

}  // namespace commviz::rdma
