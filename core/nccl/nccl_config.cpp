#include "nccl/nccl_config.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "nccl/graph/topo_keys.h"
#include "nccl/topo_machine.h"
#include "sim/scene_model.h"
#include "sim/translatable.h"

namespace commviz::nccl {

namespace {

using sim::ParamSpec;
using sim::ParamType;

ParamSpec intKey(const char* key, int def, double min, double max, const char* help) {
    return {key, ParamType::Int, def, min, max, {}, help};
}
// The rank a fault happens to, or -1 for none.
ParamSpec faultRankKey(const char* key, const char* help) { return intKey(key, -1, -1, kMaxRanks - 1, help); }
ParamSpec choiceKey(const char* key, const char* def, std::vector<std::string> choices, const char* help) {
    return {key, ParamType::Choice, def, 0, 0, std::move(choices), help};
}
ParamSpec textKey(const char* key, const char* def, const char* help) {
    return {key, ParamType::Text, def, 0, 0, {}, help};
}

// A key of the topology model (nccl_topology/topo_keys.h), the same spec and help text.
ParamSpec topologyKey(const char* key) { return *sim::findParam(nccl_topology::topologyKeys(), key); }

sim::Error badKey(const std::string& key, const sim::Json& value, const std::string& allowed) {
    const std::string shown = value.is_string() ? value.get<std::string>() : value.dump();
    return sim::fail("invalid value '" + shown + "' for key '" + key + "': allowed " + allowed);
}

// "10.0.0.1:29500": four octets and a port, what ncclSocketGetAddrFromString takes for IPv4.
bool validCommId(const std::string& text) {
    const auto colon = text.rfind(':');
    if (colon == std::string::npos) return false;
    int port = 0;
    const char* end = text.data() + text.size();
    auto [p, ec] = std::from_chars(text.data() + colon + 1, end, port);
    if (ec != std::errc() || p != end || port < 1 || port > 65535) return false;
    int octets = 0;
    std::size_t pos = 0;
    while (pos < colon) {
        int value = -1;
        auto [q, ec2] = std::from_chars(text.data() + pos, text.data() + colon, value);
        if (ec2 != std::errc() || value < 0 || value > 255) return false;
        ++octets;
        pos = std::size_t(q - text.data());
        if (pos < colon && text[pos] != '.') return false;
        if (pos < colon) ++pos;
    }
    return octets == 4;
}

bool validInterfaceList(const std::string& text) {
    if (text.empty()) return false;
    int count = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto comma = std::min(text.find(',', start), text.size());
        const auto name = text.substr(start, comma - start);
        if (name.empty() || name.size() > 15) return false;
        for (char c : name)
            if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-')) return false;
        if (++count > 16) return false;
        start = comma + 1;
    }
    return true;
}

// Rules that involve two keys; each failure names the key, its value and what is allowed.
sim::Status checkRelations(const Config& c, const sim::ParamValues& v) {
    const std::string ranks = "-1 (off) or a rank from 0 to " + std::to_string(c.nranks - 1);
    int faults = 0;
    for (const char* key : {"missing_rank", "bad_magic_rank", "nranks_mismatch_rank", "duplicate_rank", "log_rank"}) {
        const int rank = v.at(key).get<int>();
        if (rank >= c.nranks) return badKey(key, v.at(key), ranks);
        if (rank >= 0 && std::string(key) != "log_rank" && ++faults > 1)
            return badKey(key, v.at(key), "-1 while another fault key is set (one fault at a time)");
    }
    if (c.root_unreachable && faults > 0)
        return badKey("root_unreachable", v.at("root_unreachable"), "false while another fault key is set");
    if (c.nroots > c.nranks) return badKey("nroots", v.at("nroots"), "1 to nranks (" + std::to_string(c.nranks) + ")");
    if (c.nroots > 1 && c.version == Version::Classic)
        return badKey("nroots", v.at("nroots"), "1 with version=classic (several roots need version=2.30)");
    if (c.nroots > 1 && !c.comm_id.empty())
        return badKey("nroots", v.at("nroots"), "1 when comm_id (NCCL_COMM_ID) is set");
    if (c.nroots > 1 && c.distribution == Distribution::InitAll)
        return badKey("nroots", v.at("nroots"), "1 with distribution=init_all (ncclCommInitAll makes one id)");
    if (v.at("detail") == "messages" && c.nranks > kMaxMessageRanks)
        return badKey("detail", v.at("detail"),
                      "rounds or auto when nranks > " + std::to_string(kMaxMessageRanks) + " (nranks is " +
                          std::to_string(c.nranks) + ")");
    if (c.distribution == Distribution::InitAll && (c.nranks > c.gpus_per_node || c.nodeCount() > 1))
        return badKey("distribution", v.at("distribution"),
                      "mpi_bcast when the ranks span more than one node (ncclCommInitAll drives one node's GPUs)");
    if (!c.comm_id.empty() && !validCommId(c.comm_id))
        return badKey("comm_id", v.at("comm_id"), "empty or <ipv4>:<port>, e.g. 10.0.0.1:29500");
    if (!validInterfaceList(c.interfaces))
        return badKey("interfaces", v.at("interfaces"), "a comma list of 1 to 16 interface names, e.g. ib0,eth0,lo");
    return sim::Ok{};
}

}  // namespace

