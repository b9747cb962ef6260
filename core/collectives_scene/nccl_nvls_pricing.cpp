#include "collectives_scene/nccl_nvls_pricing.h"

#include "nccl/graph/tuning_model.h"

namespace commviz::collectives {

NvlsPricing ncclNvlsPricing(const NcclTopologySetup& setup) {
    using namespace nccl_tuning;
    NvlsPricing pricing;
    auto model = ncclTopoTuneModel(setup.inputs);
    if (!model) return pricing;
    const float bandwidth = model->bandwidths[ncclFuncAllReduce][NCCL_ALGO_NVLS][NCCL_PROTO_SIMPLE];
    const int heads = setup.gpusPerNode;
    if (bandwidth > 0 && heads > 0) pricing.gpuGBps = double(bandwidth) * double(heads + 1) / double(heads);
    pricing.launchUs = model->latencies[ncclFuncAllReduce][NCCL_ALGO_NVLS][NCCL_PROTO_SIMPLE];
    return pricing;
}

}  // namespace commviz::collectives
