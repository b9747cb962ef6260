#pragma once

#include "nccl_topology/topo_paths.h"

namespace commviz::nccl_topology {

/// Fills path(n, base) for every node n.
void setPathsTo(const TopoSystem& system, int base, bool nvbDisable, TopoPaths& paths);

}  // namespace commviz::nccl_topology
