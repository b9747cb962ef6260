#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace commviz::nccl_topology {

/// One rank's place in one channel's tree: its parent and up to
/// NCCL_MAX_TREE_ARITY (3) children; -1 means none (NCCL src/include/device.h, ncclTree).
struct RankTree {
    int up = -1;
    std::array<int, 3> down{-1, -1, -1};
    bool operator==(const RankTree&) const = default;
};

/// One channel of a communicator after ncclTopoPostset.
struct CommChannel {
    /// Ranks in ring order starting at rank 0, as rank 0 prints them in
    /// `Channel 00/02 : 0 1 2 3`; empty when unknown (a log without that line).
    std::vector<int> ring;
    /// Indexed by rank; empty when the channel has no tree (or the log gave none).
    std::vector<RankTree> tree;
};

enum class Transport { P2P, SHM, NET, CollNet, NVLS, Unknown };

/// NCCL's name of a transport, as the connection lines print it ("P2P", "SHM", "NET", "CollNet"; "NVLS" for the
/// NVSwitch's multicast).
constexpr std::string_view transportName(Transport transport) {
    switch (transport) {
        case Transport::P2P:
            return "P2P";
        case Transport::SHM:
            return "SHM";
        case Transport::NET:
            return "NET";
        case Transport::CollNet:
            return "CollNet";
        case Transport::NVLS:
            return "NVLS";
        case Transport::Unknown:
            break;
    }
    return "unknown";
}

/// One connection line: `Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM/read`, or the
/// send/receive halves of a NET connection (NCCL src/transport.cc, ncclTransportP2pSetup).
struct Connection {
    enum class Side { Both, Send, Receive };
    int channel = 0;
    int connIndex = 0;  ///< 0 for collectives, 1 for p2p operations
    int fromRank = -1;
    int fromDev = -1;  ///< the nvmlDev NCCL prints in brackets
    int toRank = -1;
    int toDev = -1;
    Side side = Side::Both;
    Transport transport = Transport::Unknown;
    std::string via;  ///< NCCL's words after "via ": "P2P/CUMEM/read", "NET/IB/0/GDRDMA", "SHM/direct/direct"
    bool operator==(const Connection&) const = default;
};

/// What a communicator's channels look like: from a searched topology
/// (topo_postset.h) or read back from an NCCL_DEBUG=INFO log.
struct CommGraphs {
    int nRanks = 0;
    int nNodes = 1;
    std::vector<CommChannel> channels;
    std::vector<Connection> connections;  ///< in the order NCCL connects (or the log prints) them
};

}  // namespace commviz::nccl_topology
