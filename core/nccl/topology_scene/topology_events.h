#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace commviz::nccl_topology {

/// The stages NCCL goes through between reading a server and connecting its
/// channels (NCCL src/init.cc, initTransportsRank), one step each. LogRead
/// replaces the two searches when an NCCL_DEBUG=INFO log is drawn instead.
enum class TopologyStage { System, Paths, Ring, Tree, LogRead, Postset, Connect };

/// Its name in log lines (TopoLogLine::stage) and event fields.
std::string_view stageName(TopologyStage stage);

/// ncclTopoGetSystemFromXml built the graph (kind "system_read").
struct SystemReadEvent {
    static constexpr std::string_view kKind = "system_read";
    std::string file;
    int gpus = 0, cpus = 0, pcis = 0, nics = 0, nets = 0, nvswitches = 0;
    int links = 0;    ///< one-way links, as NCCL stores them
    int assumed = 0;  ///< values taken from keys instead of the hardware
    int unknown = 0;  ///< elements or attributes kept but not understood
    bool operator==(const SystemReadEvent&) const = default;
};

/// ncclTopoComputePaths set every path (kind "paths_computed"): the GPU×GPU extremes.
struct PathsComputedEvent {
    static constexpr std::string_view kKind = "paths_computed";
    int gpus = 0;
    std::string bestType, worstType;  ///< over GPU pairs; "LOC" with one GPU
    float minBw = 0, maxBw = 0;       ///< GB/s over GPU pairs
    std::string p2pLevel;             ///< the P2P level in force
    bool operator==(const PathsComputedEvent&) const = default;
};

/// ncclTopoCompute found (or a graph file gave) one graph (kind "graph_searched").
struct GraphSearchedEvent {
    static constexpr std::string_view kKind = "graph_searched";
    std::string pattern;      ///< asked for: "RING", "BALANCED_TREE", …
    std::string keptPattern;  ///< the graph's: a BALANCED_TREE search may end as TREE (ncclTopoCompute)
    int nChannels = 0;
    float bwIntra = 0, bwInter = 0;
    std::string typeIntra, typeInter;
    int sameChannels = 0;
    int crossNic = 0;
    bool fellBack = false;
    bool fromFile = false;  ///< NCCL_GRAPH_FILE gave it
    std::vector<std::string> relaxations;
    bool operator==(const GraphSearchedEvent&) const = default;
};

/// An NCCL_DEBUG=INFO log was read in place of the searches (kind "log_read").
struct LogReadEvent {
    static constexpr std::string_view kKind = "log_read";
    std::string file;
    std::string version;
    int hosts = 0, ranks = 0, channels = 0, connections = 0, warns = 0, unread = 0;
    int firstWarnLine = 0, firstWarnRank = -1;  ///< the first WARN: where and who printed it
    int wcStatus = -1;                          ///< its ibv_wc_status when it is an IB completion
    std::string rdmaScenario;                   ///< the RDMA scene's example of that failure
    bool serversFromLog = false;                ///< no topology given: the servers were built from the log
    int mismatchedRanksPerHost = -1;            ///< the log's ranks per host when the topology has other GPUs
    int topologyGpus = 0;                       ///< GPUs per server of the topology
    int missingBusIds = 0;                      ///< bus ids of the log the topology lacks
    bool operator==(const LogReadEvent&) const = default;
};

/// ncclTopoPostset joined the nodes' channels into rings and trees (kind "channels_postset").
struct ChannelsPostsetEvent {
    static constexpr std::string_view kKind = "channels_postset";
    int nRanks = 0, nNodes = 0, channels = 0;
    std::vector<int> ring0;  ///< channel 0's ring, as NCCL prints `Channel 00/..`
    bool fromLog = false;
    bool operator==(const ChannelsPostsetEvent&) const = default;
};

/// ncclTransportP2pSetup picked a transport per connection (kind "transports_connected").
struct TransportsConnectedEvent {
    static constexpr std::string_view kKind = "transports_connected";
    int connections = 0, p2p = 0, shm = 0, net = 0, other = 0;
    bool fromLog = false;
    bool operator==(const TransportsConnectedEvent&) const = default;
};

using TopologyEvent = std::variant<SystemReadEvent, PathsComputedEvent, GraphSearchedEvent, LogReadEvent,
                                   ChannelsPostsetEvent, TransportsConnectedEvent>;

}  // namespace commviz::nccl_topology
