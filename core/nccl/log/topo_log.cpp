// The INIT and GRAPH lines of one communicator's set-up, in NCCL's order
// (src/init.cc, initTransportsRank): the system and the searched graphs,
// ncclTopoPostset (Tree, Channel), the Ring and Trees lines, the connections,
// then the channel counts.

#include <algorithm>
#include <cstdio>

#include "nccl/log/topo_log_fields.h"

namespace commviz::nccl_topology {

bool netsTrimmed(const TopologyModel& model, const TopoKeys& keys) {
    return keys.version == nccl::Version::Classic && model.comm.nNodes == 1 &&
           !model.system.ofType(NodeType::NET).empty();
}

namespace {

struct LogWriter {
    const TopologyModel& model;
    const TopoKeys& keys;
    std::vector<TopoLogLine>& lines;
    int loggedRanks = 0;  ///< the processes of the first two servers; the others print the same kinds of lines

    void add(int rank, const char* subsys, std::string text, const char* stage) {
        lines.push_back({rank, subsys, std::move(text), stage, {}});
    }
    void graph(int rank, std::string text, const char* stage) {
        if (keys.graphSubsys) add(rank, "GRAPH", std::move(text), stage);
    }
};

// The system with the nodes of one type removed, links to them included
// (ncclTopoRemoveNode), node indices renumbered.
TopoSystem withoutType(const TopoSystem& system, NodeType type) {
    std::vector<int> newIndex(system.nodes.size(), -1);
    TopoSystem kept;
    for (size_t node = 0; node < system.nodes.size(); ++node)
        if (system.nodes[node].type != type) {
            newIndex[node] = static_cast<int>(kept.nodes.size());
            kept.nodes.push_back(system.nodes[node]);
        }
    for (TopoNode& node : kept.nodes) {
        std::erase_if(node.links, [&](const TopoLink& link) {
            return link.remote < 0 || newIndex[static_cast<size_t>(link.remote)] < 0;
        });
        for (TopoLink& link : node.links) link.remote = newIndex[static_cast<size_t>(link.remote)];
    }
    return kept;
}

// What NCCL prints is the system after ncclTopoTrimSystem: when every rank is on
// this server, ≤ 2.22 removes the NETs (and so prints none, and takes maxBw from
// the GPU paths); 2.30 keeps them and only marks the system as not inter-node.
struct PrintedSystem {
    TopoSystem system;
    TopoPaths paths;
};

PrintedSystem printedSystem(const TopologyModel& model, const TopoKeys& keys) {
    if (!netsTrimmed(model, keys)) return {model.system, model.paths};
    TopoSystem trimmed = withoutType(model.system, NodeType::NET);
    TopoPaths paths = computePaths(trimmed, keys.policy);
    return {std::move(trimmed), std::move(paths)};
}

void searchLines(LogWriter& log, const PrintedSystem& printed, int rank) {
    const nccl::Version version = log.keys.version;
    const int nNodes = log.model.comm.nNodes;
    for (const std::string& text : systemPrintTexts(printed.system, printed.paths, nNodes, version))
        log.graph(rank, text, "system");
    for (const std::string& text : pathPrintTexts(printed.system, printed.paths, version))
        log.graph(rank, text, "paths");
    const std::pair<const GraphSearch*, const char*> searches[] = {
        {&log.model.ring, "ring"}, {&log.model.tree, "tree"}, {&log.model.nvls.search, "nvls"}};
    for (const auto& [search, stage] : searches) {
        if (search == &log.model.nvls.search && !log.model.nvls.support) continue;  // never searched
        // ncclTopoCompute: ≤ 2.22 reports the fallback as a WARN (always shown), 2.30 as a GRAPH line.
        const std::string fallback = "Could not find a path for pattern " +
                                     std::to_string(static_cast<int>(search->graph.pattern)) +
                                     ", falling back to simple order";
        if (search->fellBack && version == nccl::Version::V2_30) log.graph(rank, fallback, stage);
        if (search->fellBack && version == nccl::Version::Classic)
            log.lines.push_back({rank, "WARN", fallback, stage, "graph/search.cc:1096"});
        for (const std::string& text : graphPrintTexts(printed.system, search->graph, nNodes, version))
            log.graph(rank, text, stage);
    }
}

std::string treeText(const char* format, int channel, const RankTree& tree, int rank) {
    char text[96];
    std::snprintf(text, sizeof text, format, channel, tree.up, rank, tree.down[0], tree.down[1], tree.down[2]);
    return text;
}

// connectTrees: the ranks that hold a node's links to its parent and children
// (BALANCED_TREE: parent and child 1 on the chain's first GPU, child 0 on the
// second; SPLIT_TREE: both children on the second; TREE: all on the first).
std::vector<int> treeEndpoints(const TopologyModel& model, int channel, int node) {
    const TopoGraph& tree = model.tree.graph;
    std::vector<int> chain;
    for (const GraphHop& hop : tree.channels[static_cast<size_t>(channel) % tree.channels.size()].hops)
        if (hop.kind == GraphHop::Kind::Gpu && hopLocalRank(model.system, hop) >= 0)
            chain.push_back(hopLocalRank(model.system, hop));
    if (chain.empty()) return {};
    const int second = chain.size() > 1 ? chain[1] : chain[0];
    const int child0 = tree.pattern == GraphPattern::Tree ? chain[0] : second;
    const int child1 = tree.pattern == GraphPattern::SplitTree ? second : chain[0];
    std::vector<int> ranks;
    const int localRanks = static_cast<int>(model.system.ofType(NodeType::GPU).size());
    for (int local : {chain[0], child0, child1})
        if (std::find(ranks.begin(), ranks.end(), node * localRanks + local) == ranks.end())
            ranks.push_back(node * localRanks + local);
    return ranks;
}

void treeGraphLines(LogWriter& log) {
    const TopologyModel& model = log.model;
    if (model.tree.graph.channels.empty() || model.ring.graph.channels.empty()) return;
    const int channels = static_cast<int>(model.comm.channels.size());
    const int base = std::min<int>({static_cast<int>(model.ring.graph.channels.size()),
                                    static_cast<int>(model.tree.graph.channels.size()), channels / 2});
    const int localRanks = static_cast<int>(model.system.ofType(NodeType::GPU).size());
    const int nodes = localRanks > 0 ? std::min(model.comm.nNodes, log.loggedRanks / localRanks) : 0;
    for (int node = 0; node < nodes; ++node)
        for (int channel = 0; channel < base; ++channel)
            for (int rank : treeEndpoints(model, channel, node))
                for (int half : {channel, channel + base}) {
                    const std::vector<RankTree>& tree = model.comm.channels[static_cast<size_t>(half)].tree;
                    if (rank >= 0 && static_cast<size_t>(rank) < tree.size())
                        log.graph(rank, treeText("Tree %d : %d -> %d -> %d/%d/%d", half, tree[rank], rank), "postset");
                }
}

void postsetLines(LogWriter& log) {
    const CommGraphs& comm = log.model.comm;
    const int nChannels = static_cast<int>(comm.channels.size());
    treeGraphLines(log);
    // ncclBuildRings: rank 0 prints every ring.
    for (int channel = 0; channel < nChannels; ++channel)
        if (!comm.channels[channel].ring.empty())
            log.add(0, "INIT", ringChannelText(channel, nChannels, comm.channels[channel].ring, log.keys.version),
                    "postset");
    for (int rank = 0; rank < log.loggedRanks; ++rank) {
        std::string trees = "Trees";
        for (int channel = 0; channel < nChannels; ++channel) {
            const CommChannel& current = comm.channels[channel];
            const auto at = std::find(current.ring.begin(), current.ring.end(), rank);
            if (at != current.ring.end()) {
                const size_t index = static_cast<size_t>(at - current.ring.begin());
                const int prev = current.ring[(index + current.ring.size() - 1) % current.ring.size()];
                const int next = current.ring[(index + 1) % current.ring.size()];
                char text[64];
                std::snprintf(text, sizeof text, "Ring %02d : %d -> %d -> %d", channel, prev, rank, next);
                log.graph(rank, text, "postset");
            }
            const RankTree tree = static_cast<size_t>(rank) < current.tree.size() ? current.tree[rank] : RankTree{};
            char part[96];
            std::snprintf(part, sizeof part, " [%d] %d/%d/%d->%d->%d", channel, tree.down[0], tree.down[1],
                          tree.down[2], rank, tree.up);
            trees += part;
        }
        // A 1024-byte buffer filled by snprintf: at most 1022 characters after "Trees".
        log.add(rank, "INIT", "Trees" + trees.substr(5, 1022), "postset");
    }
}

void connectionLines(LogWriter& log) {
    const TopologyModel& model = log.model;
    const std::vector<Connection>& all = model.comm.connections;
    const size_t ringCount = ringConnectionCount(model.comm);
    auto print = [&](size_t from, size_t to) {
        for (size_t index = from; index < to; ++index)
            if (connectionPrinter(all[index]) < log.loggedRanks)
                log.add(connectionPrinter(all[index]), "INIT", connectionText(all[index]), "connect");
    };
    if (model.comm.nRanks <= 1) return;  // ncclTransportRingConnect does nothing for one rank
    print(0, ringCount);
    const RingNetUse use = ringNetUse(std::vector<Connection>(all.begin(), all.begin() + ringCount));
    char rings[64];
    std::snprintf(rings, sizeof rings, "Connected all rings, use ring PXN %d GDR %d", use.pxn ? 1 : 0, use.gdr ? 1 : 0);
    for (int rank = 0; rank < log.loggedRanks; ++rank)
        log.add(rank, "INIT", log.keys.version == nccl::Version::V2_30 ? rings : "Connected all rings", "connect");
    print(ringCount, all.size());
    for (int rank = 0; rank < log.loggedRanks; ++rank) log.add(rank, "INIT", "Connected all trees", "connect");
}

}  // namespace

std::vector<TopoLogLine> topologyLog(const TopologyModel& model, const TopoKeys& keys) {
    std::vector<TopoLogLine> lines;
    const int localRanks = static_cast<int>(model.system.ofType(NodeType::GPU).size());
    LogWriter log{model, keys, lines, std::min(model.comm.nRanks, localRanks * 2)};
    const PrintedSystem printed = printedSystem(model, keys);
    for (int rank = 0; rank < log.loggedRanks; ++rank) searchLines(log, printed, rank);
    postsetLines(log);
    for (int rank = 0; rank < log.loggedRanks; ++rank) {
        // ncclTopoComputeP2pChannels (2.30, several servers), then the counts.
        if (keys.version == nccl::Version::V2_30 && model.comm.nNodes > 1)
            log.add(rank, "INIT", "Tuning P2P operations with maxP2pPeers = " + std::to_string(model.comm.nRanks),
                    "postset");
        log.add(rank, "INIT", channelCountsText(model, keys.version, rank), "postset");
    }
    // With cuMem (the default in both versions) NCCL_RUNTIME_CONNECT defers the
    // ring and tree connections to the first collective, after Init COMPLETE.
    connectionLines(log);
    return lines;
}

std::string formatLogLine(const TopoLogLine& line, const TopologyModel& model) {
    // Made-up but stable: one host per server, one process per rank, its main thread.
    const RankPlace place = placeRank(model.system, line.rank);
    const int pid = 4000 + line.rank;
    const std::string prefix = "node" + std::to_string(place.node) + ":" + std::to_string(pid) + ":" +
                               std::to_string(pid) + " [" + std::to_string(std::max(place.dev, 0)) + "] ";
    if (line.subsys == "WARN") return prefix + line.source + " NCCL WARN " + line.text;
    return prefix + "NCCL INFO " + line.text;
}

}  // namespace commviz::nccl_topology
