#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "nccl/bootstrap_scene/nccl_events.h"
#include "nccl/log/nccl_log.h"
#include "nccl/nccl_config.h"
#include "nccl/world.h"
#include "sim/event_record.h"
#include "sim/json.h"

namespace commviz::nccl {

/// Where the run is: the id, its distribution, check-ins and root replies, ring
/// connect, the ring allgather(s), initTransportsRank, and the end.
enum class Phase : std::uint8_t { UniqueId, Distribute, CheckIn, RingConnect, AllGather, Init, Finished };

/// The state of a root thread (bootstrapRoot).
/// NotStarted: no root thread yet (NCCL_COMM_ID: until rank 0 reaches
/// ncclCommInitRank) or never (ncclGetUniqueId failed).
enum class RootStatus : std::uint8_t { Accepting, Sweeping, Finished, Stopped, NotStarted };
struct RootState {
    std::int32_t nranks = 0;  ///< from the first extInfo it read (0: none yet)
    std::int32_t n2send = 0;  ///< ranks it answers
    std::int32_t nrecv = 0;   ///< extInfos it waits for (n2send + 1 with several roots)
    std::int32_t received = 0;
    std::int32_t sweep = 0;  ///< next local id the final sweep looks at
    RootStatus status = RootStatus::Accepting;
    double clock = 0;  ///< modelled seconds
    bool operator==(const RootState&) const = default;
};

/// What a rank knows of the gathered addresses: slices r - back … r + forward
/// (mod n). A range, never a table: O(1) per rank.
struct KnownRange {
    int back = 0;
    int forward = 0;
    int count() const { return back + forward + 1; }
};

/// NCCL's bootstrap and communicator init, from ncclGetUniqueId to Init COMPLETE,
/// for 1 to 131,072 ranks (NCCL src/init.cc, ncclGetUniqueId, ncclCommInitRankFunc and
/// initTransportsRank; src/bootstrap.cc, bootstrapInit; src/debug.cc, ncclDebugLog). One step is one message
/// (detail=messages) or one round / phase of messages (detail=rounds). The ranks
/// move through the phases together; what a real run overlaps (ring connects with
/// late check-ins) the engine shows one after the other. State is O(nranks).
class NcclEngine {
public:
    using Event = NcclEvent;

    explicit NcclEngine(Config config = {});
    explicit NcclEngine(std::shared_ptr<const World> world);

    std::vector<Event> step();
    bool done() const { return m_phase == Phase::Finished; }
    sim::Json summary() const;
    /// Ids: "rank:R", "root" / "root:K", "unique_id" / "unique_id:K", and a message in
    /// flight by its messageId (message_inspect.h). Null when unknown.
    sim::Json inspect(const std::string& id) const;
    static sim::EventRecord describe(const Event& event);
    /// Every kind describe() can produce.
    static std::vector<std::string> eventKinds();

    const World& world() const { return *m_world; }
    const Config& config() const { return m_world->config; }
    Phase phase() const { return m_phase; }
    /// True once every rank printed Init COMPLETE.
    bool complete() const { return m_complete; }
    std::uint64_t messages(MessageKind kind) const { return m_counts[std::size_t(kind)]; }
    const RootState& root(int k) const { return m_roots.at(std::size_t(k)); }
    bool checkedIn(int rank) const { return m_rank[std::size_t(rank)] & kCheckedIn; }
    bool gotReply(int rank) const { return m_rank[std::size_t(rank)] & kReply; }
    bool ringConnected(int rank) const { return m_rank[std::size_t(rank)] & kRing; }
    bool failed(int rank) const { return m_rank[std::size_t(rank)] & kFailed; }
    /// True once the rank called ncclCommInitRank: bootstrapInit has opened its listen
    /// sockets, so its own address exists. Never for a missing rank or a failed id.
    bool started(int rank) const { return m_rank[std::size_t(rank)] & kStarted; }
    /// Slices of the peer-address gather this rank holds now.
    KnownRange known(int rank) const;
    /// True when `rank` holds `peer`'s slice of that gather (its own once it started). O(1).
    bool knows(int rank, int peer) const;
    /// The allgather the engine is in (classic: 0 peer, 1 proxy, 2 proxy UDS ids) and its round.
    int gather() const { return m_gather; }
    int round() const { return m_round; }
    int roundsPerGather() const;
    /// Rounds one allgather step covers: 1, or with detail=rounds and more than
    /// kMaxRoundSteps rounds per gather, ⌈rounds / kMaxRoundSteps⌉.
    int roundsPerStep() const;
    /// Ring allgathers bootstrapInit runs: 3 classic (peer, proxy, proxy UDS), 1 in 2.30.
    int gathers() const { return m_world->config.version == Version::Classic ? 3 : 1; }
    /// True when ncclGetUniqueId failed: no id, no root thread, no bootstrap.
    bool idFailed() const { return m_world->idFailed(); }
    InitStage nextStage() const { return InitStage(m_stage); }
    /// The INFO/WARN lines printed so far by the tracked ranks and the roots.
    const std::vector<LogEntry>& log() const { return m_log; }
    std::uint32_t steps() const { return m_step; }
    /// Bytes one copy's mutable state costs (the World is shared, not counted).
    std::size_t footprintBytes() const;

