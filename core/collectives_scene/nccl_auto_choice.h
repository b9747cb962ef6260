#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "collectives/collective.h"
#include "collectives/nccl_enums.h"
#include "collectives_scene/nccl_topology_setup.h"
#include "nccl/graph/tuning_choice.h"
#include "sim/result.h"

namespace commviz::collectives {

/// One (algorithm, protocol) NCCL's tuner could take for the call, with NCCL's indices.
struct NcclCandidate {
    int algorithm = 0;
    int protocol = 0;
    float latencyUs = 0;      ///< the model's latency cell
    float bandwidthGBps = 0;  ///< the model's bandwidth cell (algorithm bandwidth)
    float timeUs = 0;         ///< ncclTopoGetAlgoTime for this size
};

/// The call as the scene states it: `algorithm` and `protocol` are the scene's keys; a named one restricts
/// the tuner as NCCL_ALGO / NCCL_PROTO would.
struct NcclCall {
    Collective collective = Collective::Allreduce;
    std::int64_t nBytes = 0;  ///< NCCL's nBytes (the whole operation)
    std::string algorithm = "auto";
    std::optional<NcclProtocol> protocol;  ///< nullopt: protocol=auto
    std::vector<int> animated;             ///< NCCL algorithm indices the scene can animate
    /// ncclNvlsSupported: the switch sums 32- and 64-bit integers and every float type, and takes the
    /// minimum or maximum of the integers and the 16-bit floats; never 8-bit types.
    bool nvlsReduces = false;
};

/// NCCL's pick for the call, the best pair the scene animates, and why.
struct NcclAutoChoice {
    int algorithm = 0;  ///< NCCL's pick
    int protocol = 0;
    float timeUs = 0;
    int animatedAlgorithm = 0;  ///< the fastest pair among the animated algorithms
    int animatedProtocol = 0;
    float animatedTimeUs = 0;
    std::vector<NcclCandidate> candidates;  ///< every enabled pair, in NCCL's search order
    std::string takeover;                   ///< what differs in the pair that wins next: "Simple", "Tree", …
    std::int64_t takeoverBytes = 0;         ///< the size where it does; 0: none up to 16 GiB (or one rank)
    std::string rule;                       ///< one sentence: the pick, the runner-up, the next crossover
};

/// The fastest enabled pair other than the pick; nullptr when the pick is the only one.
const NcclCandidate* ncclRunnerUp(const NcclAutoChoice& choice);

/// ncclFunc_t of a collective (ncclFuncAllReduce …); -1 for one NCCL has no tuner row for.
int ncclFuncOf(Collective collective);
/// The scene's `bytes` as NCCL's nBytes: AllGather's is one rank's block times the ranks.
std::int64_t ncclBytesOf(Collective collective, std::int64_t bytes, int ranks);
NcclProtocol ncclProtocolOfIndex(int protocol);

/// NCCL's tuner (ncclTopoTuneModel, then topoGetAlgoInfo's search) on the setup's server for the call.
/// Fails when NCCL_ALGO/NCCL_PROTO-like restrictions leave no pair, or none the scene animates.
sim::Result<NcclAutoChoice> ncclAutoChoice(const NcclTopologySetup& setup, const NcclCall& call);

/// "Ring/LL128": NCCL's names of a pair.
std::string ncclPairName(int algorithm, int protocol);

/// "41.2 µs": a tuner time for a sentence, to the printed tenth.
std::string microsecondsText(float value);
/// "520 KiB", "1.5 MiB", "64 B": a size for a sentence.
std::string binarySizeText(double bytes);

}  // namespace commviz::collectives
