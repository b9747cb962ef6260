#pragma once

#include <cstdint>
#include <vector>

#include "nccl/graph/tuning_model.h"

namespace commviz::nccl_tuning {

/// One collective call as the tuner sees it. nBytes is the total operation size (count × type size, × nRanks
/// for AllGather and ReduceScatter).
struct CollCall {
    int func = ncclFuncAllReduce;
    std::int64_t nBytes = 0;
    int numPipeOps = 1;           ///< operations aggregated per channel; only Ring multiplies its latency here
    int callNChannels = 0;        ///< ≤2.21: a channel count the call already carries (aggregation, plugin)
    bool nvlsSupport = false;     ///< comm->nvlsSupport and the op/type pair NVLS can reduce
    bool collNetSupport = false;  ///< CollNet supports this op/type
};

/// The predicted time of one (algorithm, protocol), µs; time < 0 when the cell has no bandwidth.
struct AlgoTime {
    int algorithm = 0;
    int protocol = 0;
    float time = -1.0f;
    bool backup = false;    ///< 2.19–2.23: the Ring backup bandwidth was used
    bool filtered = false;  ///< the enqueue pre-filters skipped this algorithm for the call
};

/// The pick of enqueue.cc (getAlgoInfo / topoGetAlgoInfo) with every candidate's time.
struct TuningChoice {
    bool found = false;
    int algorithm = NCCL_ALGO_RING;
    int protocol = NCCL_PROTO_SIMPLE;
    float time = -1.0f;         ///< the time of the pick
    float printedTime = -1.0f;  ///< what `time %f` prints (2.20–2.21 print the start value after a backup pick)
    std::vector<AlgoTime> candidates;  ///< in search order: algorithm, then protocol
};

/// NCCL src/graph/tuning.cc, ncclTopoGetAlgoTime, for (a, p) of `call`. commNChannels = comm->nChannels.
AlgoTime ncclTopoGetAlgoTime(const TuningInputs& in, const TuningModel& model, const CollCall& call, int a, int p,
                             int commNChannels);

/// NCCL src/enqueue.cc, the search of topoGetAlgoInfo: the smallest time ≥ 0 wins, ties keep the earlier
/// (algorithm, protocol); a 1-rank communicator always takes Ring/Simple.
TuningChoice ncclTopoChooseAlgorithm(const TuningInputs& in, const TuningModel& model, const CollCall& call,
                                     int commNChannels);

}  // namespace commviz::nccl_tuning
