// `commviz nccl-log --json`: what the INFO-log reader understood, as one object.
#include <algorithm>

#include "nccl/log/nccl_log_report.h"

namespace commviz::nccl_topology {

namespace {

using sim::Json;

Json rankJson(const LoggedRank& rank) {
    return Json{{"rank", rank.rank},
                {"host", rank.host},
                {"pid", rank.pid},
                {"cudaDev", rank.cudaDev},
                {"nvmlDev", rank.nvmlDev},
                {"busId", rank.busId},
                {"comm", rank.comm},
                {"function", rank.function},
                {"bootstrapSeconds", rank.bootstrapSeconds >= 0 ? Json(rank.bootstrapSeconds) : Json()},
                {"initSeconds", rank.initSeconds >= 0 ? Json(rank.initSeconds) : Json()},
                {"startLine", rank.startLine},
                {"completeLine", rank.completeLine}};
}

Json channelJson(const InfoLog& log, std::size_t index) {
    const CommChannel& channel = log.comm.channels[index];
    Json tree = Json::array();
    for (std::size_t rank = 0; rank < channel.tree.size(); ++rank) {
        const RankTree& node = channel.tree[rank];
        if (node == RankTree{}) continue;
        tree.push_back(Json{{"rank", rank}, {"up", node.up}, {"down", node.down}});
    }
    const bool partial = std::binary_search(log.partialRings.begin(), log.partialRings.end(), static_cast<int>(index));
    return Json{{"channel", index}, {"ring", channel.ring}, {"partial", partial}, {"tree", tree}};
}

Json transportsJson(const InfoLog& log) {
    Json transports = Json::array();
    for (const PeerTransport& peer : transportsPerPeer(log.comm.connections)) {
        const char* side = peer.side == Connection::Side::Send      ? "send"
                           : peer.side == Connection::Side::Receive ? "receive"
                                                                    : "both";
        transports.push_back(Json{{"from", peer.fromRank},
                                  {"to", peer.toRank},
                                  {"side", side},
                                  {"transport", loggedTransportName(peer.transport)},
                                  {"via", peer.via},
                                  {"channels", peer.channels}});
    }
    return transports;
}

Json warnsJson(const InfoLog& log) {
    Json warns = Json::array();
    for (const LoggedWarn& warn : log.warns)
        warns.push_back(Json{{"line", warn.line},
                             {"host", warn.host},
                             {"rank", warn.rank >= 0 ? Json(warn.rank) : Json()},
                             {"source", warn.source},
                             {"function", warn.function},
                             {"timestamp", warn.timestamp},
                             {"text", warn.text}});
    return warns;
}

}  // namespace

Json infoLogJson(const InfoLog& log) {
    Json hosts = Json::array();
    for (const std::string& host : log.hosts) {
        Json ranks = Json::array();
        for (const LoggedRank& rank : log.ranks)
            if (rank.host == host) ranks.push_back(rank.rank);
        hosts.push_back(Json{{"host", host}, {"ranks", ranks}});
    }
    Json ranks = Json::array(), channels = Json::array(), unread = Json::array();
    for (const LoggedRank& rank : log.ranks) ranks.push_back(rankJson(rank));
    for (std::size_t index = 0; index < log.comm.channels.size(); ++index) channels.push_back(channelJson(log, index));
    for (const UnreadLine& line : log.unread)
        unread.push_back(Json{{"line", line.line}, {"reason", line.reason}, {"text", line.text}});
    double initSeconds = -1;
    for (const LoggedRank& rank : log.ranks) initSeconds = std::max(initSeconds, rank.initSeconds);
    return Json{{"version", log.version},
                {"nRanks", log.comm.nRanks},
                {"nNodes", log.comm.nNodes},
                {"hosts", hosts},
                {"ranks", ranks},
                {"channels", channels},
                {"transports", transportsJson(log)},
                {"initSeconds", initSeconds >= 0 ? Json(initSeconds) : Json()},
                {"warns", warnsJson(log)},
                {"linesRead", log.linesRead},
                {"unread", unread}};
}

}  // namespace commviz::nccl_topology
