// BookSim2's min_adapt, valiant and romm routing functions (routefunc.cpp),
// with its VC class rules. BookSim keeps an OutputSet ordered by priority
// only, so a second range of the same priority is dropped: min_adapt's
// adaptive range is offered in the lowest unfinished dimension only, which is
// why these functions return at most two ranges.

#include "noc/routing_functions.h"

#include "sim/text.h"

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

// The VC classes of BookSim's adaptive and two-phase functions (routefunc.cpp),
// and the <function>_<topology> pairs it registers.
sim::Status validateRoutingClasses(const NocConfig& c) {
    if (!c.isCube()) return sim::Ok{};  // dest_tag (fly) uses every VC
    const bool mesh = c.topology == Topology::Mesh;
    const std::string topo = mesh ? "mesh" : "torus";
    if (c.routing_function == RoutingFunction::Romm && !mesh) {
        return sim::fail(
            "routing_function = romm: BookSim has no romm_torus ('Invalid routing function: romm_torus'); "
            "romm is for a mesh (on a torus: dim_order, min_adapt or valiant)");
    }
    if (!c.dateline && !mesh && c.routing_function != RoutingFunction::DimOrder) {
        return sim::fail("dateline = 0: the commviz dateline switch applies to routing_function = dim_order only (" +
                         c.routing_name + "_torus always keeps its VC classes); allowed here: 1");
    }
    int least = 1;
    std::string why;
    switch (c.routing_function) {
        case RoutingFunction::DimOrder:
        case RoutingFunction::DestTag:
        case RoutingFunction::DorNoExpress:
        case RoutingFunction::XyYx:
        case RoutingFunction::XyYxNoExpress:
        case RoutingFunction::RanMin:
        case RoutingFunction::Xyyx:
        case RoutingFunction::AdaptiveXyyx:
        case RoutingFunction::Ugal:
        case RoutingFunction::UgalXyyx:
        case RoutingFunction::UgalPni:
        case RoutingFunction::Nca:
        case RoutingFunction::Anca:
        case RoutingFunction::Min:
            return sim::Ok{};
        case RoutingFunction::MinAdapt:
            least = mesh ? 2 : 4;
            why = mesh ? "min_adapt_mesh keeps VC 0 as the dimension-order escape channel and adapts on VCs 1 and up"
                       : "min_adapt_torus keeps VCs 0-1 as the dateline escape channels and adapts on VC 3";
            break;
        case RoutingFunction::Valiant:
            least = mesh ? 2 : 4;
            why = mesh ? "valiant_mesh splits the VCs into one half per phase"
                       : "valiant_torus splits the VCs into two dateline halves, each split again per phase";
            break;
        case RoutingFunction::Romm:
            least = 2;
            why = "romm_mesh splits the VCs into one half per phase";
            break;
    }
    if (c.num_vcs < least) {
        return sim::fail("num_vcs = " + std::to_string(c.num_vcs) + ": " + why + ", so routing_function = " +
                         c.routing_name + " on a " + topo + " needs num_vcs of at least " + std::to_string(least));
    }
    return sim::Ok{};
}

std::string stockBookSimAssertion(const NocConfig& config) {
    // BookSim2 src/routefunc.cpp, valiant_torus: dor_next_torus writes the ring
    // part (the dateline class) only when a packet turns into a dimension, so a
    // packet going straight on reads it uninitialised and `ring_part == 1`
    // fails; below 4 VCs `ph_available_vcs > 0` fails first. valiantTorus above
    // keeps the class chosen on turning instead.
    if (config.topology != Topology::Torus || config.routing_function != RoutingFunction::Valiant) return "";
    return sim::Text{"commviz::noc",
                     QT_TRANSLATE_NOOP("commviz::noc",
                                       "BookSim2 cannot run valiant on a torus: valiant_torus stops on its assertion "
                                       "ring_part == 1 (ph_available_vcs > 0 below 4 VCs), because dor_next_torus "
                                       "leaves the dateline class unset when a packet goes straight on; allowed on a "
                                       "torus: dim_order or min_adapt (valiant runs on a mesh)"),
                     {},
                     {}}
        .english();
}

}  // namespace commviz::noc
