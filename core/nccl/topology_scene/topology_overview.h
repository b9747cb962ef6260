#pragma once

#include <string>
#include <vector>

#include "nccl/graph/topo_keys.h"
#include "nccl/topology_model.h"

namespace commviz::nccl_topology {

/// A few lines that say what `nccl-topo` found before the INFO lines it prints: the servers, GPUs,
/// NICs, NVLink and PCIe, the ring and tree graphs, the channels, the transports and what was assumed.
/// Each starts with "# " so that `grep -v '^#'` leaves the lines NCCL itself would print.
std::vector<std::string> topologyOverview(const TopologyModel& model, const TopoKeys& keys,
                                          const std::string& fileName);

}  // namespace commviz::nccl_topology
