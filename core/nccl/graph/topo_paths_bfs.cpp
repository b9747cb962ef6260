// The breadth-first search that labels every path to one base node
// (NCCL src/graph/paths.cc, ncclTopoSetPaths), for a GPU without DEV/MLOPart nodes.

#include <algorithm>

#include "nccl/graph/topo_paths_internal.h"

namespace commviz::nccl_topology {

namespace {

PathType stepType(const TopoSystem& system, int node, const TopoLink& link, const Path& toBase) {
    const NodeType here = system.nodes[node].type;
    const NodeType there = system.nodes[link.remote].type;
    // Link and path numbers match; a NET link counts as LOC, since only the NIC-to-GPU part matters.
    PathType type = link.type == LinkType::NET ? PathType::LOC : static_cast<PathType>(static_cast<int>(link.type));
    if (here == NodeType::PCI && there == NodeType::PCI) type = PathType::PXB;
    if (link.type == LinkType::PCI && (here == NodeType::CPU || there == NodeType::CPU)) type = PathType::PHB;
    // One NVLink hop through another GPU is an NVLink bounce.
    if (here == NodeType::GPU && toBase.type == PathType::NVL && type == PathType::NVL && toBase.hops == 1)
        type = PathType::NVB;
    return std::max(toBase.type, type);
}

// Only one NVLink hop may go through a GPU, and only when NVB is allowed.
bool mayPassThrough(const TopoSystem& system, int node, int base, const TopoLink& link, const Path& toBase,
                    bool nvbDisable) {
    if (node == base || system.nodes[node].type != NodeType::GPU) return true;
    return !nvbDisable && link.type == LinkType::NVL && system.nodes[link.remote].type == NodeType::GPU &&
           toBase.hops <= 1;
}

}  // namespace

void setPathsTo(const TopoSystem& system, int base, bool nvbDisable, TopoPaths& paths) {
    Path& self = paths.path(base, base);
    self = Path{PathType::LOC, bw::kLoc, 0, {base}, -1};
    std::vector<int> frontier = {base};
    while (!frontier.empty()) {
        std::vector<int> next;
        for (int node : frontier) {
            for (const TopoLink& link : system.nodes[node].links) {
                const Path& toBase = paths.path(node, base);
                if (!mayPassThrough(system, node, base, link, toBase, nvbDisable)) continue;
                float bw = std::min(toBase.bw, link.bw);
                PathType type = stepType(system, node, link, toBase);
                Path& candidate = paths.path(link.remote, base);
                bool better = type < candidate.type || (type == candidate.type && candidate.bw < bw) ||
                              (type == candidate.type && candidate.bw == bw && candidate.hops > toBase.hops + 1);
                if (!better) continue;
                std::vector<int> route = {link.remote};
                route.insert(route.end(), toBase.route.begin(), toBase.route.end());
                candidate = Path{type, bw, toBase.hops + 1, std::move(route), -1};
                if (std::find(next.begin(), next.end(), link.remote) == next.end()) next.push_back(link.remote);
            }
        }
        frontier = std::move(next);
    }
}

}  // namespace commviz::nccl_topology
