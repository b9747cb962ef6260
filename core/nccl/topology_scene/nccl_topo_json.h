#pragma once

#include "nccl/log/topo_log.h"
#include "sim/json.h"

namespace commviz::nccl_topology {

/// {"assumed": [...], "unknown": [...]}: what the reader took from keys or did not know.
sim::Json assumedJson(const TopoSystem& system);

/// A node's attributes as its element in NCCL's topology XML carries them
/// (gpu: dev, rank, sm, gdr; cpu: numaid, affinity, familyid, modelid; net:
/// name, dev, speed as bw, port, guid, maxconn, gdr, latency; pci: device).
sim::Json nodeAttributes(const TopoNode& node);

/// GB/s to one decimal, as NCCL prints them, without float noise (370.79998…) in JSON.
double gbpsTenths(float gbps);

/// `commviz nccl-topo --json`: nodes, links, the GPU×GPU and GPU×NET path
/// matrices, the ring and tree graphs, the channels and connections, and what
/// the reader assumed or did not know.
sim::Json topologyJson(const TopologyModel& model, const TopoKeys& keys);

}  // namespace commviz::nccl_topology
