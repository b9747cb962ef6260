#include "noc/kncube.h"

#include "noc/routing_functions.h"

namespace commviz::noc {

namespace {
RouteSet meshRoute(const NocConfig& config, int cur, int dest);
}

KNCube::KNCube(const NocConfig& config) : m_k(config.k), m_n(config.n), m_linkLatency(config.linkLatency()) {
    const bool mesh = config.topology == Topology::Mesh;
    const int nodes = config.nodes();
    const int ports = config.ports();
    shape(nodes, nodes, ports);
    for (int node = 0; node < nodes; ++node) {
        setName(node, "router_" + std::to_string(node));
        int stride = 1;
        for (int d = 0; d < m_n; ++d, stride *= m_k) {
            const int x = (node / stride) % m_k;
            const bool rightEdge = x == m_k - 1;
            const bool leftEdge = x == 0;
            const int right = rightEdge ? node - (m_k - 1) * stride : node + stride;
            const int left = leftEdge ? node + (m_k - 1) * stride : node - stride;
            if (!(mesh && rightEdge)) connect(node, 2 * d, right, 2 * d + 1, m_linkLatency);
            if (!(mesh && leftEdge)) connect(node, 2 * d + 1, left, 2 * d, m_linkLatency);
        }
        attachInjection(node, node, ports - 1);
        attachEjection(node, node, ports - 1);
    }
    const bool dor = config.routing_function == RoutingFunction::DimOrder;
    if (!config.general_paths && mesh && dor)
        buildRouteTable([&](int cur, int dest) { return meshRoute(config, cur, dest).port; });
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

RouteSet kncubeRoute(const NocConfig& config, int router, int inPort, int inVc, Packet& packet, sim::Rng& rng) {
    const bool mesh = config.topology == Topology::Mesh;
    switch (config.routing_function) {
        case RoutingFunction::DimOrder:
        case RoutingFunction::DestTag:  // these four are refused on a cube by validateNocConfig
        case RoutingFunction::DorNoExpress:
        case RoutingFunction::XyYx:
        case RoutingFunction::XyYxNoExpress:
        case RoutingFunction::Min:  // dragonflynew's, refused on a cube too
        case RoutingFunction::Ugal:
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

}  // namespace commviz::noc
