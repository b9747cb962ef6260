#pragma once

#include <string>

#include "collectives/nccl_enums.h"
#include "collectives/schedule_request.h"

namespace commviz::collectives {

/// What algorithm=auto runs for NCCL and why.
struct NcclChoice {
    std::string algorithm;
    std::string rule;
};

/// NCCL's predicted time of `algorithm` ("ring" or "tree") for an allreduce,
/// in µs, after NCCL src/graph/tuning.cc (ncclTopoTuneModel, ncclTopoGetAlgoTime)
/// for the request's protocol: latency = base + steps x per-step latency
/// (ring 2(p-1) steps, tree 2 log2 p), bandwidth = nchannels x link bandwidth
/// refined per algorithm and protocol, then converted to algorithm bandwidth
/// (ring x p/(2(p-1)), tree x 1/2 and its correction factor by size). Every rank
/// is a node of its own, the link is the network between them; the per-GPU
/// generation caps (llMaxBw, perChMax*Bw) are not applied.
double ncclTunerTimeUs(const ScheduleRequest& request, const std::string& algorithm);

/// algorithm=auto for NCCL: for allreduce the faster of tree and ring by
/// ncclTunerTimeUs (tree on a tie, as NCCL scans Tree before Ring), the
/// protocol staying the one asked for; for the other collectives the ring,
/// the only NCCL algorithm modelled for them.
NcclChoice ncclTunerChoice(const ScheduleRequest& request);

/// NCCL src/graph/tuning.cc, hwLatencies: µs per step of `algorithm` with
/// `protocol` on `hardware` (2.30 values).
double ncclStepLatencyUs(NcclHardware hardware, NcclAlgorithm algorithm, NcclProtocol protocol);
/// NCCL src/graph/tuning.cc, baseLatencies: µs paid once per operation.
double ncclBaseLatencyUs(NcclAlgorithm algorithm, NcclProtocol protocol);

}  // namespace commviz::collectives
