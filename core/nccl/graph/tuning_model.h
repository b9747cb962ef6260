#pragma once

#include <string>

#include "nccl/graph/tuning_types.h"
#include "sim/result.h"

namespace commviz::nccl_tuning {

/// The values of one searched graph that the model reads (struct ncclTopoGraph, after every rank aligned
/// them: min nChannels/bw, max types). The GRAPH line `Pattern %d, crossNic %d, nChannels %d, bw %f/%f,
/// type %s/%s, sameChannels %d` prints them. A graph that was not searched stays all zero.
struct TuningGraph {
    int pattern = 0;
    int nChannels = 0;
    float bwIntra = 0.0f;
    float bwInter = 0.0f;
    PathType typeIntra = PathType::LOC;
    PathType typeInter = PathType::LOC;
    float latencyInter = 0.0f;  ///< NIC latency from the net plugin; 0 for the built-in IB and Socket
    bool sameChannels = true;
};

/// CollNet (NCCL_COLLNET_ENABLE with a plugin). Off by default.
struct CollNetSupport {
    bool enabled = false;         ///< comm->collNetSupport (≤2.26) / config.collnetEnable (2.27+)
    bool iallgather = false;      ///< the plugin has iallgather (AllGather over CollNetDirect/NVLS)
    bool ireducescatter = false;  ///< the plugin has ireducescatter
    int headsNum = 0;             ///< collNetHeadsNum (NIC heads per node)
    bool chainSupport = true;     ///< collNetChainSupport (2.30.7 disables CollNetChain without it)
};

/// The environment variables the model reads; negative / empty means unset.
struct TuningEnvironment {
    std::string ncclAlgo;       ///< NCCL_ALGO
    std::string ncclProto;      ///< NCCL_PROTO
    int nThreads = -2;          ///< NCCL_NTHREADS
    int ll128NThreads = -2;     ///< NCCL_LL128_NTHREADS
    double netOverheadNs = -1;  ///< NCCL_NET_OVERHEAD (ns)
    int patEnable = 2;          ///< NCCL_PAT_ENABLE (2 = auto)
    bool ll128C2C = true;       ///< NCCL_LL128_C2C (2.27+)
};

/// Everything ncclTopoTuneModel reads (init.cc passes the communicator, min/max compute capability and
/// the graphs). Localranks: ppn = nRanks / nNodes, as NCCL computes it.
struct TuningInputs {
    TuningVersion version;
    int nRanks = 1;
    int nNodes = 1;
    int maxLocalRanks = 1;  ///< the largest node's GPU count (CollNet head check, 2.27+)
    int minCompCap = 90;
    int maxCompCap = 90;
    CpuArch cpuArch = CpuArch::X86;
    CpuVendor cpuVendor = CpuVendor::INTEL;  ///< 2.22+: aligned over ranks (MIXED when they differ)
    TuningGraph treeGraph;
    TuningGraph ringGraph;
    TuningGraph collNetDirectGraph;  ///< ≤2.21 the one collNet graph serves both CollNet algorithms
    TuningGraph collNetChainGraph;   ///< 2.22+
    TuningGraph nvlsGraph;
    int maxTreePattern = 0;  ///< 2.26+: max tree pattern over ranks; 0 = the tree graph's own pattern
    CollNetSupport collNet;
    int nvsCount = 0;           ///< NVSwitches in the topology (CollNetDirect needs one)
    bool netDeviceHost = true;  ///< net device type HOST (PAT's auto rule)
    int cudartVersion = 12000;  ///< CUDART_VERSION NCCL was built with (11.8 LL128 quirk)
    TuningEnvironment env;
};

/// What ncclTopoTuneModel leaves in the communicator. Cells the model skips stay 0/0; cells masked by the
/// enable rules keep their latency with bandwidth 0. A cell is usable when its bandwidth is > 0.
struct TuningModel {
    TuningVersion version;
    int nAlgorithms = 6;
    bool tablePrinted = false;           ///< nRanks > 1: rank 0 printed the TUNING table
    PerFunction<float> latencies{};      ///< µs
    PerFunction<float> bandwidths{};     ///< GB/s, algorithm bandwidth
    PerFunction<float> busBandwidths{};  ///< GB/s, the bus bandwidth after the refinements, before the algbw ratio
    PerAlgorithm<int> maxThreads{};      ///< the "Max NThreads" line
    std::array<PerProtocol<float>, NCCL_NUM_FUNCTIONS> ringBackupBw{};  ///< 2.19–2.23 ringbdw
};

/// NCCL src/graph/tuning.cc, ncclTopoTuneModel, in the rules of inputs.version. Fails only on an NCCL_ALGO
/// or NCCL_PROTO that 2.24+ refuses (ncclInvalidUsage), with NCCL's WARN text.
sim::Result<TuningModel> ncclTopoTuneModel(const TuningInputs& inputs);

/// The graph the model reads for algorithm `a` (init.cc graphs[]: PAT uses the tree graph).
const TuningGraph& graphOfAlgorithm(const TuningInputs& inputs, int a);

}  // namespace commviz::nccl_tuning
