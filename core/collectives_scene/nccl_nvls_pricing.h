#pragma once

#include "collectives_scene/nccl_topology_setup.h"
#include "nccl/device/nvls_pipeline.h"

namespace commviz::collectives {

/// The NVLS pipeline's prices on the setup's server, from NCCL's tuner (src/graph/tuning.cc) for NVLS
/// AllReduce/Simple: the launch is its latency cell; a GPU's link to the switch carries (heads + 1) / heads
/// times its bandwidth cell, since every head's sum crosses the link once more than the data it reduces.
NvlsPricing ncclNvlsPricing(const NcclTopologySetup& setup);

}  // namespace commviz::collectives
