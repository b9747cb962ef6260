#pragma once

#include <array>
#include <string>
#include <vector>

#include "nccl/graph/tuning_types.h"
#include "sim/result.h"

namespace commviz::nccl_tuning {

/// One on/off flag per collective and element (algorithm or protocol); 2 marks LL128 "auto".
using EnableMatrix = std::array<std::vector<int>, NCCL_NUM_FUNCTIONS>;

/// NCCL_ALGO / NCCL_PROTO as `version` reads them (tuning.cc parseList): up to 2.23 one comma list,
/// `^` inverting, unknown words ignored, the same for every collective; from 2.24 `[func:]list;func:list`
/// with NCCL's WARN text on an unknown word or prefix. `matrix` holds the defaults on entry.
sim::Status parseEnableList(TuningVersion version, const std::string& text, const std::vector<std::string>& names,
                            EnableMatrix& matrix);

}  // namespace commviz::nccl_tuning
