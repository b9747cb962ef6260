#pragma once

#include <cstdint>
#include <vector>

#include "noc/anynet_file.h"
#include "noc/noc_config.h"
#include "noc/noc_network.h"
#include "noc/noc_types.h"

namespace commviz::noc {

/// BookSim's anynet (networks/anynet.cpp): the routers and nodes of the
/// network file, router id = its number in the file (named `router_<id>`).
/// Each router's ports are its nodes first, ascending by node id, then its
/// channels to other routers ascending by the far router's id; input ports
/// likewise, the channels arriving ascending by the near router's id (BookSim
/// adds every injection channel, then the channels router by router). Node
/// channels take 1 cycle; a channel between routers the latency its line gave
/// it, and its credits the same.
///
/// min_anynet routes by a table of shortest paths built once, AnyNet::route's
/// Dijkstra over channel latencies from every router: the next router is the
/// unvisited one with the least distance, the lowest id among equals; a
/// neighbour's distance changes only when strictly shorter, neighbours taken
/// in ascending id. So every packet from a router to a node takes one path.
class AnyNet : public NocNetwork {
public:
    explicit AnyNet(const NocConfig& config);
    /// min_anynet's output port at `router` for a packet to node `dest`.
    int minPort(int router, int dest) const {
        return m_minPort[std::size_t(router) * std::size_t(nodes()) + std::size_t(dest)];
    }

private:
    std::vector<std::int16_t> m_minPort;
};

/// The first router on min_anynet's path from `source` to every router
/// (source itself for itself): AnyNet::route's Dijkstra with its tie-breaking.
std::vector<int> anynetFirstHops(const AnynetFile& file, int source);

/// min_anynet: the table's port, every VC (use_read_write = 0).
RouteSet minAnynet(const NocConfig& config, const NocNetwork& net, int router, int dest);

}  // namespace commviz::noc
