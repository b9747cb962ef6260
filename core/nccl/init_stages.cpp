// initTransportsRank: one coarse stage per step, every rank together (NCCL src/init.cc,
// initTransportsRank).

#include "nccl/bootstrap_math.h"
#include "nccl/nccl_engine.h"

namespace commviz::nccl {

// The lines one rank prints during a stage: the INFO calls of NCCL src/init.cc
// (initTransportsRank, ncclCommInitRankFunc), src/graph/rings.cc (ncclBuildRings),
// src/proxy.cc and src/transport/generic.cc (ncclTransportRingConnect).
void NcclEngine::logStage(InitStage stage, int r) {
    const World& w = *m_world;
    const Config& c = w.config;
    const bool v230 = c.version == Version::V2_30;
    const int n = c.nranks;
    const std::int32_t waited = m_replyWaitUs[m_replyWaitUs.size() == 1 ? 0 : std::size_t(r)];
    switch (stage) {
        case InitStage::AllGather1:
            log(v230 ? LogCode::BootstrapTimings : LogCode::InitStart, r, waited);
            break;
        case InitStage::CheckPeers:
            // Each rank compares the others with itself and WARNs at the first one on its GPU.
            if (const int other = w.topology.duplicateGpuOf(r); other >= 0)
                log(LogCode::DuplicateGpu, r, other);
            else if (const int later = r + w.topology.nodes() * w.topology.gpusPerNode(); later < n)
                log(LogCode::DuplicateGpu, r, later);
            break;
        case InitStage::Search:
            if (v230) log(LogCode::NetDevices, r);
            if (v230) log(LogCode::CollNetDevices, r);
            break;
        case InitStage::AllGather3:
            if (v230 && r == 0) log(LogCode::LocalNetCounts, r);
            log(LogCode::CommInfo, r);
            break;
        case InitStage::Postset:
            for (int ch = 0; r == 0 && ch < w.plan.nChannels(); ++ch) log(LogCode::Channel, r, ch);
            for (int ch = 0; c.graph_subsys && ch < w.plan.nChannels(); ++ch) log(LogCode::Ring, r, ch);
            log(LogCode::Trees, r);
            break;
        case InitStage::Proxy:
            log(LogCode::P2pChunksize, r);
            if (v230) log(LogCode::CheckP2pType, r);
            log(LogCode::ProxyService, r);
            log(LogCode::ProxyServiceUds, r);
            break;
        case InitStage::Connect:
            // Runtime connect (2.22+ with cuMem, the default): links are built at the first
            // collective, so these lines come after Init COMPLETE (NCCL src/init.cc,
            // initTransportsRank, comm->runtimeConn; src/group.cc, ncclCollPreconnect).
            if (c.runtime_connect) break;
            for (int ch = 0; ch < w.plan.nChannels(); ++ch) {
                log(LogCode::ChannelConnect, r, ch, 0);
                if (w.topology.placement(w.plan.ringPrev(r)).node != w.topology.placement(r).node)
                    log(LogCode::ChannelConnect, r, ch, 1);
            }
            log(LogCode::ConnectedRings, r);
            log(LogCode::ConnectedTrees, r);
            break;
        case InitStage::Tune:
            log(LogCode::ThreadThresholds, r);
            log(LogCode::ChannelCounts, r);
            if (v230) log(LogCode::WorkFifo, r);
            break;
        case InitStage::Complete:
            log(LogCode::InitComplete, r);
            log(LogCode::InitTimings, r, waited);
            break;
        case InitStage::Topology:
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
    if (stage == InitStage::AllGather1 || stage == InitStage::AllGather3) done.messages = n * rounds * (v230 ? 2 : 1);
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
