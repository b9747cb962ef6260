#pragma once

#include <string>
#include <vector>

#include "nccl/log/tuning_log_inputs.h"
#include "sim/param_spec.h"

namespace commviz::nccl_topology {

/// The keys of `commviz nccl-log`: what the tuner's model needs and a log may not say.
const std::vector<sim::ParamSpec>& ncclLogKeys();

/// The keys given as `key=value` (validated: unknown key or bad value names key, value and what is allowed).
sim::Result<nccl_tuning::TuningLogSettings> ncclLogSettings(const std::vector<std::string>& assignments);

}  // namespace commviz::nccl_topology
