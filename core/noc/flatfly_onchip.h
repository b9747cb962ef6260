#pragma once

#include "noc/noc_config.h"
#include "noc/noc_network.h"
#include "noc/noc_routing.h"
#include "noc/noc_types.h"
#include "sim/result.h"
#include "sim/rng.h"

namespace commviz::noc {

/// BookSim's on-chip flattened butterfly (networks/flatfly_onchip.cpp): k^n
/// routers named `router_<id>`, each joined to every other router that differs
/// from it in one base-k digit of its id (the express links), with c = xr * yr
/// nodes. Ports: the c nodes first (client j * xr + i), then the outputs
/// dimension by dimension, c + (k-1) * dim + the other router's digit (minus 1
/// above the router's own digit); inputs after the c nodes come in the order
/// of the sending routers' ids. Router r sits at (r % x, r / x) of an x-by-y
/// floor plan; client (i, j) of router (rx, ry) is node (x * xr) * (yr * ry +
/// j) + xr * rx + i. With use_noc_latency a link takes xr * |dx| + yr * |dy|
/// cycles on that floor plan.
class FlatFlyOnChip : public NocNetwork {
public:
    explicit FlatFlyOnChip(const NocConfig& config);

    /// flatfly_transformation: node `node` as router * c + its client port.
    static int transformation(const NocConfig& config, int node);
    /// The latency of a node's injection and ejection channels with
    /// use_noc_latency, as _BuildNet estimates it for client (i, j) of xr x yr.
    static int clientChannelLength(const NocConfig& config, int i, int j);
};

/// flatfly_onchip.cpp's asserts (x == y, xr == yr, c == xr * yr, dim < 4), the
/// <function>_flatfly pairs it registers with their VC needs, and the sizes
/// commviz's engine holds; the message names the key, the value and what is allowed.
sim::Status validateFlatFly(const NocConfig& config);

/// The `_flatfly` routing functions: ran_min (min_flatfly), xyyx, adaptive_xyyx,
/// valiant, ugal, ugal_xyyx and ugal_pni, with their VC classes and their
/// RandomInt draws in BookSim's order; the adaptive ones read `load`.
/// `net` places the nodes (flatfly_transformation).
RouteSet flatflyRoute(const NocConfig& config, const NocNetwork& net, const RouterLoad& load, int router, int inPort,
                      int inVc, Packet& packet, sim::Rng& rng);

/// The VCs a source may inject on (the routing function called with inject =
/// true): every VC, but ugal_pni keeps the slice of the destination's x digit.
RouteSet flatflyInjectionRoute(const NocConfig& config, const Packet& packet);

}  // namespace commviz::noc
