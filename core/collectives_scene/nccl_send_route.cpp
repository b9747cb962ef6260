// Where a send of the collectives scene goes on the server: the paths NCCL computed (src/graph/paths.cc,
// ncclTopoComputePaths) between the two GPUs, or to and from the NICs the channel's graph gave its
// ranks (src/transport/net.cc, sendSetup/recvSetup through ncclTopoGetNetDev).

#include "collectives_scene/nccl_send_route.h"

#include <algorithm>

#include "nccl/transport/topo_transport.h"
#include "nccl/transport/topo_transport_net.h"

namespace commviz::collectives {

using nccl_topology::RankPlace;
using nccl_topology::TopologyModel;

namespace {

const nccl_topology::TopoGraph* graphOf(const TopologyModel& model, RouteGraph graph) {
    const auto& searched = graph == RouteGraph::Tree ? model.tree.graph : model.ring.graph;
    return searched.channels.empty() ? nullptr : &searched;
}

void appendPath(const std::vector<int>& route, int server, std::vector<ServerNode>& out) {
    for (int node : route)
        if (out.empty() || out.back() != ServerNode{server, node}) out.push_back({server, node});
}

}  // namespace

std::vector<ServerNode> sendRoute(const NcclTopologySetup& setup, RouteGraph graph, int channel, int src, int dst) {
    if (!setup.model) return {};
    const TopologyModel& model = *setup.model;
    const RankPlace from = nccl_topology::placeRank(model.system, src);
    const RankPlace to = nccl_topology::placeRank(model.system, dst);
    if (from.gpu < 0 || to.gpu < 0 || src == dst) return {};
    std::vector<ServerNode> route;
    if (from.node == to.node) {
        appendPath(model.paths.path(from.gpu, to.gpu).route, from.node, route);
        return route.size() >= 2 ? route : std::vector<ServerNode>{};
    }
    const auto* searched = graphOf(model, graph);
    const int sendNet = nccl_topology::netForChannel(model.system, model.paths, searched, channel, src);
    const int recvNet = nccl_topology::netForChannel(model.system, model.paths, searched, channel, dst);
    if (sendNet < 0 || recvNet < 0) return {};
    const auto& out = model.paths.path(from.gpu, sendNet).route;
    const auto& in = model.paths.path(recvNet, to.gpu).route;
    if (out.empty() || in.empty()) return {};
    appendPath(out, from.node, route);
    appendPath(in, to.node, route);
    return route;
}

std::map<PhysicalLink, int> linkUse(const NcclTopologySetup& setup, RouteGraph graph, const Round& round) {
    std::map<PhysicalLink, int> use;
    for (const Message& message : round) {
        const std::vector<ServerNode> route = sendRoute(setup, graph, message.channel, message.src, message.dst);
        for (std::size_t index = 0; index + 1 < route.size(); ++index)
            ++use[std::minmax(route[index], route[index + 1])];
    }
    return use;
}

}  // namespace commviz::collectives
