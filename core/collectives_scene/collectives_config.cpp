#include "collectives_scene/collectives_config.h"

#include <utility>

#include "nccl/graph/nccl_tuner.h"
#include "sim/translatable.h"

namespace commviz::collectives {

namespace {

sim::ParamSpec choice(std::string key, std::string value, std::vector<std::string> choices, std::string help) {
    sim::ParamSpec spec;
    spec.key = std::move(key);
    spec.type = sim::ParamType::Choice;
    spec.defaultValue = std::move(value);
    spec.choices = std::move(choices);
    spec.help = std::move(help);
    return spec;
}

sim::ParamSpec number(std::string key, sim::ParamType type, sim::Json value, double min, double max, std::string help) {
    sim::ParamSpec spec;
    spec.key = std::move(key);
    spec.type = type;
    spec.defaultValue = std::move(value);
    spec.min = min;
    spec.max = max;
    spec.help = std::move(help);
    return spec;
}

std::int64_t datatypeBytes(const std::string& name) {
    if (name == "half" || name == "bfloat16") return 2;
    if (name == "int32" || name == "float") return 4;
    if (name == "int64" || name == "double") return 8;
    return 1;
}

// Open MPI's names; MPI's and NCCL's words (broadcast, reducescatter) are read as them.
sim::ParamSpec collectiveKey() {
    sim::ParamSpec spec = choice("collective", "allreduce", collectiveNames(),
                                 QT_TRANSLATE_NOOP("commviz::params", "The collective operation"));
    spec.aliases = {{"broadcast", "bcast"}, {"reducescatter", "reduce_scatter"}};
    return spec;
}

}  // namespace

std::vector<sim::ParamSpec> params() {
    using sim::ParamType;
    std::vector<sim::ParamSpec> keys = {
        collectiveKey(),
        choice("library", "ompi", {"ompi", "nccl"},
               QT_TRANSLATE_NOOP("commviz::params", "Whose algorithms: Open MPI coll/tuned or NCCL")),
        number("algorithm", ParamType::Text, "auto", 0, 0,
               QT_TRANSLATE_NOOP("commviz::params",
                                 "Algorithm name of that library, or auto (Open MPI's fixed decision rules)")),
        number("ranks", ParamType::Int, 8, 1, 4096,
               QT_TRANSLATE_NOOP("commviz::params", "Processes in the communicator")),
        number("bytes", ParamType::Int, 1048576, 1, double(kMaxBytes),
               QT_TRANSLATE_NOOP("commviz::params",
                                 "Message size S in bytes: the whole vector (allreduce, reduce, bcast, reduce_scatter) "
                                 "or one rank's block (allgather, gather, scatter, alltoall, reduce_scatter_block)")),
        choice("datatype", "int8", {"int8", "half", "bfloat16", "int32", "int64", "float", "double"},
               QT_TRANSLATE_NOOP("commviz::params", "Element type; bytes must be a multiple of its size")),
        number("root", ParamType::Int, 0, 0, 4095,
               QT_TRANSLATE_NOOP("commviz::params", "Root rank of rooted collectives")),
        choice("op", "sum", {"sum", "max", "noncommutative"},
               QT_TRANSLATE_NOOP("commviz::params",
                                 "Reduction; noncommutative restricts Open MPI to order-keeping algorithms")),
        number("segsize", ParamType::Int, 0, 0, double(kMaxBytes),
               QT_TRANSLATE_NOOP("commviz::params", "Segment size in bytes for segmented algorithms (0: none)")),
        number("fanout", ParamType::Int, 4, 1, 64, QT_TRANSLATE_NOOP("commviz::params", "Chains or tree fan-out")),
        number("radix", ParamType::Int, 4, 2, 64, QT_TRANSLATE_NOOP("commviz::params", "Radix of k-nomial trees")),
        number("nchannels", ParamType::Int, 0, 0, 32,
               QT_TRANSLATE_NOOP("commviz::params",
                                 "NCCL channels: 0 = as many as NCCL gives the call on the server (one without a "
                                 "server); N = at most N, as NCCL_MAX_NCHANNELS")),
        choice("protocol", "auto", {"auto", "simple", "ll", "ll128"},
               QT_TRANSLATE_NOOP("commviz::params",
                                 "NCCL protocol: auto (NCCL's tuner picks; Simple without a server), Simple, LL (half "
                                 "of every line is a flag) or LL128 (1/16 is); with a link preset, α is NCCL's "
                                 "per-step latency of the protocol and its base latency is paid once")),
        choice("link", "ib400", linkNames(),
               QT_TRANSLATE_NOOP("commviz::params",
                                 "Link preset for α and β: nvlink4 1 µs 450 GB/s, pcie4x16 2 µs 32 GB/s, ib400 2 µs "
                                 "50 GB/s, ib200 2 µs 25 GB/s, eth100 10 µs 12.5 GB/s; custom: alpha_us, beta_GBps")),
        number("alpha_us", ParamType::Double, 2.0, 0, 1e6,
               QT_TRANSLATE_NOOP("commviz::params", "Start-up time α per message, µs")),
        number("beta_GBps", ParamType::Double, 50.0, 0.001, 1e6,
               QT_TRANSLATE_NOOP("commviz::params", "Link bandwidth 1/β, GB/s (10^9 bytes per second)")),
        number("gamma_GBps", ParamType::Double, 100.0, 0.001, 1e6,
               QT_TRANSLATE_NOOP("commviz::params", "Reduction throughput 1/γ, GB/s")),
        choice(
            "detail", "auto", {"auto", "messages", "rounds"},
            QT_TRANSLATE_NOOP("commviz::params",
                              "Events: one per message, one per round, or messages up to 1,024 ranks (and, for NCCL, "
                              "262,144 messages)")),
    };
    for (sim::ParamSpec& key : ncclTopologyParams()) keys.push_back(std::move(key));
    return keys;
}

namespace {

LinkCost costOf(const sim::MergedKeys& keys, const std::string& link) {
    LinkCost cost{keys.at("alpha_us").get<double>(), keys.at("beta_GBps").get<double>(),
                  keys.at("gamma_GBps").get<double>()};
    if (const auto preset = findLinkPreset(link)) {
        if (!keys.setByPerson("alpha_us")) cost.alpha_us = preset->alpha_us;
        if (!keys.setByPerson("beta_GBps")) cost.beta_GBps = preset->beta_GBps;
    }
    return cost;
}

template <class Enum>
Enum pick(const std::string& text, std::initializer_list<std::pair<const char*, Enum>> table) {
    for (const auto& [spelling, value] : table)
        if (text == spelling) return value;
    return table.begin()->second;
}

}  // namespace

double protocolEfficiency(NcclProtocol protocol) { return ncclProtocolEfficiency(protocol); }

namespace {

NcclAlgorithm ncclAlgorithmOf(const std::string& algorithm) {
    return algorithm == "tree" ? NcclAlgorithm::Tree : NcclAlgorithm::Ring;
}

// With a server and no link given, the animation's link is the server's: NVLink inside an NVLink server,
// PCIe inside another, InfiniBand between servers (the ring's typeIntra and nNodes, as tuning.cc reads them).
std::string linkOf(const sim::MergedKeys& keys, const NcclTopologySetup* topology) {
    const std::string link = keys.at("link").get<std::string>();
    if (!topology || keys.sources.at("link") != sim::KeySource::Default) return link;
    if (topology->nNodes > 1) return "ib400";
    return topology->inputs.ringGraph.typeIntra == nccl_tuning::PathType::NVL ? "nvlink4" : "pcie4x16";
}

NcclHardware hardwareOf(const std::string& link) {
    if (link == "nvlink4") return NcclHardware::Nvlink;
    if (link == "pcie4x16") return NcclHardware::Pci;
    return NcclHardware::Net;
}

}  // namespace

LinkCost effectiveCost(const Config& config, const std::string& algorithm) {
    LinkCost cost = config.cost;
    if (config.library != Library::Nccl) return cost;
    cost.beta_GBps *= protocolEfficiency(config.protocol);
    if (config.ncclLatencyTables)
        cost.alpha_us = ncclStepLatencyUs(config.ncclHardware, ncclAlgorithmOf(algorithm), config.protocol);
    return cost;
}

double launchLatencyUs(const Config& config, const std::string& algorithm) {
    if (config.library != Library::Nccl || !config.ncclLatencyTables || config.ranks < 2) return 0.0;
    return ncclBaseLatencyUs(ncclAlgorithmOf(algorithm), config.protocol);
}

sim::Result<Config> configOf(const sim::MergedKeys& keys) {
    Config config;
    config.collective = parseCollective(keys.at("collective").get<std::string>()).value_or(Collective::Allreduce);
    config.library = keys.at("library").get<std::string>() == "nccl" ? Library::Nccl : Library::Ompi;
    config.algorithm = keys.at("algorithm").get<std::string>();
    config.ranks = keys.at("ranks").get<int>();
    config.bytes = keys.at("bytes").get<std::int64_t>();
    const std::string datatype = keys.at("datatype").get<std::string>();
    config.elementBytes = datatypeBytes(datatype);
    config.floating = datatype == "half" || datatype == "bfloat16" || datatype == "float" || datatype == "double";
    config.root = keys.at("root").get<int>();
    config.op =
        pick<ReduceOp>(keys.at("op").get<std::string>(),
                       {{"sum", ReduceOp::Sum}, {"max", ReduceOp::Max}, {"noncommutative", ReduceOp::NonCommutative}});
    config.segsize = keys.at("segsize").get<std::int64_t>();
    config.fanout = keys.at("fanout").get<int>();
    config.radix = keys.at("radix").get<int>();
    config.nchannels = keys.at("nchannels").get<int>();
    config.protocol = pick<NcclProtocol>(
        keys.at("protocol").get<std::string>(),
        {{"simple", NcclProtocol::Simple}, {"ll", NcclProtocol::Ll}, {"ll128", NcclProtocol::Ll128}});
    config.protocolAuto = keys.at("protocol").get<std::string>() == "auto";
    config.detail = pick<Detail>(keys.at("detail").get<std::string>(),
                                 {{"auto", Detail::Auto}, {"messages", Detail::Messages}, {"rounds", Detail::Rounds}});
    if (config.root >= config.ranks)
        return sim::fail("root=" + std::to_string(config.root) + " is not a rank; allowed: 0 to " +
                         std::to_string(config.ranks - 1) + " (ranks=" + std::to_string(config.ranks) + ")");
    if (config.bytes % config.elementBytes != 0)
        return sim::fail("bytes=" + std::to_string(config.bytes) + " is not a whole number of " +
                         keys.at("datatype").get<std::string>() + " elements; allowed: multiples of " +
                         std::to_string(config.elementBytes));
    auto topology = loadNcclTopology(keys);
    if (!topology) return topology.error();
    config.topology = std::move(topology).value();
    const std::string link = linkOf(keys, config.topology.get());
    config.cost = costOf(keys, link);
    config.ncclHardware = hardwareOf(link);
    config.ncclLatencyTables = findLinkPreset(link).has_value() && !keys.setByPerson("alpha_us");
    return config;
}

ScheduleRequest scheduleRequest(const Config& config) {
    ScheduleRequest request;
    request.collective = config.collective;
    request.ranks = config.ranks;
    request.count = elementCount(config);
    request.elementBytes = config.elementBytes;
    request.root = config.root;
    request.segsize = config.segsize;
    request.fanout = config.fanout;
    request.radix = config.radix;
    request.nchannels = std::max(config.nchannels, 1);
    request.protocol = config.protocol;
    request.hardware = config.ncclHardware;
    request.linkGBps = config.cost.beta_GBps;
    request.commutative = config.op != ReduceOp::NonCommutative;
    return request;
}

bool ncclNvlsReduces(const Config& config) {
    if (config.elementBytes == 1) return false;  // int8: no multimem reduction of 8-bit types
    if (config.op == ReduceOp::Sum) return true;
    // Min and max: integers and the 16-bit floats (half, bfloat16), not float or double.
    return config.op == ReduceOp::Max && (!config.floating || config.elementBytes == 2);
}

}  // namespace commviz::collectives
