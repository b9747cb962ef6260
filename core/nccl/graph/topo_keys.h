#pragma once

#include <vector>

#include "nccl/graph/topo_paths.h"
#include "nccl/graph/topo_postset.h"
#include "nccl/graph/topo_search.h"
#include "nccl/graph/topo_xml_reader.h"
#include "nccl/nccl_version.h"
#include "sim/param_spec.h"
#include "sim/result.h"

namespace commviz::nccl_topology {

/// The settable keys of the topology model: what a partial dump leaves to
/// probing (`nvlink`, `gpu_sm`, `nic_speed`, `gdr`), and NCCL's path knobs
/// (`p2p_level` = NCCL_P2P_LEVEL, `net_gdr_level` = NCCL_NET_GDR_LEVEL,
/// `pxn_disable` = NCCL_PXN_DISABLE, `nvb_disable` = NCCL_NVB_DISABLE, …), the
/// search and postset knobs (`nnodes`, `cross_nic`, `min_nchannels`,
/// `max_nchannels`) and the log's form (`version`, `graph_subsys`,
/// `tuning_subsys`).
const std::vector<sim::ParamSpec>& topologyKeys();

struct TopoKeys {
    TopoAssumptions assumptions;
    PathPolicy policy;
    SearchSettings search;    ///< nNodes, crossNic; channel limits stay the search's own
    PostsetSettings postset;  ///< nNodes and NCCL_MIN/MAX_NCHANNELS
    nccl::Version version = nccl::Version::Classic;
    bool graphSubsys = false;   ///< NCCL_DEBUG_SUBSYS includes GRAPH
    bool tuningSubsys = false;  ///< NCCL_DEBUG_SUBSYS includes TUNING: rank 0's TUNING table
    bool cuMem = true;          ///< NCCL_CUMEM_ENABLE: P2P buffers shared as cuMem handles, else CUDA IPC
    int nvlsEnable = 2;         ///< NCCL_NVLS_ENABLE: 0 off, 1 on, 2 where multicast is supported
};

/// Turns checked key values (every key present, e.g. after sim::withDefaults) into the model's settings.
sim::Result<TopoKeys> topoKeysFromValues(const sim::ParamValues& values);

}  // namespace commviz::nccl_topology
