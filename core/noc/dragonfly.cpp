#include "noc/dragonfly.h"

#include <algorithm>
#include <string>

namespace commviz::noc {

namespace {

// DRAGON_LATENCY in dragonfly.cpp: channels inside a group and the global ("optical") ones.
constexpr int kGroupLatency = 10;
constexpr int kGlobalLatency = 100;
// ugal_dragonflynew's adaptive_threshold: biases the choice towards the minimal route.
constexpr int kAdaptiveThreshold = 30;

}  // namespace

int dragonflyPort(int p, int router, int dest) {
    const int a = 2 * p;
    const int groupNodes = a * p;
    const int group = router / a;
    const int destGroup = dest / groupNodes;
    int groupOutput = -1;
    int target = -1;  // the router of this group the packet heads for
    if (destGroup == group) {
        target = dest / p;
    } else {
        groupOutput = group > destGroup ? destGroup : destGroup - 1;
        target = groupOutput / p + group * a;
    }
    if (dest >= router * p && dest < (router + 1) * p) return dest % p;
    if (target == router) return p + (a - 1) + groupOutput % p;
    return router < target ? target % a - 1 + p : target % a + p;
}

int dragonflyNeighbor(int p, int router, int port) {
    const int a = 2 * p;
    const int group = router / a;
    const int d = router % a;
    if (port < p) return -1;
    if (port < p + a - 1) {
        const int j = port - p;
        return group * a + (j < d ? j : j + 1);
    }
    const int groupOutput = d * p + (port - p - (a - 1));
    const int target = groupOutput < group ? groupOutput : groupOutput + 1;
    const int back = target > group ? group : group - 1;  // the target group's link back to this one
    return target * a + back / p;
}

DragonFlyNew::DragonFlyNew(const NocConfig& config) {
    const int p = config.k;
    const int a = 2 * p;
    const int groups = a * p + 1;
    const int routers = a * groups;
    const int radix = 4 * p - 1;
    const int perRouter = radix - p;  // BookSim's _num_ports_per_switch: channels a router owns
    shape(routers, config.nodes(), radix);
    // BookSim numbers the router-to-router channels by the router that drives
    // them: router r's group outputs are channels perRouter * r + j, its
    // global outputs follow; each input then names the channel it reads.
    struct Driver {
        int router;
        int port;
    };
    std::vector<Driver> driver(std::size_t(routers) * std::size_t(perRouter));
    for (int r = 0; r < routers; ++r) {
        setName(r, "router_" + std::to_string(r));
        for (int cnt = 0; cnt < p; ++cnt) {
            attachInjection(p * r + cnt, r, cnt);
            attachEjection(p * r + cnt, r, cnt);
        }
        for (int j = 0; j < perRouter; ++j) driver[std::size_t(perRouter * r + j)] = {r, p + j};
    }
    for (int r = 0; r < routers; ++r) {
        const int group = r / a;
        const int d = r % a;  // index within the group
        for (int cnt = 0; cnt < 2 * p - 1; ++cnt) {
            const int channel = cnt < d ? group * perRouter * a - (d - cnt) * perRouter + d * perRouter + (d - 1)
                                        : group * perRouter * a + d * perRouter + (cnt - d + 1) * perRouter + d;
            const Driver from = driver[std::size_t(channel)];
            connect(from.router, from.port, r, p + cnt, kGroupLatency);
        }
        for (int cnt = 0; cnt < p; ++cnt) {
            const int groupOutput = d * p + cnt;
            const int channel =
                group > groupOutput
                    ? groupOutput * perRouter * a + (perRouter - p) * ((group - 1) / p) + (perRouter - p) + group - 1
                    : (groupOutput + 1) * perRouter * a + (perRouter - p) * (group / p) + (perRouter - p) + group;
            const Driver from = driver[std::size_t(channel)];
            connect(from.router, from.port, r, p + 2 * p - 1 + cnt, kGlobalLatency);
        }
    }
}

sim::Status validateDragonFly(const NocConfig& c) {
    const bool dragonflyFunction =
        c.routing_function == RoutingFunction::Min || c.routing_function == RoutingFunction::Ugal;
    if (!dragonflyFunction)
        return sim::fail("routing_function = " + c.routing_name + ": BookSim has no " + c.routing_name +
                         "_dragonflynew ('Invalid routing function: " + c.routing_name +
                         "_dragonflynew'); a dragonflynew routes with min or ugal");
    if (c.n != 1)
        return sim::fail("n = " + std::to_string(c.n) +
                         ": allowed values for topology = dragonflynew: 1 (BookSim's dragonfly.cpp asserts n == 1: "
                         "one dimension inside a group)");
    if (c.k > 8)
        return sim::fail("k = " + std::to_string(c.k) +
                         ": allowed values for topology = dragonflynew: 2 to 8 (a router has 4k - 1 ports, and "
                         "commviz's routers at most 32)");
    if (c.routing_function == RoutingFunction::Ugal && c.num_vcs != 3)
        return sim::fail("num_vcs = " + std::to_string(c.num_vcs) +
                         ": ugal on a dragonflynew needs num_vcs = 3 (one VC per phase: to the intermediate group, "
                         "minimal, after the global hop; BookSim asserts gNumVCs == 3)");
    if (c.routing_function == RoutingFunction::Min && c.num_vcs < 2)
        return sim::fail("num_vcs = " + std::to_string(c.num_vcs) +
                         ": min on a dragonflynew needs num_vcs of at least 2 (VC 0 before the global hop, VC 1 "
                         "after it)");
    return sim::Ok{};
}

RouteSet dragonflyInjectionRoute(const NocConfig& config, sim::Rng& rng) {
    const auto vc = std::int16_t(rng.below(std::uint64_t(config.num_vcs)));
    return RouteSet{-1, vc, vc};
}

RouteSet dragonflyRoute(const NocConfig& config, const RouterLoad& load, int router, int inPort, Packet& packet,
                        sim::Rng& rng) {
    const int p = config.k;
    const int a = 2 * p;
    const int groupNodes = a * p;
    const int globalPort = p + a - 1;  // the first global port
    const bool injected = inPort < p;
    const int group = router / a;
    int port = -1;
    if (config.routing_function == RoutingFunction::Min) {
        // min_dragonflynew compares the destination group with a variable it
        // never sets (-1), so every packet starts in phase 0, even in its own group.
        if (injected) packet.phase = 0;
        port = dragonflyPort(p, router, packet.dest);
        if (port >= globalPort) packet.phase = 1;  // the optical dateline
        return RouteSet{std::int16_t(port), packet.phase, packet.phase};
    }
    // ugal_dragonflynew
    if (injected) {
        if (packet.dest / groupNodes == group) {
            packet.phase = 2;
        } else {
            packet.intm = std::int32_t(rng.below(std::uint64_t(config.nodes())));
            if (packet.intm / groupNodes == group) {
                packet.phase = 1;
            } else {
                // congestion read as BookSim does: the used credits of the two outputs (GetUsedCredit)
                const int minQueue = std::max(load.usedCredit(router, dragonflyPort(p, router, packet.dest)), 0);
                const int nonminQueue = std::max(load.usedCredit(router, dragonflyPort(p, router, packet.intm)), 0);
                packet.phase = minQueue <= 2 * nonminQueue + kAdaptiveThreshold ? 1 : 0;
            }
        }
    }
    if (packet.phase == 0 && router == packet.intm / p) packet.phase = 1;
    port = dragonflyPort(p, router, packet.phase == 0 ? packet.intm : packet.dest);
    if (packet.phase == 1 && port >= globalPort) packet.phase = 2;
    return RouteSet{std::int16_t(port), packet.phase, packet.phase};
}

}  // namespace commviz::noc
