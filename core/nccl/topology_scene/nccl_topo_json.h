#pragma once

#include "nccl/log/topo_log.h"
#include "sim/json.h"

namespace commviz::nccl_topology {

/// {"assumed": [...], "unknown": [...]}: what the reader took from keys or did not know.
sim::Json assumedJson(const TopoSystem& system);

/// GB/s to one decimal, as NCCL prints them, without float noise (370.79998…) in JSON.
double gbpsTenths(float gbps);

/// `commviz nccl-topo --json`: nodes, links, the GPU×GPU and GPU×NET path
/// matrices, the ring and tree graphs, the channels and connections, and what
/// the reader assumed or did not know.
sim::Json topologyJson(const TopologyModel& model, const TopoKeys& keys);

}  // namespace commviz::nccl_topology
