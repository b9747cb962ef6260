#include <algorithm>
#include <limits>

#include "nccl/graph/tuning_model_internal.h"

namespace commviz::nccl_tuning {

using detail::ModelContext;

const TuningGraph& graphOfAlgorithm(const TuningInputs& in, int a) {
    switch (a) {
        case NCCL_ALGO_TREE:
        case NCCL_ALGO_PAT:
            return in.treeGraph;
        case NCCL_ALGO_RING:
            return in.ringGraph;
        case NCCL_ALGO_COLLNET_DIRECT:
            return in.collNetDirectGraph;
        case NCCL_ALGO_COLLNET_CHAIN:
            return in.version.atLeast(22) ? in.collNetChainGraph : in.collNetDirectGraph;
        default:
            return in.nvlsGraph;
    }
}

namespace {

bool isAllGatherOrReduceScatter(int coll) { return coll == ncclFuncAllGather || coll == ncclFuncReduceScatter; }
bool isNvlsAlgorithm(int a) { return a == NCCL_ALGO_NVLS || a == NCCL_ALGO_NVLS_TREE; }

int stepsOf(int coll, int nRanks) {
    if (coll == ncclFuncAllReduce) return 2 * (nRanks - 1);
    return isAllGatherOrReduceScatter(coll) ? nRanks - 1 : nRanks;
}

ModelContext makeContext(const TuningInputs& in) {
    ModelContext ctx{in, tuningTables(in.version)};
    const TuningVersion v = in.version;
    ctx.nNodes = in.nNodes;
    ctx.ppn = static_cast<float>(in.nRanks) / static_cast<float>(in.nNodes);
    // tuning.cc: compCapIndex by minCompCap (Blackwell row 2.25+), index2 by node count, llMaxBw row by
    // GPU on one node, else by CPU vendor (AMD; 2.24+ also MIXED).
    const int cc = in.minCompCap;
    ctx.compCapIndex = (v.atLeast(25) && cc >= 100) ? 3 : cc >= 90 ? 2 : cc >= 80 ? 1 : 0;
    const int index2 = ctx.nNodes <= 2 ? ctx.nNodes - 1 : 2;
    const bool amdRow = in.cpuVendor == CpuVendor::AMD || (v.atLeast(24) && in.cpuVendor == CpuVendor::MIXED);
    const int index1 = ctx.nNodes == 1 ? ctx.compCapIndex : (amdRow ? 1 : 0);
    const auto row = static_cast<std::size_t>(ctx.compCapIndex);
    const auto col = static_cast<std::size_t>(index2);
    ctx.llMaxBw = ctx.tables.llMaxBws[static_cast<std::size_t>(index1)][col];
    ctx.perChMaxTreeBw = ctx.tables.perChMaxTreeBws[row][col];
    ctx.perChMaxRingLL128Bw = ctx.tables.perChMaxRingLL128Bws[row][col];
    ctx.perChMaxTreeLL128Bw = ctx.tables.perChMaxTreeLL128Bws[row][col];
    ctx.perChMaxNVLSTreeBw = ctx.tables.perChMaxNVLSTreeBws[row][col];
    // tuning.cc: POWER CPUs pay the ring latency for tree/Simple over PCI.
    if (in.cpuArch == CpuArch::POWER)
        ctx.tables.hwLat[NCCL_HW_PCI][NCCL_ALGO_TREE][NCCL_PROTO_SIMPLE] =
            ctx.tables.hwLat[NCCL_HW_PCI][NCCL_ALGO_RING][NCCL_PROTO_SIMPLE];
    for (int a = 0; a < kMaxAlgorithms; ++a) {
        const bool nvlink = graphOfAlgorithm(in, a).typeIntra == PathType::NVL;
        ctx.intraHwOf[static_cast<std::size_t>(a)] = nvlink ? NCCL_HW_NVLINK : NCCL_HW_PCI;
        ctx.hwOf[static_cast<std::size_t>(a)] =
            ctx.nNodes == 1 ? ctx.intraHwOf[static_cast<std::size_t>(a)] : NCCL_HW_NET;
    }
    return ctx;
}

// tuning.cc: which (collective, algorithm, protocol) cells the loop computes at all.
bool cellComputed(const ModelContext& ctx, int coll, int a, int p) {
    const TuningVersion v = ctx.in.version;
    if (a >= ncclNumAlgorithms(v)) return false;
    if ((coll == ncclFuncBroadcast || coll == ncclFuncReduce) && a != NCCL_ALGO_RING) return false;
    if (isAllGatherOrReduceScatter(coll)) {
        const bool allowed = a == NCCL_ALGO_RING || (a == NCCL_ALGO_NVLS && v.atLeast(19)) ||
                             (a == NCCL_ALGO_COLLNET_DIRECT && v.atLeast(20)) || a == NCCL_ALGO_PAT;
        if (!allowed) return false;
        if (a == NCCL_ALGO_PAT && (p != NCCL_PROTO_SIMPLE || !detail::patEnabled(ctx.in))) return false;
    }
    if (coll == ncclFuncAllReduce && a == NCCL_ALGO_PAT) return false;
    if (isNvlsAlgorithm(a) && p != NCCL_PROTO_SIMPLE) return false;
    // 2.28+: NVLS and NVLSTree need at least two channels.
    if (isNvlsAlgorithm(a) && v.atLeast(28) && graphOfAlgorithm(ctx.in, a).nChannels < 2) return false;
    return true;
}

// tuning.cc: the per-channel bandwidth before the refinements (NVLS rules per release).
float channelBandwidth(const ModelContext& ctx, int coll, int a) {
    const TuningGraph& g = graphOfAlgorithm(ctx.in, a);
    const TuningVersion v = ctx.in.version;
    const bool collNet = a == NCCL_ALGO_COLLNET_DIRECT || a == NCCL_ALGO_COLLNET_CHAIN;
    float bw = (ctx.nNodes <= 2 || collNet) ? g.bwIntra : g.bwInter;
    if (!isNvlsAlgorithm(a) || v.minor == 18) return bw;
    if (v.atLeast(28)) {
        float intraBw = g.bwIntra * ctx.tables.nvlsEfficiency[static_cast<std::size_t>(ctx.compCapIndex)] *
                        static_cast<float>(g.nChannels - 1) / static_cast<float>(g.nChannels);
        if (coll == ncclFuncAllReduce)
            intraBw *= 2.0f;
        else
            intraBw *= (ctx.ppn - 1) / ctx.ppn;
        const float interBw = g.bwInter * ((ctx.nNodes <= 2 && a == NCCL_ALGO_NVLS_TREE) ? 2.0f : 1.0f);
        const float cap =
            a == NCCL_ALGO_NVLS_TREE ? static_cast<float>(ctx.perChMaxNVLSTreeBw) : std::numeric_limits<float>::max();
        return std::min({intraBw, interBw, cap});
    }
    if (a == NCCL_ALGO_NVLS) {
        if (v.atLeast(27) && coll != ncclFuncAllReduce)
            return std::min(g.bwIntra * (ctx.ppn - 1.0f) / ctx.ppn, g.bwInter * 0.9f);
        return std::min(g.bwIntra, g.bwInter);
    }
    return std::min(g.bwIntra, ctx.nNodes <= 2 ? g.bwInter : g.bwInter / 2);
}

}  // namespace

namespace {

// tuning.cc "Convert bus BW to algorithm BW"; false where a release keeps the bus bandwidth.
bool ratioApplies(TuningVersion v, int coll, int a) {
    if (!isAllGatherOrReduceScatter(coll)) return true;
    if (v.atLeast(23)) return a == NCCL_ALGO_RING;
    return !(v.atLeast(20) && a == NCCL_ALGO_COLLNET_DIRECT);
}

float busToAlgorithmRatio(const ModelContext& ctx, int coll, int a) {
    const TuningVersion v = ctx.in.version;
    const double ringRatio = (1.0 * ctx.in.nRanks) / stepsOf(coll, ctx.in.nRanks);
    if (a == NCCL_ALGO_RING || (isNvlsAlgorithm(a) && v.atLeast(28))) return static_cast<float>(ringRatio);
    if (a == NCCL_ALGO_NVLS_TREE && v.minor == 18)  // 2.18: divides by zero on one node, masked later
        return ctx.nNodes > 1 ? static_cast<float>(.70 * ctx.nNodes / (2 * (ctx.nNodes - 1))) : 0.0f;
    if (a == NCCL_ALGO_NVLS && v.is2_18_1()) return .75f;
    if (isNvlsAlgorithm(a)) return static_cast<float>(5.0 / 6.0);
    return .5f;
}

void computeCell(const ModelContext& ctx, int coll, int a, int p, TuningModel& model) {
    const TuningGraph& g = graphOfAlgorithm(ctx.in, a);
    float busBw = static_cast<float>(g.nChannels) * channelBandwidth(ctx, coll, a);
    busBw = detail::cellBusBandwidth(ctx, coll, a, p, busBw);
    model.busBandwidths[static_cast<std::size_t>(coll)][static_cast<std::size_t>(a)][static_cast<std::size_t>(p)] =
        busBw;
    if (ratioApplies(ctx.in.version, coll, a)) busBw *= busToAlgorithmRatio(ctx, coll, a);
    const auto c = static_cast<std::size_t>(coll), ai = static_cast<std::size_t>(a), pi = static_cast<std::size_t>(p);
    model.bandwidths[c][ai][pi] = busBw;
    if (a == NCCL_ALGO_RING && ctx.in.version.between(19, 23)) model.ringBackupBw[c][pi] = busBw;
    model.latencies[c][ai][pi] = detail::cellLatency(ctx, coll, a, p);
}

}  // namespace

sim::Result<TuningModel> ncclTopoTuneModel(const TuningInputs& in) {
    TuningModel model;
    model.version = in.version;
    model.nAlgorithms = ncclNumAlgorithms(in.version);
    model.maxThreads = detail::maxThreadsOf(in);
    if (in.nRanks <= 1 || in.nNodes < 1) return model;  // tuning.cc returns before the table
    model.tablePrinted = true;
    const ModelContext ctx = makeContext(in);
    for (int coll = 0; coll < NCCL_NUM_FUNCTIONS; ++coll)
        for (int a = 0; a < model.nAlgorithms; ++a)
            for (int p = 0; p < NCCL_NUM_PROTOCOLS; ++p)
                if (cellComputed(ctx, coll, a, p)) computeCell(ctx, coll, a, p, model);
    if (auto status = detail::applyEnables(ctx, model); !status) return status.error();
    return model;
}

}  // namespace commviz::nccl_tuning
