// ncclTopoTuneModel's thread counts and its enable/disable pass (NCCL src/graph/tuning.cc).
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "nccl/graph/tuning_model_internal.h"

namespace commviz::nccl_tuning::detail {

namespace {

constexpr int WARP_SIZE = 32;
constexpr int NCCL_MAX_NTHREADS = 640;
constexpr int NCCL_SIMPLE_MAX_NTHREADS = 512;
constexpr int NCCL_LL_MAX_NTHREADS = 512;
constexpr int NCCL_LL128_MAX_NTHREADS = 640;
constexpr float PCI_BW = 12.0f;

// tuning.cc getNthreads: the default unless the variable is set; a value off the warp size or above the
// maximum takes the maximum, one below the minimum takes the minimum.
int getNthreads(int env, int minimum, int maximum, int byDefault) {
    if (env <= 0) return byDefault;
    if (env % WARP_SIZE != 0 || env > maximum) return maximum;
    return env < minimum ? minimum : env;
}

}  // namespace

PerAlgorithm<int> maxThreadsOf(const TuningInputs& in) {
    PerAlgorithm<int> threads{};
    const TuningGraph& ring = in.ringGraph;
    const bool pcieRing = ring.bwIntra * static_cast<float>(ring.nChannels) <= PCI_BW;
    const int simpleDefault = pcieRing ? 256 : NCCL_SIMPLE_MAX_NTHREADS;
    threads[NCCL_ALGO_RING][NCCL_PROTO_SIMPLE] =
        getNthreads(in.env.nThreads, 2 * WARP_SIZE, NCCL_SIMPLE_MAX_NTHREADS, simpleDefault);
    threads[NCCL_ALGO_TREE][NCCL_PROTO_SIMPLE] =
        getNthreads(in.env.nThreads, 2 * WARP_SIZE, NCCL_SIMPLE_MAX_NTHREADS, NCCL_SIMPLE_MAX_NTHREADS);
    for (int a : {NCCL_ALGO_COLLNET_DIRECT, NCCL_ALGO_COLLNET_CHAIN, NCCL_ALGO_NVLS, NCCL_ALGO_NVLS_TREE})
        threads[static_cast<std::size_t>(a)][NCCL_PROTO_SIMPLE] = NCCL_MAX_NTHREADS;
    const int ll = getNthreads(in.env.nThreads, 2 * WARP_SIZE, NCCL_LL_MAX_NTHREADS, NCCL_LL_MAX_NTHREADS);
    const int ll128 = getNthreads(in.env.ll128NThreads, NCCL_LL128_MAX_NTHREADS / 4, NCCL_LL128_MAX_NTHREADS,
                                  NCCL_LL128_MAX_NTHREADS);
    threads[NCCL_ALGO_RING][NCCL_PROTO_LL] = threads[NCCL_ALGO_TREE][NCCL_PROTO_LL] = ll;
    threads[NCCL_ALGO_RING][NCCL_PROTO_LL128] = threads[NCCL_ALGO_TREE][NCCL_PROTO_LL128] = ll128;
    return threads;  // PAT is never set: its line prints 0 0 0
}

bool patEnabled(const TuningInputs& in) {
    if (!in.version.atLeast(23)) return false;
    if (in.version.atLeast(26) && in.minCompCap < 60) return false;
    if (in.env.patEnable != 2) return in.env.patEnable != 0;
    return in.nNodes == in.nRanks && in.netDeviceHost;
}

}  // namespace commviz::nccl_tuning::detail
