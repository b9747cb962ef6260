// `commviz nccl-log --json`'s "tuning" object, keyed with NCCL's own names.
#include <cstdlib>

#include "nccl/log/tuning_log.h"
#include "nccl/topology_scene/nccl_log_tuning.h"

namespace commviz::nccl_topology {

namespace tuning = commviz::nccl_tuning;
using sim::Json;

namespace {

double tenths(float value) { return std::strtod(tuning::printedOneDecimal(value).c_str(), nullptr); }

Json loggedJson(const tuning::LoggedTuning& logged) {
    if (logged.tables.empty()) return Json();
    const tuning::LoggedTable& table = logged.tables.front();
    Json functions = Json::object();
    for (int func = 0; func < tuning::NCCL_NUM_FUNCTIONS; ++func)
        for (int algorithm = 0; algorithm < tuning::kMaxAlgorithms; ++algorithm)
            for (int protocol = 0; protocol < tuning::NCCL_NUM_PROTOCOLS; ++protocol) {
                const tuning::LoggedCell& cell = table.cells[func][algorithm][protocol];
                if (cell.read)
                    functions[tuning::ncclFuncStr(func)][cellName(algorithm, protocol)] = {cell.latency,
                                                                                           cell.bandwidth};
            }
    return Json{{"line", table.firstLine},
                {"layout", layoutName(table.layout)},
                {"blocks", table.blocks},
                {"partial", table.partial},
                {"cells", functions}};
}

Json modelJson(const tuning::TuningModel& model) {
    Json functions = Json::object();
    for (int func = 0; func < tuning::NCCL_NUM_FUNCTIONS; ++func)
        for (int algorithm = 0; algorithm < model.nAlgorithms; ++algorithm)
            for (int protocol = 0; protocol < tuning::NCCL_NUM_PROTOCOLS; ++protocol)
                functions[tuning::ncclFuncStr(func)][cellName(algorithm, protocol)] = {
                    tenths(model.latencies[func][algorithm][protocol]),
                    tenths(model.bandwidths[func][algorithm][protocol])};
    return functions;
}

Json differencesJson(const tuning::TuningExplanation& explanation) {
    Json differences = Json::array();
    for (const tuning::CellComparison& cell : explanation.cells) {
        if (cell.agrees) continue;
        differences.push_back(Json{{"collective", tuning::ncclFuncStr(cell.func)},
                                   {"cell", cellName(cell.algorithm, cell.protocol)},
                                   {"logged", {cell.logged.latency, cell.logged.bandwidth}},
                                   {"model", {tenths(cell.modelLatency), tenths(cell.modelBandwidth)}},
                                   {"latency_us", tenths(cell.modelLatency - cell.logged.latency)},
                                   {"bandwidth_GBps", tenths(cell.modelBandwidth - cell.logged.bandwidth)}});
    }
    return differences;
}

Json selectionJson(const tuning::ExplainedSelection& selection, int commNChannels) {
    const tuning::LoggedSelection& logged = selection.logged;
    Json loggedChoice{{"algorithm", tuning::ncclAlgoStr(logged.algorithm)},
                      {"protocol", tuning::ncclProtoStr(logged.protocol)}};
    if (logged.time) loggedChoice["time_us"] = *logged.time;
    if (logged.channelLo >= 0) loggedChoice["channels"] = {logged.channelLo, logged.channelHi};
    Json candidates = Json::array();
    for (const tuning::AlgoTime& candidate : selection.choice.candidates)
        if (candidate.time >= 0)
            candidates.push_back(Json{{"algorithm", tuning::ncclAlgoStr(candidate.algorithm)},
                                      {"protocol", tuning::ncclProtoStr(candidate.protocol)},
                                      {"time_us", candidate.time}});
    return Json{{"line", logged.line},
                {"count", selection.count},
                {"collective", tuning::ncclFuncStr(selection.call.func)},
                {"collective_assumed", selection.collectiveAssumed},
                {"bytes", logged.bytes},
                {"logged", loggedChoice},
                {"model",
                 {{"algorithm", tuning::ncclAlgoStr(selection.choice.algorithm)},
                  {"protocol", tuning::ncclProtoStr(selection.choice.protocol)},
                  {"time_us", selection.choice.printedTime},
                  {"nchannels", commNChannels > 0 ? Json(commNChannels) : Json()}}},
                {"agrees", selection.agrees},
                {"candidates", candidates}};
}

}  // namespace

Json tuningReportJson(const tuning::LoggedTuning& logged, const tuning::TuningExplanation& explanation) {
    Json problems = Json::array(), selections = Json::array();
    for (const tuning::TuningLogProblem& problem : logged.problems)
        problems.push_back(Json{{"line", problem.line}, {"reason", problem.reason}});
    Json result{{"logged", loggedJson(logged)},
                {"problems", problems},
                {"selection_lines", logged.selections.size()},
                {"graph_lines", logged.graphs.size()}};
    for (const tuning::ExplainedSelection& selection : explanation.selections)
        selections.push_back(selectionJson(selection, explanation.inputs.commNChannels));
    const tuning::TuningVersion version = explanation.inputs.inputs.version;
    const Json versionJson = "2." + std::to_string(version.minor) + "." + std::to_string(version.patch);
    if (!explanation.modelMade) {
        const bool fromTable = explanation.choicesFromLoggedTable;
        result.update(Json{{"version", fromTable ? versionJson : Json()},
                           {"model", Json()},
                           {"model_error", explanation.whyNoModel},
                           {"differences", Json::array()},
                           {"choices_from", fromTable ? Json("logged table") : Json()},
                           {"assumptions", explanation.inputs.assumptions},
                           {"selections", selections}});
        return result;
    }
    result.update(Json{{"version", versionJson},
                       {"choices_from", "model"},
                       {"version_source", explanation.inputs.versionSource},
                       {"assumptions", explanation.inputs.assumptions},
                       {"model", modelJson(explanation.model)},
                       {"model_error", Json()},
                       {"cells_compared", explanation.cells.size()},
                       {"cells_agreeing", explanation.cellsAgreeing},
                       {"differences", differencesJson(explanation)},
                       {"selections", selections}});
    return result;
}

}  // namespace commviz::nccl_topology
