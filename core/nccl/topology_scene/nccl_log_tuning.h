#pragma once

#include <string>

#include "nccl/log/tuning_log_explain.h"
#include "sim/json.h"

// The tuning section of `commviz nccl-log`: the logged TUNING table beside the model recomputed from the
// log's own lines, and why NCCL chose what each selection line says.
namespace commviz::nccl_topology {

std::string formatTuningReport(const nccl_tuning::LoggedTuning& logged,
                               const nccl_tuning::TuningExplanation& explanation);

/// {"version", "logged", "model", "differences", "selections", …} keyed with NCCL's names.
sim::Json tuningReportJson(const nccl_tuning::LoggedTuning& logged, const nccl_tuning::TuningExplanation& explanation);

/// "Ring/Simple", "TREE"-free: NCCL's table names.
std::string cellName(int algorithm, int protocol);
/// "2.23+ blocks with a PAT block" …
std::string layoutName(nccl_tuning::TableLayout layout);

}  // namespace commviz::nccl_topology
