#include <ostream>

#include "nccl/log/info_log_reader.h"
#include "nccl/log/nccl_log_report.h"
#include "nccl/topology_scene/nccl_topo_command.h"
#include "sim/command_args.h"

namespace commviz::nccl_topology {

namespace {

const sim::CommandUsage kUsage{"nccl-log", "FILE.log", "log file",
                               "Reads an NCCL_DEBUG=INFO log (or the name of a bundled one) and prints what it\n"
                               "says: the NCCL version, ranks and hosts, rings, trees, transports, and every\n"
                               "line it could not read with its number. --json prints the same as JSON.\n"};

}  // namespace

sim::Status runNcclLogCommand(const std::vector<std::string>& args, std::ostream& out) {
    auto parsed = sim::parseCommandArgs(args, kUsage);
    if (!parsed) return parsed.error();
    if (parsed.value().help) return kUsage.printHelp(out);
    // The log's reading has no keys yet: a setting names a key that does not exist.
    if (!parsed.value().assignments.empty())
        return sim::fail("nccl-log: unknown key in '" + parsed.value().assignments.front() +
                         "': nccl-log has no keys (" + kUsage.line() + ")");
    auto log = readInfoLogFile(parsed.value().file);
    if (!log) return sim::fail("nccl-log: " + log.error().message);
    if (parsed.value().json)
        out << infoLogJson(log.value()).dump(2, ' ', false, sim::Json::error_handler_t::replace) << "\n";
    else
        out << formatInfoLogReport(log.value());
    out.flush();
    return sim::Ok{};
}

}  // namespace commviz::nccl_topology
