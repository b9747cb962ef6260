// Message ids and their contents for the Inspector: what each bootstrap message
// carries, field by field, as NCCL src/bootstrap.cc lays it out: struct extInfo
// (v2.22.3 for classic, 2.30 with iroot, nroots, offset), union ringConnectInfo
// sent by rootSend, and the slices of bootstrapAllGather (struct bootstrapRingData
// in ringAllInfo, 2.30).

#include "nccl/bootstrap_scene/message_inspect.h"

#include <charconv>
#include <cstdio>
#include <string_view>
#include <vector>

#include "sim/enum_names.h"

namespace commviz::nccl {

namespace {

using sim::Json;

constexpr sim::EnumNames<Payload::ProxyUdsAddresses> kPayloadNames({"peer", "proxy", "ring", "uds"});
const char* payloadName(Payload payload) { return kPayloadNames(payload, "").data(); }

std::vector<std::string_view> split(std::string_view text) {
    std::vector<std::string_view> parts;
    std::size_t from = 0;
    for (std::size_t at = text.find(':'); at != std::string_view::npos; at = text.find(':', from)) {
        parts.push_back(text.substr(from, at - from));
        from = at + 1;
    }
    parts.push_back(text.substr(from));
    return parts;
}

int toInt(std::string_view text) {
    int value = -1;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size() ? value : -1;
}

std::string join(std::initializer_list<std::string> parts) {
    std::string id = "msg";
    for (const auto& part : parts) id += ":" + part;
    return id;
}

/// What names a root in the command line's events: "root", or "root0", "root1"…
std::string rootName(int root, int nroots) { return nroots > 1 ? "root" + std::to_string(root) : "root"; }

/// A rank's socket of the given kind, as ncclSocketToString prints it.
std::string socketOf(const World& w, int rank, SocketKind kind) {
    return socketString(w.interfaceAddress(w.topology.placement(rank).node), w.port(rank, kind));
}

/// The first 16 bytes of the 28-byte union ncclSocketAddress (a sockaddr_in; the rest is zero).
std::string sockaddrHex(const World& w, int rank, SocketKind kind) {
    const std::uint32_t ip = w.interfaceAddress(w.topology.placement(rank).node);
    const std::uint16_t port = w.port(rank, kind);
    const std::uint8_t bytes[8] = {2,  // sin_family = AF_INET, host order
                                   0,
                                   std::uint8_t(port >> 8),  // sin_port, network order
                                   std::uint8_t(port),
                                   std::uint8_t(ip >> 24),
                                   std::uint8_t(ip >> 16),
                                   std::uint8_t(ip >> 8),
                                   std::uint8_t(ip)};
    std::string text;
    char buf[4];
    for (std::uint8_t b : bytes) {
        std::snprintf(buf, sizeof buf, "%02x ", b);
        text += buf;
    }
    return text + "00 00 00 00 00 00 00 00";
}

std::string hex64(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(v));
    return buf;
}

/// A uint64_t as it travels: 8 bytes, little endian.
std::string leBytes(std::uint64_t v) {
    std::string text;
    char buf[4];
    for (int i = 0; i < 8; ++i) {
        std::snprintf(buf, sizeof buf, i < 7 ? "%02x " : "%02x", unsigned((v >> (8 * i)) & 0xff));
        text += buf;
    }
    return text;
}

bool validRank(const World& w, int rank) { return rank >= 0 && rank < w.config.nranks; }

Json extInfo(const World& w, const std::vector<std::string_view>& f) {
    // msg:extinfo:src:root:infoRank:nranks:what:outcome
    if (f.size() != 8) return nullptr;
    const int src = toInt(f[2]), root = toInt(f[3]), infoRank = toInt(f[4]), nranks = toInt(f[5]);
    if (!validRank(w, src) || root < 0 || root >= w.nroots()) return nullptr;
    const bool classic = w.config.version == Version::Classic;
    Json info;
    info["rank"] = infoRank;
    info["nranks"] = nranks;
    if (classic) {
        // struct extInfo { int rank; int nranks; ncclSocketAddress extAddressListenRoot, extAddressListen; }
        info["extAddressListenRoot"] = socketOf(w, src, SocketKind::RootCallback);
        info["extAddressListen"] = socketOf(w, src, SocketKind::RingListen);
    } else {
        info["iroot"] = root;
        info["nroots"] = w.nroots();
        info["offset"] = 0;
        info["listenRootAddress"] = socketOf(w, src, SocketKind::RootCallback);
        info["connectInfo.addr"] = socketOf(w, src, SocketKind::RingListen);
    }
    Json out{{"message", "extInfo"},
             {"kind", f[6] == "bad_magic" ? "bad_magic" : "extinfo"},
             {"src", src},
             {"dst", rootName(root, w.nroots())},
             {"function", "bootstrapInit: connect to the root, send extInfo, close"},
             {"check_in", std::string(f[6])},
             {"outcome", std::string(f[7])},
             {"extInfo", info}};
    if (f[6] == "bad_magic")
        out["note"] = "the connection's magic is not this root's: socketFinalizeAccept drops it, accepting goes on";
    if (f[6] == "extra")
        out["note"] = "the first rank of the next block tells this root the ring address of its last rank's next";
    return out;
}

Json nextAddr(const World& w, const std::vector<std::string_view>& f) {
    // msg:next_addr:dst:peer:root
    if (f.size() != 5) return nullptr;
    const int dst = toInt(f[2]), peer = toInt(f[3]), root = toInt(f[4]);
    if (!validRank(w, dst) || !validRank(w, peer) || root < 0 || root >= w.nroots()) return nullptr;
    const bool classic = w.config.version == Version::Classic;
    return {{"message", classic ? "ncclSocketAddress (rank r+1's extAddressListen)" : "ringConnectInfo"},
            {"kind", "next_addr"},
            {"src", rootName(root, w.nroots())},
            {"dst", dst},
            {"peer", peer},
            {"function", classic ? "bootstrapRoot: after all check-ins, send to each rank in order"
                                 : "bootstrapRoot: rootSend as soon as both neighbours checked in"},
            {"sent_to", socketOf(w, dst, SocketKind::RootCallback)},
            {classic ? "address" : "connectInfo.addr", socketOf(w, peer, SocketKind::RingListen)},
            {"bytes", sockaddrHex(w, peer, SocketKind::RingListen)}};
}

Json ringConnect(const World& w, const std::vector<std::string_view>& f) {
    // msg:ring_connect:src:dst
    if (f.size() != 4) return nullptr;
    const int src = toInt(f[2]), dst = toInt(f[3]);
    if (!validRank(w, src) || !validRank(w, dst)) return nullptr;
    return {
        {"message", "ring connect"},
        {"kind", "ring_connect"},
        {"src", src},
        {"dst", dst},
        {"function", w.config.version == Version::Classic ? "bootstrapInit: ncclSocketConnect(ringSendSocket)"
                                                          : "socketRingConnect: ncclSocketConnect(ring.socket.send)"},
        {"connects_to", socketOf(w, dst, SocketKind::RingListen)},
        {"magic", "comm->magic"}};
}

Json allGather(const World& w, const std::vector<std::string_view>& f) {
    // msg:allgather:src:dst:round:slice:direction:payload
    if (f.size() != 8) return nullptr;
    const int src = toInt(f[2]), dst = toInt(f[3]), round = toInt(f[4]), slice = toInt(f[5]);
    if (!validRank(w, src) || !validRank(w, dst) || !validRank(w, slice) || round < 0) return nullptr;
    Json out{{"message", "allgather slice"},
             {"kind", "allgather"},
             {"src", src},
             {"dst", dst},
             {"round", round},
             {"slice", slice}};
    if (f[7] == "ring") {
        out["direction"] = std::string(f[6]);
        out["function"] = "bootstrapAllGather: socketDoubleSendRecv (bidirectional ring)";
        // struct bootstrapRingData { peerAddress (P2P), peerProxy, peerUDS, rasRank }, one packed allgather.
        out["bootstrapRingData"] = {{"peerAddress", socketOf(w, slice, SocketKind::P2pListen)},
                                    {"peerProxy", socketOf(w, slice, SocketKind::Proxy)},
                                    {"peerUDS", hex64(w.udsId(slice))}};
        out["bytes"] = sockaddrHex(w, slice, SocketKind::P2pListen);
    } else if (f[7] == "uds") {
        // 2.20–2.22: a third allgather of the uint64_t UDS ids, getPidHash() + random64.
        out["function"] = "bootstrapRingAllGather: bootstrapNetSendRecv to next, from prev";
        out["peerProxyAddressesUDS[slice]"] = hex64(w.udsId(slice));
        out["bytes"] = leBytes(w.udsId(slice));
    } else {
        const bool proxy = f[7] == "proxy";
        const SocketKind kind = proxy ? SocketKind::Proxy : SocketKind::RingListen;
        out["function"] = "bootstrapRingAllGather: bootstrapNetSendRecv to next, from prev";
        out[proxy ? "peerProxyAddresses[slice]" : "peerCommAddresses[slice]"] = socketOf(w, slice, kind);
        out["bytes"] = sockaddrHex(w, slice, kind);
    }
    return out;
}

struct IdMaker {
    std::string operator()(const ExtInfoSent& m) const {
        return join({"extinfo", std::to_string(m.src), std::to_string(m.root), std::to_string(m.infoRank),
                     std::to_string(m.reportedNranks), checkInName(m.what), outcomeName(m.outcome)});
    }
    std::string operator()(const NextAddrSent& m) const {
        return join({"next_addr", std::to_string(m.dst), std::to_string(m.peer), std::to_string(m.root)});
    }
    std::string operator()(const RingConnected& m) const {
        return join({"ring_connect", std::to_string(m.src), std::to_string(m.dst)});
    }
    std::string operator()(const AllGatherSent& m) const {
        return join({"allgather", std::to_string(m.src), std::to_string(m.dst), std::to_string(m.round),
                     std::to_string(m.slice), m.direction == Direction::Next ? "next" : "prev",
                     payloadName(m.payload)});
    }
    template <typename Other>
    std::string operator()(const Other&) const {
        return {};
    }
};

}  // namespace

std::string messageId(const NcclEvent& event) { return std::visit(IdMaker{}, event); }

sim::Json inspectMessage(const World& world, const std::string& id) {
    const auto f = split(id);
    if (f.size() < 4 || f[0] != "msg") return nullptr;
    if (f[1] == "extinfo") return extInfo(world, f);
    if (f[1] == "next_addr") return nextAddr(world, f);
    if (f[1] == "ring_connect") return ringConnect(world, f);
    if (f[1] == "allgather") return allGather(world, f);
    return nullptr;
}

}  // namespace commviz::nccl
