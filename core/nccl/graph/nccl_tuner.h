#pragma once

#include "collectives/nccl_enums.h"

namespace commviz::collectives {

/// NCCL src/graph/tuning.cc, hwLatencies: µs per step of `algorithm` with
/// `protocol` on `hardware` (2.30 values).
double ncclStepLatencyUs(NcclHardware hardware, NcclAlgorithm algorithm, NcclProtocol protocol);
/// NCCL src/graph/tuning.cc, baseLatencies: µs paid once per operation.
double ncclBaseLatencyUs(NcclAlgorithm algorithm, NcclProtocol protocol);

}  // namespace commviz::collectives
