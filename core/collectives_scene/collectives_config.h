#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "collectives/collective.h"
#include "collectives/cost_model.h"
#include "collectives/schedule_request.h"
#include "collectives_scene/nccl_topology_setup.h"
#include "nccl/device/nccl_protocol.h"
#include "sim/param_spec.h"
#include "sim/result.h"

namespace commviz::collectives {

enum class ReduceOp { Sum, Max, NonCommutative };
/// Events per step: one per message, one per round, or messages up to 1,024 ranks.
enum class Detail { Auto, Messages, Rounds };

/// The scene's settable keys, as a plain struct.
struct Config {
    Collective collective = Collective::Allreduce;
    Library library = Library::Ompi;
    std::string algorithm = "auto";
    int ranks = 8;
    std::int64_t bytes = 1048576;   ///< S as Open MPI's fixed rules mean it for the collective
    std::int64_t elementBytes = 1;  ///< key "datatype"
    bool floating = false;          ///< half, bfloat16, float or double
    int root = 0;
    ReduceOp op = ReduceOp::Sum;
    std::int64_t segsize = 0;
    int fanout = 4;
    int radix = 4;
    int nchannels = 0;  ///< 0: NCCL's count for the call on a server, one without; N: at most N
    NcclProtocol protocol = NcclProtocol::Simple;
    /// protocol=auto: NCCL's tuner picks it (Simple without a server).
    bool protocolAuto = false;
    /// library=nccl with a topo_file: the server NCCL's tuner prices; null otherwise.
    std::shared_ptr<const NcclTopologySetup> topology;
    LinkCost cost;
    /// NCCL's hardware class of the link preset (nvlink4: NVLink, pcie4x16: PCI, others: network).
    NcclHardware ncclHardware = NcclHardware::Net;
    /// True when NCCL's own latency tables price a message (a link preset, alpha_us not set):
    /// α is then NCCL's per-step latency and its base latency is paid once per operation.
    bool ncclLatencyTables = false;
    Detail detail = Detail::Auto;
    bool operator==(const Config&) const = default;
};

/// The share of a protocol's wire bytes that is data (ncclProtocolEfficiency).
double protocolEfficiency(NcclProtocol protocol);

/// The link cost a run of `algorithm` uses. NCCL: the protocol lowers the
/// useful bandwidth, and with ncclLatencyTables α is NCCL's per-step latency
/// of that algorithm and protocol on the link's hardware.
LinkCost effectiveCost(const Config& config, const std::string& algorithm);
/// effectiveCost for the configured algorithm name ("auto" prices NCCL as its ring).
inline LinkCost effectiveCost(const Config& config) { return effectiveCost(config, config.algorithm); }
/// µs paid once before the first message: NCCL's base latency with
/// ncclLatencyTables and more than one rank, else 0.
double launchLatencyUs(const Config& config, const std::string& algorithm);

/// Largest `bytes`: 16 GiB.
inline constexpr std::int64_t kMaxBytes = std::int64_t(16) << 30;
/// Per-message events are produced up to this many ranks under detail=auto.
inline constexpr int kMessageEventRanks = 1024;
/// …and, for NCCL, up to this many messages in the whole run (its channels and loops multiply them).
inline constexpr std::int64_t kMessageEventLimit = 262144;

/// The keys with defaults, ranges and help text (English; views translate).
std::vector<sim::ParamSpec> params();

/// The Config of resolved keys. A link preset sets α and β unless the person
/// set alpha_us or beta_GBps. Fails naming the key, its value and what is
/// allowed when keys contradict each other (root >= ranks, bytes not a
/// multiple of the datatype).
sim::Result<Config> configOf(const sim::MergedKeys& keys);

/// ncclNvlsSupported (NCCL src/include/device.h): the NVSwitch sums 32- and 64-bit integers, half, bfloat16,
/// float and double, and takes the maximum of the integers, half and bfloat16; never 8-bit types.
bool ncclNvlsReduces(const Config& config);

/// The number of elements of the call (bytes / datatype size).
inline std::int64_t elementCount(const Config& config) { return config.bytes / config.elementBytes; }

/// What the algorithms need from a config to lay out their schedules (the
/// engine's run and the chart's cost-only sweep read the same fields).
ScheduleRequest scheduleRequest(const Config& config);

}  // namespace commviz::collectives
