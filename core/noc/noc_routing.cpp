// The routing entry points every topology shares: BookSim's network factory
// (Network::New), the routing-function dispatch (<name>_<topology>) and the
// traffic patterns.

#include "noc/noc_routing.h"

#include "noc/anynet.h"
#include "noc/cmesh.h"
#include "noc/dragonfly.h"
#include "noc/fattree.h"
#include "noc/flatfly_onchip.h"
#include "noc/kncube.h"
#include "noc/knfly.h"
#include "noc/qtree.h"
#include "noc/tree4.h"

namespace commviz::noc {

std::shared_ptr<const NocNetwork> makeNetwork(const NocConfig& config) {
    if (config.topology == Topology::Fly) return std::make_shared<const KNFly>(config);
    if (config.topology == Topology::CMesh) return std::make_shared<const CMesh>(config);
    if (config.topology == Topology::AnyNet) return std::make_shared<const AnyNet>(config);
    if (config.topology == Topology::FlatFly) return std::make_shared<const FlatFlyOnChip>(config);
    if (config.topology == Topology::FatTree) return std::make_shared<const FatTree>(config);
    if (config.topology == Topology::QTree) return std::make_shared<const QTree>(config);
    if (config.topology == Topology::Tree4) return std::make_shared<const Tree4>(config);
    if (config.topology == Topology::DragonFlyNew) return std::make_shared<const DragonFlyNew>(config);
    return std::make_shared<const KNCube>(config);
}

RouteSet computeRoute(const NocConfig& config, const NocNetwork& net, const RouterLoad& load, int router, int inPort,
                      int inVc, Packet& packet, sim::Rng& rng) {
    if (net.hasRouteTable())
        return RouteSet{std::int16_t(net.tablePort(router, packet.dest)), 0, std::int16_t(config.num_vcs - 1)};
    if (config.topology == Topology::Fly) return destTagFly(config, router, packet.dest);
    if (config.topology == Topology::CMesh) return cmeshRoute(config, router, inPort, inVc, packet, rng);
    if (config.topology == Topology::AnyNet) return minAnynet(config, net, router, packet.dest);
    if (config.topology == Topology::FlatFly) return flatflyRoute(config, net, load, router, inPort, inVc, packet, rng);
    if (config.topology == Topology::FatTree) return fatTreeRoute(config, router, load, packet.dest, rng);
    if (config.topology == Topology::QTree) return qtreeRoute(config, router, packet.dest);
    if (config.topology == Topology::Tree4) return tree4Route(config, router, packet.dest, rng);
    if (config.topology == Topology::DragonFlyNew) return dragonflyRoute(config, load, router, inPort, packet, rng);
    return kncubeRoute(config, router, inPort, inVc, packet, rng);
}

RouteSet injectionRoute(const NocConfig& config, const Packet& packet, sim::Rng& rng) {
    if (config.topology == Topology::FlatFly) return flatflyInjectionRoute(config, packet);
    if (config.topology == Topology::DragonFlyNew) return dragonflyInjectionRoute(config, rng);
    return RouteSet{-1, 0, std::int16_t(config.num_vcs - 1)};
}

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
            // BookSim's digits have radix k * xr (xr = 1 but on a cmesh).
            const int radix = config.k * config.xr;
            const int shift = config.traffic == TrafficKind::Tornado ? (radix + 1) / 2 - 1 : 1;
            int result = 0;
            for (int d = 0, offset = 1; d < config.n; ++d, offset *= radix) {
                result += offset * (((source / offset) % radix + shift) % radix);
            }
            return result;
        }
        case TrafficKind::Randperm:
            return config.randperm[std::size_t(source)];
        case TrafficKind::Hotspot:
            return hotspotDestination(config.hotspot, rng);
        case TrafficKind::BadDragon: {
            // BadPermDFlyTrafficPattern: a random node of the next group (groups of 2k routers of k nodes).
            const int groupNodes = 2 * config.k * config.k;
            return int((rng.below(std::uint64_t(groupNodes)) + std::uint64_t((source / groupNodes + 1) * groupNodes)) %
                       std::uint64_t(nodes));
        }
    }
    return source;
}

}  // namespace commviz::noc
