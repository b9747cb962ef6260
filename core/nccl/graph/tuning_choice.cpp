#include "nccl/graph/tuning_choice.h"

#include <cfloat>

#include "nccl/graph/tuning_tables.h"

namespace commviz::nccl_tuning {

namespace {

// tuning.cc log2i (≤2.21, 0 for 0) and log2Down (2.22+, -1 for 0).
int logSizeOf(std::int64_t nBytes, TuningVersion v) {
    std::int64_t value = nBytes >> 6;
    if (value == 0) return v.atLeast(22) ? -1 : 0;
    int log = 0;
    while (value >>= 1) ++log;
    return log;
}

float correctedBandwidth(const TuningInputs& in, const CollCall& call, int a, int p, float bw) {
    const TuningVersion v = in.version;
    const int logSize = logSizeOf(call.nBytes, v);
    const TuningTables tables = tuningTables(v);
    const auto& correction = tables.treeCorrectionFactor[static_cast<std::size_t>(p)];
    const bool treeCorrected = a == NCCL_ALGO_TREE && (call.func == ncclFuncAllReduce || !v.atLeast(23));
    if (treeCorrected && logSize >= 0 && logSize < 23) bw *= correction[static_cast<std::size_t>(logSize)];
    // 2.29+: NVLSTree AllReduce on Blackwell with x86 CPUs follows the tree's correction too.
    const bool nvlsTreeCorrected = v.atLeast(29) && a == NCCL_ALGO_NVLS_TREE && call.func == ncclFuncAllReduce &&
                                   in.minCompCap >= 100 && in.cpuArch == CpuArch::X86;
    if (nvlsTreeCorrected && logSize >= 0 && logSize < 24) bw *= correction[static_cast<std::size_t>(logSize)];
    return bw;
}

// enqueue.cc pre-filters that depend on the communicator and the call (before any time is computed).
bool algorithmFiltered(const TuningInputs& in, const CollCall& call, int a) {
    const TuningVersion v = in.version;
    const bool reduceLike = call.func != ncclFuncAllGather;
    const bool gatherScatter = call.func == ncclFuncAllGather || call.func == ncclFuncReduceScatter;
    if (a == NCCL_ALGO_COLLNET_DIRECT || a == NCCL_ALGO_COLLNET_CHAIN) {
        if (!call.collNetSupport) return true;
        if (a == NCCL_ALGO_COLLNET_DIRECT && v.atLeast(23) && in.maxLocalRanks > 8) return true;
        if (a == NCCL_ALGO_COLLNET_CHAIN && v.atLeast(28) && in.maxLocalRanks > 8) return true;
    }
    if (a == NCCL_ALGO_NVLS || a == NCCL_ALGO_NVLS_TREE) {
        const bool nvlsOk = call.nvlsSupport || ((v.minor == 19 || v.atLeast(22)) && !reduceLike);
        if (!nvlsOk) return true;
        if (a == NCCL_ALGO_NVLS && in.nNodes > 1 && !call.collNetSupport) return true;
        if (a == NCCL_ALGO_NVLS && gatherScatter && v.between(19, 26) && in.nNodes > 1) return true;
        if (a == NCCL_ALGO_NVLS && gatherScatter && v.between(25, 26) && in.nRanks > 32) return true;
        if (v.atLeast(27) && call.func != ncclFuncAllReduce && in.maxLocalRanks > 32) return true;
    }
    return false;
}

}  // namespace

AlgoTime ncclTopoGetAlgoTime(const TuningInputs& in, const TuningModel& model, const CollCall& call, int a, int p,
                             int commNChannels) {
    const TuningVersion v = in.version;
    const auto c = static_cast<std::size_t>(call.func), ai = static_cast<std::size_t>(a),
               pi = static_cast<std::size_t>(p);
    AlgoTime result{a, p};
    float bw = model.bandwidths[c][ai][pi];
    float lat = model.latencies[c][ai][pi];
    if (a == NCCL_ALGO_RING && bw == 0.0f && v.between(19, 23)) {
        bw = model.ringBackupBw[c][pi];
        result.backup = true;
    }
    if (bw == 0.0f) return result;
    bw = correctedBandwidth(in, call, a, p, bw);
    if (!v.atLeast(22) && call.callNChannels != 0 && commNChannels > 0)
        bw = bw / static_cast<float>(commNChannels) * static_cast<float>(call.callNChannels);
    // The ring/Simple AllReduce across nodes reaches a latency plateau once each rank moves ≥ 64 B/channel.
    const bool plateau = a == NCCL_ALGO_RING && p == NCCL_PROTO_SIMPLE && in.nNodes > 1 &&
                         call.func == ncclFuncAllReduce && commNChannels > 0 &&
                         call.nBytes / (static_cast<std::int64_t>(commNChannels) * in.nRanks) >= 64;
    if (plateau) lat = static_cast<float>(lat * (in.minCompCap < 80 ? 1.9 : 1.4));
    // Non-Ring algorithms batch several operations per work; one call counts once.
    const int latCount = a == NCCL_ALGO_RING ? call.numPipeOps : 1;
    result.time = lat * static_cast<float>(latCount) + static_cast<float>(call.nBytes) / (1000.0f * bw);
    return result;
}

TuningChoice ncclTopoChooseAlgorithm(const TuningInputs& in, const TuningModel& model, const CollCall& call,
                                     int commNChannels) {
    TuningChoice choice;
    const float startTime = in.version.atLeast(29) ? FLT_MAX : 3600000000.0f;
    if (in.nRanks <= 1) {
        choice.found = true;
        return choice;
    }
    float minTime = startTime, backupTime = startTime;
    int backupAlgo = -1, backupProto = -1;
    for (int a = 0; a < model.nAlgorithms; ++a) {
        const bool filtered = algorithmFiltered(in, call, a);
        for (int p = 0; p < NCCL_NUM_PROTOCOLS; ++p) {
            AlgoTime t = filtered ? AlgoTime{a, p, -1.0f, false, true}
                                  : ncclTopoGetAlgoTime(in, model, call, a, p, commNChannels);
            choice.candidates.push_back(t);
            if (t.time < 0) continue;
            if (t.backup && t.time < backupTime) backupTime = t.time, backupAlgo = a, backupProto = p;
            if (!t.backup && t.time < minTime) minTime = t.time, choice.algorithm = a, choice.protocol = p;
        }
    }
    choice.found = minTime < startTime;
    choice.time = choice.printedTime = minTime;
    if (!choice.found && backupAlgo >= 0) {  // 2.19–2.23: the Ring backup
        choice.found = true;
        choice.algorithm = backupAlgo, choice.protocol = backupProto, choice.time = backupTime;
        choice.printedTime = in.version.atLeast(22) ? backupTime : startTime;
    }
    return choice;
}

}  // namespace commviz::nccl_tuning
