#include "nccl/graph/topo_system.h"

namespace commviz::nccl_topology {

TopoNode makeNode(NodeType type, int line, std::string busId) {
    TopoNode node;
    node.type = type;
    node.line = line;
    node.busId = std::move(busId);
    return node;
}

std::vector<int> TopoSystem::ofType(NodeType type) const {
    std::vector<int> indices;
    for (size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].type == type) indices.push_back(static_cast<int>(i));
    return indices;
}

int TopoSystem::addNode(TopoNode node) {
    nodes.push_back(std::move(node));
    return static_cast<int>(nodes.size()) - 1;
}

void TopoSystem::connectOneWay(int from, int to, LinkType type, float bw) {
    for (TopoLink& link : nodes[from].links) {
        if (link.remote == to && link.type == type) {
            link.bw += bw;
            return;
        }
    }
    nodes[from].links.push_back({type, bw, to});
}

void TopoSystem::connect(int from, int to, LinkType type, float bw) {
    connectOneWay(from, to, type, bw);
    connectOneWay(to, from, type, bw);
}

}  // namespace commviz::nccl_topology
