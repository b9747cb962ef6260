// ncclTopoTuneModel's enable/disable pass (NCCL src/graph/tuning.cc): NCCL_PROTO / NCCL_ALGO, the automatic
// algorithm disables, the LL128 default rule, and the 2.19–2.23 Ring fallback. Latencies stay untouched.
#include <algorithm>

#include "nccl/graph/tuning_env_parse.h"
#include "nccl/graph/tuning_model_internal.h"

namespace commviz::nccl_tuning::detail {

namespace {

const std::vector<std::string> kProtoNames{"LL", "LL128", "Simple"};
const std::vector<std::string> kAlgoNames{"Tree", "Ring", "CollNetDirect", "CollNetChain", "NVLS", "NVLSTree", "PAT"};

void disableForAll(EnableMatrix& algoEnable, int a) {
    for (auto& flags : algoEnable) flags[static_cast<std::size_t>(a)] = 0;
}

// tuning.cc: NVLSTree needs several nodes, CollNet needs support, NVLS across nodes needs CollNet,
// CollNetDirect needs an NVSwitch; ≤2.23 an NCCL_ALGO naming only CollNet falls back to Ring and Tree.
void automaticAlgorithmDisables(const TuningInputs& in, EnableMatrix& algoEnable) {
    const TuningVersion v = in.version;
    if (in.nNodes == 1) disableForAll(algoEnable, NCCL_ALGO_NVLS_TREE);
    if (!in.collNet.enabled) {
        disableForAll(algoEnable, NCCL_ALGO_COLLNET_DIRECT);
        disableForAll(algoEnable, NCCL_ALGO_COLLNET_CHAIN);
        if (in.nNodes > 1) disableForAll(algoEnable, NCCL_ALGO_NVLS);
        const auto& any = algoEnable[0];
        const bool noneLeft =
            !any[NCCL_ALGO_RING] && !any[NCCL_ALGO_TREE] && !any[NCCL_ALGO_NVLS] && !any[NCCL_ALGO_NVLS_TREE];
        if (!v.atLeast(24) && noneLeft)
            for (auto& flags : algoEnable) flags[NCCL_ALGO_RING] = flags[NCCL_ALGO_TREE] = 1;
    }
    if (in.nvsCount == 0 && (in.collNet.enabled || v.atLeast(24))) disableForAll(algoEnable, NCCL_ALGO_COLLNET_DIRECT);
    if (v.minor == 30 && v.patch >= 7 && in.collNet.enabled && !in.collNet.chainSupport)
        disableForAll(algoEnable, NCCL_ALGO_COLLNET_CHAIN);
}

// tuning.cc: LL128 "auto" turns on only over short paths between same-generation GPUs it was validated on.
bool ll128ByDefault(const TuningInputs& in, int coll, int a) {
    const TuningVersion v = in.version;
    const TuningGraph& g = graphOfAlgorithm(in, a);
    const int cc = in.minCompCap;
    bool interOk = g.typeInter <= PathType::PXB || (cc >= 90 && g.typeInter <= PathType::PXN);
    if (v.minor == 27 && v.patch <= 3)
        interOk = g.typeInter <= PathType::PXB ||
                  (cc >= 90 && g.typeInter <= (in.env.ll128C2C ? PathType::P2C : PathType::PXN));
    else if (v.atLeast(27))
        interOk = (in.env.ll128C2C && cc >= 90) ? g.typeInter <= PathType::PXN : g.typeInter <= PathType::PXB;
    const bool intraOk = g.typeIntra <= (v.is2_18_1() ? PathType::NVL : PathType::NVB);  // NVB from 2.18.3
    const bool sameArch = in.minCompCap == in.maxCompCap || (v.atLeast(30) && cc >= 90);
    bool archOk = cc >= 70;
    if (!v.atLeast(25))
        archOk = cc == 70 || cc == 80 || cc == 90;
    else if (!v.atLeast(27))
        archOk = cc == 70 || cc == 80 || cc == 90 || cc == 100 || cc == 120;
    const bool cuda118Quirk =
        cc == 90 && in.cudartVersion == 11080 && coll == ncclFuncAllReduce && a == NCCL_ALGO_RING && in.nRanks == 2;
    return interOk && intraOk && sameArch && archOk && !cuda118Quirk;
}

void maskCells(const TuningInputs& in, const EnableMatrix& protoEnable, const EnableMatrix& algoEnable,
               TuningModel& model) {
    const TuningVersion v = in.version;
    for (int coll = 0; coll < NCCL_NUM_FUNCTIONS; ++coll) {
        const auto c = static_cast<std::size_t>(coll);
        for (int a = 0; a < model.nAlgorithms; ++a) {
            const auto ai = static_cast<std::size_t>(a);
            for (int p = 0; p < NCCL_NUM_PROTOCOLS; ++p) {
                const auto pi = static_cast<std::size_t>(p);
                int pEnable = protoEnable[c][pi];
                if (pEnable == 2 && p == NCCL_PROTO_LL128) pEnable = ll128ByDefault(in, coll, a) ? 1 : 0;
                if (pEnable == 0) model.bandwidths[c][ai][pi] = 0.0f;
                if (v.between(22, 23) && a == NCCL_ALGO_RING && pEnable == 0) model.ringBackupBw[c][pi] = 0.0f;
                // 2.18 never disables the ring for collectives other than AllReduce.
                if (v.minor == 18 && a == NCCL_ALGO_RING && coll != ncclFuncAllReduce) continue;
                if (algoEnable[c][ai] == 0) model.bandwidths[c][ai][pi] = 0.0f;
            }
        }
    }
}

// 2.19–2.23: a collective left without any usable cell gets its Ring row back.
void restoreRingWhereNothingLeft(TuningModel& model) {
    for (std::size_t c = 0; c < NCCL_NUM_FUNCTIONS; ++c) {
        bool anyLeft = false;
        for (const auto& perProto : model.bandwidths[c])
            anyLeft = anyLeft || std::any_of(perProto.begin(), perProto.end(), [](float bw) { return bw != 0.0f; });
        if (!anyLeft) model.bandwidths[c][NCCL_ALGO_RING] = model.ringBackupBw[c];
    }
}

}  // namespace

sim::Status applyEnables(const ModelContext& ctx, TuningModel& model) {
    const TuningInputs& in = ctx.in;
    EnableMatrix protoEnable, algoEnable;
    for (auto& flags : protoEnable) flags = {1, 2, 1};
    for (auto& flags : algoEnable) flags.assign(static_cast<std::size_t>(model.nAlgorithms), 1);
    const std::vector<std::string> algoNames(kAlgoNames.begin(), kAlgoNames.begin() + model.nAlgorithms);
    if (!in.env.ncclProto.empty())
        if (auto status = parseEnableList(in.version, in.env.ncclProto, kProtoNames, protoEnable); !status)
            return status;
    if (!in.env.ncclAlgo.empty())
        if (auto status = parseEnableList(in.version, in.env.ncclAlgo, algoNames, algoEnable); !status) return status;
    automaticAlgorithmDisables(in, algoEnable);
    maskCells(in, protoEnable, algoEnable, model);
    if (in.version.between(19, 23)) restoreRingWhereNothingLeft(model);
    return sim::Ok{};
}

}  // namespace commviz::nccl_tuning::detail
