#pragma once

#include <cstdint>
#include <vector>

#include "collectives_scene/collectives_config.h"
#include "collectives_scene/collectives_sweep.h"

namespace commviz::collectives {

/// 1 B, 2 B, 4 B, … 16 GiB: the 35 sizes of NCCL's tuner chart.
std::vector<std::int64_t> tunerSweepSizes();

/// True when the config prices NCCL calls with the tuner (library=nccl with a server and a collective
/// NCCL tunes).
bool usesNcclTuner(const Config& config);

/// What NCCL's tuner predicts on the config's server for every enabled algorithm/protocol (curves named
/// "Ring/LL128"), against the scene's `bytes` from 1 B to 16 GiB: the time (µs) or, with `busBandwidth`,
/// nccl-tests' busbw (GB/s). The bands are NCCL's pick at each size; the crossovers are where the pick
/// changes, found by bisection on ncclTopoGetAlgoTime (exact to the byte).
Sweep ncclTunerSweep(const Config& config, bool busBandwidth = false);

}  // namespace commviz::collectives
