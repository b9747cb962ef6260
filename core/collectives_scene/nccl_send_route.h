#pragma once

#include <map>
#include <utility>
#include <vector>

#include "collectives/schedule.h"
#include "collectives_scene/nccl_topology_setup.h"

namespace commviz::collectives {

/// A device on one of the `nnodes` servers: the server and the node's index in its TopoSystem.
struct ServerNode {
    int server = 0;
    int node = -1;
    auto operator<=>(const ServerNode&) const = default;
};

/// Which graph's NICs a send uses (NCCL src/transport/net.cc: the ring connections take the ring graph's
/// `<net>`, the tree connections the tree graph's).
enum class RouteGraph { Ring, Tree };

/// The devices a send from rank `src` to rank `dst` on `channel` crosses, in order: inside a server NCCL's
/// path between the two GPUs (GPU → NVSwitch → GPU on an NVSwitch server; through the CPU for SHM); across
/// servers the sender's path to the NET its channel uses, then the receiver's NET and its path to the GPU (the
/// step between the two NETs is the network). Ranks are placed as NCCL numbers them (placeRank: rank =
/// server × GPUs per server + local rank). Empty when a rank has no GPU or a path is missing.
std::vector<ServerNode> sendRoute(const NcclTopologySetup& setup, RouteGraph graph, int channel, int src, int dst);

/// A physical link between two devices, the lower end first (both directions are one link).
using PhysicalLink = std::pair<ServerNode, ServerNode>;

/// How many of `round`'s sends cross each physical link (every channel; a send crossing a link counts once).
std::map<PhysicalLink, int> linkUse(const NcclTopologySetup& setup, RouteGraph graph, const Round& round);

}  // namespace commviz::collectives
