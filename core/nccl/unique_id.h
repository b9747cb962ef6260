#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace commviz::nccl {

/// `NCCL_MAGIC`: the fixed magic of ids built from NCCL_COMM_ID (nickel is element 28).
inline constexpr std::uint64_t kNcclMagic = 0x0280028002800280ULL;
inline constexpr int kUniqueIdBytes = 128;  ///< NCCL_UNIQUE_ID_BYTES

/// One host interface as the simulated kernel lists it. Every host has the same
/// names; addresses differ per node except lo, docker* and virbr*, which repeat on
/// every host (why picking docker0 hangs a multi-node job).
struct HostInterface {
    std::string name;
    std::uint32_t ipv4 = 0;  ///< host order, e.g. 0x0A000001 = 10.0.0.1
    int prefixBits = 16;     ///< netmask length, for the NCCL_COMM_ID subnet match
};

/// The interfaces of `node`, from the `interfaces` key ("ib0,eth0,docker0,lo").
std::vector<HostInterface> hostInterfaces(const std::string& names, int node);

/// What ncclFindInterfaces (maxIfs = 1) picks: with NCCL_SOCKET_IFNAME (longer than
/// one character) its comma list of prefixes, `^` excluding and `=` asking for exact
/// names; otherwise ib*, then the NCCL_COMM_ID subnet, then anything but
/// docker/lo/virbr, then docker*, lo, virbr*. With NCCL_COMM_ID, bootstrapNetInit
/// instead takes the first interface in the id's subnet. -1 when none fits.
int selectInterface(const std::vector<HostInterface>& interfaces, const std::string& socketIfname,
                    const std::string& commId);

/// `<ipv4>:<port>` of NCCL_COMM_ID split into address and port (validated by the config).
std::uint32_t commIdAddress(const std::string& commId);
std::uint16_t commIdPort(const std::string& commId);

/// "10.0.0.1"
std::string ipv4String(std::uint32_t ipv4);
/// ncclSocketToString: "10.0.0.1<29500>"
std::string socketString(std::uint32_t ipv4, std::uint16_t port);

/// The 128-byte ncclUniqueId: ncclBootstrapHandle {uint64_t magic; union
/// ncclSocketAddress addr (28 bytes, a sockaddr_in here); int nRanks (2.29+, 0)}
/// at offsets 0, 8 and 36, every later byte zero (NCCL src/include/bootstrap.h,
/// struct ncclBootstrapHandle; src/bootstrap.cc, bootstrapGetUniqueId).
struct UniqueId {
    std::array<std::uint8_t, kUniqueIdBytes> bytes{};

    static UniqueId make(std::uint64_t magic, std::uint32_t ipv4, std::uint16_t port);
    std::uint64_t magic() const;
    std::uint32_t ipv4() const;
    std::uint16_t port() const;
    /// getHash(id, 128), DJB2a over signed chars: the `commId 0x…` of the logs.
    std::uint64_t commHash() const;
    std::string hex() const;
    bool operator==(const UniqueId&) const = default;
};

/// Byte offsets of the handle's fields, for views that mark them.
inline constexpr int kMagicOffset = 0;
inline constexpr int kAddrOffset = 8;
inline constexpr int kAddrBytes = 28;
inline constexpr int kNRanksOffset = 36;

}  // namespace commviz::nccl
