#pragma once

#include "nccl/graph/topo_paths.h"

namespace commviz::nccl_topology {

/// Fills path(n, base) for every node n.
void setPathsTo(const TopoSystem& system, int base, bool nvbDisable, TopoPaths& paths);

}  // namespace commviz::nccl_topology
