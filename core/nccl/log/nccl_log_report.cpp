#include "nccl/log/nccl_log_report.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>
#include <tuple>

namespace commviz::nccl_topology {

namespace {

std::string sideName(Connection::Side side) {
    switch (side) {
        case Connection::Side::Send:
            return "send";
        case Connection::Side::Receive:
            return "receive";
        case Connection::Side::Both:
            break;
    }
    return "both";
}

std::string twoDigits(int value) {
    char text[16];
    std::snprintf(text, sizeof text, "%02d", value);
    return text;
}

std::string joined(const std::vector<int>& values, const std::string& separator = " ") {
    std::string text;
    for (std::size_t index = 0; index < values.size(); ++index)
        text += (index ? separator : "") + std::to_string(values[index]);
    return text;
}

bool isPartial(const InfoLog& log, int channel) {
    return std::binary_search(log.partialRings.begin(), log.partialRings.end(), channel);
}

/// The slowest rank's `Init timings` total: the communicator is ready when it is.
const LoggedRank* slowestInit(const InfoLog& log) {
    const LoggedRank* slowest = nullptr;
    for (const LoggedRank& rank : log.ranks)
        if (rank.initSeconds >= 0 && (!slowest || rank.initSeconds > slowest->initSeconds)) slowest = &rank;
    return slowest;
}

std::vector<int> ranksOnHost(const InfoLog& log, const std::string& host) {
    std::vector<int> ranks;
    for (const LoggedRank& rank : log.ranks)
        if (rank.host == host) ranks.push_back(rank.rank);
    return ranks;
}

void writeRanks(const InfoLog& log, std::ostream& out) {
    out << "NCCL version: " << (log.version.empty() ? "(not in the log)" : log.version) << "\n";
    out << "ranks: " << log.comm.nRanks << " (" << log.ranks.size() << " with an Init line), nodes " << log.comm.nNodes
        << "\n";
    for (const std::string& host : log.hosts)
        out << "  " << host << ": ranks " << joined(ranksOnHost(log, host)) << "\n";
    for (const LoggedRank& rank : log.ranks) {
        out << "  rank " << rank.rank << " on " << rank.host << " pid " << rank.pid << " cudaDev " << rank.cudaDev;
        if (!rank.busId.empty()) out << " busId " << rank.busId;
        if (rank.bootstrapSeconds >= 0) out << " bootstrap " << rank.bootstrapSeconds << " s";
        if (rank.initSeconds >= 0) out << " init " << rank.initSeconds << " s";
        out << (rank.completeLine ? "" : " (no Init COMPLETE)") << "\n";
    }
}

void writeChannels(const InfoLog& log, std::ostream& out) {
    out << "channels: " << log.comm.channels.size() << "\n";
    for (std::size_t index = 0; index < log.comm.channels.size(); ++index) {
        const CommChannel& channel = log.comm.channels[index];
        out << "  ring " << twoDigits(static_cast<int>(index)) << ": "
            << (channel.ring.empty() ? "(not in the log)" : joined(channel.ring))
            << (isPartial(log, static_cast<int>(index)) ? " ... (partial: the log cut it short)" : "") << "\n";
    }
    for (std::size_t index = 0; index < log.comm.channels.size(); ++index) {
        const std::vector<RankTree>& tree = log.comm.channels[index].tree;
        if (tree.empty()) continue;
        out << "  tree " << twoDigits(static_cast<int>(index)) << ":";
        for (std::size_t rank = 0; rank < tree.size(); ++rank) {
            const RankTree& node = tree[rank];
            if (node == RankTree{}) continue;
            out << " " << node.down[0] << "/" << node.down[1] << "/" << node.down[2] << "->" << rank << "->" << node.up;
        }
        out << "\n";
    }
}

void writeTransports(const InfoLog& log, std::ostream& out) {
    const std::vector<PeerTransport> peers = transportsPerPeer(log.comm.connections);
    out << "transports: " << peers.size() << " peer pairs\n";
    for (const PeerTransport& peer : peers) {
        out << "  " << peer.fromRank << " -> " << peer.toRank << " ";
        if (peer.side != Connection::Side::Both) out << "[" << sideName(peer.side) << "] ";
        out << "via " << peer.via << " (" << loggedTransportName(peer.transport) << "), channels "
            << joined(peer.channels) << "\n";
    }
}

void writeWarnsAndUnread(const InfoLog& log, std::ostream& out) {
    out << "warns: " << log.warns.size() << "\n";
    for (const LoggedWarn& warn : log.warns) {
        out << "  line " << warn.line << " " << warn.host;
        if (warn.rank >= 0) out << " (rank " << warn.rank << ")";
        out << " " << warn.source << (warn.function.empty() ? "" : " (" + warn.function + ")") << ": " << warn.text
            << "\n";
    }
    out << "unread lines: " << log.unread.size() << "\n";
    for (const UnreadLine& line : log.unread)
        out << "  line " << line.line << " [" << line.reason << "]: " << line.text << "\n";
}

}  // namespace

std::string loggedTransportName(Transport transport) { return std::string(nccl_topology::transportName(transport)); }

std::vector<PeerTransport> transportsPerPeer(const std::vector<Connection>& connections) {
    std::vector<PeerTransport> peers;
    // A log of a big job has a million connection lines: find each pair in a map, not by a scan.
    std::map<std::tuple<int, int, Connection::Side, std::string>, std::size_t> indexOf;
    for (const Connection& connection : connections) {
        const auto [found, added] = indexOf.try_emplace(
            {connection.fromRank, connection.toRank, connection.side, connection.via}, peers.size());
        if (added)
            peers.push_back(PeerTransport{
                connection.fromRank, connection.toRank, connection.transport, connection.side, connection.via, {}});
        std::vector<int>& channels = peers[found->second].channels;
        if (std::find(channels.begin(), channels.end(), connection.channel) == channels.end())
            channels.push_back(connection.channel);
    }
    return peers;
}

std::string formatInfoLogReport(const InfoLog& log) {
    std::ostringstream out;
    writeRanks(log, out);
    writeChannels(log, out);
    writeTransports(log, out);
    const LoggedRank* slowest = slowestInit(log);
    if (slowest)
        out << "init time: " << slowest->initSeconds << " s (slowest, rank " << slowest->rank << ")\n";
    else
        out << "init time: (no Init timings line)\n";
    writeWarnsAndUnread(log, out);
    return out.str();
}

}  // namespace commviz::nccl_topology
