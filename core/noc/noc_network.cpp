#include "noc/noc_network.h"

#include <algorithm>

namespace commviz::noc {

void NocNetwork::shape(int routers, int nodes, int ports) {
    m_routers = routers;
    m_nodes = nodes;
    m_ports = ports;
    m_inputs.assign(std::size_t(routers), std::int16_t(ports));
    m_outputs.assign(std::size_t(routers), std::int16_t(ports));
    m_out.assign(std::size_t(routers) * std::size_t(ports), ChannelEnd{});
    m_in.assign(std::size_t(routers) * std::size_t(ports), ChannelEnd{});
    m_inject.assign(std::size_t(nodes), Attachment{});
    m_eject.assign(std::size_t(nodes), Attachment{});
    m_names.assign(std::size_t(routers), std::string());
    m_routeTable.clear();
    m_maxLatency = 1;
    m_localPort = -2;
}

void NocNetwork::setPorts(int router, int inputs, int outputs) {
    m_inputs[std::size_t(router)] = std::int16_t(inputs);
    m_outputs[std::size_t(router)] = std::int16_t(outputs);
}

void NocNetwork::connect(int from, int fromPort, int to, int toPort, int latency) {
    m_out[slot(from, fromPort)] = ChannelEnd{to, std::int16_t(toPort), std::int16_t(latency), -1};
    m_in[slot(to, toPort)] = ChannelEnd{from, std::int16_t(fromPort), std::int16_t(latency), -1};
    m_maxLatency = std::max(m_maxLatency, latency);
}

void NocNetwork::attachInjection(int node, int router, int port) {
    m_inject[std::size_t(node)] = Attachment{router, std::int16_t(port)};
    notePlacement(node, router, port);
    m_in[slot(router, port)] = ChannelEnd{-1, -1, 1, node};
}

void NocNetwork::attachEjection(int node, int router, int port) {
    m_eject[std::size_t(node)] = Attachment{router, std::int16_t(port)};
    notePlacement(node, router, port);
    m_out[slot(router, port)] = ChannelEnd{-1, -1, 1, node};
}

void NocNetwork::notePlacement(int node, int router, int port) {
    if (router != node || (m_localPort != -2 && m_localPort != port)) {
        m_localPort = -1;
    } else if (m_localPort == -2) {
        m_localPort = port;
    }
}

}  // namespace commviz::noc
