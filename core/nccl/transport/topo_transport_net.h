#pragma once

#include <vector>

#include "nccl/graph/comm_graphs.h"
#include "nccl/graph/graph_xml_reader.h"
#include "nccl/graph/topo_paths.h"
#include "nccl/graph/topo_system.h"
#include "nccl/nccl_version.h"

namespace commviz::nccl_topology {

/// The NET node a rank uses on a channel (NCCL src/graph/search.cc, ncclTopoGetNetDev):
/// the graph's first `<net>` for the channel's first GPU, its last for the others;
/// without a graph, the nearest NIC, rotated by channel. -1 when there is none.
int netForChannel(const TopoSystem& system, const TopoPaths& paths, const TopoGraph* graph, int channel, int rank);

/// Appends the `[send]` half (printed by the sender) and the `[receive]` half
/// (printed by the receiver) of a connection between two servers to `out`.
void appendNetConnection(const TopoSystem& system, const TopoPaths& paths, nccl::Version version,
                         const TopoGraph* graph, Connection connection, std::vector<Connection>& out);

}  // namespace commviz::nccl_topology
