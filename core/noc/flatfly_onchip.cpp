#include "noc/flatfly_onchip.h"

#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

namespace commviz::noc {

namespace {

// flatfly_transformation read off the network: a node as its router * c + its client port.
struct Placement {
    const NocNetwork* net;
    int c;
    int operator()(int node) const { return net->ejectRouter(node) * c + net->ejectPort(node); }
};

int power(int base, int exponent) {
    int result = 1;
    for (int i = 0; i < exponent; ++i) result *= base;
    return result;
}

// flatfly_outport: the first differing digit from dimension 0 up (XY order);
// an ejection when the destination (transformed) sits on this router.
int outportXy(const NocConfig& config, int dest, int router) {
    const int k = config.k;
    int destRouter = dest / config.c;
    if (destRouter == router) return dest % config.c;
    for (int d = 0; d < config.n; ++d) {
        const int destDigit = destRouter % k;
        const int ownDigit = router % k;
        if (destDigit != ownDigit)
            return config.c + (k - 1) * d - 1 + (destDigit > ownDigit ? destDigit : destDigit + 1);
        destRouter /= k;
        router /= k;
    }
    return -1;
}

// flatfly_outport_yx: the first differing digit from the highest dimension down.
int outportYx(const NocConfig& config, int dest, int router) {
    const int k = config.k;
    int destRouter = dest / config.c;
    if (destRouter == router) return dest % config.c;
    for (int d = config.n - 1; d >= 0; --d) {
        const int place = power(k, d);
        const int destDigit = destRouter / place;
        const int ownDigit = router / place;
        if (destDigit != ownDigit)
            return config.c + (k - 1) * d - 1 + (destDigit > ownDigit ? destDigit : destDigit + 1);
        destRouter %= place;
        router %= place;
    }
    return -1;
}

// find_distance: router hops between two transformed nodes (digits that differ).
int findDistance(const NocConfig& config, int src, int dest) {
    int srcRouter = src / config.c;
    int destRouter = dest / config.c;
    int hops = 0;
    for (int d = 0; d < config.n; ++d) {
        if (srcRouter % config.k != destRouter % config.k) ++hops;
        srcRouter /= config.k;
        destRouter /= config.k;
    }
    return hops;
}

// find_ran_intm: a random client port (RandomInt(c - 1)) first, then per
// dimension the source's digit where source and destination agree, else a
// random digit (RandomInt(k - 1)). BookSim compares only the lowest digits
// (src % k, dest % k) before dividing, as here.
int findRanIntm(const NocConfig& config, int src, int dest, sim::Rng& rng) {
    src /= config.c;
    dest /= config.c;
    int node = int(rng.below(std::uint64_t(config.c)));
    for (int d = 0; d < config.n; ++d) {
        const int dimSize = power(config.k, d) * config.c;
        if (src % config.k == dest % config.k) {
            node += (src % config.k) * dimSize;
        } else {
            node += int(rng.below(std::uint64_t(config.k))) * dimSize;
        }
        src /= config.k;
        dest /= config.k;
    }
    return node;
}

// BookSim multiplies ints: hop count times INT_MAX wraps (two's complement).
int wrappedProduct(int a, int b) { return int(std::uint32_t(a) * std::uint32_t(b)); }

bool onRouter(const NocConfig& config, int node, int router) {
    return node >= router * config.c && node < (router + 1) * config.c;
}

RouteSet range(int port, int vcBegin, int vcEnd) {
    return RouteSet{std::int16_t(port), std::int16_t(vcBegin), std::int16_t(vcEnd)};
}

// xyyx_flatfly and adaptive_xyyx_flatfly: the order is chosen at the first
// router (randomly, or by the used credits of the two outputs with a draw on a
// tie) and kept by VC half after: XY in the lower half, YX in the upper.
RouteSet xyyx(const NocConfig& config, const RouterLoad& load, int router, int inPort, int inVc, int dest,
              sim::Rng& rng) {
    int vcBegin = 0, vcEnd = config.num_vcs - 1;
    if (dest / config.c == router) return range(dest % config.c, vcBegin, vcEnd);
    const int available = (vcEnd - vcBegin + 1) / 2;
    const int portXy = outportXy(config, dest, router);
    const int portYx = outportYx(config, dest, router);
    bool xThenY = false;
    if (inPort >= config.c) {
        xThenY = inVc < vcBegin + available;
    } else if (config.routing_function == RoutingFunction::AdaptiveXyyx) {
        const int creditXy = load.usedCredit(router, portXy);
        const int creditYx = load.usedCredit(router, portYx);
        xThenY = creditXy == creditYx ? rng.below(2) > 0 : creditXy < creditYx;
    } else {
        xThenY = rng.below(2) > 0;
    }
    if (xThenY) return range(portXy, vcBegin, vcEnd - available);
    return range(portYx, vcBegin + available, vcEnd);
}

// valiant_flatfly: a random intermediate node drawn at the first router
// (RandomInt(nodes - 1)); phase 0 on the lower VC half, phase 1 on the upper.
RouteSet valiant(const NocConfig& config, const Placement& place, int router, int inPort, Packet& packet,
                 sim::Rng& rng) {
    int vcBegin = 0, vcEnd = config.num_vcs - 1;
    if (inPort < config.c) {
        packet.phase = 0;
        packet.intm = int(rng.below(std::uint64_t(config.nodes())));
    }
    const int intm = place(packet.intm);
    const int dest = place(packet.dest);
    if (intm / config.c == router || dest / config.c == router) packet.phase = 1;
    const int port = outportXy(config, packet.phase == 0 ? intm : dest, router);
    if (dest / config.c != router) {
        const int available = (vcEnd - vcBegin + 1) / 2;
        if (packet.phase == 0) {
            vcEnd -= available;
        } else {
            vcBegin += available;
        }
    }
    return range(port, vcBegin, vcEnd);
}

// ugal_flatfly_onchip, ugal_xyyx_flatfly_onchip and ugal_pni_flatfly_onchip.
// Phase 0: the first router weighs the minimal output's used credits times its
// hops against a random intermediate's (plus a threshold of 2); phase 1 goes
// to the intermediate (lower VC half), phase 2 to the destination (upper).
RouteSet ugal(const NocConfig& config, const Placement& place, const RouterLoad& load, int router, int inPort, int inVc,
              Packet& packet, sim::Rng& rng) {
    const int c = config.c;
    const bool xyyxOrder = config.routing_function == RoutingFunction::UgalXyyx;
    int vcBegin = 0, vcEnd = config.num_vcs - 1;
    const int finalDest = place(packet.dest);
    int dest = finalDest;
    if (inPort < c) packet.phase = 0;
    if (packet.phase == 1) dest = packet.intm;
    if (onRouter(config, dest, router)) {
        if (packet.phase != 1) return range(dest % c, vcBegin, vcEnd);
        packet.phase = 2;
        dest = finalDest;
    }
    const int xyAvailable = (vcEnd - vcBegin + 1) / 2;
    bool xThenY = true;
    if (xyyxOrder) xThenY = inPort < c ? rng.below(2) > 0 : inVc < vcBegin + xyAvailable;
    const auto outport = [&](int to) { return xThenY ? outportXy(config, to, router) : outportYx(config, to, router); };
    if (packet.phase == 0) {
        const int src = place(packet.src);
        const int minHop = findDistance(config, src, dest);
        const int ranIntm = findRanIntm(config, src, dest, rng);
        const int minQueue = load.usedCredit(router, outport(dest));
        const int nonminHop = findDistance(config, src, ranIntm) + findDistance(config, ranIntm, dest);
        const int nonminQueue = onRouter(config, ranIntm, router) ? std::numeric_limits<int>::max()
                                                                  : load.usedCredit(router, outport(ranIntm));
        constexpr int threshold = 2;
        if (wrappedProduct(minHop, minQueue) <=
            int(std::uint32_t(wrappedProduct(nonminHop, nonminQueue)) + threshold)) {
            packet.phase = 2;
        } else {
            packet.phase = 1;
            packet.intm = ranIntm;
            dest = ranIntm;
            if (onRouter(config, dest, router)) {
                packet.phase = 2;
                dest = finalDest;
            }
        }
    }
    const int port = outport(dest);
    if (port >= c) {
        const int available = xyyxOrder ? xyAvailable / 2 : xyAvailable;
        if (xyyxOrder) {
            if (xThenY) {
                vcEnd -= xyAvailable;
            } else {
                vcBegin += xyAvailable;
            }
        }
        if (packet.phase == 1) {
            vcEnd -= available;
        } else {
            vcBegin += available;
        }
    }
    RouteSet route = range(port, vcBegin, vcEnd);
    if (config.routing_function == RoutingFunction::UgalPni && port >= c) {
        // The next router's digit (or the destination's client port at the last
        // dimension) picks one of k VC slices.
        const int nextDim = (port - c) / (config.k - 1) + 1;
        int nextCoord = finalDest;
        if (nextDim == config.n) {
            nextCoord %= c;
        } else {
            nextCoord /= c;
            for (int d = 0; d < nextDim; ++d) nextCoord /= config.k;
            nextCoord %= config.k;
        }
        const int perDest = (vcEnd - vcBegin + 1) / config.k;
        route.vcStart = std::int16_t(vcBegin + nextCoord * perDest);
        route.vcEnd = std::int16_t(route.vcStart + perDest - 1);
    }
    return route;
}

}  // namespace

int FlatFlyOnChip::transformation(const NocConfig& config, int node) {
    const int row = config.x * config.xr;
    const int horizontal = (node % row) / config.xr;
    const int horizontalRem = (node % row) % config.xr;
    const int vertical = (node / row) / config.yr;
    const int verticalRem = (node / row) % config.yr;
    return (vertical * config.x + horizontal) * config.c + config.xr * verticalRem + horizontalRem;
}

int FlatFlyOnChip::clientChannelLength(const NocConfig& config, int i, int j) {
    // _BuildNet walks the clients y-major with two running offsets from the
    // router's centre, skipping 0 for an even count; the length is 1 plus the
    // offsets beyond 1.
    int yleng = -config.yr / 2;
    int xleng = -config.xr / 2;
    const bool yodd = config.yr % 2 == 1;
    const bool xodd = config.xr % 2 == 1;
    for (int y = 0; y < config.yr; ++y) {
        for (int x = 0; x < config.xr; ++x) {
            if (yleng == 0 && !yodd) ++yleng;
            if (xleng == 0 && !xodd) ++xleng;
            int length = 1;
            if (std::abs(yleng) > 1) length += std::abs(yleng) - 1;
            if (std::abs(xleng) > 1) length += std::abs(xleng) - 1;
            if (y == j && x == i) return length;
            ++yleng;
            if (yleng > config.yr / 2) {
                yleng = -config.yr / 2;
                ++xleng;
            }
        }
    }
    return 1;
}

FlatFlyOnChip::FlatFlyOnChip(const NocConfig& config) {
    const int k = config.k;
    const int c = config.c;
    const int routers = power(k, config.n);
    const int radix = c + (k - 1) * config.n;
    shape(routers, routers * c, radix);
    for (int router = 0; router < routers; ++router) {
        setName(router, "router_" + std::to_string(router));
        const int rx = router % config.x;
        const int ry = router / config.x;
        for (int j = 0; j < config.yr; ++j) {
            for (int i = 0; i < config.xr; ++i) {
                const int node = (config.x * config.xr) * (config.yr * ry + j) + (config.xr * rx + i);
                attachInjection(node, router, j * config.xr + i);
                attachEjection(node, router, j * config.xr + i);
            }
        }
    }
    // Every router adds its links dimension by dimension; a receiving router
    // numbers its inputs in the order they arrive, so by the sender's id.
    std::vector<int> nextInput(std::size_t(routers), c);
    for (int router = 0; router < routers; ++router) {
        for (int dim = 0; dim < config.n; ++dim) {
            const int place = power(k, dim);
            const int own = (router / place) % k;
            for (int digit = 0; digit < k; ++digit) {
                if (digit == own) continue;
                const int other = router + (digit - own) * place;
                const int dx = std::abs(router % config.x - other % config.x);
                const int dy = std::abs(router / config.x - other / config.x);
                const int length = config.use_noc_latency ? config.xr * dx + config.yr * dy : 1;
                const int output = c + (k - 1) * dim + digit - (digit > own ? 1 : 0);
                connect(router, output, other, nextInput[std::size_t(other)]++, length);
            }
        }
    }
    if (!config.general_paths && config.routing_function == RoutingFunction::RanMin) {
        buildRouteTable([&](int router, int dest) { return outportXy(config, transformation(config, dest), router); });
    }
}

sim::Status validateFlatFly(const NocConfig& c) {
    const std::string pair = c.routing_name + "_flatfly";
    const bool flatflyFunction = c.routing_function >= RoutingFunction::RanMin;
    const auto number = [](int v) { return std::to_string(v); };
    if (!flatflyFunction && c.routing_function != RoutingFunction::Valiant)
        return sim::fail(
            "routing_function = " + c.routing_name + ": BookSim has no " + pair + " ('Invalid routing function: " +
            pair + "'); a flatfly routes with ran_min, xyyx, adaptive_xyyx, valiant, ugal, ugal_xyyx or ugal_pni");
    // _BuildNet wires up to 4 dimensions (it asserts dim < 4).
    if (c.n > 4) return sim::fail("n = " + number(c.n) + ": allowed values for topology = flatfly: 1 to 4");
    if (c.x != c.y)
        return sim::fail("x = " + number(c.x) + ", y = " + number(c.y) +
                         ": allowed values for topology = flatfly: x equal to y (BookSim asserts x == y)");
    if (c.xr != c.yr)
        return sim::fail("xr = " + number(c.xr) + ", yr = " + number(c.yr) +
                         ": allowed values for topology = flatfly: xr equal to yr (BookSim asserts xr == yr)");
    if (c.c != c.xr * c.yr)
        return sim::fail("c = " + number(c.c) + ": allowed values for topology = flatfly: xr * yr = " +
                         number(c.xr * c.yr) + " (BookSim asserts c == xr * yr)");
    int routers = 1;
    for (int d = 0; d < c.n && routers <= 65536; ++d) routers *= c.k;
    if (c.x * c.y != routers)
        return sim::fail("x = " + number(c.x) + ": allowed values for topology = flatfly with k = " + number(c.k) +
                         ", n = " + number(c.n) + ": x = y and x * y = k^n = " + number(routers) +
                         " (the floor plan places every router; BookSim numbers nodes beyond the network otherwise)");
    if (c.ports() > 32)
        return sim::fail("k = " + number(c.k) + ": a flatfly router has c + n * (k - 1) = " + number(c.ports()) +
                         " ports, and commviz's routers at most 32");
    if (c.use_noc_latency)
        for (int j = 0; j < c.yr; ++j)
            for (int i = 0; i < c.xr; ++i)
                if (FlatFlyOnChip::clientChannelLength(c, i, j) != 1)
                    return sim::fail("xr = " + number(c.xr) +
                                     ": with use_noc_latency = 1 BookSim gives the clients of a router wider than 3 "
                                     "nodes channels longer than 1 cycle, which commviz does not model; allowed: "
                                     "xr = yr from 1 to 3, or use_noc_latency = 0");
    int least = c.routing_function == RoutingFunction::RanMin ? 1 : 2;
    std::string why = c.routing_name + " splits the VCs into two halves";
    if (c.routing_function == RoutingFunction::UgalXyyx) {
        least = 4;
        why = "ugal_xyyx splits the VCs into an XY and a YX half, each split again per phase";
    }
    if (c.routing_function == RoutingFunction::UgalPni) {
        if (c.k != c.c)
            return sim::fail("c = " + number(c.c) + ": ugal_pni needs c equal to k = " + number(c.k) +
                             " (BookSim asserts gK == gC)");
        least = 2 * c.k;
        why = "ugal_pni splits the VCs into one half per phase and each half into k slices";
    }
    if (c.num_vcs < least)
        return sim::fail("num_vcs = " + number(c.num_vcs) + ": " + why + ", so routing_function = " + c.routing_name +
                         " on a flatfly needs num_vcs of at least " + number(least));
    return sim::Ok{};
}

RouteSet flatflyRoute(const NocConfig& config, const NocNetwork& net, const RouterLoad& load, int router, int inPort,
                      int inVc, Packet& packet, sim::Rng& rng) {
    const Placement place{&net, config.c};
    switch (config.routing_function) {
        case RoutingFunction::Xyyx:
        case RoutingFunction::AdaptiveXyyx:
            return xyyx(config, load, router, inPort, inVc, place(packet.dest), rng);
        case RoutingFunction::Valiant:
            return valiant(config, place, router, inPort, packet, rng);
        case RoutingFunction::Ugal:
        case RoutingFunction::UgalXyyx:
        case RoutingFunction::UgalPni:
            return ugal(config, place, load, router, inPort, inVc, packet, rng);
        default:  // ran_min: min_flatfly, XY order over every VC
            return range(outportXy(config, place(packet.dest), router), 0, config.num_vcs - 1);
    }
}

RouteSet flatflyInjectionRoute(const NocConfig& config, const Packet& packet) {
    RouteSet route{-1, 0, std::int16_t(config.num_vcs - 1)};
    if (config.routing_function != RoutingFunction::UgalPni) return route;
    const int nextCoord = (FlatFlyOnChip::transformation(config, packet.dest) / config.c) % config.k;
    const int perDest = config.num_vcs / config.k;
    route.vcStart = std::int16_t(nextCoord * perDest);
    route.vcEnd = std::int16_t(route.vcStart + perDest - 1);
    return route;
}

}  // namespace commviz::noc
