#include "noc/knfly.h"

#include <string>

namespace commviz::noc {

KNFly::KNFly(const NocConfig& config) : m_k(config.k), m_n(config.n), m_perStage(1) {
    for (int i = 1; i < m_n; ++i) m_perStage *= m_k;
    const int nodes = m_perStage * m_k;
    shape(m_n * m_perStage, nodes, m_k);
    for (int stage = 0; stage < m_n; ++stage) {
        // The digit of addr an output port of this stage rewrites (fly.cpp's
        // _InChannel read from the other end: the next stage's input side).
        int shift = 1;
        for (int i = 0; i < m_n - stage - 2; ++i) shift *= m_k;
        for (int addr = 0; addr < m_perStage; ++addr) {
            const int router = stage * m_perStage + addr;
            setName(router, "router_" + std::to_string(stage) + "_" + std::to_string(addr));
            for (int port = 0; port < m_k; ++port) {
                if (stage == 0) attachInjection(addr * m_k + port, router, port);
                if (stage == m_n - 1) {
                    attachEjection(addr * m_k + port, router, port);
                    continue;
                }
                const int digit = (addr / shift) % m_k;
                const int next = addr - digit * shift + port * shift;
                connect(router, port, (stage + 1) * m_perStage + next, digit, 1);
            }
        }
    }
    if (!config.general_paths)
        buildRouteTable([&](int router, int dest) { return destTagFly(config, router, dest).port; });
}

RouteSet destTagFly(const NocConfig& config, int router, int dest) {
    int stage = (router * config.k) / config.nodes();
    for (; stage < config.n - 1; ++stage) dest /= config.k;
    return RouteSet{std::int16_t(dest % config.k), 0, std::int16_t(config.num_vcs - 1)};
}

}  // namespace commviz::noc
