#pragma once

#include <cstdint>
#include <vector>

#include "noc/noc_config.h"
#include "noc/noc_network.h"
#include "noc/noc_routing.h"
#include "noc/noc_types.h"
#include "sim/rng.h"

namespace commviz::noc {

/// BookSim's k-ary n-cube (kncube.cpp): node id = sum of digit_d * k^d, and
/// node i sits on router i. Output port 2d goes "right" (+1 in dimension d),
/// 2d+1 "left", 2n is the local injection and ejection port; a flit leaving
/// through port p arrives on input p ^ 1. Links take linkLatency() cycles.
class KNCube : public NocNetwork {
public:
    explicit KNCube(const NocConfig& config);

    /// The local port (2n): every node injects into and ejects from it.
    int localPort() const { return ports() - 1; }
    int linkLatency() const { return m_linkLatency; }
    int digit(int node, int dim) const;

private:
    int m_k;
    int m_n;
    int m_linkLatency;
};

/// dim_order (mesh and torus), min_adapt, valiant and romm on a k-ary n-cube
/// (routing_functions.h); `inPort` 2n is the injection port. May draw from `rng`.
RouteSet kncubeRoute(const NocConfig& config, int router, int inPort, int inVc, Packet& packet, sim::Rng& rng);

}  // namespace commviz::noc
