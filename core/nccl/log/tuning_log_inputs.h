#pragma once

#include <string>
#include <vector>

#include "nccl/log/info_log_reader.h"
#include "nccl/log/tuning_log_reader.h"
#include "sim/result.h"

// ncclTopoTuneModel's inputs read off a log: the GRAPH `Pattern` lines (aligned over ranks as init.cc's
// allgather does: min nChannels and bw, max types), the counts, the version line, the topology print's CPU
// and the `NCCL_* set by environment` lines; what the log does not say comes from the command's keys.
namespace commviz::nccl_tuning {

/// The nccl-log keys that fill what a log leaves out (0 / empty: from the log).
struct TuningLogSettings {
    int gpuSm = 0;            ///< gpu_sm: the GPUs' compute capability
    std::string ncclVersion;  ///< nccl_version: the rules to use when the log prints no version
    int nRanks = 0;           ///< nranks
    int nNodes = 0;           ///< nnodes
    int collective = -1;      ///< collective: for selection lines that name none (≤2.22)
};

struct LogTuningInputs {
    TuningInputs inputs;
    std::string versionSource;             ///< where the version came from, for the report
    std::vector<std::string> assumptions;  ///< what was taken without the log saying it
    int commNChannels = 0;                 ///< comm->nChannels: `coll channels`, else the ring graph's
    bool nvlsGraph = false;                ///< an NVLS graph was searched (comm->nvlsSupport)
};

/// The inputs, or why the model cannot be made from this log (no GRAPH lines, no version, no compute
/// capability, no rank count), naming the key that would supply what is missing.
sim::Result<LogTuningInputs> tuningInputsFromLog(const LoggedTuning& logged, const nccl_topology::InfoLog& log,
                                                 const TuningLogSettings& settings);

/// What choosing from the logged table itself needs (no graphs): the version, the counts (from the log
/// or the keys) and the compute capability (gpu_sm, else sm90 assumed and said). Fails without a version or
/// a rank count.
sim::Result<LogTuningInputs> tableInputsFromLog(const LoggedTuning& logged, const nccl_topology::InfoLog& log,
                                                const TuningLogSettings& settings);

}  // namespace commviz::nccl_tuning
