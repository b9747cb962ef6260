#include "nccl/bootstrap_scene/nccl_engine.h"

#include "nccl/bootstrap_math.h"
#include "sim/enum_names.h"

namespace commviz::nccl {

namespace {

std::size_t trackedSlots(const Config& c) { return c.log_rank < 0 && c.nranks <= kSmallRanks ? c.nranks : 1; }

}  // namespace

NcclEngine::NcclEngine(Config config) : NcclEngine(std::make_shared<const World>(config)) {}

NcclEngine::NcclEngine(std::shared_ptr<const World> world) : m_world(std::move(world)) {
    const Config& c = m_world->config;
    m_rank.assign(std::size_t(c.nranks), 0);
    if (c.missing_rank >= 0) m_rank[std::size_t(c.missing_rank)] = kMissing;
    m_slots.assign(std::size_t(c.nranks + (c.nroots > 1 ? c.nroots : 0)), 0);
    m_roots.assign(std::size_t(c.nroots), RootState{});
    // No id: no root ever. NCCL_COMM_ID: rank 0 starts the root inside ncclCommInitRank.
    if (m_world->idFailed() || !c.comm_id.empty())
        for (RootState& R : m_roots) R.status = RootStatus::NotStarted;
    m_replyWaitUs.assign(trackedSlots(c), 0);
}

bool NcclEngine::operator==(const NcclEngine& o) const {
    return m_world->config == o.m_world->config && m_phase == o.m_phase && m_step == o.m_step &&
           m_complete == o.m_complete && m_hang == o.m_hang && m_counts == o.m_counts && m_rank == o.m_rank &&
           m_slots == o.m_slots && m_roots == o.m_roots && m_arrival == o.m_arrival && m_arrivalSub == o.m_arrivalSub &&
           m_pending == o.m_pending && m_pendingCount == o.m_pendingCount && m_sweepRoot == o.m_sweepRoot &&
           m_connectRank == o.m_connectRank && m_gather == o.m_gather && m_round == o.m_round && m_pos == o.m_pos &&
           m_stage == o.m_stage && m_replyWaitUs == o.m_replyWaitUs && m_log == o.m_log;
}

std::size_t NcclEngine::footprintBytes() const {
    return sizeof(*this) + m_rank.capacity() + m_slots.capacity() + m_roots.capacity() * sizeof(RootState) +
           m_replyWaitUs.capacity() * sizeof(std::int32_t) + m_log.capacity() * sizeof(LogEntry);
}

void NcclEngine::log(LogCode code, int who, int a, int b) {
    if (who >= 0 && !m_world->tracked(who)) return;
    m_log.push_back(LogEntry{m_step, code, who, a, b});
}

std::vector<NcclEngine::Event> NcclEngine::step() {
    if (done()) return {};
    ++m_step;
    std::vector<Event> events;
    // A phase with nothing (left) to send hands over to the next one within the same step.
    while (events.empty() && !done()) {
        switch (m_phase) {
            case Phase::UniqueId:
                events = stepUniqueId();
                break;
            case Phase::Distribute:
                events = stepDistribute();
                break;
            case Phase::CheckIn:
                events = stepCheckIn();
                break;
            case Phase::RingConnect:
                events = stepRingConnect();
                break;
            case Phase::AllGather:
                events = stepAllGather();
                break;
            case Phase::Init:
                events = stepInit();
                break;
            case Phase::Finished:
                break;
        }
    }
    return events;
}

// ncclGetUniqueId → ncclInit → bootstrapNetInit → bootstrapGetUniqueId, in each id creator's process.
std::vector<NcclEngine::Event> NcclEngine::stepUniqueId() {
    const World& w = *m_world;
    const Config& c = w.config;
    const bool fromEnv = !c.comm_id.empty();
    const bool found = w.interfaceIndex() >= 0;
    std::vector<Event> events;
    for (int root = 0; root < c.nroots; ++root) {
        const int host = w.rootHostRank(root);
        if (c.version == Version::V2_30 && (root == 0 || c.distribution != Distribution::InitAll))
            log(LogCode::EnvPluginNotFound, host);  // ncclGetUniqueId → ncclInitEnv
        if (!fromEnv && c.socket_ifname.size() > 1) log(LogCode::SocketIfnameEnv, host, 0);
        if (found) log(LogCode::BootstrapUsing, host);
        if (!found) log(fromEnv ? LogCode::NoListeningInterface : LogCode::NoSocketInterface, host);
        if (found && fromEnv) log(LogCode::CommIdEnv, host);
        events.push_back(UniqueIdCreated{root, host, std::int16_t(c.nroots), fromEnv, found});
    }
    if (!found) {  // ncclGetUniqueId returns the error: no id, no root thread, no MPI_Bcast
        auto end = finish(false);
        events.insert(events.end(), end.begin(), end.end());
        return events;
    }
    m_phase = Phase::Distribute;
    return events;
}

std::vector<NcclEngine::Event> NcclEngine::stepDistribute() {
    const Config& c = m_world->config;
    m_phase = Phase::CheckIn;
    return {IdDistributed{c.distribution, !c.comm_id.empty(), c.nranks, std::int16_t(c.nroots)}};
}

// What a rank prints from ncclCommInitRank up to bootstrapInit: NCCL src/init.cc, ncclCommInitRank
// (ncclInitEnv, then ncclCudaLibraryInit) and ncclCommInitRankDev (ncclInit → bootstrapNetInit,
// showVersion, the NCCL_COMM_ID root: before ncclInit in v2.22.3, after showVersion in 2.30), on the
// main thread; then the job, ncclCommInitRankFunc → commAlloc → ncclNetInit, on its own thread.
void NcclEngine::logStartup(int rank) {
    const World& w = *m_world;
    const Config& c = w.config;
    const bool v230 = c.version == Version::V2_30;
    const bool first = w.firstInProcess(rank);
    // This process already ran ncclInit (and ncclInitEnv) in ncclGetUniqueId.
    const bool initDone = c.comm_id.empty() ? (c.distribution == Distribution::InitAll ||
                                               (c.nroots >= 1 && w.rootHostRank(w.rootOf(rank)) == rank))
                                            : rank == 0;
    const bool rootHere = !c.comm_id.empty() && rank == 0;
    if (first) {
        if (v230 && !initDone) log(LogCode::EnvPluginNotFound, rank);
        log(LogCode::CudaDriverVersion, rank);
        if (rootHere && !v230) startCommIdRoot(rank);
        if (!initDone) {
            // With NCCL_COMM_ID, bootstrapNetInit matches the address's subnet instead of ncclFindInterfaces.
            if (c.comm_id.empty() && c.socket_ifname.size() > 1) log(LogCode::SocketIfnameEnv, rank, 0);
            log(LogCode::BootstrapUsing, rank);
        }
        log(LogCode::NcclVersion, rank);
    }
    if (rootHere && v230) startCommIdRoot(rank);
    if (first) logNetInit(rank);
    if (v230) log(LogCode::NetPluginAssigned, rank);
    log(LogCode::UsingNetwork, rank);
    if (v230) log(LogCode::InitStart, rank);  // ≤ 2.22 prints it after bootstrapInit
}

// ncclCommInitRankDev: rank 0 logs the variable and calls bootstrapCreateRoot, so the root
// exists from here on (NCCL src/bootstrap.cc, bootstrapGetUniqueId started none).
void NcclEngine::startCommIdRoot(int rank) {
    log(LogCode::CommIdEnv, rank);
    m_roots[0].status = RootStatus::Accepting;
}

// Once per process: the NET plugin search, then the IB plugin's init (its ncclFindInterfaces
// for the OOB interface, then the devices), falling back to the socket plugin (NCCL src/net.cc,
// ncclNetPluginLoad; src/transport/net_ib.cc, ncclIbInit; src/transport/net_socket.cc, ncclNetSocketInit).
void NcclEngine::logNetInit(int rank) {
    const World& w = *m_world;
    const bool v230 = w.config.version == Version::V2_30;
    const bool ifname = w.config.socket_ifname.size() > 1;
    log(LogCode::NetPluginNotFound, rank);
    if (ifname) log(LogCode::SocketIfnameEnv, rank, 1);
    if (w.topology.nicsPerNode() > 0) {
        log(LogCode::NetIbUsing, rank);
    } else {
        log(LogCode::NetIbNoDevice, rank);
        if (ifname) log(LogCode::SocketIfnameEnv, rank, 1);
        log(LogCode::NetSocketUsing, rank);
    }
    if (v230) log(LogCode::NetPluginInitialized, rank);
}

std::vector<NcclEngine::Event> NcclEngine::finish(bool hang) {
    m_phase = Phase::Finished;
    m_hang = hang;
    std::int32_t blocked = 0;
    if (m_world->idFailed()) return {Stopped{hang, 0, true}};  // nobody got as far as waiting
    for (std::uint8_t flags : m_rank) blocked += (flags & (kMissing | kFailed)) ? 0 : 1;
    return {Stopped{hang, blocked, false}};
}

constexpr sim::EnumNames<Phase::Finished> kPhaseNames({"unique_id", "distribute", "check_in", "ring_connect",
                                                       "allgather", "init_transports", "finished"});
const char* phaseName(Phase phase) { return kPhaseNames(phase, "").data(); }

const char* stageName(InitStage stage) {
    static const char* names[kInitStages] = {"allgather1", "check_peers", "topology", "search", "allgather3",
                                             "postset",    "proxy",       "connect",  "tune",   "complete"};
    return names[int(stage)];
}

const char* stageAnchor(InitStage stage) {
    static const char* anchors[kInitStages] = {"bootstrapAllGather",  "initTransportsRank",       "ncclTopoGetSystem",
                                               "ncclTopoCompute",     "bootstrapAllGather",       "ncclTopoPostset",
                                               "ncclProxyCreate",     "ncclTransportRingConnect", "ncclTopoTuneModel",
                                               "ncclCommInitRankFunc"};
    return anchors[int(stage)];
}

}  // namespace commviz::nccl
