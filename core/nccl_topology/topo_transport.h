#pragma once

#include <vector>

#include "nccl/nccl_config.h"
#include "nccl_topology/comm_graphs.h"
#include "nccl_topology/topo_paths.h"
#include "nccl_topology/topo_system.h"

namespace commviz::nccl_topology {

/// The transport of every ring and tree connection of `comm`, in the order NCCL
/// sets them up (rings, then trees), as ncclTransportP2pSetup picks it: P2P when
/// ncclTopoCheckP2p allows, else SHM inside a server, NET across servers, with
/// NCCL's wording for `version` (P2P/CUMEM, /read, NET/IB/0/GDRDMA, PXN).
std::vector<Connection> selectTransports(const TopoSystem& system, const TopoPaths& paths, const CommGraphs& comm,
                                         nccl::Version version);

}  // namespace commviz::nccl_topology
