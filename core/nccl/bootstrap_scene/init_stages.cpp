// initTransportsRank: one coarse stage per step, every rank together (NCCL src/init.cc,
// initTransportsRank).

#include <algorithm>
#include <tuple>
#include <vector>

#include "nccl/bootstrap_math.h"
#include "nccl/bootstrap_scene/nccl_engine.h"
#include "nccl/log/topo_log.h"
#include "nccl/topo_machine.h"

namespace commviz::nccl {

namespace {

struct Connection {
    int peer = 0, channel = 0;
    bool receive = false;
};

// The connections ncclTransportP2pConnect marks for one rank: the ring's prev and next on every
// channel, or the tree's up and downs, skipping a peer the ring already connected in the same
// direction on that channel (NCCL src/transport/generic.cc, ncclTransportRingConnect and
// ncclTransportTreeConnect; src/transport.cc, ncclTransportP2pConnect).
std::vector<Connection> marked(const World& w, int rank, bool trees) {
    std::vector<Connection> out;
    const int prev = w.plan.ringPrev(rank, 0), next = w.plan.ringNext(rank, 0);  // one ring for every channel
    for (int ch = 0; ch < w.plan.nChannels(); ++ch) {
        if (!trees) {
            out.push_back({prev, ch, true});
            out.push_back({next, ch, false});
            continue;
        }
        const TreeLinks t = w.plan.tree(rank, ch);
        const int peers[] = {t.up, t.down[0], t.down[1], t.down[2]};
        for (int peer : peers) {
            if (peer < 0 || peer == rank) continue;
            if (peer != prev) out.push_back({peer, ch, true});
            if (peer != next) out.push_back({peer, ch, false});
        }
    }
    return out;
}

// ncclTransportP2pSetup's order: peers by distance i = 1…n−1 (receive from rank−i, send to
// rank+i), for each the receive channels, then the send channels (NCCL src/transport.cc).
void sortForSetup(std::vector<Connection>& connections, int rank, int n) {
    auto key = [&](const Connection& c) {
        const int distance = c.receive ? (rank - c.peer + n) % n : (c.peer - rank + n) % n;
        return std::tuple(distance, c.receive ? 0 : 1, c.channel);
    };
    std::stable_sort(connections.begin(), connections.end(),
                     [&](const Connection& a, const Connection& b) { return key(a) < key(b); });
}

}  // namespace

// With topo_file: the model's connections this rank prints, rings then trees, in the model's
// setup order (nccl_topology/topo_transport.h, planTransports).
void NcclEngine::logModelConnect(int r, bool trees) {
    const TopoMachine& machine = *m_world->topology.machine();
    const auto& comm = machine.model.comm;
    const std::size_t rings = machine.ringConnections;
    const std::size_t from = trees ? rings : 0, to = trees ? comm.connections.size() : rings;
    for (std::size_t index = from; index < to; ++index)
        if (nccl_topology::connectionPrinter(comm.connections[index]) == r) log(LogCode::TopoConnect, r, int(index));
    log(trees ? LogCode::ConnectedTrees : LogCode::ConnectedRings, r);
}

// The eager connect of one rank: one line per send, and per receive over the network (P2P's
// receive side logs at TRACE only: NCCL src/transport/p2p.cc, p2pRecvSetup).
void NcclEngine::logConnect(int r, bool trees) {
    const World& w = *m_world;
    if (w.config.nranks < 2) return;  // nothing to connect, and no "Connected all …" line
    if (w.topology.model()) return logModelConnect(r, trees);
    std::vector<Connection> connections = marked(w, r, trees);
    sortForSetup(connections, r, w.config.nranks);
    const int node = w.topology.placement(r).node;
    for (const Connection& c : connections)
        if (!c.receive || w.topology.placement(c.peer).node != node)
            log(LogCode::ChannelConnect, r, c.channel, 2 * c.peer + (c.receive ? 1 : 0));
    log(trees ? LogCode::ConnectedTrees : LogCode::ConnectedRings, r);
}

// The lines one rank prints during a stage: the INFO calls of NCCL src/init.cc
// (initTransportsRank, devCommSetup, ncclCommInitRankFunc), src/graph/topo.cc
// (ncclTopoGetCpuAffinity), src/transport/nvls.cc (ncclNvlsInit), src/graph/rings.cc
// (ncclBuildRings), src/proxy.cc and the plugin loaders (src/plugin/ in 2.30, src/misc/tuner.cc
// in v2.22.3). Plugin searches fail once per process and are not repeated.
void NcclEngine::logStage(InitStage stage, int r) {
    const World& w = *m_world;
    const Config& c = w.config;
    const bool v230 = c.version == Version::V2_30;
    const bool first = w.firstInProcess(r);
    const int n = c.nranks;
    const std::int32_t waited = m_replyWaitUs[m_replyWaitUs.size() == 1 ? 0 : std::size_t(r)];
    switch (stage) {
        case InitStage::AllGather1:
            if (v230 && first) log(LogCode::RasClientSocket, r);  // bootstrapInit → ncclRasCommInit
            log(v230 ? LogCode::BootstrapTimings : LogCode::InitStart, r, waited);
            break;
        case InitStage::CheckPeers:
            // Each rank compares the others with itself and WARNs at the first one on its GPU.
            if (const int other = w.topology.duplicateGpuOf(r); other >= 0)
                log(LogCode::DuplicateGpu, r, other);
            else if (const int later = r + w.topology.nodes() * w.topology.gpusPerNode(); later < n)
                log(LogCode::DuplicateGpu, r, later);
            break;
        case InitStage::Topology: {
            log(LogCode::CpuAffinity, r);
            // ncclNvlsInit asks the driver only with more than two local GPUs (2.30: two or more).
            const int gpus = w.topology.localRanks(w.topology.placement(r).node);
            if (v230 ? gpus >= 2 : gpus > 2) log(LogCode::NvlsSupport, r);
            break;
        }
        case InitStage::Search:
            if (v230) log(LogCode::NetDevices, r);
            if (v230) log(LogCode::CollNetDevices, r);
            break;
        case InitStage::AllGather3:
            if (v230 && r == 0) log(LogCode::LocalNetCounts, r);
            if (v230 && r == 0) log(LogCode::LocalCollNetCounts, r);
            log(LogCode::CommInfo, r);
            break;
        case InitStage::Postset:
            for (int ch = 0; r == 0 && ch < w.plan.nChannels(); ++ch) log(LogCode::Channel, r, ch);
            for (int ch = 0; c.graph_subsys && ch < w.plan.nChannels(); ++ch) log(LogCode::Ring, r, ch);
            log(LogCode::Trees, r);
            break;
        case InitStage::Proxy:
            log(LogCode::P2pChunksize, r);
            if (!v230) break;  // v2.22.3's proxy threads log only when they create a CUDA context
            if (first) log(LogCode::ProfilerPluginNotFound, r);
            log(LogCode::CheckP2pType, r);
            log(LogCode::ProxyService, r);
            log(LogCode::ProxyServiceUds, r);
            break;
        case InitStage::Connect:
            // Runtime connect (2.22+ with cuMem, the default): links are built at the first
            // collective, so these lines come after Init COMPLETE (NCCL src/init.cc,
            // initTransportsRank, comm->runtimeConn; src/group.cc, ncclCollPreconnect).
            if (c.runtime_connect) break;
            logConnect(r, false);
            logConnect(r, true);
            break;
        case InitStage::Tune:
            if (v230 && first) log(LogCode::TunerPluginNotFound, r);
            log(LogCode::ThreadThresholds, r);
            log(LogCode::ChannelCounts, r);
            if (r == 0) log(LogCode::WorkFifo, r);
            break;
        case InitStage::Complete:
            // v2.22.3 loads the tuner after initTransportsRank, in ncclCommInitRankFunc.
            if (!v230 && first) log(LogCode::TunerPluginNotFound, r);
            log(LogCode::InitComplete, r);
            log(LogCode::InitTimings, r, waited);
            break;
    }
}

std::vector<NcclEngine::Event> NcclEngine::stepInit() {
    const World& w = *m_world;
    const int n = w.config.nranks;
    const bool v230 = w.config.version == Version::V2_30;
    const InitStage stage = InitStage(m_stage++);
    for (int r = 0; r < n; ++r)
        if (w.tracked(r)) logStage(stage, r);
    InitStageDone done{stage, 0, false};
    const int rounds = v230 ? bidirectionalRounds(n) : classicRounds(n);
    if (stage == InitStage::AllGather1 || stage == InitStage::AllGather3)
        done.messages = std::int64_t(n) * rounds * (v230 ? 2 : 1);
    const int gpus = w.topology.nodes() * w.topology.gpusPerNode();
    if (stage == InitStage::CheckPeers && n > gpus) {
        // Ranks sharing a GPU return ncclInvalidUsage; the others wait in AllGather3 for them.
        done.failed = true;
        for (int r = 0; r < n; ++r)
            if (w.topology.duplicateGpuOf(r) >= 0 || r + gpus < n) m_rank[std::size_t(r)] |= kFailed;
        auto end = finish(false);
        return {done, end.front()};
    }
    if (stage == InitStage::Complete) {
        m_complete = true;
        m_phase = Phase::Finished;
    }
    return {done};
}

}  // namespace commviz::nccl
