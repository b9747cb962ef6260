// Texts of single INIT lines: the rings rank 0 prints (NCCL src/graph/rings.cc,
// dumpLine) and the connection lines (src/transport/p2p.cc, shm.cc, net.cc).

#include <cstdio>

#include "nccl/log/topo_log.h"

namespace commviz::nccl_topology {

namespace {

std::string classicRing(const char* prefix, const std::vector<int>& ring) {
    // At most MAXWIDTH (20) ranks, each " %3d".
    std::string line = prefix;
    char number[16];
    for (size_t index = 0; index < ring.size() && index < 20; ++index) {
        std::snprintf(number, sizeof number, " %3d", ring[index]);
        line += number;
    }
    return line;
}

std::string recentRing(const char* prefix, const std::vector<int>& ring) {
    // A 128-byte buffer: ranks are added while fewer than 127 characters are
    // written; when one did not fit, the last three kept characters become "...".
    constexpr size_t kLineLength = 128;
    const int width = std::snprintf(nullptr, 0, "%d", static_cast<int>(ring.size()) - 1);
    std::string line = prefix;
    char number[32];
    for (size_t index = 0; index < ring.size() && line.size() < kLineLength - 1; ++index) {
        std::snprintf(number, sizeof number, " %*d", width, ring[index]);
        line += number;
    }
    if (line.size() >= kLineLength) line = line.substr(0, kLineLength - 4) + "...";
    return line;
}

std::string rankAndDev(int rank, int dev) { return std::to_string(rank) + "[" + std::to_string(dev) + "]"; }

}  // namespace

std::string ringChannelText(int channel, int nChannels, const std::vector<int>& ring, nccl::Version version) {
    char prefix[40];
    if (version == nccl::Version::V2_30) {
        std::snprintf(prefix, sizeof prefix, "Channel %02d/%02d :", channel, nChannels);
        return recentRing(prefix, ring);
    }
    std::snprintf(prefix, sizeof prefix, "Channel %02d/%02d : ", channel, nChannels);
    return classicRing(prefix, ring);
}

std::string connectionText(const Connection& connection) {
    char channel[24];
    const std::string ends =
        rankAndDev(connection.fromRank, connection.fromDev) + " -> " + rankAndDev(connection.toRank, connection.toDev);
    if (connection.transport == Transport::SHM) {
        std::snprintf(channel, sizeof channel, "Channel %02d : ", connection.channel);
        return channel + ends + " via " + connection.via;
    }
    std::snprintf(channel, sizeof channel, "Channel %02d/%01d : ", connection.channel, connection.connIndex);
    std::string side;
    if (connection.side == Connection::Side::Send) side = " [send]";
    if (connection.side == Connection::Side::Receive) side = " [receive]";
    return channel + ends + side + " via " + connection.via;
}

int connectionPrinter(const Connection& connection) {
    return connection.side == Connection::Side::Receive ? connection.toRank : connection.fromRank;
}

}  // namespace commviz::nccl_topology
