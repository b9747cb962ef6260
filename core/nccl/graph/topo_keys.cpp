#include "nccl/graph/topo_keys.h"

#include "sim/translatable.h"

namespace commviz::nccl_topology {

namespace {

// Path names NCCL accepts for its level variables, plus its old numbers 0-5.
const std::vector<std::string> kLevels = {"default", "LOC", "NVL", "NVB", "C2C", "PIX", "PXB", "P2C", "PXN",
                                          "PHB",     "SYS", "0",   "1",   "2",   "3",   "4",   "5"};

sim::ParamSpec key(std::string name, sim::ParamType type, sim::Json defaultValue, std::string help) {
    sim::ParamSpec spec;
    spec.key = std::move(name);
    spec.type = type;
    spec.defaultValue = std::move(defaultValue);
    spec.help = std::move(help);
    return spec;
}

sim::ParamSpec ranged(sim::ParamSpec spec, double min, double max) {
    spec.min = min;
    spec.max = max;
    return spec;
}

sim::ParamSpec choice(sim::ParamSpec spec, std::vector<std::string> choices, std::string origin = "NCCL") {
    spec.choices = std::move(choices);
    spec.defaultOrigin = std::move(origin);
    return spec;
}

sim::ParamSpec fromNccl(sim::ParamSpec spec) {
    spec.defaultOrigin = "NCCL";
    return spec;
}

std::optional<PathType> levelOf(const sim::Json& value) {
    std::string text = value.get<std::string>();
    return text == "default" ? std::nullopt : parseLevel(text);
}

}  // namespace

const std::vector<sim::ParamSpec>& topologyKeys() {
    using sim::ParamType;
    static const std::vector<sim::ParamSpec> keys = {
        choice(key("nvlink", ParamType::Choice, "none",
                   QT_TRANSLATE_NOOP("commviz::params",
                                     "NVLinks assumed when the file lists none (NCCL reads them from NVML)")),
               {"none", "nvswitch", "hybrid_cube_mesh"}, ""),
        ranged(key("gpu_sm", ParamType::Int, 80,
                   QT_TRANSLATE_NOOP("commviz::params", "Compute capability assumed for GPUs known only by PCI class")),
               60, 120),
        ranged(key("nic_speed", ParamType::Int, 100000,
                   QT_TRANSLATE_NOOP("commviz::params", "Speed in Mb/s assumed for NICs known only by PCI class")),
               1000, 3200000),
        key("gdr", ParamType::Bool, true,
            QT_TRANSLATE_NOOP("commviz::params", "GPUDirect RDMA assumed on GPUs and NICs known only by PCI class")),
        choice(key("p2p_level", ParamType::Choice, "default",
                   QT_TRANSLATE_NOOP("commviz::params", "NCCL_P2P_LEVEL: farthest path that may use P2P")),
               kLevels),
        fromNccl(key("p2p_disable", ParamType::Bool, false,
                     QT_TRANSLATE_NOOP("commviz::params", "NCCL_P2P_DISABLE: no P2P between GPUs"))),
        choice(key("net_gdr_level", ParamType::Choice, "default",
                   QT_TRANSLATE_NOOP("commviz::params",
                                     "NCCL_NET_GDR_LEVEL: farthest GPU-NIC path that may use GPUDirect RDMA")),
               kLevels),
        fromNccl(key("net_gdr_c2c", ParamType::Bool, true,
                     QT_TRANSLATE_NOOP("commviz::params", "NCCL_NET_GDR_C2C: default GDR level P2C instead of PXB"))),
        fromNccl(
            key("pxn_disable", ParamType::Bool, false,
                QT_TRANSLATE_NOOP("commviz::params", "NCCL_PXN_DISABLE: never relay to a NIC through a peer GPU"))),
        fromNccl(key("pxn_c2c", ParamType::Bool, true,
                     QT_TRANSLATE_NOOP("commviz::params", "NCCL_PXN_C2C: a relaying GPU may reach its NIC at P2C"))),
        fromNccl(key("nvb_disable", ParamType::Bool, false,
                     QT_TRANSLATE_NOOP("commviz::params", "NCCL_NVB_DISABLE: no NVLink paths through another GPU"))),
        fromNccl(key("cumem_enable", ParamType::Bool, true,
                     QT_TRANSLATE_NOOP("commviz::params",
                                       "NCCL_CUMEM_ENABLE: share P2P buffers as cuMem handles (P2P/CUMEM), else "
                                       "through CUDA IPC (P2P/IPC)"))),
        fromNccl(ranged(key("nvls_enable", ParamType::Int, 2,
                            QT_TRANSLATE_NOOP("commviz::params",
                                              "NCCL_NVLS_ENABLE: 0 off, 1 on, 2 where the driver reports multicast "
                                              "(taken to be every NVSwitch server)")),
                        0, 2)),
        ranged(key("nnodes", ParamType::Int, 1,
                   QT_TRANSLATE_NOOP("commviz::params", "Servers like this one in the job, joined by ncclTopoPostset")),
               1, 1024),
        fromNccl(
            ranged(key("cross_nic", ParamType::Int, 2,
                       QT_TRANSLATE_NOOP("commviz::params",
                                         "NCCL_CROSS_NIC: 0 never, 1 may, 2 may if it pays, change NICs in a ring")),
                   0, 2)),
        fromNccl(ranged(key("min_nchannels", ParamType::Int, 0,
                            QT_TRANSLATE_NOOP("commviz::params", "NCCL_MIN_NCHANNELS: fewest channels (0: unset)")),
                        0, 64)),
        fromNccl(ranged(key("max_nchannels", ParamType::Int, 64,
                            QT_TRANSLATE_NOOP("commviz::params", "NCCL_MAX_NCHANNELS: most channels")),
                        1, 64)),
        choice(key("version", ParamType::Choice, "classic",
                   QT_TRANSLATE_NOOP("commviz::params",
                                     "NCCL version whose log lines are printed: classic (2.22.3) or 2.30 (2.30.7); the "
                                     "TUNING table follows the tuner of 2.22.3 or 2.30.7")),
               {"classic", "2.30"}, ""),
        key("graph_subsys", ParamType::Bool, false,
            QT_TRANSLATE_NOOP("commviz::params", "NCCL_DEBUG_SUBSYS includes GRAPH: print the search and Ring lines")),
        key("tuning_subsys", ParamType::Bool, false,
            QT_TRANSLATE_NOOP("commviz::params",
                              "Print the TUNING lines too (NCCL_DEBUG_SUBSYS=TUNING): the Latency/AlgBw table and "
                              "Max NThreads")),
    };
    return keys;
}

sim::Result<TopoKeys> topoKeysFromValues(const sim::ParamValues& values) {
    for (const sim::ParamSpec& spec : topologyKeys()) {
        auto found = values.find(spec.key);
        if (found == values.end()) return sim::fail("key '" + spec.key + "' has no value");
        if (auto ok = sim::checkParam(spec, found->second); !ok) return ok.error();
    }
    TopoKeys keys;
    const std::string nvlink = values.at("nvlink").get<std::string>();
    keys.assumptions.nvlink = nvlink == "nvswitch"           ? NvLinkFill::NvSwitch
                              : nvlink == "hybrid_cube_mesh" ? NvLinkFill::HybridCubeMesh
                                                             : NvLinkFill::None;
    keys.assumptions.gpuSm = values.at("gpu_sm").get<int>();
    keys.assumptions.nicSpeedMbps = values.at("nic_speed").get<int>();
    keys.assumptions.gdr = values.at("gdr").get<bool>();
    keys.policy.p2pLevel = levelOf(values.at("p2p_level"));
    keys.policy.p2pDisable = values.at("p2p_disable").get<bool>();
    keys.policy.netGdrLevel = levelOf(values.at("net_gdr_level"));
    keys.policy.netGdrC2c = values.at("net_gdr_c2c").get<bool>();
    keys.policy.pxnDisable = values.at("pxn_disable").get<bool>();
    keys.policy.pxnC2c = values.at("pxn_c2c").get<bool>();
    keys.policy.nvbDisable = values.at("nvb_disable").get<bool>();
    const int nNodes = values.at("nnodes").get<int>();
    keys.search.nNodes = keys.postset.nNodes = nNodes;
    keys.search.crossNic = values.at("cross_nic").get<int>();
    keys.postset.minChannels = values.at("min_nchannels").get<int>();
    keys.postset.maxChannels = values.at("max_nchannels").get<int>();
    if (keys.postset.minChannels > keys.postset.maxChannels)
        return sim::fail("key 'min_nchannels' has value " + std::to_string(keys.postset.minChannels) +
                         ": must be at most max_nchannels (" + std::to_string(keys.postset.maxChannels) + ")");
    keys.version = values.at("version").get<std::string>() == "2.30" ? nccl::Version::V2_30 : nccl::Version::Classic;
    keys.search.version = keys.postset.version = keys.version;
    keys.graphSubsys = values.at("graph_subsys").get<bool>();
    keys.tuningSubsys = values.at("tuning_subsys").get<bool>();
    keys.cuMem = values.at("cumem_enable").get<bool>();
    keys.nvlsEnable = values.at("nvls_enable").get<int>();
    return keys;
}

}  // namespace commviz::nccl_topology
