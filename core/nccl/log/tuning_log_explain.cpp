#include "nccl/log/tuning_log_explain.h"

#include <cstdio>
#include <map>
#include <tuple>

namespace commviz::nccl_tuning {

namespace {

/// NCCL prints the selection time with %f: six decimals.
std::string printedTime(float value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%f", static_cast<double>(value));
    return buffer;
}

void compareCells(const LoggedTable& table, TuningExplanation& explanation) {
    const TuningModel& model = explanation.model;
    for (std::size_t func = 0; func < NCCL_NUM_FUNCTIONS; ++func)
        for (std::size_t algorithm = 0; algorithm < kMaxAlgorithms; ++algorithm)
            for (std::size_t protocol = 0; protocol < NCCL_NUM_PROTOCOLS; ++protocol) {
                const LoggedCell& cell = table.cells[func][algorithm][protocol];
                if (!cell.read) continue;
                CellComparison comparison{static_cast<int>(func),
                                          static_cast<int>(algorithm),
                                          static_cast<int>(protocol),
                                          cell,
                                          model.latencies[func][algorithm][protocol],
                                          model.bandwidths[func][algorithm][protocol]};
                comparison.agrees = printedOneDecimal(cell.latency) == printedOneDecimal(comparison.modelLatency) &&
                                    printedOneDecimal(cell.bandwidth) == printedOneDecimal(comparison.modelBandwidth);
                explanation.cellsAgreeing += comparison.agrees ? 1 : 0;
                explanation.cells.push_back(comparison);
            }
}

ExplainedSelection explainOne(const LoggedSelection& selection, const TuningLogSettings& settings,
                              const TuningExplanation& explanation) {
    const TuningInputs& in = explanation.inputs.inputs;
    ExplainedSelection explained;
    explained.logged = selection;
    explained.call.func = selection.func;
    if (explained.call.func < 0) {
        explained.call.func = settings.collective >= 0 ? settings.collective : ncclFuncAllReduce;
        explained.collectiveAssumed = true;
    }
    LoggedSelection sized = selection;
    sized.func = explained.call.func;
    explained.call.nBytes = tunerBytes(sized, in.nRanks);
    explained.call.nvlsSupport = explanation.inputs.nvlsGraph;
    explained.call.collNetSupport = in.collNet.enabled;
    explained.choice = ncclTopoChooseAlgorithm(in, explanation.model, explained.call, explanation.inputs.commNChannels);
    explained.agrees = explained.choice.found && explained.choice.algorithm == selection.algorithm &&
                       explained.choice.protocol == selection.protocol;
    if (selection.time && !explanation.choicesFromLoggedTable)
        explained.agrees =
            explained.agrees && printedTime(*selection.time) == printedTime(explained.choice.printedTime);
    return explained;
}

void explainSelections(const LoggedTuning& logged, const TuningLogSettings& settings, TuningExplanation& explanation) {
    using Key = std::tuple<int, std::int64_t, int, int, float, int, int>;
    std::map<Key, std::size_t> seen;
    for (const LoggedSelection& selection : logged.selections) {
        const Key key{selection.func,
                      selection.bytes,
                      selection.algorithm,
                      selection.protocol,
                      selection.time.value_or(-1.0f),
                      selection.channelLo,
                      selection.channelHi};
        const auto found = seen.find(key);
        if (found != seen.end()) {
            ++explanation.selections[found->second].count;
            continue;
        }
        seen.emplace(key, explanation.selections.size());
        explanation.selections.push_back(explainOne(selection, settings, explanation));
    }
}

/// The table NCCL printed as the comm's latencies and bandwidths (ncclTopoGetAlgoTime reads nothing else).
TuningModel modelOfTable(const LoggedTable& table, TuningVersion version) {
    TuningModel model;
    model.version = version;
    model.nAlgorithms = ncclNumAlgorithms(version);
    model.tablePrinted = true;
    for (std::size_t func = 0; func < NCCL_NUM_FUNCTIONS; ++func)
        for (std::size_t algorithm = 0; algorithm < kMaxAlgorithms; ++algorithm)
            for (std::size_t protocol = 0; protocol < NCCL_NUM_PROTOCOLS; ++protocol) {
                const LoggedCell& cell = table.cells[func][algorithm][protocol];
                model.latencies[func][algorithm][protocol] = cell.latency;
                model.bandwidths[func][algorithm][protocol] = cell.bandwidth;
            }
    return model;
}

void explainFromLoggedTable(const LoggedTuning& logged, const nccl_topology::InfoLog& log,
                            const TuningLogSettings& settings, TuningExplanation& explanation) {
    if (logged.tables.empty() || logged.selections.empty()) return;
    auto inputs = tableInputsFromLog(logged, log, settings);
    if (!inputs) {
        explanation.whyNoModel += "; the selections need " + inputs.error().message;
        return;
    }
    explanation.inputs = std::move(inputs).value();
    explanation.model = modelOfTable(logged.tables.front(), explanation.inputs.inputs.version);
    explanation.choicesFromLoggedTable = true;
    explainSelections(logged, settings, explanation);
}

}  // namespace

std::string printedOneDecimal(float value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.1f", static_cast<double>(value));
    return buffer;
}

std::int64_t tunerBytes(const LoggedSelection& selection, int nRanks) {
    const bool perRank = selection.form == SelectionForm::Channels &&
                         (selection.func == ncclFuncAllGather || selection.func == ncclFuncReduceScatter);
    return perRank ? selection.bytes * nRanks : selection.bytes;
}

TuningExplanation explainTuningLog(const LoggedTuning& logged, const nccl_topology::InfoLog& log,
                                   const TuningLogSettings& settings) {
    TuningExplanation explanation;
    auto inputs = tuningInputsFromLog(logged, log, settings);
    if (!inputs) {
        explanation.whyNoModel = inputs.error().message;
        explainFromLoggedTable(logged, log, settings, explanation);
        return explanation;
    }
    explanation.inputs = std::move(inputs).value();
    auto model = ncclTopoTuneModel(explanation.inputs.inputs);
    if (!model) {
        explanation.whyNoModel = model.error().message;
        return explanation;
    }
    explanation.modelMade = true;
    explanation.model = std::move(model).value();
    if (!logged.tables.empty()) compareCells(logged.tables.front(), explanation);
    explainSelections(logged, settings, explanation);
    return explanation;
}

}  // namespace commviz::nccl_tuning
