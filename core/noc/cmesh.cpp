#include "noc/cmesh.h"

#include <string>

namespace commviz::noc {

namespace {

constexpr int kPositiveX = 0;
constexpr int kNegativeX = 1;
constexpr int kPositiveY = 2;
constexpr int kNegativeY = 3;

// The router the express link leaving an edge router lands on: k/2 along the edge.
int across(int coordinate, int k) { return coordinate < k / 2 ? coordinate + k / 2 : coordinate - k / 2; }

// One dimension-order step. `yFirst`: YX instead of XY. `express`: the edge
// routers take their express link when the distance exceeds `far`.
int cmeshStep(int k, int c, int cur, int dest, bool yFirst, bool express, int far) {
    const int cx = cur % k, cy = cur / k, dx = dest % k, dy = dest / k;
    const auto moveX = [&]() -> int {
        if (express && (cx < dx ? dx - cx : cx - dx) > far) {
            if (cy == 0) return c + kNegativeY;
            if (cy == k - 1) return c + kPositiveY;
        }
        return c + (cx < dx ? kPositiveX : kNegativeX);
    };
    const auto moveY = [&]() -> int {
        if (express && (cy < dy ? dy - cy : cy - dy) > far) {
            if (cx == 0) return c + kNegativeX;
            if (cx == k - 1) return c + kPositiveX;
        }
        return c + (cy < dy ? kPositiveY : kNegativeY);
    };
    if (yFirst) return cy != dy ? moveY() : moveX();
    return cx != dx ? moveX() : moveY();
}

}  // namespace

int CMesh::nodeToRouter(const NocConfig& config, int node) {
    const int cx = config.c / config.n;
    const int cy = config.c / cx;
    return (node / (cx * config.k)) / cy * config.k + (node % (cx * config.k)) / cy;
}

int CMesh::nodeToPort(const NocConfig& config, int node) {
    const int cx = config.c / config.n;
    const int cy = config.c / cx;
    // BookSim writes the row stride as 2 * k, which is cx * k for the c = 4 it runs.
    return (config.c / 2) * ((node / (2 * config.k)) & (cy - 1)) + (node & (cx - 1));
}

CMesh::CMesh(const NocConfig& config) {
    const int k = config.k;
    const int c = config.c;
    const int cx = c / config.n;
    const int cy = c / cx;
    shape(k * k, config.nodes(), c + 4);
    for (int router = 0; router < k * k; ++router) {
        const int x = router % k;
        const int y = router / k;
        setName(router, "router_" + std::to_string(y) + "_" + std::to_string(x));
        for (int j = 0; j < cy; ++j) {
            for (int i = 0; i < cx; ++i) {
                const int node = (k * cx) * (cy * y + j) + (cx * x + i);
                attachInjection(node, router, j * cx + i);
                attachEjection(node, router, j * cx + i);
            }
        }
        const bool noc = config.use_noc_latency;
        // +x: to (x+1, y)'s -x input side, or the express link along the x = k-1 edge.
        if (x == k - 1) {
            connect(router, c + kPositiveX, k * across(y, k) + x, c + kPositiveX, noc ? cy * k / 2 : 1);
        } else {
            connect(router, c + kPositiveX, router + 1, c + kNegativeX, noc ? cx : 1);
        }
        if (x == 0) {
            connect(router, c + kNegativeX, k * across(y, k) + x, c + kNegativeX, noc ? cy * k / 2 : 1);
        } else {
            connect(router, c + kNegativeX, router - 1, c + kPositiveX, noc ? cx : 1);
        }
        if (y == k - 1) {
            connect(router, c + kPositiveY, k * y + across(x, k), c + kPositiveY, noc ? cx * k / 2 : 1);
        } else {
            connect(router, c + kPositiveY, router + k, c + kNegativeY, noc ? cy : 1);
        }
        if (y == 0) {
            connect(router, c + kNegativeY, k * y + across(x, k), c + kNegativeY, noc ? cx * k / 2 : 1);
        } else {
            connect(router, c + kNegativeY, router - k, c + kPositiveY, noc ? cy : 1);
        }
    }
    if (!config.general_paths &&
        (config.routing_name == "dor" || config.routing_function == RoutingFunction::DorNoExpress)) {
        buildRouteTable([&](int router, int dest) {
            Packet probe;
            probe.dest = dest;
            sim::Rng unused(0);
            return cmeshRoute(config, router, 0, 0, probe, unused).port;
        });
    }
}

RouteSet cmeshRoute(const NocConfig& config, int router, int inPort, int inVc, Packet& packet, sim::Rng& rng) {
    RouteSet route{-1, 0, std::int16_t(config.num_vcs - 1)};
    const int dest = CMesh::nodeToRouter(config, packet.dest);
    if (dest == router) {
        route.port = std::int16_t(CMesh::nodeToPort(config, packet.dest));
        return route;
    }
    const int k = config.k;
    const int c = config.c;
    switch (config.routing_function) {
        case RoutingFunction::DorNoExpress:
            route.port = std::int16_t(cmeshStep(k, c, router, dest, false, false, 0));
            return route;
        case RoutingFunction::XyYx:
        case RoutingFunction::XyYxNoExpress: {
            const bool express = config.routing_function == RoutingFunction::XyYx;
            const int half = config.num_vcs / 2;
            // At the source's router the packet draws its order; later the VC half it holds says which.
            const bool xFirst = inPort < c ? rng.below(2) > 0 : inVc < half;
            route.port = std::int16_t(cmeshStep(k, c, router, dest, !xFirst, express, 1));
            if (xFirst) {
                route.vcEnd = std::int16_t(route.vcEnd - half);
            } else {
                route.vcStart = std::int16_t(route.vcStart + half);
            }
            return route;
        }
        default:  // dor: cmesh_next, express beyond k/2 - 1
            route.port = std::int16_t(cmeshStep(k, c, router, dest, false, true, k / 2 - 1));
            return route;
    }
}

}  // namespace commviz::noc
