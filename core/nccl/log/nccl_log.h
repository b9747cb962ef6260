#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "nccl/world.h"

namespace commviz::nccl {

/// One NCCL_DEBUG line, typed: which format (`code`), who printed it (a rank, or
/// root k as -1 - k), and up to two numbers the format needs. Text is made only
/// when shown (formatLogLine), so engines stay small.
enum class LogCode : std::uint8_t {
    EnvPluginNotFound,  ///< 2.30
    SocketIfnameEnv,    ///< a = 0 bootstrapNetInit (main thread), 1 a NET plugin's init (init thread)
    CommIdEnv,
    BootstrapUsing,
    NoSocketInterface,
    NoListeningInterface,
    CudaDriverVersion,
    NcclVersion,
    NetPluginNotFound,
    NetIbUsing,
    NetIbNoDevice,
    NetSocketUsing,
    NetPluginInitialized,
    NetPluginAssigned,
    UsingNetwork,
    InitStart,
    ConnectRetry,      ///< a = attempt
    ConnectExceeded,   ///< WARN
    RootBadMagic,      ///< 2.30 INFO, classic WARN
    RootMismatch,      ///< WARN; a = root's nranks, b = reported nranks
    RootDuplicate,     ///< WARN; a = rank
    RootOutOfRange,    ///< WARN; a = localId
    RasClientSocket,   ///< 2.30
    BootstrapTimings,  ///< a = microseconds waited for the root's reply
    DuplicateGpu,      ///< WARN; a = the other rank
    CpuAffinity,
    NvlsSupport,
    NetDevices,
    CollNetDevices,
    LocalNetCounts,
    LocalCollNetCounts,
    CommInfo,
    Channel,  ///< a = channel
    Ring,     ///< a = channel (GRAPH)
    Trees,
    P2pChunksize,
    ProfilerPluginNotFound,
    CheckP2pType,
    ProxyService,
    ProxyServiceUds,
    ChannelConnect,  ///< a = channel, b = 2 × peer + (0 send / 1 receive)
    ConnectedRings,
    ConnectedTrees,
    TunerPluginNotFound,
    ThreadThresholds,
    ChannelCounts,
    WorkFifo,
    InitComplete,
    InitTimings,  ///< a = bootstrap microseconds
    TopoConnect,  ///< with topo_file: a = index into the topology model's connections
};

struct LogEntry {
    std::uint32_t step = 0;  ///< the engine step that printed it (1-based)
    LogCode code = LogCode::InitStart;
    std::int32_t who = 0;  ///< rank, or -1 - root
    std::int32_t a = 0;
    std::int32_t b = 0;
    bool operator==(const LogEntry&) const = default;
};

bool isWarn(LogCode code);
/// The line as NCCL prints it, prefix included (`node0:1234:1234 [0] NCCL INFO …`;
/// WARN lines with file:line and, in 2.30, the timestamp and function).
std::string formatLogLine(const World& world, const LogEntry& entry);
/// Lines in order; each WARN is preceded by the empty line its leading newline makes.
std::vector<std::string> formatLog(const World& world, const std::vector<LogEntry>& entries);

}  // namespace commviz::nccl
