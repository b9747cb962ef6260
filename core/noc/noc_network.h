#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace commviz::noc {

/// One end of a channel as BookSim's Network wires it: a router's port, or a
/// terminal node (router -1, node >= 0) for injection and ejection channels.
struct ChannelEnd {
    std::int32_t router = -1;
    std::int16_t port = -1;
    std::int16_t latency = 1;  ///< the channel's latency in cycles (its credit channel's too)
    std::int32_t node = -1;    ///< the terminal at this end, -1 for a router
    bool isNode() const { return node >= 0; }
    bool connected() const { return router >= 0 || node >= 0; }
};

/// The network a NoC engine runs on, as BookSim's Network subclasses build it
/// (networks/*.cpp): routers in BookSim's order (its router ids), each with its
/// input and output ports, every output channel's far end and latency, and
/// where each terminal node injects and ejects. The engine reads only this;
/// each topology (KNCube, KNFly, ...) fills it in its constructor.
///
/// Ports are numbered per router in the order BookSim adds the channels
/// (AddInputChannel / AddOutputChannel); every router is given ports() slots,
/// the largest count any router has, and the unused ones stay unconnected.
class NocNetwork {
public:
    int routers() const { return m_routers; }
    int nodes() const { return m_nodes; }
    /// Port slots per router (the largest input or output count).
    int ports() const { return m_ports; }
    int inputs(int router) const { return m_inputs[std::size_t(router)]; }
    int outputs(int router) const { return m_outputs[std::size_t(router)]; }
    /// Where output `port` of `router` leads: a router's input port or an ejection to a node.
    const ChannelEnd& output(int router, int port) const { return m_out[slot(router, port)]; }
    /// Where input `port` of `router` comes from (credits go back there).
    const ChannelEnd& input(int router, int port) const { return m_in[slot(router, port)]; }
    /// Router reached through output `port`; -1 for an ejection or unconnected port.
    int neighbor(int router, int port) const { return m_out[slot(router, port)].router; }
    /// BookSim's node placement: the router and input port node `node` injects into...
    int injectRouter(int node) const { return m_inject[std::size_t(node)].router; }
    int injectPort(int node) const { return m_inject[std::size_t(node)].port; }
    /// ...and the router and output port it ejects from.
    int ejectRouter(int node) const { return m_eject[std::size_t(node)].router; }
    int ejectPort(int node) const { return m_eject[std::size_t(node)].port; }
    /// The one port every node injects into and ejects from when node i sits on
    /// router i (a k-ary n-cube's local port 2n); -1 for other placements.
    int ejectPort() const { return m_localPort >= 0 ? m_localPort : -1; }
    /// The longest channel, injection and ejection included.
    int maxLatency() const { return m_maxLatency; }
    /// BookSim's router name (`router_1_3` on a fly, `router_5` on a cube ...).
    const std::string& routerName(int router) const { return m_names[std::size_t(router)]; }
    /// A routing decision that depends only on (router, destination): the output
    /// port for every pair, precomputed; empty when routing draws or adapts.
    bool hasRouteTable() const { return !m_routeTable.empty(); }
    int tablePort(int router, int dest) const {
        return m_routeTable[std::size_t(router) * std::size_t(m_nodes) + std::size_t(dest)];
    }
    /// The k-ary n-cube's name for the route table (dim_order on a mesh).
    bool hasMeshTable() const { return hasRouteTable(); }

protected:
    /// Sizes the tables: `routers` routers of `ports` port slots, `nodes` terminals.
    void shape(int routers, int nodes, int ports);
    void setPorts(int router, int inputs, int outputs);
    /// A channel from output `fromPort` of `from` to input `toPort` of `to`.
    void connect(int from, int fromPort, int to, int toPort, int latency);
    /// Node `node` injects into input `port` of `router` (latency 1, as BookSim's injection channels).
    void attachInjection(int node, int router, int port);
    /// Node `node` ejects from output `port` of `router`.
    void attachEjection(int node, int router, int port);
    void setName(int router, std::string name) { m_names[std::size_t(router)] = std::move(name); }
    /// Precomputes a deterministic routing function (see hasRouteTable) when
    /// the table stays small; `route(router, dest)` gives the output port.
    template <class Route>
    void buildRouteTable(Route&& route) {
        if (std::size_t(m_routers) * std::size_t(m_nodes) > (std::size_t(1) << 24) || m_ports > 255) return;
        m_routeTable.resize(std::size_t(m_routers) * std::size_t(m_nodes));
        for (int r = 0; r < m_routers; ++r)
            for (int dest = 0; dest < m_nodes; ++dest)
                m_routeTable[std::size_t(r) * std::size_t(m_nodes) + std::size_t(dest)] = std::uint8_t(route(r, dest));
    }

private:
    void notePlacement(int node, int router, int port);
    std::size_t slot(int router, int port) const {
        return std::size_t(router) * std::size_t(m_ports) + std::size_t(port);
    }

    int m_routers = 0;
    int m_nodes = 0;
    int m_ports = 0;
    int m_maxLatency = 1;
    int m_localPort = -2;  ///< -2 until a node is attached
    std::vector<std::int16_t> m_inputs, m_outputs;
    std::vector<ChannelEnd> m_out, m_in;
    struct Attachment {
        std::int32_t router = -1;
        std::int16_t port = -1;
    };
    std::vector<Attachment> m_inject, m_eject;
    std::vector<std::string> m_names;
    std::vector<std::uint8_t> m_routeTable;
};

}  // namespace commviz::noc