std::vector<sim::ParamSpec> params() {
    return {
        intKey("nranks", 4, 1, kMaxRanks,
               QT_TRANSLATE_NOOP("commviz::params", "Ranks in the communicator (1 to 131072)")),
        choiceKey("version", "classic", {"classic", "2.30"},
                  QT_TRANSLATE_NOOP("commviz::params",
                                    "Bootstrap version: classic (NCCL <= 2.22) or 2.30 (pipelined root, bidirectional "
                                    "ring allgather)")),
        intKey("nroots", 1, 1, kMaxRoots,
               QT_TRANSLATE_NOOP("commviz::params",
                                 "Unique ids / roots, as ncclCommInitRankScalable (2.30 only; 1 to 1024, at most "
                                 "nranks)")),
        choiceKey("detail", "auto", {"auto", "messages", "rounds"},
                  QT_TRANSLATE_NOOP("commviz::params",
                                    "One step per message (up to 1024 ranks) or per round (a span of rounds when a "
                                    "ring allgather has more than 1024); auto: messages up to 64 ranks")),
        choiceKey("distribution", "mpi_bcast", {"mpi_bcast", "init_all"},
                  QT_TRANSLATE_NOOP("commviz::params",
                                    "How the id reaches the ranks: MPI_Bcast (one process per GPU) or "
                                    "ncclCommInitAll (one process, one node)")),
        faultRankKey("missing_rank",
                     QT_TRANSLATE_NOOP("commviz::params", "Rank that never calls ncclCommInitRank (-1: none)")),
        faultRankKey("bad_magic_rank",
                     QT_TRANSLATE_NOOP("commviz::params",
                                       "A stale client with the wrong magic connects to the root just before this rank "
                                       "(-1: none)")),
        faultRankKey("nranks_mismatch_rank",
                     QT_TRANSLATE_NOOP("commviz::params", "Rank whose extInfo reports nranks + 1 (-1: none)")),
        faultRankKey(
            "duplicate_rank",
            QT_TRANSLATE_NOOP("commviz::params",
                              "Rank launched twice: the second process checks in right after the first (-1: none)")),
        {"root_unreachable",
         ParamType::Bool,
         false,
         0,
         0,
         {},
         QT_TRANSLATE_NOOP("commviz::params", "Every connect to the root is refused (retries, then WARN)")},
        choiceKey("log", "off", {"off", "info"},
                  QT_TRANSLATE_NOOP("commviz::params", "info: the summary lists the NCCL_DEBUG=INFO lines")),
        intKey("log_rank", -1, -1, kMaxRanks - 1,
               QT_TRANSLATE_NOOP("commviz::params",
                                 "Rank whose INFO lines are kept (-1: every rank up to 64 ranks, else rank 0)")),
        {"graph_log",
         ParamType::Bool,
         false,
         0,
         0,
         {},
         QT_TRANSLATE_NOOP("commviz::params", "NCCL_DEBUG_SUBSYS also includes GRAPH (prints the Ring lines)")},
        {"runtime_connect",
         ParamType::Bool,
         true,
         0,
         0,
         {},
         QT_TRANSLATE_NOOP("commviz::params",
                           "NCCL_RUNTIME_CONNECT with cuMem (default): ring and tree links are built at the first "
                           "collective; false: before Init COMPLETE (Connected all rings)")},
        intKey("nodes", 0, 0, kMaxRanks, QT_TRANSLATE_NOOP("commviz::params", "Nodes (0: as many as the ranks need)")),
        intKey("gpus_per_node", 8, 1, 16, QT_TRANSLATE_NOOP("commviz::params", "GPUs per node")),
        intKey("nics_per_node", 1, 0, 16, QT_TRANSLATE_NOOP("commviz::params", "InfiniBand NICs per node")),
        textKey("topo_file", "",
                QT_TRANSLATE_NOOP("commviz::params",
                                  "NCCL_TOPO_FILE: a server's topology XML (a path or a bundled name such as "
                                  "dgx_h100_nvswitch_8nic.xml); it gives the GPUs and NICs of every node, and "
                                  "initTransportsRank its rings, trees and transports (empty: a made-up machine)")),
        topologyKey("nvlink"),
        topologyKey("gpu_sm"),
        textKey("interfaces", "ib0,eth0,docker0,lo",
                QT_TRANSLATE_NOOP("commviz::params", "Network interfaces of every host, comma separated")),
        textKey("socket_ifname", "",
                QT_TRANSLATE_NOOP("commviz::params",
                                  "NCCL_SOCKET_IFNAME: prefixes, ^ to exclude, = for exact names (empty: unset)")),
        textKey("comm_id", "",
                QT_TRANSLATE_NOOP("commviz::params", "NCCL_COMM_ID <ipv4>:<port>: fixed magic, root in rank 0")),
        intKey("stagger_threshold", 256, 0, kMaxRanks,
               QT_TRANSLATE_NOOP("commviz::params",
                                 "NCCL_UID_STAGGER_THRESHOLD: ranks per root above which check-ins "
                                 "are staggered (2.30)")),
        intKey("seed", 1, 0, 4294967295.0,
               QT_TRANSLATE_NOOP("commviz::params", "Seed for the magic, ports, pids and pointers")),
    };
}

