#include "noc/qtree.h"

#include <string>

namespace commviz::noc {

int QTree::indexOf(const NocConfig& config, int height, int pos) {
    int index = 0;
    for (int h = 0, width = 1; h < height; ++h, width *= config.k) index += width;
    return index + pos;
}

int QTree::heightOf(const NocConfig& config, int index) {
    int height = 0;
    for (int width = 1; index >= width; width *= config.k) {
        index -= width;
        ++height;
    }
    return height;
}

int QTree::posOf(const NocConfig& config, int index) { return index - indexOf(config, heightOf(config, index), 0); }

QTree::QTree(const NocConfig& config) {
    const int k = config.k;
    const int n = config.n;
    const int routers = indexOf(config, n, 0);
    shape(routers, config.nodes(), k + 1);
    for (int h = 0, width = 1; h < n; ++h, width *= k) {
        for (int pos = 0; pos < width; ++pos) {
            const int router = indexOf(config, h, pos);
            // qtree.cpp means router_<h>_<pos>; its ostringstream overwrites the
            // "router_" it starts from, so BookSim's own name reads "<h>_<pos>ter_".
            setName(router, "router_" + std::to_string(h) + "_" + std::to_string(pos));
            setPorts(router, h == 0 ? k : k + 1, h == 0 ? k : k + 1);
            for (int port = 0; port < k; ++port) {
                if (h == n - 1) {
                    attachInjection(pos * k + port, router, port);
                    attachEjection(pos * k + port, router, port);
                    continue;
                }
                const int child = indexOf(config, h + 1, pos * k + port);
                connect(router, port, child, k, 1);
                connect(child, k, router, port, 1);
            }
        }
    }
    if (!config.general_paths)
        buildRouteTable([&](int router, int dest) { return qtreeRoute(config, router, dest).port; });
}

RouteSet qtreeRoute(const NocConfig& config, int router, int dest) {
    const int height = QTree::heightOf(config, router);
    const int pos = QTree::posOf(config, router);
    for (int i = height + 1; i < config.n; ++i) dest /= config.k;
    const int port = pos == dest / config.k ? dest % config.k : config.k;
    return RouteSet{std::int16_t(port), 0, std::int16_t(config.num_vcs - 1)};
}

}  // namespace commviz::noc
