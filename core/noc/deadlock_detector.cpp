// A wait-for graph over input VCs: an active VC whose output VC has no credit
// waits on the downstream input VC; a VC waiting for VC allocation waits on the
// input VCs holding every output VC it may take. A cycle in it is a deadlock.

#include "noc/noc_engine.h"

namespace commviz::noc {

std::vector<std::string> NocEngine::findDeadlockCycle() const {
    const std::size_t total = m_inputVcs.size();
    std::vector<std::vector<std::int32_t>> waitsOn(total);
    for (int r = 0; r < int(m_routers.size()); ++r) {
        for (int p = 0; p < m_ports; ++p) {
            for (int v = 0; v < m_vcs; ++v) {
                const InputVc& iv = inputVc(r, p, v);
                if (iv.count == 0) continue;
                auto& edges = waitsOn[vcIndex(r, p, v)];
                if (iv.state == VcState::Active && !m_net->output(r, iv.outPort).isNode() &&
                    outputVc(r, iv.outPort, iv.outVc).occupancy >= m_bufSize) {
                    const ChannelEnd& to = m_net->output(r, iv.outPort);
                    edges.push_back(std::int32_t(vcIndex(to.router, to.port, iv.outVc)));
                } else if (iv.state == VcState::VcAlloc && iv.route.port >= 0 &&
                           !m_net->output(r, iv.route.port).isNode()) {
                    const RouteSet& route = iv.route;  // every VC of every range in the set
                    bool allHeld = true;
                    for (int part = 0; part < route.parts(); ++part)
                        for (int out = route.startOf(part); out <= route.endOf(part) && allHeld; ++out)
                            allHeld = outputVc(r, route.portOf(part), out).inUseBy >= 0;
                    for (int part = 0; part < route.parts() && allHeld; ++part) {
                        for (int out = route.startOf(part); out <= route.endOf(part); ++out) {
                            const int holder = outputVc(r, route.portOf(part), out).inUseBy;
                            edges.push_back(std::int32_t(vcIndex(r, holder / m_vcs, holder % m_vcs)));
                        }
                    }
                }
            }
        }
    }
    // Iterative DFS; a back edge closes a cycle.
    std::vector<std::uint8_t> color(total, 0);
    std::vector<std::int32_t> parent(total, -1);
    for (std::size_t start = 0; start < total; ++start) {
        if (color[start] != 0 || waitsOn[start].empty()) continue;
        std::vector<std::pair<std::int32_t, std::size_t>> stack{{std::int32_t(start), 0}};
        color[start] = 1;
        while (!stack.empty()) {
            auto& [node, next] = stack.back();
            if (next == waitsOn[std::size_t(node)].size()) {
                color[std::size_t(node)] = 2;
                stack.pop_back();
                continue;
            }
            const std::int32_t to = waitsOn[std::size_t(node)][next++];
            if (color[std::size_t(to)] == 1) {
                std::vector<std::string> cycle;
                for (std::int32_t at = node;; at = parent[std::size_t(at)]) {
                    const int vc = at % m_vcs;
                    const int port = (at / m_vcs) % m_ports;
                    const int router = at / (m_vcs * m_ports);
                    cycle.insert(cycle.begin(), "router/" + std::to_string(router) + "/in/" + std::to_string(port) +
                                                    "/vc/" + std::to_string(vc));
                    if (at == to) break;
                }
                return cycle;
            }
            if (color[std::size_t(to)] == 0) {
                color[std::size_t(to)] = 1;
                parent[std::size_t(to)] = node;
                stack.push_back({to, 0});
            }
        }
    }
    return {};
}

}  // namespace commviz::noc
