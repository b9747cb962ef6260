#include "nccl/topology_scene/nccl_log_keys.h"

#include "nccl/log/tuning_log_reader.h"
#include "sim/translatable.h"

namespace commviz::nccl_topology {

namespace {

sim::ParamSpec key(std::string name, sim::ParamType type, sim::Json defaultValue, std::string help) {
    sim::ParamSpec spec;
    spec.key = std::move(name);
    spec.type = type;
    spec.defaultValue = std::move(defaultValue);
    spec.help = std::move(help);
    return spec;
}

sim::ParamSpec choice(sim::ParamSpec spec, std::vector<std::string> choices) {
    spec.choices = std::move(choices);
    return spec;
}

sim::ParamSpec ranged(sim::ParamSpec spec, double min, double max) {
    spec.min = min;
    spec.max = max;
    return spec;
}

int intOf(const sim::Json& value) { return value.is_string() ? std::stoi(value.get<std::string>()) : value.get<int>(); }

}  // namespace

const std::vector<sim::ParamSpec>& ncclLogKeys() {
    using sim::ParamType;
    // Compute capabilities of the GPUs NCCL 2.18–2.30 run on (Pascal to Blackwell), as cudaCompCap reads them.
    static const std::vector<sim::ParamSpec> keys = {
        choice(key("gpu_sm", ParamType::Choice, "log",
                   QT_TRANSLATE_NOOP("commviz::params",
                                     "The GPUs' compute capability for the tuner when the log names none")),
               {"log", "60", "61", "70", "75", "80", "86", "87", "89", "90", "100", "103", "110", "120", "121"}),
        key("nccl_version", ParamType::Text, "",
            QT_TRANSLATE_NOOP("commviz::params",
                              "The NCCL release whose tuning rules apply when the log prints none "
                              "(2.18 to 2.30, e.g. 2.22.3)")),
        ranged(key("nranks", ParamType::Int, 0,
                   QT_TRANSLATE_NOOP("commviz::params",
                                     "Ranks of the communicator when the log does not say (0: the "
                                     "log's)")),
               0, 1 << 17),
        ranged(key("nnodes", ParamType::Int, 0,
                   QT_TRANSLATE_NOOP("commviz::params",
                                     "Nodes of the communicator when the log does not say (0: the "
                                     "log's)")),
               0, 1 << 17),
        choice(
            key("collective", ParamType::Choice, "AllReduce",
                QT_TRANSLATE_NOOP("commviz::params", "The collective of selection lines that name none (up to 2.22)")),
            {"Broadcast", "Reduce", "AllGather", "ReduceScatter", "AllReduce"}),
    };
    return keys;
}

sim::Result<nccl_tuning::TuningLogSettings> ncclLogSettings(const std::vector<std::string>& assignments) {
    sim::ParamValues values;
    if (auto ok = sim::applyAssignments(ncclLogKeys(), assignments, values); !ok) return ok.error();
    const sim::ParamValues all = sim::withDefaults(ncclLogKeys(), values);
    nccl_tuning::TuningLogSettings settings;
    const std::string sm = all.at("gpu_sm").get<std::string>();
    settings.gpuSm = sm == "log" ? 0 : intOf(all.at("gpu_sm"));
    settings.ncclVersion = all.at("nccl_version").get<std::string>();
    if (!settings.ncclVersion.empty())
        if (auto version = nccl_tuning::parseTuningVersion(settings.ncclVersion); !version)
            return sim::fail("key 'nccl_version' has value '" + settings.ncclVersion +
                             "': give 2.18 to 2.30, e.g. 2.22.3");
    settings.nRanks = all.at("nranks").get<int>();
    settings.nNodes = all.at("nnodes").get<int>();
    settings.collective = nccl_tuning::ncclFuncIndex(all.at("collective").get<std::string>());
    return settings;
}

}  // namespace commviz::nccl_topology
