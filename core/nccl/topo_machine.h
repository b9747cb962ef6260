#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <vector>

#include "nccl/nccl_config.h"
#include "nccl/topology_model.h"
#include "nccl/transport/topo_transport.h"
#include "sim/param_spec.h"
#include "sim/result.h"

namespace commviz::nccl {

/// NCCL's topology model of a `topo_file` job, with what the log asks of it on every line
/// worked out once.
struct TopoMachine {
    nccl_topology::TopologyModel model;
    std::size_t ringConnections = 0;    ///< the leading model.comm.connections that are ring links
    nccl_topology::RingNetUse ringUse;  ///< 2.30's `use ring PXN %d GDR %d`
    /// By GPU dev: the `affinity` of its local `cpu` (ncclTopoGetCpuAffinity), by CPU number.
    std::map<int, std::vector<bool>> gpuCpus;
    /// Every CPU the file's `cpu` elements list; empty when one has no `affinity`.
    std::vector<bool> processCpus;
};

/// Most ranks the scene takes with `topo_file`: the model's postset and transports grow with
/// ranks × channels (about 0.35 s for 4,096 ranks of the 16-channel DGX H100 file, 1.8 s for
/// 16,384), so larger runs keep the made-up machine.
inline constexpr int kMaxTopoRanks = 4096;

/// configOf's part for `topo_file`: reads the server (a path or a bundled name, as
/// NCCL_TOPO_FILE), refuses `nodes`, `gpus_per_node` and `nics_per_node` set beside it, and
/// fills them from the file: its GPUs, its NETs and nranks / GPUs copies of the server.
sim::Status applyTopoFile(Config& config, const sim::MergedKeys& keys);

/// NCCL's topology model of config.topo_file over config.nodeCount() copies of the server, in
/// config.version's rules (NCCL src/init.cc, initTransportsRank: ncclTopoCompute, ncclTopoPostset,
/// ncclTransportP2pSetup); null without topo_file or when the file can no longer be read.
std::shared_ptr<const TopoMachine> topoMachine(const Config& config);

}  // namespace commviz::nccl
