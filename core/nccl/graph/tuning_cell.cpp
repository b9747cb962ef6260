// One cell of ncclTopoTuneModel (NCCL src/graph/tuning.cc): the bandwidth refinements and the latency.
#include <algorithm>
#include <cmath>

#include "nccl/graph/tuning_model_internal.h"

namespace commviz::nccl_tuning::detail {

namespace {

bool isAllGatherOrReduceScatter(int coll) { return coll == ncclFuncAllGather || coll == ncclFuncReduceScatter; }
int log2i(int n) { return n <= 1 ? 0 : static_cast<int>(std::floor(std::log2(n))); }
float toFloat(double value) { return static_cast<float>(value); }

float ringAndTreeRefinements(const ModelContext& ctx, int coll, int a, int p, float busBw) {
    const TuningVersion v = ctx.in.version;
    const int nCh = graphOfAlgorithm(ctx.in, a).nChannels;
    if (a == NCCL_ALGO_RING && p == NCCL_PROTO_LL) {
        // ≤2.20: a quarter across nodes or for AllReduce/Reduce, a third otherwise; 2.21+: a half.
        double share = .5;
        if (!v.atLeast(21))
            share = (ctx.nNodes > 1 || coll == ncclFuncAllReduce || coll == ncclFuncReduce) ? 1.0 / 4.0 : 1.0 / 3.0;
        busBw = toFloat(std::min(ctx.llMaxBw, busBw * share));
    }
    if (a == NCCL_ALGO_RING && p == NCCL_PROTO_LL128) {
        const double share = (!v.atLeast(23) && ctx.ppn < 2) ? 0.7 : 0.92;
        busBw = toFloat(std::min(busBw * share, nCh * ctx.perChMaxRingLL128Bw));
    }
    if (a == NCCL_ALGO_TREE && (coll == ncclFuncAllReduce || !v.atLeast(23)))
        busBw = toFloat(std::min(busBw * .92, nCh * ctx.perChMaxTreeBw));
    if (a == NCCL_ALGO_TREE && p == NCCL_PROTO_LL) busBw = toFloat(std::min(busBw * 1.0 / 3.8, ctx.llMaxBw));
    if (a == NCCL_ALGO_TREE && p == NCCL_PROTO_LL128)
        busBw = toFloat(std::min(busBw * (ctx.nNodes == 1 ? 7.0 / 9.0 : 120.0 / 128.0), nCh * ctx.perChMaxTreeLL128Bw));
    // 2.26+ tests the largest tree pattern of all ranks, earlier releases this rank's tree graph.
    const int treePattern =
        (v.atLeast(26) && ctx.in.maxTreePattern > 0) ? ctx.in.maxTreePattern : ctx.in.treeGraph.pattern;
    // (2.18.1 has no tree-pattern discount; it came with 2.18.3.)
    if (a == NCCL_ALGO_TREE && treePattern == NCCL_TOPO_PATTERN_TREE && !v.is2_18_1()) busBw = toFloat(busBw * .85);
    if (a == NCCL_ALGO_PAT) busBw = toFloat(busBw * (v.minor == 23 ? .85 : .75));
    return busBw;
}

// CollNetDirect/Simple: GPUs per NIC for AllReduce-like collectives, ppn × bw for AllGather/ReduceScatter.
float collNetDirectSimple(const ModelContext& ctx, int coll, float busBw) {
    const TuningVersion v = ctx.in.version;
    const TuningGraph& g = ctx.in.collNetDirectGraph;
    if (v.atLeast(20) && isAllGatherOrReduceScatter(coll)) {
        if (v.atLeast(27)) return ctx.ppn * std::min(g.bwIntra, g.bwInter * 0.9f);
        busBw = ctx.ppn * g.bwIntra;  // CollNet reads bwIntra at any node count
        const CollNetSupport& cn = ctx.in.collNet;
        const bool pluginCall = coll == ncclFuncAllGather ? cn.iallgather : cn.ireducescatter;
        if (ctx.nNodes > 1 && (!pluginCall || ctx.ppn > static_cast<float>(cn.headsNum))) busBw = 0.0f;
        const float w = (ctx.ppn - 1) / (8 - 1);
        return toFloat(busBw * (w * 0.85 + (1 - w) * 0.95));
    }
    if (g.nChannels == 0) return 0.0f;  // not searched: NCCL gets NaN here, masked to 0 by the CollNet disable
    float factor = toFloat(ctx.ppn / (1.0 * g.nChannels));
    factor -= (factor - 1) / 2;
    busBw /= factor;
    if (ctx.in.minCompCap >= 90) busBw = toFloat(busBw * .85);
    return busBw;
}

// 2.27+: NVLS and CollNetDirect AllGather/ReduceScatter across nodes need the CollNet plugin call and
// one NIC head per local rank.
bool collNetGatherScatterRefused(const ModelContext& ctx, int coll) {
    const CollNetSupport& cn = ctx.in.collNet;
    const bool pluginCall = coll == ncclFuncAllGather ? cn.iallgather : cn.ireducescatter;
    return !pluginCall || !cn.enabled || ctx.in.maxLocalRanks > cn.headsNum;
}

}  // namespace

float cellBusBandwidth(const ModelContext& ctx, int coll, int a, int p, float busBw) {
    busBw = ringAndTreeRefinements(ctx, coll, a, p, busBw);
    const bool collNet = a == NCCL_ALGO_COLLNET_DIRECT || a == NCCL_ALGO_COLLNET_CHAIN;
    if (collNet && p != NCCL_PROTO_SIMPLE) busBw = 0.0f;
    if (a == NCCL_ALGO_COLLNET_DIRECT && p == NCCL_PROTO_SIMPLE) busBw = collNetDirectSimple(ctx, coll, busBw);
    const bool gatherScatterAcrossNodes = p == NCCL_PROTO_SIMPLE && isAllGatherOrReduceScatter(coll) && ctx.nNodes > 1;
    if (ctx.in.version.atLeast(27) && (a == NCCL_ALGO_NVLS || a == NCCL_ALGO_COLLNET_DIRECT) &&
        gatherScatterAcrossNodes && collNetGatherScatterRefused(ctx, coll))
        busBw = 0.0f;
    return busBw;
}

namespace {

float ringLatency(const ModelContext& ctx, int coll, int p, float lat, float intraLat, float interLat) {
    const TuningVersion v = ctx.in.version;
    const TuningGraph& g = ctx.in.ringGraph;
    const int nsteps = coll == ncclFuncAllReduce          ? 2 * (ctx.in.nRanks - 1)
                       : isAllGatherOrReduceScatter(coll) ? ctx.in.nRanks - 1
                                                          : ctx.in.nRanks;
    const int hw = ctx.hwOf[NCCL_ALGO_RING];
    const auto& hwLat = ctx.tables.hwLat[static_cast<std::size_t>(hw)];
    if (coll == ncclFuncBroadcast || coll == ncclFuncReduce) {
        if (g.sameChannels) return lat + hwLat[NCCL_ALGO_RING][static_cast<std::size_t>(p)];
        const int stepAlgo = p == NCCL_PROTO_SIMPLE ? NCCL_ALGO_TREE : NCCL_ALGO_RING;
        return lat +
               static_cast<float>(nsteps) * hwLat[static_cast<std::size_t>(stepAlgo)][static_cast<std::size_t>(p)];
    }
    float netOverhead = 0.0f;
    if (ctx.nNodes > 1) {
        // tuning.cc getNetOverhead: NCCL_NET_OVERHEAD, else 2 µs on x86 AMD, 1 µs otherwise.
        const TuningInputs& in = ctx.in;
        netOverhead = in.env.netOverheadNs >= 0 ? toFloat(in.env.netOverheadNs * .001)
                      : (in.cpuArch == CpuArch::X86 && in.cpuVendor == CpuVendor::AMD) ? 2.0f
                                                                                       : 1.0f;
        if (p == NCCL_PROTO_SIMPLE) netOverhead *= 3;
    }
    intraLat = std::max(intraLat, netOverhead);
    int nInterSteps = 0;
    if (v.atLeast(23))
        nInterSteps = ctx.nNodes == 1 ? 0 : coll == ncclFuncAllReduce ? 2 * (ctx.nNodes - 1) : ctx.nNodes - 1;
    else
        nInterSteps = coll == ncclFuncAllReduce ? (ctx.nNodes > 1 ? 2 * ctx.nNodes : 0) : ctx.nNodes - 1;
    return lat + (static_cast<float>(nsteps - nInterSteps) * intraLat + static_cast<float>(nInterSteps) * interLat);
}

float nvlsLatency(const ModelContext& ctx, int a, float lat, float intraLat, float interLat) {
    const float netNvls = ctx.tables.hwLat[NCCL_HW_NET][static_cast<std::size_t>(a)][NCCL_PROTO_SIMPLE];
    if (a == NCCL_ALGO_NVLS) {
        if (ctx.in.version.minor == 18) return lat + (ctx.nNodes > 1 ? netNvls : 0.0f);
        return intraLat + (ctx.nNodes > 1 ? interLat : 0.0f);
    }
    if (ctx.in.version.minor == 18) return lat + static_cast<float>(2 * (ctx.nNodes - 1)) * netNvls;
    return lat + (intraLat + static_cast<float>(2 * log2i(ctx.nNodes)) * interLat);
}

}  // namespace

float cellLatency(const ModelContext& ctx, int coll, int a, int p) {
    const TuningInputs& in = ctx.in;
    const auto ai = static_cast<std::size_t>(a), pi = static_cast<std::size_t>(p);
    const TuningGraph& g = graphOfAlgorithm(in, a);
    const float lat = ctx.tables.baseLat[ai][pi];
    const float intraLat = ctx.tables.hwLat[static_cast<std::size_t>(ctx.intraHwOf[ai])][ai][pi];
    // 2.23+: with one GPU per node the latencies are fully exposed, so the tree's network latency counts.
    const std::size_t interAlgo = (in.version.atLeast(23) && ctx.ppn == 1) ? NCCL_ALGO_TREE : ai;
    float interLat = ctx.tables.hwLat[NCCL_HW_NET][interAlgo][pi] + g.latencyInter;
    if (p == NCCL_PROTO_SIMPLE) interLat += g.latencyInter;  // the flush
    const int ppnInt = in.nRanks / ctx.nNodes;
    switch (a) {
        case NCCL_ALGO_RING:
            return ringLatency(ctx, coll, p, lat, intraLat, interLat);
        case NCCL_ALGO_TREE:
            if (coll != ncclFuncAllReduce && in.version.atLeast(23)) return lat;
            return lat +
                   2 * (static_cast<float>(ppnInt - 1) * intraLat + static_cast<float>(log2i(ctx.nNodes)) * interLat);
        case NCCL_ALGO_COLLNET_DIRECT: {
            const double serialization = in.version.minor == 18 ? 0.5 : 0.4;  // arity serialization per rank
            return toFloat(lat + (2 * (std::min(1, ppnInt - 1) * intraLat + (ppnInt - 1) * serialization) + interLat));
        }
        case NCCL_ALGO_COLLNET_CHAIN:
            return lat + (static_cast<float>(2 * (ppnInt - 1)) * intraLat + interLat);
        case NCCL_ALGO_NVLS:
        case NCCL_ALGO_NVLS_TREE:
            return nvlsLatency(ctx, a, lat, intraLat, interLat);
        default:  // PAT (AllGather / ReduceScatter): logarithmic over nodes plus a linear part in ranks
            return toFloat(8.0 + log2i(ctx.nNodes) * (interLat / 3.5) + in.nRanks * 2.8);
    }
}

}  // namespace commviz::nccl_tuning::detail
