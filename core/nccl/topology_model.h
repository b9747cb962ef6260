#pragma once

#include "nccl/graph/comm_graphs.h"
#include "nccl/graph/nvls_support.h"
#include "nccl/graph/topo_keys.h"
#include "nccl/graph/topo_paths.h"
#include "nccl/graph/topo_search.h"
#include "nccl/graph/topo_system.h"

namespace commviz::nccl_topology {

/// Everything computed for one topology file and its keys.
struct TopologyModel {
    TopoSystem system;
    TopoPaths paths;
    GraphSearch ring;
    GraphSearch tree;
    NvlsSetup nvls;   ///< comm->nvlsSupport, nvlsChannels and the NVLS graph
    CommGraphs comm;  ///< with its connections
};

/// Reads nothing: runs paths, ring and tree search, postset and transports on `system`.
TopologyModel buildTopologyModel(TopoSystem system, const TopoKeys& keys);

}  // namespace commviz::nccl_topology
