#pragma once

#include "nccl/graph/topo_search.h"

namespace commviz::nccl_topology {

/// ncclNvlsInit (NCCL src/transport/nvls.cc) and the NVLS graph search. NVLS
/// reduces inside the NVSwitch (multimem loads and stores), so it needs a
/// switch, sm90 or newer, more than two GPUs and the driver's multicast
/// support. NCCL asks the driver (CU_DEVICE_ATTRIBUTE_MULTICAST_SUPPORTED, which
/// needs the fabric manager); here every NVSwitch server is taken to have it.
struct NvlsSetup {
    bool support = false;  ///< comm->nvlsSupport
    int channels = 0;      ///< comm->nvlsChannels: the CTAs an NVLS call runs on
    GraphSearch search;    ///< the NVLS graph (id 3, pattern 5): one head GPU per graph channel
};

/// `enable` is NCCL_NVLS_ENABLE: 0 off, 1 on, 2 (the default) where multicast is supported.
NvlsSetup nvlsSetup(const TopoSystem& system, const TopoPaths& paths, const SearchSettings& settings, int enable);

}  // namespace commviz::nccl_topology
