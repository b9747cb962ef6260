#include "noc/anynet.h"

#include <limits>
#include <queue>
#include <string>

namespace commviz::noc {

std::vector<int> anynetFirstHops(const AnynetFile& file, int source) {
    const auto routers = std::size_t(file.routers);
    std::vector<long long> dist(routers, std::numeric_limits<long long>::max());
    std::vector<int> prev(routers, -1);
    std::vector<bool> done(routers, false);
    // BookSim scans its unvisited set in id order for the least distance
    // (strict <): the least (distance, id) pair, which this queue pops.
    using Entry = std::pair<long long, int>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
    dist[std::size_t(source)] = 0;
    queue.push({0, source});
    while (!queue.empty()) {
        const auto [d, r] = queue.top();
        queue.pop();
        if (done[std::size_t(r)] || d != dist[std::size_t(r)]) continue;
        done[std::size_t(r)] = true;
        for (const AnynetFile::Link& link : file.links[std::size_t(r)]) {
            const long long next = d + link.latency;
            if (next < dist[std::size_t(link.to)]) {
                dist[std::size_t(link.to)] = next;
                prev[std::size_t(link.to)] = r;
                queue.push({next, link.to});
            }
        }
    }
    std::vector<int> first(routers, source);
    for (std::size_t r = 0; r < routers; ++r) {
        if (int(r) == source) continue;
        int hop = int(r);
        while (prev[std::size_t(hop)] != source) hop = prev[std::size_t(hop)];
        first[r] = hop;
    }
    return first;
}

AnyNet::AnyNet(const NocConfig& config) {
    const AnynetFile& file = *config.anynet;
    int ports = 1;
    for (int r = 0; r < file.routers; ++r) ports = std::max(ports, file.radix(r));
    shape(file.routers, file.nodes, ports);
    std::vector<int> nextInput(std::size_t(file.routers), 0);
    for (int r = 0; r < file.routers; ++r) {
        setName(r, "router_" + std::to_string(r));
        setPorts(r, file.radix(r), file.radix(r));
        int port = 0;
        for (const int node : file.routerNodes[std::size_t(r)]) {
            attachInjection(node, r, port);
            attachEjection(node, r, port);
            ++port;
        }
        nextInput[std::size_t(r)] = port;
    }
    // AnyNet::_BuildNet: channels router by router, each router's ascending by far router.
    for (int r = 0; r < file.routers; ++r) {
        int port = int(file.routerNodes[std::size_t(r)].size());
        for (const AnynetFile::Link& link : file.links[std::size_t(r)]) {
            connect(r, port, link.to, nextInput[std::size_t(link.to)]++, link.latency);
            ++port;
        }
    }
    // AnyNet::buildRoutingTable.
    m_minPort.assign(std::size_t(file.routers) * std::size_t(file.nodes), 0);
    for (int r = 0; r < file.routers; ++r) {
        const std::vector<int> first = anynetFirstHops(file, r);
        const auto& links = file.links[std::size_t(r)];
        const int base = int(file.routerNodes[std::size_t(r)].size());
        for (int dest = 0; dest < file.nodes; ++dest) {
            const int at = file.nodeRouter[std::size_t(dest)];
            int port = 0;
            if (at == r) {
                const auto& here = file.routerNodes[std::size_t(r)];
                port = int(std::lower_bound(here.begin(), here.end(), dest) - here.begin());
            } else {
                const int hop = first[std::size_t(at)];
                int index = 0;
                while (links[std::size_t(index)].to != hop) ++index;
                port = base + index;
            }
            m_minPort[std::size_t(r) * std::size_t(file.nodes) + std::size_t(dest)] = std::int16_t(port);
        }
    }
    if (!config.general_paths) buildRouteTable([&](int router, int dest) { return minPort(router, dest); });
}

RouteSet minAnynet(const NocConfig& config, const NocNetwork& net, int router, int dest) {
    return RouteSet{std::int16_t(static_cast<const AnyNet&>(net).minPort(router, dest)), 0,
                    std::int16_t(config.num_vcs - 1)};
}

}  // namespace commviz::noc
