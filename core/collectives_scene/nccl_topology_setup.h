#pragma once

#include <memory>
#include <string>
#include <vector>

#include "nccl/graph/comm_graphs.h"
#include "nccl/graph/tuning_model.h"
#include "nccl/topology_model.h"
#include "sim/param_spec.h"
#include "sim/result.h"

namespace commviz::collectives {

/// The server NCCL's tuner prices the collectives scene on (library=nccl): a topology file, searched as
/// the nccl-topology scene searches it, repeated on `nnodes` servers.
struct NcclTopologySetup {
    std::string topoFile;
    int gpusPerNode = 0;
    int nNodes = 1;
    int nChannels = 0;               ///< comm->nChannels after ncclTopoPostset
    int nvlsChannels = 0;            ///< comm->nvlsChannels; 0 when the NVSwitch does not reduce (no NVLS)
    nccl_topology::CommGraphs comm;  ///< every channel's ring and tree, and the transport of each connection
    nccl_tuning::TuningInputs inputs;
    /// The searched server itself (system, paths, ring/tree graphs), shared by every copy of the engine's config:
    /// the server view draws it and routes each send along NCCL's paths (nccl_send_route.h).
    std::shared_ptr<const nccl_topology::TopologyModel> model;
    /// ncclTopoTrimSystem took the NETs out (one server, NCCL 2.22): drawn faded, as the nccl-topology scene does.
    bool netsTrimmed = false;
    int nRanks() const { return gpusPerNode * nNodes; }
};

/// The keys `topo_file` and `nnodes`, taken from the nccl-topology scene's own tables (same defaults,
/// ranges and help), except that an empty `topo_file` here means "no server".
std::vector<sim::ParamSpec> ncclTopologyParams();

/// The setup for library=nccl and a non-empty topo_file; null otherwise. Fails with the topology reader's
/// message, or when `ranks` is not GPUs × nnodes (naming both keys and their values).
sim::Result<std::shared_ptr<const NcclTopologySetup>> loadNcclTopology(const sim::MergedKeys& keys);

}  // namespace commviz::collectives
