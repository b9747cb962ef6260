#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "rdma/packet.h"

namespace commviz::rdma {

/// The link between the two hosts: per-direction serialization at the link
/// rate, then a fixed propagation latency. Packets stay in order per direction.
/// A fault can drop the Nth packet put on the wire.
struct Wire {
    std::uint64_t latencyNs = 500;
    double gbps = 100.0;
    std::uint64_t busyUntil[2] = {0, 0};  ///< direction 0: hosts[0] → hosts[1]
    std::uint64_t sent = 0;               ///< packets put on the wire so far
    std::uint64_t delivered = 0;
    std::uint64_t dropped = 0;
    std::uint64_t retransmissions = 0;
    std::set<std::uint64_t> dropSerials;  ///< 1-based serials to lose
    std::vector<std::string> inFlight;    ///< packet ids, oldest first
    /// The last kHistory packets, for the inspector. Copies of the engine share
    /// them; a shared packet is cloned before its fate changes (copy-on-write).
    std::deque<std::shared_ptr<Packet>> recent;
    static constexpr std::size_t kHistory = 256;

    /// Stamps serial, id, times and fate on `p` and records it; returns it.
    const Packet& transmit(Packet p, int direction, std::uint64_t nowNs);
    /// A packet this copy may change (cloned first when another copy shares it).
    Packet* find(const std::string& id);
    const Packet* find(const std::string& id) const;
    void land(const std::string& id, PacketFate fate, std::string reason = {});
};

}  // namespace commviz::rdma
