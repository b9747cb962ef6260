#pragma once

#include <string>
#include <vector>

#include "nccl/graph/tuning_choice.h"
#include "nccl/log/tuning_log_inputs.h"

// A log's TUNING output explained: the model recomputed from the log's own lines, its cells beside the
// logged ones, and for each logged call every candidate's time (NCCL src/enqueue.cc's search).
namespace commviz::nccl_tuning {

/// One cell the model and the log print differently (%.1f), or that only one of them has.
struct CellComparison {
    int func = 0;
    int algorithm = 0;
    int protocol = 0;
    LoggedCell logged;
    float modelLatency = 0.0f;
    float modelBandwidth = 0.0f;
    bool agrees = false;  ///< both print the same %.1f/%.1f
};

/// One distinct logged call (repeats counted) and the model's choice for it.
struct ExplainedSelection {
    LoggedSelection logged;
    int count = 1;
    bool collectiveAssumed = false;  ///< the line names no collective and no opCount line did
    CollCall call;
    TuningChoice choice;
    bool agrees = false;  ///< same algorithm and protocol (and printed time, where logged)
};

struct TuningExplanation {
    bool modelMade = false;
    /// No model, but the selections are explained from the logged table's own cells (rounded to 0.1 as
    /// printed, so the times are close to NCCL's, not equal; the 2.19–2.23 ring backup is not printed).
    bool choicesFromLoggedTable = false;
    std::string whyNoModel;
    LogTuningInputs inputs;
    TuningModel model;
    std::vector<CellComparison> cells;  ///< every cell the table printed, in table order
    int cellsAgreeing = 0;
    std::vector<ExplainedSelection> selections;
};

TuningExplanation explainTuningLog(const LoggedTuning& logged, const nccl_topology::InfoLog& log,
                                   const TuningLogSettings& settings);

/// The per-call bytes the tuner sees for a logged line: the 2.24+ line prints the task's bytes
/// (count × type size), the tuner works on nRanks times that for AllGather and ReduceScatter.
std::int64_t tunerBytes(const LoggedSelection& selection, int nRanks);

/// `%.1f` of a value as NCCL prints it.
std::string printedOneDecimal(float value);

}  // namespace commviz::nccl_tuning
