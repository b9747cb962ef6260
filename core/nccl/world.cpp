#include "nccl/world.h"

#include "nccl/bootstrap_math.h"

namespace commviz::nccl {

namespace {

std::uint64_t mix(std::uint64_t z) {  // SplitMix64 finaliser: spreads seed and indices
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

}  // namespace

World::World(const Config& c) : config(c), topology(c), plan(topology) {
    m_interface = selectInterface(hostInterfaces(c.interfaces, 0), c.socket_ifname, c.comm_id);
    for (int root = 0; root < c.nroots; ++root) {
        if (m_interface < 0) {  // ncclGetUniqueId returned before bootstrapGetUniqueId: nothing filled
            m_ids.push_back(UniqueId{});
            continue;
        }
        if (!c.comm_id.empty()) {
            m_ids.push_back(UniqueId::make(kNcclMagic, commIdAddress(c.comm_id), commIdPort(c.comm_id)));
            continue;
        }
        const std::uint64_t magic = mix(c.seed * 1000003ULL + std::uint64_t(root));
        const int host = rootHostRank(root);
        m_ids.push_back(
            UniqueId::make(magic, interfaceAddress(topology.placement(host).node), port(host, SocketKind::Root)));
    }
}

std::uint64_t World::udsId(int rank) const {
    // getPidHash() hashes the pid and its namespace link (peerInfo adds commHash to it,
    // the UDS id does not); random64 comes from getRandomData. Both modelled from the seed.
    const std::uint64_t pidHash = mix(std::uint64_t(pid(rank)) * 0x100000001b3ULL);
    return pidHash + mix(config.seed * 0x9e3779b97f4a7c15ULL + 0x5d5 + std::uint64_t(rank));
}

std::string World::interfaceName() const {
    const auto all = hostInterfaces(config.interfaces, 0);
    return m_interface < 0 ? std::string() : all[std::size_t(m_interface)].name;
}

std::uint32_t World::interfaceAddress(int node) const {
    if (m_interface < 0) return 0;
    return hostInterfaces(config.interfaces, node)[std::size_t(m_interface)].ipv4;
}

int World::rootHostRank(int root) const {
    // The docs' pattern for several ids: the rank that owns root k creates id k.
    return firstRankFromRoot(root, config.nranks, config.nroots);
}

int World::rootOf(int rank) const { return rootIdFromRank(rank, config.nranks, config.nroots); }

std::uint16_t World::port(int rank, SocketKind kind) const {
    // Ephemeral ports (32768 to 60999, Linux's default range), fixed by the seed.
    const std::uint64_t h = mix(config.seed ^ (std::uint64_t(rank) << 8 | std::uint64_t(kind)) * 0x2545F4914F6CDD1DULL);
    return std::uint16_t(32768 + h % 28232);
}

std::string World::listenAddress(int rank) const {
    const auto kind = config.version == Version::Classic ? SocketKind::RingListen : SocketKind::P2pListen;
    return socketString(interfaceAddress(topology.placement(rank).node), port(rank, kind));
}

std::string World::hostName(int node) const { return "node" + std::to_string(node); }

int World::pid(int rank) const { return 1000 + int(mix(config.seed + 77 * std::uint64_t(process(rank))) % 3'000'000); }

int World::initTid(int rank) const {
    return pid(rank) + 16 + (config.distribution == Distribution::InitAll ? rank : 0);
}

std::uint64_t World::commPointer(int rank) const {
    return 0x55d000000000ULL + (mix(config.seed * 31 + std::uint64_t(rank)) & 0xffffff0ULL);
}

bool World::tracked(int rank) const {
    if (config.log_rank >= 0) return rank == config.log_rank;
    return config.nranks <= kSmallRanks || rank == 0;
}

const char* World::initFunction() const {
    if (config.distribution == Distribution::InitAll) return "ncclCommInitAll";
    return config.nroots > 1 ? "ncclCommInitRankScalable" : "ncclCommInitRank";
}

}  // namespace commviz::nccl
