#include "nccl/graph/topo_system.h"

#include <cctype>

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

// busIdToInt64: the hexadecimal digits of the PCI address, separators dropped.
long topoLocalId(const TopoNode& node) {
    switch (node.type) {
        case NodeType::CPU:
            return node.numaId;
        case NodeType::NET:
            return node.dev;
        case NodeType::NVS:
            return 0;
        default:
            break;
    }
    long id = 0;
    for (char digit : node.busId)
        if (std::isxdigit(static_cast<unsigned char>(digit)))
            id = id * 16 +
                 (std::isdigit(static_cast<unsigned char>(digit)) ? digit - '0' : std::tolower(digit) - 'a' + 10);
    return id;
}

}  // namespace commviz::nccl_topology
