#include "nccl/topology_scene/nccl_topo_command.h"

#include "nccl/log/topo_log.h"
#include "nccl/log/topo_log_tuning.h"
#include "nccl/topology_scene/nccl_topo_json.h"
#include "nccl/topology_scene/topology_overview.h"
#include "sim/command_args.h"

namespace commviz::nccl_topology {

namespace {

const sim::CommandUsage kUsage{"nccl-topo", "FILE.xml", "topology file",
                               "Reads a topology XML file (NCCL_TOPO_FILE, or the name of a bundled server) as\n"
                               "NCCL reads it and prints the INFO and GRAPH lines NCCL would print: the system,\n"
                               "the paths, the ring and tree searches, the channels and their transports,\n"
                               "after a few lines of overview that start with '#'.\n"
                               "--set tuning_subsys=true adds rank 0's TUNING table (NCCL's tuner on these graphs).\n"
                               "--json prints the nodes, links, path matrices and graphs instead.\n"
                               "The keys and their ranges: commviz scenes (scene nccl-topology).\n"};

sim::Result<TopoKeys> keysOf(const sim::CommandArgs& args) {
    sim::ParamValues values;
    if (auto ok = sim::applyAssignments(topologyKeys(), args.assignments, values); !ok)
        return sim::fail("nccl-topo: " + ok.error().message);
    auto keys = topoKeysFromValues(sim::withDefaults(topologyKeys(), values));
    if (!keys) return sim::fail("nccl-topo: " + keys.error().message);
    return keys;
}

}  // namespace

sim::Status runNcclTopoCommand(const std::vector<std::string>& args, std::ostream& out) {
    auto parsed = sim::parseCommandArgs(args, kUsage);
    if (!parsed) return parsed.error();
    if (parsed.value().help) return kUsage.printHelp(out);
    auto keys = keysOf(parsed.value());
    if (!keys) return keys.error();
    auto system = readTopoFile(parsed.value().file, keys.value().assumptions);
    if (!system) return sim::fail("nccl-topo: " + system.error().message);
    const TopologyModel model = buildTopologyModel(std::move(system).value(), keys.value());
    if (parsed.value().json) {
        out << topologyJson(model, keys.value()).dump(2) << "\n";
        return sim::Ok{};
    }
    const std::string& file = parsed.value().file;
    for (const std::string& line : topologyOverview(model, keys.value(), file.substr(file.find_last_of('/') + 1)))
        out << line << "\n";
    // As NCCL_DEBUG=INFO writes them to stdout, one process after another; the tuner runs last.
    std::vector<TopoLogLine> lines = topologyLog(model, keys.value());
    if (keys.value().tuningSubsys)
        for (TopoLogLine& line : tuningLogLines(topologyTuning(model, keys.value()))) lines.push_back(std::move(line));
    for (const TopoLogLine& line : lines) {
        if (line.subsys == "WARN") out << "\n";  // NCCL starts every WARN with a newline
        out << formatLogLine(line, model) << "\n";
    }
    out.flush();
    return sim::Ok{};
}

}  // namespace commviz::nccl_topology
