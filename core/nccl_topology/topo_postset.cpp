#include "nccl_topology/topo_postset.h"

namespace commviz::nccl_topology {

// Placeholder until the postset lands: one ring per ring channel through the
// nodes in rank order, no trees.
CommGraphs postsetChannels(const TopoSystem& system, const TopoGraph& ring, const TopoGraph&,
                           const PostsetSettings& settings) {
    CommGraphs comm;
    const int localRanks = static_cast<int>(system.ofType(NodeType::GPU).size());
    comm.nNodes = settings.nNodes;
    comm.nRanks = localRanks * settings.nNodes;
    for (const GraphChannel& channel : ring.channels) {
        CommChannel joined;
        for (int node = 0; node < settings.nNodes; ++node)
            for (const GraphHop& hop : channel.hops)
                if (hop.kind == GraphHop::Kind::Gpu) joined.ring.push_back(node * localRanks + hop.rank);
        comm.channels.push_back(joined);
    }
    return comm;
}

}  // namespace commviz::nccl_topology
