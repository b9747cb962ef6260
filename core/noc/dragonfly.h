#pragma once

#include "noc/noc_config.h"
#include "noc/noc_network.h"
#include "noc/noc_routing.h"
#include "noc/noc_types.h"
#include "sim/result.h"
#include "sim/rng.h"

namespace commviz::noc {

/// BookSim's dragonfly (topology = dragonflynew, networks/dragonfly.cpp; it
/// runs n = 1 only). With p = k: a = 2p routers per group, all connected to
/// each other, g = a * p + 1 groups, one global link between every pair of
/// groups; router r is in group r / a, named `router_<r>`, and nodes
/// p * r .. p * r + p - 1 sit on its ports 0 .. p - 1. Ports p .. 3p - 2 go to
/// the other routers of the group in order (skipping itself), ports
/// 3p - 1 .. 4p - 2 are the global links: global port c of the router with
/// in-group index d leads to group d * p + c, counting groups from 0 and
/// skipping its own. Group links take 10 cycles, global links 100
/// (DRAGON_LATENCY), their credits as long.
class DragonFlyNew : public NocNetwork {
public:
    explicit DragonFlyNew(const NocConfig& config);
};

/// The dragonflynew keys BookSim runs: n = 1 (it asserts so), min or ugal,
/// num_vcs >= 2 for min (VC 1 after the global hop) and exactly 3 for ugal
/// (it asserts gNumVCs == 3), and k up to 8 (4k - 1 ports, commviz's routers
/// hold at most 32).
sim::Status validateDragonFly(const NocConfig& config);

/// The router output `port` (p .. 4p - 2) of `router` leads to, from the
/// wiring rules alone (a view draws with it); input `port` of that router
/// comes back from `router`.
int dragonflyNeighbor(int p, int router, int port);

/// dragonfly_port: the output a packet at router `router` takes towards node
/// `dest` (its own port at the last router, the global port at the router that
/// holds the link to dest's group, else the group port to that router).
int dragonflyPort(int p, int router, int dest);

/// min_dragonflynew and ugal_dragonflynew. Both set the packet's phase (BookSim's
/// f->ph), which is the VC it takes: min uses VC 0 until the global hop and VC 1
/// from there. ugal, at the source router, draws an intermediate node
/// (RandomInt(nodes - 1)) unless dest is in its own group, and goes through it
/// when min's output holds more than twice the other's used credits plus 30
/// (phase 0), minimally otherwise (phase 1); phase 2 after the global hop or
/// within the group. `inPort` < p means the packet has just been injected.
RouteSet dragonflyRoute(const NocConfig& config, const RouterLoad& load, int router, int inPort, Packet& packet,
                        sim::Rng& rng);

/// The injection VC both functions draw: RandomInt(num_vcs - 1), one VC.
RouteSet dragonflyInjectionRoute(const NocConfig& config, sim::Rng& rng);

}  // namespace commviz::noc
