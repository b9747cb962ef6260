// TopologyEngine::describe: each stage's event as the generic record the event
// list, JSON output and narration read.
#include "nccl/topology_scene/nccl_topo_json.h"
#include "nccl/topology_scene/topology_engine.h"

namespace commviz::nccl_topology {

namespace {

sim::EventRecord record(std::string_view kind, std::string anchor, std::vector<std::string> objects, sim::Json fields) {
    return {std::string(kind), std::move(anchor), std::move(objects), std::move(fields)};
}

sim::EventRecord describeSystem(const SystemReadEvent& event) {
    return record(event.kKind, "ncclTopoGetSystemFromXml", {"system"},
                  {{"file", event.file},
                   {"gpus", event.gpus},
                   {"cpus", event.cpus},
                   {"pcis", event.pcis},
                   {"nics", event.nics},
                   {"nets", event.nets},
                   {"nvswitches", event.nvswitches},
                   {"links", event.links},
                   {"assumed", event.assumed},
                   {"unknown", event.unknown}});
}

sim::EventRecord describePaths(const PathsComputedEvent& event) {
    return record(event.kKind, "ncclTopoComputePaths", {},
                  {{"gpus", event.gpus},
                   {"best_type", event.bestType},
                   {"worst_type", event.worstType},
                   {"min_bw", gbpsTenths(event.minBw)},
                   {"max_bw", gbpsTenths(event.maxBw)},
                   {"p2p_level", event.p2pLevel}});
}

sim::EventRecord describeGraph(const GraphSearchedEvent& event) {
    return record(event.kKind, event.fromFile ? "ncclTopoGetGraphFromXml" : "ncclTopoCompute", {"channel:0"},
                  {{"pattern", event.pattern},
                   {"kept_pattern", event.keptPattern},
                   {"nchannels", event.nChannels},
                   {"bw_intra", gbpsTenths(event.bwIntra)},
                   {"bw_inter", gbpsTenths(event.bwInter)},
                   {"type_intra", event.typeIntra},
                   {"type_inter", event.typeInter},
                   {"same_channels", event.sameChannels},
                   {"cross_nic", event.crossNic},
                   {"fell_back", event.fellBack},
                   {"from_file", event.fromFile},
                   {"relaxations", event.relaxations}});
}

sim::EventRecord describeLog(const LogReadEvent& event) {
    sim::Json fields = {{"file", event.file},   {"version", event.version},   {"hosts", event.hosts},
                        {"ranks", event.ranks}, {"channels", event.channels}, {"connections", event.connections},
                        {"warns", event.warns}, {"unread", event.unread}};
    std::vector<std::string> objects;
    if (event.warns > 0) {
        fields["first_warn_line"] = event.firstWarnLine;
        fields["first_warn_rank"] = event.firstWarnRank;
        objects.push_back("warn:" + std::to_string(event.firstWarnLine));
    }
    fields["servers_from_log"] = event.serversFromLog;
    if (event.mismatchedRanksPerHost >= 0) {
        fields["log_ranks_per_host"] = event.mismatchedRanksPerHost;
        fields["topology_gpus"] = event.topologyGpus;
    }
    if (event.missingBusIds > 0) fields["missing_bus_ids"] = event.missingBusIds;
    if (event.wcStatus >= 0) fields["wc_status"] = event.wcStatus;
    if (!event.rdmaScenario.empty()) fields["rdma_scenario"] = event.rdmaScenario;
    return record(event.kKind, "ncclDebugLog", std::move(objects), std::move(fields));
}

sim::EventRecord describePostset(const ChannelsPostsetEvent& event) {
    return record(event.kKind, "ncclTopoPostset", {"channel:0"},
                  {{"nranks", event.nRanks},
                   {"nnodes", event.nNodes},
                   {"channels", event.channels},
                   {"ring0", event.ring0},
                   {"from_log", event.fromLog}});
}

sim::EventRecord describeConnect(const TransportsConnectedEvent& event) {
    return record(event.kKind, "ncclTransportP2pSetup", {},
                  {{"connections", event.connections},
                   {"p2p", event.p2p},
                   {"shm", event.shm},
                   {"net", event.net},
                   {"other", event.other},
                   {"from_log", event.fromLog}});
}

}  // namespace

sim::EventRecord TopologyEngine::describe(const Event& event) {
    return std::visit(
        [](const auto& typed) -> sim::EventRecord {
            using T = std::decay_t<decltype(typed)>;
            if constexpr (std::is_same_v<T, SystemReadEvent>) return describeSystem(typed);
            if constexpr (std::is_same_v<T, PathsComputedEvent>) return describePaths(typed);
            if constexpr (std::is_same_v<T, GraphSearchedEvent>) return describeGraph(typed);
            if constexpr (std::is_same_v<T, LogReadEvent>) return describeLog(typed);
            if constexpr (std::is_same_v<T, ChannelsPostsetEvent>) return describePostset(typed);
            if constexpr (std::is_same_v<T, TransportsConnectedEvent>) return describeConnect(typed);
        },
        event);
}

}  // namespace commviz::nccl_topology
