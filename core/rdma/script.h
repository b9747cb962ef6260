#pragma once

// A verbs script: the scenario's "script" entries parsed into typed calls.
// Names stand for numbers a real program learns out of band (QPN, rkey).

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "rdma/queue_pair.h"
#include "rdma/verbs_enums.h"
#include "sim/text.h"

namespace commviz::rdma {

struct SgeSpec {
    std::string mr;  ///< MR name on the calling host
    std::uint64_t offset = 0;
    std::uint32_t length = 0;
    std::optional<std::uint32_t> lkey;  ///< explicit lkey, to get it wrong on purpose
};

struct RecvWrSpec {
    std::uint64_t wrId = 0;
    std::vector<SgeSpec> sgList;
};

struct SendWrSpec {
    std::uint64_t wrId = 0;
    WrOpcode opcode = WrOpcode::Send;
    std::uint32_t sendFlags = 0;
    std::vector<SgeSpec> sgList;
    std::optional<std::uint32_t> immData;
    std::string remoteMr;  ///< stands for wr.rdma.remote_addr + rkey
    std::uint64_t remoteOffset = 0;
    std::optional<std::uint32_t> rkey;        ///< explicit rkey overrides the remote MR's
    std::optional<std::uint64_t> remoteAddr;  ///< explicit address overrides remote_mr + remote_offset
    std::uint64_t compareAdd = 0;
    std::uint64_t swap = 0;
};

/// ibv_qp_attr as a script gives it: fields are applied only when their bit is
/// in attr_mask (like the C struct); a bit whose field is absent reads as 0.
struct QpAttrSpec {
    std::optional<QpState> qpState;
    std::optional<QpState> curQpState;
    std::optional<std::uint32_t> pkeyIndex, portNum, qpAccessFlags;
    std::optional<std::uint32_t> pathMtu;  ///< raw enum ibv_mtu value (0 = invalid)
    std::optional<std::uint32_t> destQpNum;
    std::string destQpName;  ///< "qpB": resolved to its QPN when the call runs
    std::optional<std::uint32_t> rqPsn, sqPsn, maxDestRdAtomic, minRnrTimer, timeout, retryCnt, rnrRetry, maxRdAtomic;
    std::optional<bool> enSqdAsyncNotify;
    std::optional<std::uint32_t> dlid;
};

struct RegMrCall {
    std::string mr;
    std::uint64_t length = 0;
    std::uint32_t access = 0;
    std::vector<std::uint8_t> fill;  ///< repeated over the buffer
    bool fillRepeat = true;
};
struct CreateCqCall {
    std::string cq;
    std::int64_t cqe = 0;
};
struct CreateQpCall {
    std::string qp;
    QpType qpType = QpType::Rc;
    std::string sendCq, recvCq;
    QpCap cap;
    bool sqSigAll = false;
};
struct ModifyQpCall {
    std::string qp;
    QpAttrSpec attr;
    std::uint32_t attrMask = 0;
};
struct PostRecvCall {
    std::string qp;
    std::vector<RecvWrSpec> wr;
};
struct PostSendCall {
    std::string qp;
    std::vector<SendWrSpec> wr;
};
struct PollCqCall {
    std::string cq;
    std::uint32_t numEntries = 1;
    std::uint32_t min = 0;  ///< 0: one ibv_poll_cq; N: poll until N WCs or nothing more can happen
};
/// ibv_rc_pingpong's pp_connect_ctx for both QPs (plus RESET→INIT when needed).
struct ConnectAttr {
    Mtu pathMtu = Mtu::Mtu1024;
    std::uint32_t minRnrTimer = 12;
    std::uint32_t maxDestRdAtomic = 1;
    std::uint32_t timeout = 14;
    std::uint32_t retryCnt = 7;
    std::uint32_t rnrRetry = 7;
    std::uint32_t maxRdAtomic = 1;
    std::uint32_t qpAccessFlags = 0;
    std::optional<std::uint32_t> sqPsn[2];  ///< default: seeded random & 0xffffff
};
struct ConnectCall {
    std::string qps[2];
    ConnectAttr attr;
};
struct FaultCall {
    std::vector<std::uint64_t> dropPackets;  ///< 1-based serials of packets put on the wire
};
/// usleep(): the CPU waits while the hardware keeps running.
struct UsleepCall {
    std::uint64_t usec = 0;
};

using CallArgs = std::variant<RegMrCall, CreateCqCall, CreateQpCall, ModifyQpCall, PostRecvCall, PostSendCall,
                              PollCqCall, ConnectCall, FaultCall, UsleepCall>;

struct ScriptCall {
    std::size_t index = 0;
    std::string host;  ///< empty for connect and fault
    std::string call;  ///< "ibv_post_send", "connect", ...
    CallArgs args;
};

/// What running the script produced for one call (summary.calls).
struct CallResult {
    std::size_t index = 0;
    std::string host;
    std::string call;
    bool started = false;
    bool finished = false;
    int ret = 0;
    bool retIsCount = false;
    std::optional<std::uint64_t> badWr;
    sim::Text detail;
    std::uint64_t startNs = 0;
    std::uint64_t endNs = 0;
};

struct Script {
    std::vector<std::string> hosts;
    std::vector<ScriptCall> calls;
};

}  // namespace commviz::rdma
