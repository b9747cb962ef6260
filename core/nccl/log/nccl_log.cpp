#include "nccl/log/nccl_log.h"

#include <cstdarg>
#include <cstdio>

#include "nccl/bootstrap_math.h"
#include "nccl/log/topo_log_fields.h"
#include "nccl/timing_model.h"
#include "nccl/topo_machine.h"

namespace commviz::nccl {

namespace {

std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* fmt, ...) {
    char buf[512];
    va_list args;
    va_start(args, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, args);
    va_end(args);
    return buf;
}

bool classic(const World& w) { return w.config.version == Version::Classic; }

// Where a WARN comes from: file:line and (2.30) the function. Line numbers are
// illustrative; they move between builds.
struct WarnSite {
    const char* file;
    int line;
    const char* function;
};

WarnSite warnSite(const World& w, LogCode code) {
    switch (code) {
        case LogCode::NoSocketInterface:
            return {"bootstrap.cc", 139, "bootstrapNetInit"};
        case LogCode::NoListeningInterface:
            return {"bootstrap.cc", 131, "bootstrapNetInit"};
        case LogCode::ConnectExceeded:
            return classic(w) ? WarnSite{"misc/socket.cc", 484, ""}
                              : WarnSite{"os/linux.cc", 200, "ncclOsSocketPollConnect"};
        case LogCode::RootBadMagic:
            return {"misc/socket.cc", 412, ""};
        case LogCode::DuplicateGpu:
            return {"init.cc", 763, "initTransportsRank"};
        default:
            return {"bootstrap.cc", 338, "bootstrapRoot"};
    }
}

std::string rootAddress(const World& w, int root) { return socketString(w.id(root).ipv4(), w.id(root).port()); }

std::string oob(const World& w, int rank) {
    return w.interfaceName() + ":" + socketString(w.interfaceAddress(w.topology.placement(rank).node), 0);
}

std::string initLine(const World& w, int rank, const char* what) {
    const RankPlacement p = w.topology.placement(rank);
    return format("comm 0x%llx rank %d nranks %d cudaDev %d nvmlDev %d busId %llx commId 0x%llx - %s",
                  static_cast<unsigned long long>(w.commPointer(rank)), rank, w.config.nranks, p.gpu, p.gpu,
                  static_cast<unsigned long long>(w.topology.busId(p.gpu)),
                  static_cast<unsigned long long>(w.id(0).commHash()), what);
}

std::string channelLine(const World& w, int channel) {
    return nccl_topology::ringChannelText(channel, w.plan.nChannels(), w.plan.ring(channel), w.config.version);
}

std::string treesLine(const World& w, int rank) {
    std::string line = "Trees";
    for (int c = 0; c < w.plan.nChannels(); ++c) {
        const TreeLinks t = w.plan.tree(rank, c);
        line += format(" [%d] %d/%d/%d->%d->%d", c, t.down[0], t.down[1], t.down[2], rank, t.up);
    }
    return line;
}

// The scene's GPUs are A100-class (compute capability 8.0) joined by NVLink inside a node, so
// P2P reads (ncclTopoCheckP2p: NVLink path, both sm_80); ranks in one process map the peer's
// buffer directly, others import it through cuMem (on by default); IB NICs use GPUDirect RDMA.
// NCCL src/transport/p2p.cc, p2pSendSetup; src/transport/net.cc, sendSetup and recvSetup.
std::string connectLine(const World& w, int rank, int channel, int peer, bool receive) {
    const int from = receive ? peer : rank, to = receive ? rank : peer;
    const int gFrom = w.topology.placement(from).gpu, gTo = w.topology.placement(to).gpu;
    if (w.topology.placement(from).node == w.topology.placement(to).node) {
        const bool sameProcess = w.process(from) == w.process(to);
        return format("Channel %02d/0 : %d[%d] -> %d[%d] via P2P/%s/read", channel, from, gFrom, to, gTo,
                      sameProcess ? "direct pointer" : "CUMEM");
    }
    const bool ib = w.topology.nicsPerNode() > 0;
    const int dev = ib ? channel % w.topology.nicsPerNode() : 0;
    return format("Channel %02d/0 : %d[%d] -> %d[%d] [%s] via NET/%s/%d%s", channel, from, gFrom, to, gTo,
                  receive ? "receive" : "send", ib ? "IB" : "Socket", dev, ib ? "/GDRDMA" : "");
}

// 2.24+: whether a ring send goes through a PXN proxy, and whether every ring send over the
// network uses GPUDirect RDMA (NCCL src/transport/generic.cc, ncclTransportRingConnect).
std::string connectedRings(const World& w) {
    bool pxn = false, gdr = w.topology.nicsPerNode() > 0;
    if (const TopoMachine* machine = w.topology.machine()) pxn = machine->ringUse.pxn, gdr = machine->ringUse.gdr;
    return format("Connected all rings, use ring PXN %d GDR %d", pxn ? 1 : 0, gdr ? 1 : 0);
}

// ≤ 2.27: hex bytes from the highest non-zero one, a comma every 32 bits (NCCL src/include/cpuset.h,
// ncclCpusetToStr).
std::string cpusetHex(const std::vector<bool>& cpus) {
    std::string out;
    for (int byte = int(cpus.size() + 7) / 8 - 1; byte >= 0; --byte) {
        unsigned value = 0;
        for (int bit = 0; bit < 8; ++bit)
            if (std::size_t(8 * byte + bit) < cpus.size() && cpus[std::size_t(8 * byte + bit)]) value |= 1u << bit;
        if (out.empty() && value == 0) continue;
        out += format("%02x", value);
        if (byte != 0 && byte % 4 == 0) out += ",";
    }
    return out;
}

// 2.28+: ranges "0-31,64-95" (NCCL src/include/cpuset.h, ncclCpusetToRangeStr).
std::string cpusetRanges(const std::vector<bool>& cpus) {
    std::string out;
    int start = -1;
    for (int cpu = 0; cpu <= int(cpus.size()); ++cpu) {
        const bool set = cpu < int(cpus.size()) && cpus[std::size_t(cpu)];
        if (set && start < 0) start = cpu;
        if (set || start < 0) continue;
        out += (out.empty() ? "" : ",") + (cpu - 1 == start ? format("%d", start) : format("%d-%d", start, cpu - 1));
        start = -1;
    }
    return out;
}

std::string affinityLine(const World& w, int gpu) {
    // The GPU's local CPUs ∩ the process's (NCCL src/graph/topo.cc, ncclTopoGetCpuAffinity).
    std::vector<bool> local = w.topology.gpuCpus(gpu);
    const std::vector<bool> process = w.topology.processCpus();
    for (std::size_t cpu = 0; cpu < local.size(); ++cpu)
        local[cpu] = local[cpu] && cpu < process.size() && process[cpu];
    if (classic(w)) return format("Setting affinity for GPU %d to ", gpu) + cpusetHex(local);
    const std::string all = cpusetRanges(process);
    const std::string mine = cpusetRanges(local);
    return format("ncclTopoGetCpuAffinity: Affinity for GPU %d is ", gpu) + mine + ". (GPU affinity = " + mine +
           " ; CPU affinity = " + all + ").";
}

double bootstrapSeconds(const World& w, int rank, double recvSeconds) {
    const int root = w.rootOf(rank);
    const int local = rank - firstRankFromRoot(root, w.config.nranks, w.nroots());
    const double delay =
        TimingModel::staggerSeconds(w.config, rank, local, nRankFromRoot(root, w.config.nranks, w.nroots()));
    // classic: peer, proxy and proxy UDS allgathers; 2.30: one packed allgather.
    const int rounds = classic(w) ? 3 * classicRounds(w.config.nranks) : bidirectionalRounds(w.config.nranks);
    return TimingModel::kCreateSeconds + delay + TimingModel::kSendToRootSeconds + recvSeconds +
           TimingModel::kRingConnectSeconds + rounds * TimingModel::kRoundSeconds;
}

std::string bootstrapTimings(const World& w, int rank, double recv) {
    const int root = w.rootOf(rank);
    const int local = rank - firstRankFromRoot(root, w.config.nranks, w.nroots());
    const double delay =
        TimingModel::staggerSeconds(w.config, rank, local, nRankFromRoot(root, w.config.nranks, w.nroots()));
    const bool extra = w.nroots() > 1 && isFirstFromRoot(rank, w.config.nranks, w.nroots());
    const double send = TimingModel::kSendToRootSeconds * (extra ? 2 : 1);
    const double ring =
        TimingModel::kRingConnectSeconds + bidirectionalRounds(w.config.nranks) * TimingModel::kRoundSeconds;
    const double total = TimingModel::kCreateSeconds + delay + send + recv + ring;
    return format("Bootstrap timings total %f (create %f, send %f, recv %f, ring %f, delay %f)", total,
                  TimingModel::kCreateSeconds, send, recv, ring, delay);
}

std::string initTimings(const World& w, int rank, double bootstrap) {
    const int n = w.config.nranks;
    const int rounds = classic(w) ? classicRounds(n) : bidirectionalRounds(n);
    const double allgathers = 2 * rounds * TimingModel::kRoundSeconds;
    const double connections = w.config.runtime_connect ? 0.0 : TimingModel::kEagerConnections;
    const double total = TimingModel::kKernels + TimingModel::kAlloc + bootstrap + allgathers + TimingModel::kTopo +
                         TimingModel::kGraphs + connections + TimingModel::kRest;
    if (classic(w))  // v2.22.3 times commAlloc inside its bootstrap timer and names no function
        return format(
            "Init timings: rank %d nranks %d total %.2f (kernels %.2f, bootstrap %.2f, allgathers %.2f, topo %.2f, "
            "graphs %.2f, connections %.2f, rest %.2f)",
            rank, n, total, TimingModel::kKernels, TimingModel::kAlloc + bootstrap, allgathers, TimingModel::kTopo,
            TimingModel::kGraphs, connections, TimingModel::kRest);
    return format(
        "Init timings - %s: rank %d nranks %d total %.2f (kernels %.2f, alloc %.2f, bootstrap %.2f, allgathers %.2f, "
        "topo %.2f, graphs %.2f, connections %.2f, rest %.2f)",
        w.initFunction(), rank, n, total, TimingModel::kKernels, TimingModel::kAlloc, bootstrap, allgathers,
        TimingModel::kTopo, TimingModel::kGraphs, connections, TimingModel::kRest);
}

std::string netUsing(const World& w, int rank) {
    std::string devices;
    if (const auto* model = w.topology.model()) {  // the file's NETs by plugin index: name and port
        for (int net : model->system.ofType(nccl_topology::NodeType::NET)) {
            const auto& node = model->system.nodes[std::size_t(net)];
            devices += format(" [%d]%s:%d/IB", node.dev, node.name.c_str(), node.port);
        }
    }
    for (int i = 0; !w.topology.model() && i < w.topology.nicsPerNode(); ++i)
        devices += format(" [%d]mlx5_%d:1/IB", i, i);
    return "NET/IB : Using" + devices + " ; OOB " + oob(w, rank);
}

// Messages about the bootstrap and the rank's process, up to Init START.
std::string startupMessage(const World& w, const LogEntry& e) {
    const int rank = e.who;
    switch (e.code) {
        case LogCode::EnvPluginNotFound:
            return "ENV/Plugin: Could not find: libnccl-env.so";
        case LogCode::SocketIfnameEnv:
            return "NCCL_SOCKET_IFNAME set by environment to " + w.config.socket_ifname;
        case LogCode::CommIdEnv:
            return "NCCL_COMM_ID set by environment to " + w.config.comm_id;
        case LogCode::BootstrapUsing:
            return (classic(w) ? "Bootstrap : Using " : "Bootstrap: Using ") + oob(w, rank);
        case LogCode::NoSocketInterface:
            return "Bootstrap : no socket interface found";
        case LogCode::NoListeningInterface:
            return "NET/Socket : No usable listening interface found";
        case LogCode::CudaDriverVersion:
            return classic(w) ? "cudaDriverVersion 12040" : "cudaDriverVersion 12090";
        case LogCode::NcclVersion:
            return classic(w) ? "NCCL version 2.22.3+cuda12.4" : "NCCL version 2.30.7+cuda12.9";
        case LogCode::NetPluginNotFound:
            return classic(w) ? "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin."
                              : "NET/Plugin: Could not find: libnccl-net.so";
        case LogCode::NetIbUsing:
            return netUsing(w, rank);
        case LogCode::NetIbNoDevice:
            return "NET/IB : No device found.";
        case LogCode::NetSocketUsing:
            return "NET/Socket : Using [0]" + oob(w, rank);
        case LogCode::NetPluginInitialized:
            return w.topology.nicsPerNode() > 0 ? "Initialized NET plugin IB" : "Initialized NET plugin Socket";
        case LogCode::NetPluginAssigned:
            return w.topology.nicsPerNode() > 0 ? "Assigned NET plugin IB to comm"
                                                : "Assigned NET plugin Socket to comm";
        case LogCode::UsingNetwork:
            return w.topology.nicsPerNode() > 0 ? "Using network IB" : "Using network Socket";
        case LogCode::InitStart:
            return classic(w) ? "ncclCommInitRank " + initLine(w, rank, "Init START")
                              : format("[Rank %d] %s ", rank, w.initFunction()) + initLine(w, rank, "Init START");
        case LogCode::ConnectRetry:
            return classic(w) ? "Call to connect returned Connection refused, retrying"
                              : format(
                                    "ncclOsSocketPollConnect: connect to %s returned Connection refused, retrying "
                                    "(%d/%ld) after sleep for %u msec",
                                    rootAddress(w, w.rootOf(rank)).c_str(), e.a, 34L, unsigned(e.a * 100));
        case LogCode::ConnectExceeded:
            return classic(w) ? "socketStartConnect: exceeded retries (20000)"
                              : "ncclOsSocketPollConnect: connect to " + rootAddress(w, w.rootOf(rank)) +
                                    " returned Connection refused, exceeded error retry count after 35 attempts";
        default:
            return {};
    }
}

std::uint64_t staleMagic(const World& w) { return w.id(0).magic() ^ 0x5bd1e9955bd1e995ULL; }

std::string rootMessage(const World& w, const LogEntry& e) {
    const int root = -1 - e.who;
    switch (e.code) {
        case LogCode::RootBadMagic: {
            const auto expected = static_cast<unsigned long long>(w.id(root).magic());
            const auto peer = static_cast<unsigned long long>(staleMagic(w));
            if (classic(w)) return format("socketFinalizeAccept: wrong magic %llx != %llx", peer, expected);
            const std::string from = socketString(w.interfaceAddress(w.topology.placement(e.a).node), 40000);
            return format(
                "socketFinalizeAccept from %s: socket magic mismatch (peer 0x%016llx != expected 0x%016llx), "
                "discarding peer connection",
                from.c_str(), peer, expected);
        }
        case LogCode::RootMismatch:
            if (classic(w)) return format("Bootstrap Root : mismatch in rank count from procs %d : %d", e.a, e.b);
            return format(
                "Bootstrap Root : mismatch in info from procs, nranks %d vs %d, nroots %d vs %d, iroot %d vs %d, "
                "offset %d vs %d",
                e.a, e.b, w.nroots(), w.nroots(), root, root, 0, 0);
        case LogCode::RootDuplicate:
            return format("Bootstrap Root : rank %d of %d ranks has already checked in", e.a, w.config.nranks);
        case LogCode::RootOutOfRange:
            return format("Bootstrap Root : localId %d is out of range", e.a);
        default:
            return {};
    }
}

// Messages of initTransportsRank and after.
std::string initMessage(const World& w, const LogEntry& e) {
    const int rank = e.who;
    const int n = w.config.nranks;
    const RankPlacement p = w.topology.placement(rank);
    switch (e.code) {
        case LogCode::RasClientSocket:  // localhost:28028, NCCL_RAS_CLIENT_PORT; the scene's localhost is ::1
            return "RAS client listening socket at ::1<28028>";
        case LogCode::BootstrapTimings:
            return bootstrapTimings(w, rank, e.a * 1e-6);
        case LogCode::CpuAffinity:
            return affinityLine(w, p.gpu);
        case LogCode::NvlsSupport:  // A100-class GPUs have no NVLink multicast
            return format("NVLS multicast support is not available on dev %d", p.gpu);
        case LogCode::DuplicateGpu:
            if (!classic(w))
                return "Multiple Ranks are using the same GPU/Partition. Set NCCL_MULTI_RANK_GPU_ENABLE=1 to enable "
                       "this configuration.";
            return format("Duplicate GPU detected : rank %d and rank %d both on CUDA device %llx", rank, e.a,
                          static_cast<unsigned long long>(w.topology.busId(p.gpu)));
        case LogCode::NetDevices:
            return format("Rank %d: %d Net devices", rank, w.topology.nicsPerNode());
        case LogCode::CollNetDevices:
            return format("Rank %d: %d CollNet devices", rank, 0);
        case LogCode::LocalNetCounts:
            return format("Local Net device counts across ranks: min %d max %d", w.topology.nicsPerNode(),
                          w.topology.nicsPerNode());
        case LogCode::LocalCollNetCounts:
            return "Local CollNet device counts across ranks: min 0 max 0";
        case LogCode::CommInfo:
            return format("comm 0x%llx rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL %d",
                          static_cast<unsigned long long>(w.commPointer(rank)), rank, n, w.topology.usedNodes(),
                          w.topology.localRanks(p.node), w.topology.localRank(rank), 0);
        case LogCode::Channel:
            return channelLine(w, e.a);
        case LogCode::Ring:
            return format("Ring %02d : %d -> %d -> %d", e.a, w.plan.ringPrev(rank, e.a), rank,
                          w.plan.ringNext(rank, e.a));
        case LogCode::Trees:
            return treesLine(w, rank);
        case LogCode::P2pChunksize:
            return format("P2P Chunksize set to %d", w.topology.usedNodes() > 1 ? 131072 : 524288);
        case LogCode::ProfilerPluginNotFound:
            return "PROFILER/Plugin: Could not find: libnccl-profiler.so";
        case LogCode::CheckP2pType: {
            const bool oneProcess = w.config.distribution == Distribution::InitAll;
            return format("Check P2P Type isAllDirectP2p %d directMode %d isAllCudaP2p %d", oneProcess ? 1 : 0,
                          oneProcess ? 1 : 0, w.topology.usedNodes() == 1 ? 1 : 0);
        }
        case LogCode::ProxyService:
            return format("[Proxy Service] Device %d CPU core %d", p.gpu, w.topology.proxyCpu(p.gpu, false));
        case LogCode::ProxyServiceUds:
            return format("[Proxy Service UDS] Device %d CPU core %d", p.gpu, w.topology.proxyCpu(p.gpu, true));
        case LogCode::ChannelConnect:
            return connectLine(w, rank, e.a, e.b / 2, e.b % 2 == 1);
        case LogCode::TopoConnect:
            return nccl_topology::connectionText(w.topology.model()->comm.connections[std::size_t(e.a)]);
        case LogCode::ConnectedRings:  // ≤ 2.23: plain; later with the PXN and GDR flags
            return classic(w) ? "Connected all rings" : connectedRings(w);
        case LogCode::ConnectedTrees:
            return "Connected all trees";
        case LogCode::TunerPluginNotFound:  // v2.22.3 also tries the NET plugin's library, ENOENT for both
            return classic(w) ? "TUNER/Plugin: Could not find: libnccl-tuner.so libnccl-net.so. Using internal tuner "
                                "plugin."
                              : "TUNER/Plugin: Could not find: libnccl-tuner.so";
        case LogCode::ThreadThresholds:
            return format("threadThresholds %d/%d/%d | %d/%d/%d | %d | %d", 8, 8, 64, 8 * n, 8, 64, 512, 512);
        case LogCode::ChannelCounts: {  // 2.21+ passes comm->nChannels for the collnet count too
            if (const auto* model = w.topology.model())
                return nccl_topology::channelCountsText(*model, w.config.version, rank);
            const int c = w.plan.nChannels();
            return format(
                "%d coll channels, %d collnet channels, %d nvls channels, %d p2p channels, %d p2p channels "
                "per peer",
                c, c, 0, c, c);
        }
        case LogCode::WorkFifo:  // devCommSetup, rank 0 only
            return classic(w) ? "CC Off, Multi-GPU CC Off, workFifoBytes 1048576" : "CC Off, workFifoBytes 1048576";
        case LogCode::InitComplete:  // v2.22.3 prints "ncclCommInitRank" for every non-split init
            return std::string(classic(w) ? "ncclCommInitRank" : w.initFunction()) + " " +
                   initLine(w, rank, "Init COMPLETE");
        case LogCode::InitTimings:
            return initTimings(w, rank, bootstrapSeconds(w, rank, e.a * 1e-6));
        default:
            return {};
    }
}

// Lines of the API call itself (ncclGetUniqueId, ncclCommInitRank up to ncclAsyncLaunch), printed
// on the caller's main thread; the job's lines (ncclCommInitRankFunc) are on the init thread.
bool mainThread(const LogEntry& e) {
    switch (e.code) {
        case LogCode::EnvPluginNotFound:
        case LogCode::CommIdEnv:
        case LogCode::BootstrapUsing:
        case LogCode::NoSocketInterface:
        case LogCode::NoListeningInterface:
        case LogCode::CudaDriverVersion:
        case LogCode::NcclVersion:
            return true;
        case LogCode::SocketIfnameEnv:
            return e.a == 0;
        default:
            return false;
    }
}

// The thread that prints: the root thread, a proxy thread, the main thread or the init thread.
int threadOf(const World& w, const LogEntry& e) {
    if (e.who < 0) return w.rootTid(-1 - e.who);
    if (e.code == LogCode::ProxyService || e.code == LogCode::ProxyServiceUds)
        return w.pid(e.who) + 64 + 2 * w.topology.placement(e.who).gpu + (e.code == LogCode::ProxyServiceUds);
    return mainThread(e) ? w.pid(e.who) : w.initTid(e.who);
}

}  // namespace

