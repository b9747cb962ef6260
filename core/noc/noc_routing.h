#pragma once

#include <memory>

#include "noc/noc_config.h"
#include "noc/noc_network.h"
#include "noc/noc_types.h"
#include "sim/rng.h"

namespace commviz::noc {

/// What an adaptive routing function may read of the routers, as BookSim's
/// routing functions read their `Router*`: the credits used at an output's
/// downstream buffer (IQRouter::GetUsedCredit, BufferState::Occupancy, every
/// VC together) and the flits held at an input (GetBufferOccupancy). A view
/// of the engine's VC arrays, valid for the cycle it is made in.
struct RouterLoad {
    const OutputVc* outputVcs = nullptr;
    const InputVc* inputVcs = nullptr;
    int ports = 0;
    int vcs = 0;

    int usedCredit(int router, int output) const {
        const OutputVc* first = outputVcs + base(router, output);
        int used = 0;
        for (int vc = 0; vc < vcs; ++vc) used += first[vc].occupancy;
        return used;
    }
    int bufferOccupancy(int router, int input) const {
        const InputVc* first = inputVcs + base(router, input);
        int held = 0;
        for (int vc = 0; vc < vcs; ++vc) held += first[vc].count;
        return held;
    }

private:
    std::size_t base(int router, int port) const {
        return (std::size_t(router) * std::size_t(ports) + std::size_t(port)) * std::size_t(vcs);
    }
};

/// BookSim's routing functions by name: dim_order_mesh (`dor`),
/// dim_order_torus with its dateline partitions, and min_adapt, valiant and
/// romm (routing_functions.h). `inPort` and `inVc` are the router input and
/// VC the head arrived in (2n for injection). May draw from `rng` and read `load`.
RouteSet computeRoute(const NocConfig& config, const NocNetwork& net, const RouterLoad& load, int router, int inPort,
                      int inVc, Packet& packet, sim::Rng& rng);

/// The network `config` describes, as BookSim builds it (topology key).
std::shared_ptr<const NocNetwork> makeNetwork(const NocConfig& config);

/// Route set a source uses to pick its injection VC for `packet`: all VCs, but
/// on a flatfly with ugal_pni its slice, and on a dragonfly the one VC its
/// routing functions draw (RandomInt(num_vcs - 1)).
RouteSet injectionRoute(const NocConfig& config, const Packet& packet, sim::Rng& rng);

/// Destination of a packet from `source` under the configured traffic pattern.
int trafficDestination(const NocConfig& config, int source, sim::Rng& rng);

}  // namespace commviz::noc