    bool operator==(const NcclEngine& other) const;

private:
    static constexpr std::uint8_t kCheckedIn = 1, kReply = 2, kRing = 4, kFailed = 8, kMissing = 16, kStarted = 32;
    static constexpr std::uint8_t kHasInfo = 1, kHasRootAddr = 2, kArrived = 4;
    struct Reply {
        std::int32_t dst = 0, peer = 0, root = 0;
        bool operator==(const Reply&) const = default;
    };

    bool messagesMode() const { return m_world->config.detail == Detail::Messages; }
    void log(LogCode code, int who, int a = 0, int b = 0);
    void count(MessageKind kind, std::uint64_t n = 1) { m_counts[std::size_t(kind)] += n; }

    // nccl_engine.cpp
    std::vector<Event> stepUniqueId();
    std::vector<Event> stepDistribute();
    std::vector<Event> finish(bool hang);
    void logStartup(int rank);
    void startCommIdRoot(int rank);
    void logNetInit(int rank);

    // init_stages.cpp
    std::vector<Event> stepInit();
    void logStage(InitStage stage, int rank);
    void logConnect(int rank, bool trees);
    void logModelConnect(int rank, bool trees);

    // check_in.cpp
    std::vector<Event> stepCheckIn();
    bool nextCheckInEvent(Event& out);
    bool nextArrival(Event& out);
    bool sweepReply(Event& out);
    Event arrive(int src, int root, CheckIn what, int infoRank, int reportedNranks);
    Event rootConnectFailed(int rank);
    Event sendReply(const Reply& reply);
    int slotBase(int root) const;
    int slotRank(int root, int local) const;

    // ring_allgather.cpp
    std::vector<Event> stepRingConnect();
    std::vector<Event> stepAllGather();
    bool allConnected() const;
    Event gatherMessage(int index) const;
    int messagesInRound(int round) const;
    void endRounds(int rounds);

    std::shared_ptr<const World> m_world;
    Phase m_phase = Phase::UniqueId;
    std::uint32_t m_step = 0;
    bool m_complete = false;
    bool m_hang = false;
    std::array<std::uint64_t, kMessageKinds> m_counts{};
    std::vector<std::uint8_t> m_rank;   // per rank: kCheckedIn, kReply, …
    std::vector<std::uint8_t> m_slots;  // per root local slot: kHasInfo, kHasRootAddr, kArrived
    std::vector<RootState> m_roots;
    // Check-in cursor: rank, then its sub-steps (stale client, own check-in, extra, duplicate).
    std::int32_t m_arrival = 0;
    std::uint8_t m_arrivalSub = 0;
    std::array<Reply, 2> m_pending{};
    std::uint8_t m_pendingCount = 0;
    std::int32_t m_sweepRoot = -1;
    std::int32_t m_connectRank = 0;
    // Allgather cursor.
    std::uint8_t m_gather = 0;
    std::int32_t m_round = 0;
    std::int32_t m_pos = 0;
    std::uint8_t m_stage = 0;
    std::vector<std::int32_t> m_replyWaitUs;  // per tracked rank: modelled wait for the root's reply
    std::vector<LogEntry> m_log;
};

const char* phaseName(Phase phase);
const char* stageName(InitStage stage);
/// The real function a stage runs, e.g. "ncclTopoPostset".
const char* stageAnchor(InitStage stage);

}  // namespace commviz::nccl
