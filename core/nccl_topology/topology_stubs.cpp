// Placeholders for the functions still being written; each helper deletes its part.
#include "nccl_topology/nccl_topo_command.h"
#include "nccl_topology/topo_log.h"
#include "nccl_topology/topo_transport.h"

namespace commviz::nccl_topology {

std::vector<Connection> selectTransports(const TopoSystem&, const TopoPaths&, const CommGraphs&, nccl::Version) {
    return {};
}

TopologyModel buildTopologyModel(TopoSystem system, const TopoKeys& keys) {
    TopologyModel model;
    model.paths = computePaths(system, keys.policy);
    model.ring = searchGraph(system, model.paths, GraphPattern::Ring, keys.search);
    model.tree = searchGraph(system, model.paths, GraphPattern::BalancedTree, keys.search);
    model.comm = postsetChannels(system, model.ring.graph, model.tree.graph, keys.postset);
    model.system = std::move(system);
    return model;
}

std::vector<TopoLogLine> topologyLog(const TopologyModel&, const TopoKeys&) { return {}; }

std::string formatLogLine(const TopoLogLine& line, const TopologyModel&) { return line.text; }

sim::Status runNcclTopoCommand(const std::vector<std::string>&, std::ostream&) {
    return sim::fail("nccl-topo: not yet available");
}

}  // namespace commviz::nccl_topology
