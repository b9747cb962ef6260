#pragma once

#include <string>
#include <vector>

#include "nccl_topology/comm_graphs.h"
#include "nccl_topology/topo_keys.h"
#include "nccl_topology/topo_search.h"

namespace commviz::nccl_topology {

/// Everything computed for one topology file and its keys.
struct TopologyModel {
    TopoSystem system;
    TopoPaths paths;
    GraphSearch ring;
    GraphSearch tree;
    CommGraphs comm;  ///< with its connections
};

/// Reads nothing: runs paths, ring and tree search, postset and transports on `system`.
TopologyModel buildTopologyModel(TopoSystem system, const TopoKeys& keys);

/// One line NCCL would print with NCCL_DEBUG=INFO (and GRAPH when asked).
struct TopoLogLine {
    int rank = 0;        ///< the rank whose process prints it
    std::string subsys;  ///< "INIT", "GRAPH", "ENV", ...
    std::string text;    ///< the message after "NCCL INFO "
    std::string stage;   ///< "system", "paths", "ring", "tree", "postset", "connect": what it belongs to
};

/// The INIT and GRAPH lines for this model in the chosen version's formats, in
/// the order a person sees them; GRAPH lines only with keys.graphSubsys.
std::vector<TopoLogLine> topologyLog(const TopologyModel& model, const TopoKeys& keys);

/// `host:pid:tid [dev] NCCL INFO text`, the prefix NCCL's logger writes.
std::string formatLogLine(const TopoLogLine& line, const TopologyModel& model);

}  // namespace commviz::nccl_topology
