#pragma once

#include <string>

#include "noc/noc_config.h"
#include "noc/noc_types.h"
#include "sim/result.h"
#include "sim/rng.h"

namespace commviz::noc {

/// dor_next_mesh: the lowest dimension whose digits differ, towards `dest`;
/// the ejection port 2n at `dest`.
int dorNextMesh(const NocConfig& config, int cur, int dest);

/// dor_next_torus: like the mesh, but the direction is the shorter way round
/// (a tie draws a coin) and, when the packet turns into a dimension (`inPort`
/// of another dimension, or 2n), the dateline class is chosen and written to
/// `partition`; going straight on leaves it as it was.
int dorNextTorus(const NocConfig& config, int cur, int dest, int inPort, std::int8_t& partition, sim::Rng& rng);

/// BookSim's adaptive and two-phase routing functions (routefunc.cpp) for a
/// head flit at router `cur` that arrived on `inPort` in VC `inVc`:
/// min_adapt_mesh, min_adapt_torus, valiant_mesh, valiant_torus and romm_mesh.
/// They keep their per-packet state (phase, intermediate node, dateline
/// class) in `packet`, as BookSim keeps it in the head flit.
RouteSet minAdaptMesh(const NocConfig& config, int cur, int inPort, int inVc, const Packet& packet);
RouteSet minAdaptTorus(const NocConfig& config, int cur, int inPort, int inVc, Packet& packet, sim::Rng& rng);
RouteSet twoPhaseMesh(const NocConfig& config, int cur, int inPort, Packet& packet, sim::Rng& rng);
RouteSet valiantTorus(const NocConfig& config, int cur, int inPort, Packet& packet, sim::Rng& rng);

/// The VC classes BookSim's adaptive and two-phase functions need (routefunc.cpp)
/// and the <function>_<topology> pairs it registers: an error naming the key.
sim::Status validateRoutingClasses(const NocConfig& config);

/// Why stock BookSim2 stops on an assertion for the config's routing function
/// on its topology although commviz runs it, or "" when BookSim2 runs it.
std::string stockBookSimAssertion(const NocConfig& config);

}  // namespace commviz::noc
