#pragma once

#include <cstdint>
#include <vector>

#include "noc/noc_config.h"
#include "noc/noc_types.h"
#include "sim/rng.h"

namespace commviz::noc {

/// BookSim's k-ary n-cube (kncube.cpp): node id = sum of digit_d * k^d, output
/// port 2d goes "right" (+1 in dimension d), 2d+1 "left", 2n is the local
/// ejection port; a flit leaving through port p arrives on input p ^ 1.
class KNCube {
public:
    explicit KNCube(const NocConfig& config);

    int nodes() const { return m_nodes; }
    int ports() const { return m_ports; }
    int ejectPort() const { return m_ports - 1; }
    /// Router reached through `port` of `router`; -1 for a mesh edge or the ejection port.
    int neighbor(int router, int port) const { return m_neighbors[std::size_t(router) * m_ports + port]; }
    int linkLatency() const { return m_linkLatency; }
    int digit(int node, int dim) const;
    /// dor_next_mesh precomputed for every (current, destination) pair; empty
    /// for a torus and for routing functions other than dimension order.
    int meshPort(int router, int dest) const {
        return m_meshPort[std::size_t(router) * std::size_t(m_nodes) + std::size_t(dest)];
    }
    bool hasMeshTable() const { return !m_meshPort.empty(); }

private:
    int m_k;
    int m_n;
    int m_nodes;
    int m_ports;
    int m_linkLatency;
    std::vector<std::int32_t> m_neighbors;
    std::vector<std::uint8_t> m_meshPort;
};

/// BookSim's routing functions by name: dim_order_mesh (`dor`),
/// dim_order_torus with its dateline partitions, and min_adapt, valiant and
/// romm (routing_functions.h). `inPort` and `inVc` are the router input and
/// VC the head arrived in (2n for injection). May draw from `rng`.
RouteSet computeRoute(const NocConfig& config, const KNCube& net, int router, int inPort, int inVc, Packet& packet,
                      sim::Rng& rng);

/// Route set a source uses to pick its injection VC (all VCs).
RouteSet injectionRoute(const NocConfig& config);

/// Destination of a packet from `source` under the configured traffic pattern.
int trafficDestination(const NocConfig& config, int source, sim::Rng& rng);

}  // namespace commviz::noc
