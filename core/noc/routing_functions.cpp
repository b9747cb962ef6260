// BookSim2's min_adapt, valiant and romm routing functions (routefunc.cpp),
// with its VC class rules. BookSim keeps an OutputSet ordered by priority
// only, so a second range of the same priority is dropped: min_adapt's
// adaptive range is offered in the lowest unfinished dimension only, which is
// why these functions return at most two ranges.

#include "noc/routing_functions.h"

namespace commviz::noc {

namespace {

RouteSet single(int port, int vcStart, int vcEnd) {
    return RouteSet{std::int16_t(port), std::int16_t(vcStart), std::int16_t(vcEnd)};
}

// rand_min_intr_mesh: a random node in the minimal quadrant of src and dest
// (both corners included), one draw per dimension.
int randMinIntermediate(const NocConfig& c, int src, int dest, sim::Rng& rng) {
    int intm = 0;
    for (int d = 0, offset = 1; d < c.n; ++d, offset *= c.k, src /= c.k, dest /= c.k) {
        const int dist = dest % c.k - src % c.k;
        if (dist > 0) {
            intm += offset * (src % c.k + int(rng.below(std::uint64_t(dist) + 1)));
        } else {
            intm += offset * (dest % c.k + int(rng.below(std::uint64_t(-dist) + 1)));
        }
    }
    return intm;
}

}  // namespace

int dorNextMesh(const NocConfig& c, int cur, int dest) {
    if (cur == dest) return 2 * c.n;
    int dim = 0;
    for (; dim < c.n - 1; ++dim, cur /= c.k, dest /= c.k)
        if (cur % c.k != dest % c.k) break;
    return (cur % c.k) < (dest % c.k) ? 2 * dim : 2 * dim + 1;
}

int dorNextTorus(const NocConfig& c, int cur, int dest, int inPort, std::int8_t& partition, sim::Rng& rng) {
    int dim = 0;
    for (; dim < c.n; ++dim, cur /= c.k, dest /= c.k)
        if (cur % c.k != dest % c.k) break;
    if (dim == c.n) return 2 * c.n;
    if (inPort / 2 == dim) return inPort ^ 1;  // keeps moving the same way, same class
    const int x = cur % c.k;
    const int d = dest % c.k;
    const int dist2 = c.k - 2 * ((d - x + c.k) % c.k);
    const bool right = dist2 > 0 || (dist2 == 0 && rng.below(2) == 1);
    // As BookSim writes it: the left-going test is dest < cur.
    partition = std::int8_t(((right && x > d) || (!right && d < x)) ? 1 : 0);
    return right ? 2 * dim : 2 * dim + 1;
}

RouteSet minAdaptMesh(const NocConfig& c, int cur, int inPort, int inVc, const Packet& packet) {
    const int last = c.num_vcs - 1;
    if (cur == packet.dest) return single(2 * c.n, 0, last);  // ejection may use every VC
    const int port = dorNextMesh(c, cur, packet.dest);
    // The escape VC 0 on the dimension-order port; a packet already in VC 0
    // (not fresh from injection) stays there. Otherwise VCs 1.. on the
    // minimal direction of the lowest unfinished dimension, which on a mesh
    // is that same port: together every VC of the DOR port.
    const bool escaped = inPort != 2 * c.n && inVc == 0;
    return single(port, 0, escaped ? 0 : last);
}

RouteSet minAdaptTorus(const NocConfig& c, int cur, int inPort, int inVc, Packet& packet, sim::Rng& rng) {
    const int last = c.num_vcs - 1;
    if (cur == packet.dest) return single(2 * c.n, 0, last);
    const bool adaptive = inPort == 2 * c.n || inVc > 1;
    RouteSet route;
    if (adaptive) {
        // The shorter way round in the lowest unfinished dimension (a tie goes
        // left: BookSim commented the coin out), on VC 3 only.
        int a = cur;
        int b = packet.dest;
        int dim = 0;
        for (; a % c.k == b % c.k; ++dim, a /= c.k, b /= c.k) {
        }
        const int dist2 = c.k - 2 * ((b % c.k - a % c.k + c.k) % c.k);
        route = single(dist2 > 0 ? 2 * dim : 2 * dim + 1, 3, 3);
    }
    // The escape VCs 0-1 by dateline DOR; from an adaptive VC the class is
    // chosen as if the packet were injected here.
    const int escapePort = dorNextTorus(c, cur, packet.dest, adaptive ? 2 * c.n : inPort, packet.partition, rng);
    const int escapeVc = packet.partition == 0 ? 0 : 1;
    if (!adaptive) return single(escapePort, escapeVc, escapeVc);
    route.altPort = std::int16_t(escapePort);
    route.altVcStart = route.altVcEnd = std::int16_t(escapeVc);
    return route;
}

RouteSet twoPhaseMesh(const NocConfig& c, int cur, int inPort, Packet& packet, sim::Rng& rng) {
    if (inPort == 2 * c.n) {
        packet.phase = 0;
        packet.intm = c.routing_function == RoutingFunction::Romm ? randMinIntermediate(c, packet.src, packet.dest, rng)
                                                                  : int(rng.below(std::uint64_t(c.nodes())));
    }
    if (packet.phase == 0 && cur == packet.intm) packet.phase = 1;
    const int port = dorNextMesh(c, cur, packet.phase == 0 ? packet.intm : packet.dest);
    int vcStart = 0;
    int vcEnd = c.num_vcs - 1;
    // Phase 0 takes the lower half, phase 1 the upper (they share the middle
    // VC when num_vcs is odd); at the destination router every VC.
    if (cur != packet.dest) {
        const int half = c.num_vcs / 2;
        if (packet.phase == 0) {
            vcEnd -= half;
        } else {
            vcStart += half;
        }
    }
    return single(port, vcStart, vcEnd);
}

RouteSet valiantTorus(const NocConfig& c, int cur, int inPort, Packet& packet, sim::Rng& rng) {
    if (inPort == 2 * c.n) {
        packet.phase = 0;
        packet.intm = int(rng.below(std::uint64_t(c.nodes())));
    }
    if (packet.phase == 0 && cur == packet.intm) {
        packet.phase = 1;
        inPort = 2 * c.n;  // phase 1 starts as if injected here: a fresh dateline class
    }
    // BookSim2 leaves ring_part uninitialised when the packet goes straight
    // on and then fails its assert `ring_part == 1`; commviz keeps the class
    // chosen on turning into the dimension, as dim_order_torus does.
    const int port = dorNextTorus(c, cur, packet.phase == 0 ? packet.intm : packet.dest, inPort, packet.partition, rng);
    int vcStart = 0;
    int vcEnd = c.num_vcs - 1;
    if (cur != packet.dest) {
        const int ring = c.num_vcs / 2;
        if (packet.partition == 0) {
            vcEnd -= ring;
        } else {
            vcStart += ring;
        }
        const int phase = ring / 2;
        if (packet.phase == 0) {
            vcEnd -= phase;
        } else {
            vcStart += phase;
        }
    }
    return single(port, vcStart, vcEnd);
}

}  // namespace commviz::noc