sim::Result<sim::ParamValues> scenarioKeys(const sim::Json& scenario) {
    // Every field of this scene's scenario is a key; the envelope aside, any other is refused.
    return sim::topLevelKeys(params(), scenario, true, kSceneId);
}

sim::Result<Config> configOf(const sim::MergedKeys& keys) {
    const sim::ParamValues& v = keys.values;
    Config c;
    c.nranks = v.at("nranks").get<int>();
    c.version = v.at("version") == "2.30" ? Version::V2_30 : Version::Classic;
    c.nroots = v.at("nroots").get<int>();
    const std::string detail = v.at("detail").get<std::string>();
    c.detail = detail == "rounds" || (detail == "auto" && c.nranks > kSmallRanks) ? Detail::Rounds : Detail::Messages;
    c.distribution = v.at("distribution") == "init_all" ? Distribution::InitAll : Distribution::MpiBcast;
    c.missing_rank = v.at("missing_rank").get<int>();
    c.bad_magic_rank = v.at("bad_magic_rank").get<int>();
    c.nranks_mismatch_rank = v.at("nranks_mismatch_rank").get<int>();
    c.duplicate_rank = v.at("duplicate_rank").get<int>();
    c.root_unreachable = v.at("root_unreachable").get<bool>();
    c.log = v.at("log") == "info";
    c.log_rank = v.at("log_rank").get<int>();
    c.graph_subsys = v.at("graph_log").get<bool>();
    c.runtime_connect = v.at("runtime_connect").get<bool>();
    c.nodes = v.at("nodes").get<int>();
    c.gpus_per_node = v.at("gpus_per_node").get<int>();
    c.nics_per_node = v.at("nics_per_node").get<int>();
    c.topo_file = v.at("topo_file").get<std::string>();
    c.nvlink = v.at("nvlink").get<std::string>();
    c.gpu_sm = v.at("gpu_sm").get<int>();
    c.interfaces = v.at("interfaces").get<std::string>();
    c.socket_ifname = v.at("socket_ifname").get<std::string>();
    c.comm_id = v.at("comm_id").get<std::string>();
    c.stagger_threshold = v.at("stagger_threshold").get<int>();
    c.seed = v.at("seed").get<std::uint64_t>();
    if (!c.topo_file.empty())
        if (auto status = applyTopoFile(c, keys); !status) return status.error();
    if (auto status = checkRelations(c, v); !status) return status.error();
    return c;
}

sim::Result<Config> configFrom(const sim::ParamValues& values, const std::optional<sim::Json>& scenario) {
    // The scene's own merge (sim::resolveKeys), without the engine factory of sceneModel().
    sim::SceneModel keysOnly;
    keysOnly.id = kSceneId;
    keysOnly.params = params();
    keysOnly.scenarioKeys = scenarioKeys;
    auto keys = sim::resolveKeys(keysOnly, values, scenario);
    if (!keys) return keys.error();
    return configOf(keys.value());
}

const char* versionName(Version version) { return version == Version::Classic ? "classic" : "2.30"; }

sim::Json toJson(const Config& c) {
    return {{"nranks", c.nranks},
            {"version", versionName(c.version)},
            {"nroots", c.nroots},
            {"detail", c.detail == Detail::Messages ? "messages" : "rounds"},
            {"distribution", c.distribution == Distribution::InitAll ? "init_all" : "mpi_bcast"},
            {"missing_rank", c.missing_rank},
            {"bad_magic_rank", c.bad_magic_rank},
            {"nranks_mismatch_rank", c.nranks_mismatch_rank},
            {"duplicate_rank", c.duplicate_rank},
            {"root_unreachable", c.root_unreachable},
            {"log", c.log ? "info" : "off"},
            {"log_rank", c.log_rank},
            {"graph_log", c.graph_subsys},
            {"runtime_connect", c.runtime_connect},
            {"nodes", c.nodeCount()},
            {"gpus_per_node", c.gpus_per_node},
            {"nics_per_node", c.nics_per_node},
            {"topo_file", c.topo_file},
            {"nvlink", c.nvlink},
            {"gpu_sm", c.gpu_sm},
            {"interfaces", c.interfaces},
            {"socket_ifname", c.socket_ifname},
            {"comm_id", c.comm_id},
            {"stagger_threshold", c.stagger_threshold},
            {"seed", c.seed}};
}

}  // namespace commviz::nccl
