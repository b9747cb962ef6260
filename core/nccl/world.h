#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "nccl/nccl_config.h"
#include "nccl/topology.h"
#include "nccl/unique_id.h"

namespace commviz::nccl {

/// The listen sockets a rank (or root) owns; each has its own port.
enum class SocketKind : std::uint8_t { Root, RootCallback, RingListen, P2pListen, Proxy };

/// Everything about a run that never changes while it steps: the config, the
/// machine, the interface bootstrapNetInit picked, the ids and who hosts their
/// roots, plus the names a log line needs (hosts, pids, comm pointers). Engines
/// share one World through a shared_ptr, so copying an engine copies only its
/// mutable state.
class World {
public:
    explicit World(const Config& config);
    World(const World&) = delete;
    World& operator=(const World&) = delete;

    const Config config;
    const Topology topology;
    const GraphPlan plan;

    int nroots() const { return config.nroots; }
    /// Index into hostInterfaces() of the bootstrap interface, or -1 when none fits.
    int interfaceIndex() const { return m_interface; }
    std::string interfaceName() const;
    std::uint32_t interfaceAddress(int node) const;
    /// bootstrapNetInit found no interface: ncclGetUniqueId fails and fills no id.
    bool idFailed() const { return m_interface < 0; }
    /// The result code of that failure (ncclInvalidUsage; ncclSystemError on the NCCL_COMM_ID path).
    const char* idFailureResult() const { return config.comm_id.empty() ? "ncclInvalidUsage" : "ncclSystemError"; }
    /// peerProxyAddressesUDS[rank] = getPidHash() + random64 (the proxy's abstract UDS name).
    std::uint64_t udsId(int rank) const;
    const UniqueId& id(int root) const { return m_ids.at(std::size_t(root)); }
    /// Rank whose process runs root `root` (the id's creator; rank 0 with NCCL_COMM_ID).
    int rootHostRank(int root) const;
    int rootOf(int rank) const;
    std::uint16_t port(int rank, SocketKind kind) const;
    /// "10.0.0.1<43512>": a rank's ring (classic: its only) listen address, the one it gathers.
    std::string listenAddress(int rank) const;

    // Identities for log prefixes: one process per rank with MPI, one for all with ncclCommInitAll.
    std::string hostName(int node) const;
    int process(int rank) const { return config.distribution == Distribution::InitAll ? 0 : rank; }
    int pid(int rank) const;
    /// The thread of ncclCommInitRankFunc. Launchers call ncclCommInitRank inside ncclGroupStart/End
    /// (nccl-tests, and PyTorch through ncclCommInitRankConfig), as ncclCommInitAll does: the job
    /// runs on a thread of its own (NCCL src/group.cc, asyncJobLaunch), never on the main thread.
    int initTid(int rank) const;
    /// The first ncclCommInitRank job of its process: it prints the once-per-process lines
    /// (plugins, NET init, RAS, cudaDriverVersion and the version banner).
    bool firstInProcess(int rank) const { return config.distribution == Distribution::MpiBcast || rank == 0; }
    int rootTid(int root) const { return pid(rootHostRank(root)) + 1; }
    std::uint64_t commPointer(int rank) const;
    /// True when the log keeps this rank's lines (log_rank, or every rank up to 64, else rank 0).
    bool tracked(int rank) const;
    /// The function name Init START/COMPLETE print.
    const char* initFunction() const;

private:
    int m_interface = -1;
    std::vector<UniqueId> m_ids;
};

}  // namespace commviz::nccl
