// NCCL src/init.cc, initTransportsRank: paths, the ring and tree searches,
// ncclTopoPostset, then the ring and tree connections.

#include "nccl/topology_model.h"

#include "nccl/transport/topo_transport.h"

namespace commviz::nccl_topology {

TopologyModel buildTopologyModel(TopoSystem system, const TopoKeys& keys) {
    TopologyModel model;
    model.paths = computePaths(system, keys.policy);
    model.ring = searchGraph(system, model.paths, GraphPattern::Ring, keys.search);
    model.tree =
        searchGraph(system, model.paths, GraphPattern::BalancedTree, treeSearchSettings(keys.search, model.ring));
    model.nvls = nvlsSetup(system, model.paths, keys.search, keys.nvlsEnable);
    model.comm = postsetChannels(system, model.ring.graph, model.tree.graph, keys.postset);
    TransportPlan plan = planTransports(system, model.paths, model.comm, keys.version,
                                        TransportGraphs{&model.ring.graph, &model.tree.graph, keys.cuMem});
    model.comm.connections = std::move(plan.rings);
    model.comm.connections.insert(model.comm.connections.end(), plan.trees.begin(), plan.trees.end());
    model.system = std::move(system);
    return model;
}

}  // namespace commviz::nccl_topology
