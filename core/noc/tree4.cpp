#include "noc/tree4.h"

#include <string>

namespace commviz::noc {

Tree4::Tree4(const NocConfig& config) {
    shape(28, config.nodes(), 8);
    for (int router = 0; router < 28; ++router) {
        setName(router, "router_" + std::to_string(heightOf(router)) + "_" + std::to_string(posOf(router)));
        const int degree = heightOf(router) == 2 ? 6 : 8;
        setPorts(router, degree, degree);
    }
    for (int leaf = 0; leaf < 16; ++leaf) {
        for (int port = 0; port < 4; ++port) {
            attachInjection(leaf * 4 + port, 12 + leaf, port);
            attachEjection(leaf * 4 + port, 12 + leaf, port);
        }
    }
    // Middle router m, port p <-> leaf 4 * (m / 2) + p, whose port is 4 + m % 2.
    for (int middle = 0; middle < 8; ++middle) {
        for (int port = 0; port < 4; ++port) {
            const int leaf = 12 + 4 * (middle / 2) + port;
            connect(4 + middle, port, leaf, 4 + middle % 2, 1);
            connect(leaf, 4 + middle % 2, 4 + middle, port, 1);
        }
    }
    // Top router t, port m <-> middle router m, whose port is 4 + t.
    for (int top = 0; top < 4; ++top) {
        for (int middle = 0; middle < 8; ++middle) {
            connect(top, middle, 4 + middle, 4 + top, 1);
            connect(4 + middle, 4 + top, top, middle, 1);
        }
    }
}

RouteSet tree4Route(const NocConfig& config, int router, int dest, sim::Rng& rng) {
    const int height = Tree4::heightOf(router);
    const int pos = Tree4::posOf(router);
    int port = 0;
    if (height == 0) {
        port = 2 * (dest / 16) + int(rng.below(2));
    } else if (height == 1) {
        const int leaf = dest / 4;
        port = leaf / 4 == pos / 2 ? leaf % 4 : 4 + int(rng.below(4));
    } else {
        port = dest / 4 == pos ? dest % 4 : 4 + int(rng.below(2));
    }
    return RouteSet{std::int16_t(port), 0, std::int16_t(config.num_vcs - 1)};
}

}  // namespace commviz::noc
