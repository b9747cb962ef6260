#include <ostream>

#include "nccl/log/info_log_reader.h"
#include "nccl/log/nccl_log_report.h"
#include "nccl/log/tuning_log_explain.h"
#include "nccl/topology_scene/nccl_log_keys.h"
#include "nccl/topology_scene/nccl_log_tuning.h"
#include "nccl/topology_scene/nccl_topo_command.h"
#include "sim/command_args.h"

namespace commviz::nccl_topology {

namespace {

const sim::CommandUsage kUsage{"nccl-log", "FILE.log", "log file",
                               "Reads an NCCL_DEBUG=INFO log (or the name of a bundled one) and prints what it\n"
                               "says: the NCCL version, ranks and hosts, rings, trees, transports, and every\n"
                               "line it could not read with its number. With NCCL_DEBUG_SUBSYS=TUNING and GRAPH\n"
                               "lines it explains NCCL's tuner: the TUNING table recomputed from the log's own\n"
                               "GRAPH lines, counts, version and NCCL_* settings, cell by cell beside the logged\n"
                               "one, and for each selection line every candidate's time and the winner.\n"
                               "Keys for what a log may not say: gpu_sm=N (compute capability, e.g. 90),\n"
                               "nccl_version=2.N.P, nranks=N, nnodes=N, collective=NAME (for selection lines\n"
                               "that name none). --json prints the same as JSON, with a \"tuning\" object.\n"};

}  // namespace

sim::Status runNcclLogCommand(const std::vector<std::string>& args, std::ostream& out) {
    auto parsed = sim::parseCommandArgs(args, kUsage);
    if (!parsed) return parsed.error();
    if (parsed.value().help) return kUsage.printHelp(out);
    auto settings = ncclLogSettings(parsed.value().assignments);
    if (!settings) return sim::fail("nccl-log: " + settings.error().message);
    auto text = readInfoLogText(parsed.value().file);
    if (!text) return sim::fail("nccl-log: " + text.error().message);
    auto log = parseInfoLog(text.value(), parsed.value().file);
    if (!log) return sim::fail("nccl-log: " + log.error().message);
    const nccl_tuning::LoggedTuning logged = nccl_tuning::readTuningLog(text.value());
    const nccl_tuning::TuningExplanation explanation =
        nccl_tuning::explainTuningLog(logged, log.value(), settings.value());
    if (parsed.value().json) {
        sim::Json json = infoLogJson(log.value());
        json["tuning"] = tuningReportJson(logged, explanation);
        out << json.dump(2, ' ', false, sim::Json::error_handler_t::replace) << "\n";
    } else {
        out << formatInfoLogReport(log.value()) << formatTuningReport(logged, explanation);
    }
    out.flush();
    return sim::Ok{};
}

}  // namespace commviz::nccl_topology
