#pragma once

#include "noc/noc_config.h"
#include "noc/noc_network.h"
#include "noc/noc_types.h"
#include "sim/rng.h"

namespace commviz::noc {

/// BookSim's tree4 (networks/tree4.cpp; it asserts k = 4, n = 3): 4 top
/// routers, 8 middle routers and 16 leaves (router index 0-3, 4-11, 12-27;
/// BookSim's id for routing is height * 16 + pos). A top router's ports 0-7
/// lead to the 8 middle routers. Middle router m's ports 0-3 lead to leaves
/// 4 * (m / 2) + p, its ports 4-7 to top routers 0-3. A leaf's ports 0-3 hold
/// its nodes (node 4 * leaf + i on port i), ports 4 and 5 lead to middle
/// routers 2 * (leaf / 4) and 2 * (leaf / 4) + 1. Every channel takes 1 cycle
/// (tree4.cpp sets 1; its _WireLatency is not used).
class Tree4 : public NocNetwork {
public:
    explicit Tree4(const NocConfig& config);

    static int heightOf(int index) { return index < 4 ? 0 : index < 12 ? 1 : 2; }
    static int posOf(int index) { return index < 4 ? index : index < 12 ? index - 4 : index - 12; }
};

/// tree4_nca: down towards the destination when this router's subtree holds
/// it; up by a random port otherwise (a leaf: 4 + RandomInt(1), a middle
/// router: 4 + RandomInt(3)); a top router picks one of the destination's two
/// middle routers, 2 * (dest / 16) + RandomInt(1). Every VC.
RouteSet tree4Route(const NocConfig& config, int router, int dest, sim::Rng& rng);

}  // namespace commviz::noc
