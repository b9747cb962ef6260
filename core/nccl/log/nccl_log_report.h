#pragma once

#include <string>
#include <vector>

#include "nccl/log/info_log_reader.h"
#include "sim/json.h"

namespace commviz::nccl_topology {

/// The connections of one peer pair over one transport, with the channels that use it.
struct PeerTransport {
    int fromRank = -1;
    int toRank = -1;
    Transport transport = Transport::Unknown;
    Connection::Side side = Connection::Side::Both;
    std::string via;
    std::vector<int> channels;
};

/// "P2P", "SHM", "NET", "CollNet" or "unknown".
std::string loggedTransportName(Transport transport);

/// Groups the log's connection lines by peer pair, side and transport, in the order first printed.
std::vector<PeerTransport> transportsPerPeer(const std::vector<Connection>& connections);

/// `commviz nccl-log`'s text: version, ranks per host, rings, trees, transports,
/// init time, WARNs and the unread lines with their numbers.
std::string formatInfoLogReport(const InfoLog& log);

/// The same as one JSON object (`commviz nccl-log --json`).
sim::Json infoLogJson(const InfoLog& log);

}  // namespace commviz::nccl_topology
