#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "nccl/nccl_version.h"
#include "sim/json.h"
#include "sim/param_spec.h"
#include "sim/result.h"

namespace commviz::nccl {

/// One step = one message, or one step = one round (macro-step, one message per rank).
enum class Detail : std::uint8_t { Messages, Rounds };
/// How the 128-byte id reaches the ranks (NCCL docs/examples/01_communicators:
/// 03_one_device_per_process_mpi and 01_multiple_devices_single_process).
enum class Distribution : std::uint8_t {
    MpiBcast,  ///< one process per GPU; rank 0 creates the id, MPI_Bcast delivers it
    InitAll,   ///< ncclCommInitAll: one process drives every GPU of one node
};

/// The scene's settable keys as a plain struct. Ranks are -1 when a fault is off.
struct Config {
    int nranks = 4;
    Version version = Version::Classic;
    int nroots = 1;  ///< ncclCommInitRankScalable ids (2.30 only)
    Detail detail = Detail::Messages;
    Distribution distribution = Distribution::MpiBcast;
    int missing_rank = -1;          ///< never calls ncclCommInitRank
    int bad_magic_rank = -1;        ///< a stale client (that rank of another job) hits the root first
    int nranks_mismatch_rank = -1;  ///< reports nranks + 1 in its extInfo
    int duplicate_rank = -1;        ///< a second process with the same rank checks in right after it
    bool root_unreachable = false;  ///< every connect to the root is refused
    bool log = false;               ///< `log=info`: summary carries the INFO lines
    int log_rank = -1;              ///< -1: every rank up to 64 ranks, else rank 0
    bool graph_subsys = false;      ///< NCCL_DEBUG_SUBSYS adds GRAPH (Ring lines)
    /// comm->runtimeConn = cuMemSupport && NCCL_RUNTIME_CONNECT (2.22+, default on): ring and
    /// tree links are built at the first collective, after Init COMPLETE; off: eagerly, before it.
    bool runtime_connect = true;
    int nodes = 0;  ///< 0: as many as the ranks need
    int gpus_per_node = 8;
    int nics_per_node = 1;
    /// NCCL_TOPO_FILE: a path or a bundled server ("" = the made-up machine above); configOf
    /// then sets nodes, gpus_per_node and nics_per_node from the file (topo_machine.h).
    std::string topo_file;
    std::string nvlink = "none";                     ///< NVLinks assumed when the file lists none (topology model key)
    int gpu_sm = 80;                                 ///< compute capability assumed for GPUs known only by class
    std::string interfaces = "ib0,eth0,docker0,lo";  ///< host interfaces, in the kernel's order
    std::string socket_ifname;                       ///< NCCL_SOCKET_IFNAME ("" = unset)
    std::string comm_id;                             ///< NCCL_COMM_ID ip:port ("" = unset)
    int stagger_threshold = 256;                     ///< NCCL_UID_STAGGER_THRESHOLD (2.30)
    std::uint64_t seed = 1;
    bool operator==(const Config&) const = default;

    /// Nodes in effect (the `nodes` key, or enough for nranks).
    int nodeCount() const { return nodes > 0 ? nodes : (nranks + gpus_per_node - 1) / gpus_per_node; }
};

/// The scene id, in scenario files and `--scene`.
inline constexpr const char* kSceneId = "nccl-bootstrap";

/// Largest communicator (today's largest training jobs pass 100,000 GPUs), and the
/// largest one `detail=messages` may step message by message.
inline constexpr int kMaxRanks = 131072;
inline constexpr int kMaxMessageRanks = 1024;
/// Most ids ncclCommInitRankScalable is given here (`nroots`, 2.30).
inline constexpr int kMaxRoots = 1024;
/// With detail=rounds, a ring allgather takes at most this many steps: above this many
/// rounds one step is a span of consecutive rounds (the events say which ones).
inline constexpr int kMaxRoundSteps = 1024;
/// Up to this many ranks `detail=auto` means messages, and the summary lists every rank's table.
inline constexpr int kSmallRanks = 64;

std::vector<sim::ParamSpec> params();

/// The key values a scenario document gives: every field except the envelope
/// (scene, format, title, description, notes) is a key; any other field is an
/// error naming the scene and the allowed keys (sim::topLevelKeys, strict).
sim::Result<sim::ParamValues> scenarioKeys(const sim::Json& scenario);

/// The Config of resolved keys (sim::resolveKeys). Cross-key rules (a fault rank
/// below nranks, nroots ≤ nranks, …) fail with one line naming the key, its value
/// and what is allowed.
sim::Result<Config> configOf(const sim::MergedKeys& keys);

/// configOf() the keys resolved by the one merge rule: `values` (keys a person
/// set) win over the scenario's fields, which win over the defaults.
sim::Result<Config> configFrom(const sim::ParamValues& values, const std::optional<sim::Json>& scenario);

sim::Json toJson(const Config& config);
const char* versionName(Version version);

}  // namespace commviz::nccl
