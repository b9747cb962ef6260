#include <ostream>

#include "nccl/log/info_log_reader.h"
#include "nccl/log/nccl_log_report.h"
#include "nccl/topology_scene/nccl_topo_command.h"

namespace commviz::nccl_topology {

namespace {

constexpr const char* kUsage = "usage: commviz nccl-log FILE.log [--json]";

struct LogArgs {
    std::string file;
    bool json = false;
};

sim::Result<LogArgs> parseLogArgs(const std::vector<std::string>& args) {
    LogArgs parsed;
    for (const std::string& arg : args) {
        if (arg == "--json") {
            parsed.json = true;
        } else if (arg.rfind("--", 0) == 0) {
            return sim::fail("nccl-log: unknown option '" + arg + "': allowed --json (" + kUsage + ")");
        } else if (parsed.file.empty()) {
            parsed.file = arg;
        } else {
            return sim::fail("nccl-log: one log file only, got '" + parsed.file + "' and '" + arg + "' (" + kUsage +
                             ")");
        }
    }
    if (parsed.file.empty()) return sim::fail(std::string("nccl-log: missing FILE.log (") + kUsage + ")");
    return parsed;
}

}  // namespace

sim::Status runNcclLogCommand(const std::vector<std::string>& args, std::ostream& out) {
    auto parsed = parseLogArgs(args);
    if (!parsed) return parsed.error();
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
