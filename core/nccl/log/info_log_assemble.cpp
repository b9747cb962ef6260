// The second pass of the INFO-log reader: ranks from the Init lines, then the
// channels, trees and connections those ranks print.
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "nccl/log/info_log_records.h"

namespace commviz::nccl_topology {

namespace {

/// The process and device that printed a line: NCCL's `host:pid:tid [cudaDev]`.
using ProcessKey = std::tuple<std::string, int, int>;

struct Assembly {
    explicit Assembly(InfoLog& target) : log(target) {}
    InfoLog& log;
    int nRanks = 0;
    int nNodes = 0;
    std::map<int, LoggedRank> ranks;
    std::map<ProcessKey, int> rankOfProcess;
    std::map<int, std::vector<int>> nextOfRank;  ///< GRAPH `Ring` hops per channel
    std::set<int> ringsFromList;

    CommChannel& channel(int index) {
        if (log.comm.channels.size() <= static_cast<std::size_t>(index)) log.comm.channels.resize(index + 1);
        return log.comm.channels[index];
    }
    bool inRange(int rank) const { return rank >= -1 && rank < nRanks; }
    void refuse(const LogRecord& record, std::string reason) {
        addUnread(log, record.line, record.text, std::move(reason));
        --log.linesRead;
    }
    std::string beyond(int rank) const {
        return "rank " + std::to_string(rank) + " is beyond nranks " + std::to_string(nRanks);
    }
};

void readInit(Assembly& assembly, const LogRecord& record, const InitMessage& init) {
    if (assembly.nRanks == 0) assembly.nRanks = init.nRanks;
    if (init.nRanks != assembly.nRanks)
        return assembly.refuse(record, "a second communicator (nranks " + std::to_string(init.nRanks) +
                                           "): only the first (nranks " + std::to_string(assembly.nRanks) +
                                           ") is drawn");
    auto [slot, added] = assembly.ranks.try_emplace(init.rank);
    LoggedRank& rank = slot->second;
    if (!added && !rank.comm.empty() && rank.comm != init.comm)
        return assembly.refuse(record, "rank " + std::to_string(init.rank) + " of a second communicator (comm " +
                                           init.comm + "): only the first is drawn");
    rank.rank = init.rank;
    rank.nRanks = init.nRanks;
    rank.host = record.host;
    rank.pid = record.pid;
    rank.cudaDev = init.cudaDev;
    rank.nvmlDev = init.nvmlDev;
    rank.busId = init.busId;
    rank.comm = init.comm;
    if (!init.function.empty()) rank.function = init.function;
    (init.complete ? rank.completeLine : rank.startLine) = record.line;
    assembly.rankOfProcess[{record.host, record.pid, record.cudaDev}] = init.rank;
}

/// Without Init lines (a pasted fragment) the highest rank any line names sets nranks.
int highestRank(const std::vector<LogRecord>& records) {
    int highest = -1;
    for (const LogRecord& record : records) {
        if (const auto* ring = std::get_if<RingListMessage>(&record.message))
            for (int rank : ring->ranks) highest = std::max(highest, rank);
        if (const auto* hop = std::get_if<RingHopMessage>(&record.message))
            highest = std::max({highest, hop->prev, hop->rank, hop->next});
        if (const auto* trees = std::get_if<TreesMessage>(&record.message))
            for (const auto& [index, tree] : trees->channels)
                highest = std::max({highest, trees->rank, tree.up, tree.down[0], tree.down[1], tree.down[2]});
        if (const auto* line = std::get_if<ConnectionMessage>(&record.message))
            highest = std::max({highest, line->connection.fromRank, line->connection.toRank});
    }
    return highest;
}

void readRingList(Assembly& assembly, const LogRecord& record, const RingListMessage& ring) {
    for (int rank : ring.ranks)
        if (!assembly.inRange(rank)) return assembly.refuse(record, assembly.beyond(rank));
    if (assembly.ringsFromList.count(ring.channel)) return;  // printed again (a second init of the same ranks)
    assembly.ringsFromList.insert(ring.channel);
    assembly.channel(ring.channel).ring = ring.ranks;
    // Before 2.23 NCCL printed 20 ranks at most, with no mark.
    if (ring.truncated || static_cast<int>(ring.ranks.size()) < assembly.nRanks)
        assembly.log.partialRings.push_back(ring.channel);
}

void readRingHop(Assembly& assembly, const LogRecord& record, const RingHopMessage& hop) {
    for (int rank : {hop.prev, hop.rank, hop.next})
        if (!assembly.inRange(rank)) return assembly.refuse(record, assembly.beyond(rank));
    std::vector<int>& next = assembly.nextOfRank[hop.channel];
    next.resize(assembly.nRanks, -1);
    next[hop.rank] = hop.next;
    if (next[hop.prev] < 0) next[hop.prev] = hop.rank;
    assembly.channel(hop.channel);
}

void readTrees(Assembly& assembly, const LogRecord& record, const TreesMessage& trees) {
    for (const auto& [index, tree] : trees.channels)
        for (int rank : {trees.rank, tree.up, tree.down[0], tree.down[1], tree.down[2]})
            if (!assembly.inRange(rank)) return assembly.refuse(record, assembly.beyond(rank));
    for (const auto& [index, tree] : trees.channels) {
        CommChannel& channel = assembly.channel(index);
        channel.tree.resize(assembly.nRanks);
        channel.tree[trees.rank] = tree;
    }
}

void readConnection(Assembly& assembly, const LogRecord& record, const Connection& connection) {
    for (int rank : {connection.fromRank, connection.toRank})
        if (!assembly.inRange(rank)) return assembly.refuse(record, assembly.beyond(rank));
    assembly.channel(connection.channel);
    assembly.log.comm.connections.push_back(connection);
}

LoggedRank* rankOfLine(Assembly& assembly, const LogRecord& record, int rank) {
    if (rank < 0) {
        const auto found = assembly.rankOfProcess.find({record.host, record.pid, record.cudaDev});
        if (found == assembly.rankOfProcess.end()) return nullptr;
        rank = found->second;
    }
    const auto found = assembly.ranks.find(rank);
    return found == assembly.ranks.end() ? nullptr : &found->second;
}

void readRecord(Assembly& assembly, const LogRecord& record) {
    const LogMessage& message = record.message;
    if (const auto* ring = std::get_if<RingListMessage>(&message)) return readRingList(assembly, record, *ring);
    if (const auto* hop = std::get_if<RingHopMessage>(&message)) return readRingHop(assembly, record, *hop);
    if (const auto* trees = std::get_if<TreesMessage>(&message)) return readTrees(assembly, record, *trees);
    if (const auto* line = std::get_if<ConnectionMessage>(&message))
        return readConnection(assembly, record, line->connection);
    if (const auto* shape = std::get_if<CommShapeMessage>(&message)) {
        if (shape->nRanks == assembly.nRanks && assembly.nNodes == 0) assembly.nNodes = shape->nNodes;
        return;
    }
    const auto* timings = std::get_if<InitTimingsMessage>(&message);
    const auto* bootstrap = std::get_if<BootstrapTimingsMessage>(&message);
    if (timings && timings->nRanks != assembly.nRanks)
        return assembly.refuse(record,
                               "timings of a second communicator (nranks " + std::to_string(timings->nRanks) + ")");
    LoggedRank* rank = rankOfLine(assembly, record, timings ? timings->rank : -1);
    if (rank == nullptr) return assembly.refuse(record, "timings of a process with no Init line");
    if (timings) rank->initSeconds = timings->totalSeconds;
    if (bootstrap) rank->bootstrapSeconds = bootstrap->totalSeconds;
}

/// GRAPH-only logs: each rank's `Ring` line gives its next; walk them from rank 0.
void rebuildRings(Assembly& assembly) {
    for (const auto& [index, next] : assembly.nextOfRank) {
        if (assembly.ringsFromList.count(index)) continue;
        std::vector<int>& ring = assembly.channel(index).ring;
        for (int rank = 0; rank >= 0 && static_cast<int>(ring.size()) < assembly.nRanks; rank = next[rank]) {
            ring.push_back(rank);
            if (next[rank] == 0) break;
        }
        if (static_cast<int>(ring.size()) < assembly.nRanks || next[ring.back()] != 0)
            assembly.log.partialRings.push_back(index);
    }
}

}  // namespace

void assembleInfoLog(std::vector<LogRecord> records, InfoLog& log) {
    Assembly assembly(log);
    for (const LogRecord& record : records)
        if (const auto* init = std::get_if<InitMessage>(&record.message)) readInit(assembly, record, *init);
    if (assembly.nRanks == 0) {
        for (const LogRecord& record : records)
            if (const auto* shape = std::get_if<CommShapeMessage>(&record.message))
                assembly.nRanks = std::max(assembly.nRanks, shape->nRanks);
        assembly.nRanks = std::max(assembly.nRanks, highestRank(records) + 1);
    }
    for (const LogRecord& record : records)
        if (!std::holds_alternative<InitMessage>(record.message)) readRecord(assembly, record);
    rebuildRings(assembly);
    std::sort(log.partialRings.begin(), log.partialRings.end());
    for (auto& [index, rank] : assembly.ranks) log.ranks.push_back(rank);
    std::set<std::string> rankHosts;
    for (const LoggedRank& rank : log.ranks) rankHosts.insert(rank.host);
    log.comm.nRanks = assembly.nRanks;
    log.comm.nNodes = assembly.nNodes > 0 ? assembly.nNodes : std::max<int>(1, rankHosts.size());
    for (LoggedWarn& warn : log.warns) {
        const auto found = assembly.rankOfProcess.find({warn.host, warn.pid, warn.cudaDev});
        if (found != assembly.rankOfProcess.end()) warn.rank = found->second;
    }
}

}  // namespace commviz::nccl_topology
