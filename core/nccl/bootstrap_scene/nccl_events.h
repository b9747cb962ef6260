#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "nccl/nccl_config.h"
#include "sim/enum_names.h"

namespace commviz::nccl {

/// Which way a ring allgather message travels (2.30 uses both).
enum class Direction : std::uint8_t { Next, Prev };
/// What an allgather carries: classic gathers peer (listen) addresses, then proxy
/// addresses, then (2.20+) the proxy UDS ids; 2.30 gathers the packed
/// bootstrapRingData once.
enum class Payload : std::uint8_t { PeerAddresses, ProxyAddresses, RingInfo, ProxyUdsAddresses };
/// What kind of check-in reached a root.
enum class CheckIn : std::uint8_t {
    Normal,     ///< a rank's own extInfo
    Extra,      ///< first rank of block k+1 telling root k its ring address (several roots)
    Duplicate,  ///< a second process with the same rank
    BadMagic,   ///< a stale client whose magic is not this root's
};
/// What the root did with it.
enum class Outcome : std::uint8_t {
    Accepted,  ///< recorded (and maybe answered at once)
    Dropped,   ///< socketFinalizeAccept discarded it; accepting goes on
    RootWarn,  ///< the root printed a WARN and its thread stopped
    Refused,   ///< the root had already finished and closed its socket
};
/// The names events and the Inspector give these values.
inline constexpr sim::EnumNames<CheckIn::BadMagic> kCheckInNames({"normal", "extra", "duplicate", "bad_magic"});
inline const char* checkInName(CheckIn what) { return kCheckInNames(what, "").data(); }
inline constexpr sim::EnumNames<Outcome::Refused> kOutcomeNames({"accepted", "dropped", "root_warn", "refused"});
inline const char* outcomeName(Outcome outcome) { return kOutcomeNames(outcome, "").data(); }
/// The initTransportsRank stages, coarse (NCCL src/init.cc, initTransportsRank).
enum class InitStage : std::uint8_t {
    AllGather1,
    CheckPeers,
    Topology,
    Search,
    AllGather3,
    Postset,
    Proxy,
    Connect,
    Tune,
    Complete,
};
inline constexpr int kInitStages = 10;
/// Kinds of messages, for counts and macro-steps.
enum class MessageKind : std::uint8_t { ExtInfo, NextAddr, RingConnect, AllGather, BadMagic };
inline constexpr int kMessageKinds = 5;

/// ncclGetUniqueId (or NCCL_COMM_ID) made id `root`; its root thread runs in
/// `hostRank`'s process (started later, in ncclCommInitRank, with NCCL_COMM_ID).
struct UniqueIdCreated {
    std::int32_t root = 0;
    std::int32_t hostRank = 0;
    std::int16_t nroots = 1;
    bool fromEnv = false;
    bool interfaceFound = true;
};
/// The ids reach every rank: MPI_Bcast, ncclCommInitAll's own loop, or the env.
struct IdDistributed {
    Distribution method = Distribution::MpiBcast;
    bool fromEnv = false;
    std::int32_t nranks = 0;
    std::int16_t nroots = 1;
};
/// rank -> root: extInfo (kind "extinfo"; "bad_magic" for a stale client).
struct ExtInfoSent {
    std::int32_t src = 0;
    std::int32_t root = 0;
    std::int32_t reportedNranks = 0;
    std::int16_t nroots = 1;
    CheckIn what = CheckIn::Normal;
    Outcome outcome = Outcome::Accepted;
    std::int32_t staggerUs = 0;  ///< the rank slept this long first (above the stagger threshold)
    std::int32_t infoRank = 0;   ///< extInfo.rank: one past the previous root's last rank for an extra check-in
    bool v230 = false;           ///< 2.30 extInfo (iroot, nroots, offset) rather than the classic one
};
/// root -> rank: the ring address of `peer` = (dst + 1) mod n (kind "next_addr").
struct NextAddrSent {
    std::int32_t dst = 0;
    std::int32_t peer = 0;
    std::int32_t root = 0;
    std::int16_t nroots = 1;
};
/// A rank connects to its next rank's ring listen socket (kind "ring_connect").
struct RingConnected {
    std::int32_t src = 0;
    std::int32_t dst = 0;
};
/// One allgather message (kind "allgather").
struct AllGatherSent {
    std::int32_t src = 0;
    std::int32_t dst = 0;
    std::int32_t round = 0;
    std::int32_t slice = 0;
    Direction direction = Direction::Next;
    Payload payload = Payload::PeerAddresses;
    bool bidirectional = false;
};
/// A macro-step's messages of one kind (detail=rounds): `count` messages, and for
/// the allgather the round (or the first of `rounds` consecutive ones, when a
/// gather has more than kMaxRoundSteps rounds); `root` for check-ins and replies
/// (-1: all roots).
struct MessageBatch {
    MessageKind kind = MessageKind::AllGather;
    Payload payload = Payload::PeerAddresses;
    std::int32_t round = -1;
    std::int32_t count = 0;
    std::int32_t root = -1;
    std::int16_t nroots = 1;
    bool oneWay = false;  ///< every round of it one-way (2.30's last round when n is even)
    std::int32_t rounds = 1;
    /// extInfo: check-ins a stopped root never reads (Dropped) or a closed one refuses (Refused).
    Outcome outcome = Outcome::Accepted;
    std::int32_t lastRound() const { return round + rounds - 1; }
};
/// A rank gave up connecting to the root after the version's retry schedule.
struct RootConnectFailed {
    std::int32_t rank = 0;
    std::int32_t root = 0;
    std::int32_t ranks = 1;  ///< > 1 in a macro-step
    std::int16_t nroots = 1;
    bool classic = true;
};
/// One initTransportsRank stage ran on every rank (or failed).
struct InitStageDone {
    InitStage stage = InitStage::AllGather1;
    std::int64_t messages = 0;  ///< bootstrap messages the stage sent (allgathers; n² passes 2^31)
    bool failed = false;
};
/// The run can go no further: kind "hang" (someone waits forever) or "init_failed".
struct Stopped {
    bool hang = true;
    std::int32_t blockedRanks = 0;
    bool idFailed = false;  ///< ncclGetUniqueId itself failed (bootstrapNetInit found no interface)
};

/// The `kind` of each generic event record (NcclEngine::describe). One typed
/// event may take several kinds (a stale client's ExtInfoSent is "bad_magic";
/// a MessageBatch takes the kind of its messages), so views key their
/// narration on these names rather than on the variant's types.
namespace kind {
inline constexpr std::string_view kUniqueId = "unique_id";
inline constexpr std::string_view kIdDistribution = "id_distribution";
inline constexpr std::string_view kExtInfo = "extinfo";
inline constexpr std::string_view kBadMagic = "bad_magic";
inline constexpr std::string_view kNextAddr = "next_addr";
inline constexpr std::string_view kRingConnect = "ring_connect";
inline constexpr std::string_view kAllGather = "allgather";
inline constexpr std::string_view kRootConnectFailed = "root_connect_failed";
inline constexpr std::string_view kInitStage = "init_stage";
inline constexpr std::string_view kHang = "hang";
inline constexpr std::string_view kInitFailed = "init_failed";
}  // namespace kind

using NcclEvent = std::variant<UniqueIdCreated, IdDistributed, ExtInfoSent, NextAddrSent, RingConnected, AllGatherSent,
                               MessageBatch, RootConnectFailed, InitStageDone, Stopped>;

}  // namespace commviz::nccl
