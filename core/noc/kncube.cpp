#include "noc/kncube.h"

#include "noc/routing_functions.h"

namespace commviz::noc {

namespace {
RouteSet meshRoute(const NocConfig& config, int cur, int dest);
}

KNCube::KNCube(const NocConfig& config)
    : m_k(config.k),
      m_n(config.n),
      m_nodes(config.nodes()),
      m_ports(config.ports()),
      m_linkLatency(config.linkLatency()) {
    const bool mesh = config.topology == Topology::Mesh;
    m_neighbors.assign(std::size_t(m_nodes) * m_ports, -1);
    for (int node = 0; node < m_nodes; ++node) {
        int stride = 1;
        for (int d = 0; d < m_n; ++d, stride *= m_k) {
            const int x = (node / stride) % m_k;
            const bool rightEdge = x == m_k - 1;
            const bool leftEdge = x == 0;
            const int right = rightEdge ? node - (m_k - 1) * stride : node + stride;
            const int left = leftEdge ? node + (m_k - 1) * stride : node - stride;
            m_neighbors[std::size_t(node) * m_ports + 2 * d] = (mesh && rightEdge) ? -1 : right;
            m_neighbors[std::size_t(node) * m_ports + 2 * d + 1] = (mesh && leftEdge) ? -1 : left;
        }
    }
    const bool dor = config.routing_function == RoutingFunction::DimOrder;
    if (!config.general_paths && mesh && dor && std::size_t(m_nodes) * std::size_t(m_nodes) <= (std::size_t(1) << 24)) {
        m_meshPort.resize(std::size_t(m_nodes) * std::size_t(m_nodes));
        for (int cur = 0; cur < m_nodes; ++cur)
            for (int dest = 0; dest < m_nodes; ++dest)
                m_meshPort[std::size_t(cur) * std::size_t(m_nodes) + std::size_t(dest)] =
                    std::uint8_t(meshRoute(config, cur, dest).port);
    }
}

int KNCube::digit(int node, int dim) const {
    for (int d = 0; d < dim; ++d) node /= m_k;
    return node % m_k;
}

namespace {

// dor_next_mesh: the lowest dimension whose digits differ, towards the destination.
RouteSet meshRoute(const NocConfig& config, int cur, int dest) {
    const RouteSet all{-1, 0, std::int16_t(config.num_vcs - 1)};
    RouteSet route = all;
    if (cur == dest) {
        route.port = std::int16_t(2 * config.n);
        return route;
    }
    int dim = 0;
    for (; dim < config.n - 1; ++dim) {
        if (cur % config.k != dest % config.k) break;
        cur /= config.k;
        dest /= config.k;
    }
    route.port = std::int16_t((cur % config.k) < (dest % config.k) ? 2 * dim : 2 * dim + 1);
    return route;
}

// dor_next_torus + dim_order_torus: the partition (dateline class) is chosen
// when the packet turns into a dimension and kept while it travels in it.
// The left-going condition mirrors BookSim's code as written (dest < cur).
RouteSet torusRoute(const NocConfig& config, int cur, int dest, int inPort, Packet& packet, sim::Rng& rng) {
    RouteSet route{-1, 0, std::int16_t(config.num_vcs - 1)};
    int dim = 0;
    for (; dim < config.n; ++dim) {
        if (cur % config.k != dest % config.k) break;
        cur /= config.k;
        dest /= config.k;
    }
    if (dim == config.n) {
        route.port = std::int16_t(2 * config.n);
        return route;  // at the destination the whole VC range is usable
    }
    if (inPort / 2 != dim) {
        const int c = cur % config.k;
        const int d = dest % config.k;
        const int dist2 = config.k - 2 * ((d - c + config.k) % config.k);
        const bool right = dist2 > 0 || (dist2 == 0 && rng.below(2) == 1);
        route.port = std::int16_t(right ? 2 * dim : 2 * dim + 1);
        packet.partition = std::int8_t(((right && c > d) || (!right && d < c)) ? 1 : 0);
    } else {
        route.port = std::int16_t(inPort ^ 1);
    }
    if (config.dateline) {
        const int half = config.num_vcs / 2;
        if (packet.partition == 0) {
            route.vcEnd = std::int16_t(route.vcEnd - half);
        } else {
            route.vcStart = std::int16_t(route.vcStart + half);
        }
    }
    return route;
}

}  // namespace

RouteSet computeRoute(const NocConfig& config, const KNCube& net, int router, int inPort, int inVc, Packet& packet,
                      sim::Rng& rng) {
    if (net.hasMeshTable())
        return RouteSet{std::int16_t(net.meshPort(router, packet.dest)), 0, std::int16_t(config.num_vcs - 1)};
    const bool mesh = config.topology == Topology::Mesh;
    switch (config.routing_function) {
        case RoutingFunction::DimOrder:
            break;
        case RoutingFunction::MinAdapt:
            return mesh ? minAdaptMesh(config, router, inPort, inVc, packet)
                        : minAdaptTorus(config, router, inPort, inVc, packet, rng);
        case RoutingFunction::Valiant:
        case RoutingFunction::Romm:
            return mesh ? twoPhaseMesh(config, router, inPort, packet, rng)
                        : valiantTorus(config, router, inPort, packet, rng);
    }
    if (mesh) return meshRoute(config, router, packet.dest);
    return torusRoute(config, router, packet.dest, inPort, packet, rng);
}

RouteSet injectionRoute(const NocConfig& config) { return RouteSet{-1, 0, std::int16_t(config.num_vcs - 1)}; }

int trafficDestination(const NocConfig& config, int source, sim::Rng& rng) {
    const int nodes = config.nodes();
    switch (config.traffic) {
        case TrafficKind::Uniform:
            return int(rng.below(std::uint64_t(nodes)));
        case TrafficKind::Bitcomp:
            return ~source & (nodes - 1);
        case TrafficKind::Transpose: {
            int shift = 0;
            for (int v = nodes; v > 1; v >>= 1) ++shift;
            shift /= 2;
            const int lo = (1 << shift) - 1;
            return ((source >> shift) & lo) | ((source << shift) & (lo << shift));
        }
        case TrafficKind::Bitrev: {
            int result = 0;
            for (int v = nodes; v > 1; v >>= 1, source >>= 1) result = (result << 1) | (source & 1);
            return result;
        }
        case TrafficKind::Shuffle: {
            const int shifted = source << 1;
            return (shifted & (nodes - 1)) | ((shifted & nodes) ? 1 : 0);
        }
        case TrafficKind::Tornado:
        case TrafficKind::Neighbor: {
            const int shift = config.traffic == TrafficKind::Tornado ? (config.k + 1) / 2 - 1 : 1;
            int result = 0;
            for (int d = 0, offset = 1; d < config.n; ++d, offset *= config.k) {
                result += offset * (((source / offset) % config.k + shift) % config.k);
            }
            return result;
        }
        case TrafficKind::Randperm:
            return config.randperm[std::size_t(source)];
        case TrafficKind::Hotspot:
            return hotspotDestination(config.hotspot, rng);
    }
    return source;
}

}  // namespace commviz::noc
