#include "nccl/topology_scene/topology_engine.h"

#include <algorithm>

#include "nccl/log/warn_meaning.h"
#include "sim/event_kinds.h"

namespace commviz::nccl_topology {

namespace {

int countOf(const TopoSystem& system, NodeType type) { return int(system.ofType(type).size()); }

SystemReadEvent systemRead(const TopologyRun& run) {
    const TopoSystem& system = run.model.system;
    SystemReadEvent event;
    event.file = run.files.topoFile;
    event.gpus = countOf(system, NodeType::GPU);
    event.cpus = countOf(system, NodeType::CPU);
    event.pcis = countOf(system, NodeType::PCI);
    event.nics = countOf(system, NodeType::NIC);
    event.nets = countOf(system, NodeType::NET);
    event.nvswitches = countOf(system, NodeType::NVS);
    for (const TopoNode& node : system.nodes) event.links += int(node.links.size());
    event.assumed = int(system.assumed.size());
    event.unknown = int(system.unknown.size());
    return event;
}

PathsComputedEvent pathsComputed(const TopologyRun& run) {
    const PathMatrix matrix = pathMatrix(run.model.system, run.model.paths, NodeType::GPU, NodeType::GPU);
    PathsComputedEvent event;
    event.gpus = int(matrix.rows.size());
    event.p2pLevel = std::string(pathTypeName(p2pLevel(run.model.system, run.keys.policy)));
    PathType best = PathType::DIS, worst = PathType::LOC;
    bool any = false;
    for (std::size_t row = 0; row < matrix.rows.size(); ++row)
        for (std::size_t column = 0; column < matrix.columns.size(); ++column) {
            if (row == column) continue;
            const Path& path = matrix.at(row, column);
            best = std::min(best, path.type);
            worst = std::max(worst, path.type);
            event.minBw = any ? std::min(event.minBw, path.bw) : path.bw;
            event.maxBw = std::max(event.maxBw, path.bw);
            any = true;
        }
    event.bestType = std::string(pathTypeName(any ? best : PathType::LOC));
    event.worstType = std::string(pathTypeName(any ? worst : PathType::LOC));
    return event;
}

// `searched`: the pattern ncclTopoCompute was asked for; a graph file says its own.
GraphSearchedEvent graphSearched(const GraphSearch& search, GraphPattern searched, bool fromFile) {
    const TopoGraph& graph = search.graph;
    GraphSearchedEvent event;
    event.pattern = std::string(graphPatternName(fromFile ? graph.pattern : searched));
    event.keptPattern = std::string(graphPatternName(graph.pattern));
    event.nChannels = int(graph.channels.size());
    event.bwIntra = graph.speedIntra;
    event.bwInter = graph.speedInter;
    event.typeIntra = std::string(pathTypeName(graph.typeIntra));
    event.typeInter = std::string(pathTypeName(graph.typeInter));
    event.sameChannels = graph.sameChannels;
    event.crossNic = graph.crossNic;
    event.fellBack = search.fellBack;
    event.fromFile = fromFile;
    event.relaxations = search.relaxations;
    return event;
}

LogReadEvent logRead(const TopologyRun& run) {
    const InfoLog& log = *run.log;
    LogReadEvent event{run.files.logFile,
                       log.version,
                       int(log.hosts.size()),
                       int(log.ranks.size()),
                       int(log.comm.channels.size()),
                       int(log.comm.connections.size()),
                       int(log.warns.size()),
                       int(log.unread.size())};
    event.serversFromLog = run.serversFromLog;
    event.topologyGpus = run.mismatch.topologyGpus;
    if (run.mismatch.logRanksPerHost != run.mismatch.topologyGpus)
        event.mismatchedRanksPerHost = run.mismatch.logRanksPerHost;
    event.missingBusIds = int(run.mismatch.missingBusIds.size());
    if (log.warns.empty()) return event;
    const WarnMeaning meaning = warnMeaning(log.warns.front());
    event.firstWarnLine = log.warns.front().line;
    event.firstWarnRank = log.warns.front().rank;
    event.wcStatus = meaning.wcStatus.value_or(-1);
    event.rdmaScenario = meaning.rdmaScenario;
    return event;
}

ChannelsPostsetEvent channelsPostset(const TopologyRun& run) {
    const CommGraphs& comm = run.comm();
    ChannelsPostsetEvent event{comm.nRanks, comm.nNodes, int(comm.channels.size()), {}, run.log.has_value()};
    if (!comm.channels.empty()) event.ring0 = comm.channels.front().ring;
    return event;
}

TransportsConnectedEvent transportsConnected(const TopologyRun& run) {
    TransportsConnectedEvent event;
    event.fromLog = run.log.has_value();
    for (const Connection& connection : run.comm().connections) {
        ++event.connections;
        switch (connection.transport) {
            case Transport::P2P:
                ++event.p2p;
                break;
            case Transport::SHM:
                ++event.shm;
                break;
            case Transport::NET:
                ++event.net;
                break;
            default:
                ++event.other;
        }
    }
    return event;
}

}  // namespace

std::string_view stageName(TopologyStage stage) {
    switch (stage) {
        case TopologyStage::System:
            return "system";
        case TopologyStage::Paths:
            return "paths";
        case TopologyStage::Ring:
            return "ring";
        case TopologyStage::Tree:
            return "tree";
        case TopologyStage::LogRead:
            return "log";
        case TopologyStage::Postset:
            return "postset";
        case TopologyStage::Connect:
            return "connect";
    }
    return "?";
}

sim::Result<TopologyEngine> TopologyEngine::create(const sim::ParamValues& values) {
    auto run = buildTopologyRun(values);
    if (!run) return run.error();
    return TopologyEngine(std::make_shared<const TopologyRun>(std::move(run).value()));
}

TopologyEngine::Event TopologyEngine::eventOf(TopologyStage stage) const {
    const TopologyRun& run = *m_run;
    switch (stage) {
        case TopologyStage::System:
            return systemRead(run);
        case TopologyStage::Paths:
            return pathsComputed(run);
        case TopologyStage::Ring:
            return graphSearched(run.model.ring, GraphPattern::Ring, run.ringFromFile);
        case TopologyStage::Tree:
            return graphSearched(run.model.tree, GraphPattern::BalancedTree, run.treeFromFile);
        case TopologyStage::LogRead:
            return logRead(run);
        case TopologyStage::Postset:
            return channelsPostset(run);
        case TopologyStage::Connect:
            break;
    }
    return transportsConnected(run);
}

std::vector<TopologyEngine::Event> TopologyEngine::step() {
    if (done()) return {};
    return {eventOf(m_run->stages[std::size_t(m_step++)])};
}

bool TopologyEngine::reached(TopologyStage stage) const {
    const auto& stages = m_run->stages;
    const auto found = std::find(stages.begin(), stages.end(), stage);
    return found != stages.end() && found - stages.begin() < m_step;
}

std::optional<TopologyStage> TopologyEngine::lastStage() const {
    if (m_step == 0) return std::nullopt;
    return m_run->stages[std::size_t(m_step - 1)];
}

std::vector<std::string> TopologyEngine::eventKinds() { return sim::variantKinds<Event>(); }

}  // namespace commviz::nccl_topology