bool isWarn(LogCode code) {
    switch (code) {
        case LogCode::NoSocketInterface:
        case LogCode::NoListeningInterface:
        case LogCode::ConnectExceeded:
        case LogCode::RootMismatch:
        case LogCode::RootDuplicate:
        case LogCode::RootOutOfRange:
        case LogCode::DuplicateGpu:
            return true;
        default:
            return false;
    }
}

std::string formatLogLine(const World& w, const LogEntry& e) {
    const bool root = e.who < 0;
    const int rank = root ? w.rootHostRank(-1 - e.who) : e.who;
    const int dev = root ? 0 : w.topology.placement(rank).gpu;  // the root thread never sets a device
    const bool warn = isWarn(e.code) || (e.code == LogCode::RootBadMagic && classic(w));
    std::string message = root ? rootMessage(w, e) : initMessage(w, e);
    if (message.empty() && !root) message = startupMessage(w, e);
    const std::string prefix = w.hostName(w.topology.placement(rank).node) + ":" + std::to_string(w.pid(rank)) + ":" +
                               std::to_string(threadOf(w, e)) + " [" + std::to_string(dev) + "] ";
    if (!warn) return prefix + "NCCL INFO " + message;
    const WarnSite site = warnSite(w, e.code);
    if (classic(w)) return prefix + site.file + ":" + std::to_string(site.line) + " NCCL WARN " + message;
    // 2.26+: WARN lines carry a timestamp; 2.29+: the function after file:line.
    const int seconds = e.code == LogCode::ConnectExceeded ? 60 : 1;
    return format("[2026-01-01 00:%02d:%02d] ", seconds / 60, seconds % 60) + prefix + site.file + ":" +
           std::to_string(site.line) + " (" + site.function + ") NCCL WARN " + message;
}

std::vector<std::string> formatLog(const World& world, const std::vector<LogEntry>& entries) {
    std::vector<std::string> lines;
    for (const auto& entry : entries) {
        const bool warn = isWarn(entry.code) || (entry.code == LogCode::RootBadMagic && classic(world));
        if (warn) lines.emplace_back();  // NCCL starts each WARN with a newline
        lines.push_back(formatLogLine(world, entry));
    }
    return lines;
}

}  // namespace commviz::nccl
