#pragma once

#include "nccl/graph/tuning_model.h"
#include "nccl/graph/tuning_tables.h"

namespace commviz::nccl_tuning::detail {

/// What every cell of one model run shares (tuning.cc, the locals before the collective loop).
struct ModelContext {
    const TuningInputs& in;
    TuningTables tables;
    int nNodes = 1;
    float ppn = 1.0f;
    int compCapIndex = 0;
    double llMaxBw = 0, perChMaxTreeBw = 0, perChMaxRingLL128Bw = 0, perChMaxTreeLL128Bw = 0, perChMaxNVLSTreeBw = 0;
    std::array<int, kMaxAlgorithms> intraHwOf{};
    std::array<int, kMaxAlgorithms> hwOf{};
};

/// tuning.cc "Various model refinements": the bus bandwidth of one cell from nChannels × bw.
float cellBusBandwidth(const ModelContext& ctx, int coll, int a, int p, float busBw);
/// tuning.cc: the latency of one cell (µs), base + per-step hardware latencies.
float cellLatency(const ModelContext& ctx, int coll, int a, int p);
/// tuning.cc getNthreads for the "Max NThreads" line.
PerAlgorithm<int> maxThreadsOf(const TuningInputs& in);
/// tuning.cc ncclPatEnable.
bool patEnabled(const TuningInputs& in);
/// The enable/disable pass: NCCL_ALGO / NCCL_PROTO, automatic disables, the LL128 rule, the Ring fallback.
sim::Status applyEnables(const ModelContext& ctx, TuningModel& model);

}  // namespace commviz::nccl_tuning::detail
