#include "nccl/topology_scene/nccl_topo_command.h"

#include "nccl/topology_scene/nccl_topo_json.h"
#include "nccl/log/topo_log.h"

namespace commviz::nccl_topology {

namespace {

struct TopoArgs {
    std::string file;
    std::vector<std::string> assignments;
    bool json = false;
};

constexpr const char* kUsage = "usage: commviz nccl-topo FILE.xml [--set key=value]... [--json]";

sim::Result<TopoArgs> parseArgs(const std::vector<std::string>& args) {
    TopoArgs parsed;
    for (size_t index = 0; index < args.size(); ++index) {
        const std::string& arg = args[index];
        if (arg == "--json") {
            parsed.json = true;
        } else if (arg == "--set") {
            if (index + 1 == args.size())
                return sim::fail(std::string("nccl-topo: --set needs key=value (") + kUsage + ")");
            parsed.assignments.push_back(args[++index]);
        } else if (arg.rfind("--set=", 0) == 0) {
            parsed.assignments.push_back(arg.substr(6));
        } else if (arg.rfind("--", 0) == 0) {
            return sim::fail("nccl-topo: unknown option '" + arg + "': allowed --set, --json (" + kUsage + ")");
        } else if (parsed.file.empty()) {
            parsed.file = arg;
        } else {
            return sim::fail("nccl-topo: unexpected argument '" + arg + "' (" + kUsage + ")");
        }
    }
    if (parsed.file.empty()) return sim::fail(std::string("nccl-topo: missing FILE.xml (") + kUsage + ")");
    return parsed;
}

sim::Result<TopoKeys> keysOf(const TopoArgs& args) {
    sim::ParamValues values;
    if (auto ok = sim::applyAssignments(topologyKeys(), args.assignments, values); !ok)
        return sim::fail("nccl-topo: " + ok.error().message);
    auto keys = topoKeysFromValues(sim::withDefaults(topologyKeys(), values));
    if (!keys) return sim::fail("nccl-topo: " + keys.error().message);
    return keys;
}

}  // namespace

sim::Status runNcclTopoCommand(const std::vector<std::string>& args, std::ostream& out) {
    auto parsed = parseArgs(args);
    if (!parsed) return parsed.error();
    auto keys = keysOf(parsed.value());
    if (!keys) return keys.error();
    auto system = readTopoFile(parsed.value().file, keys.value().assumptions);
    if (!system) return sim::fail("nccl-topo: " + system.error().message);
    const TopologyModel model = buildTopologyModel(std::move(system).value(), keys.value());
    if (parsed.value().json) {
        out << topologyJson(model, keys.value()).dump(2) << "\n";
        return sim::Ok{};
    }
    // As NCCL_DEBUG=INFO writes them to stdout, one process after another.
    for (const TopoLogLine& line : topologyLog(model, keys.value())) {
        if (line.subsys == "WARN") out << "\n";  // NCCL starts every WARN with a newline
        out << formatLogLine(line, model) << "\n";
    }
    out.flush();
    return sim::Ok{};
}

}  // namespace commviz::nccl_topology
