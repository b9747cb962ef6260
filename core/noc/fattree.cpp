#include "noc/fattree.h"

#include <string>
#include <vector>

namespace commviz::noc {

namespace {

int power(int base, int exponent) {
    int result = 1;
    for (int i = 0; i < exponent; ++i) result *= base;
    return result;
}

struct PortEnd {
    int router = -1;
    int port = -1;
};

}  // namespace

FatTree::FatTree(const NocConfig& config) : m_k(config.k), m_n(config.n), m_perLevel(power(config.k, config.n - 1)) {
    const int k = m_k;
    const int n = m_n;
    shape(n * m_perLevel, m_perLevel * k, n > 1 ? 2 * k : k);
    for (int level = 0; level < n; ++level) {
        for (int pos = 0; pos < m_perLevel; ++pos) {
            const int router = level * m_perLevel + pos;
            setName(router, "router_level" + std::to_string(level) + "_" + std::to_string(pos));
            const int degree = level == 0 ? k : 2 * k;
            setPorts(router, degree, degree);
        }
    }
    // The bottom routers hold the nodes on their down ports.
    for (int pos = 0; pos < m_perLevel; ++pos) {
        for (int i = 0; i < k; ++i) {
            attachInjection(pos * k + i, (n - 1) * m_perLevel + pos, i);
            attachEjection(pos * k + i, (n - 1) * m_perLevel + pos, i);
        }
    }
    // fattree.cpp numbers the channels between levels l and l+1 from l * 2k^n:
    // first the down channels (output side: router pos's down port p is
    // pos * k + p), then the up channels. Each router's inputs pick their
    // channel numbers interleaved by level; both ends are recorded per number
    // and joined.
    const int perDirection = k * m_perLevel;
    const int perLevel = 2 * perDirection;
    const int channels = perLevel * (n - 1);
    std::vector<PortEnd> from(std::size_t(channels > 0 ? channels : 0));
    std::vector<PortEnd> to(from.size());
    for (int level = 0; level < n - 1; ++level)
        for (int pos = 0; pos < m_perLevel; ++pos)
            for (int port = 0; port < k; ++port)
                from[std::size_t(level * perLevel + pos * k + port)] = {level * m_perLevel + pos, port};
    for (int level = 1; level < n; ++level)
        for (int pos = 0; pos < m_perLevel; ++pos)
            for (int port = 0; port < k; ++port)
                from[std::size_t(level * perLevel - perDirection + pos * k + port)] = {level * m_perLevel + pos,
                                                                                       k + port};
    // The input side: `base` is the first channel number the inputs read,
    // `neighborhood` / `branch` the routers that share an ancestor above them.
    const auto inputChannel = [&](int base, int neighborhoodSize, int branchSize, int pos, int port) {
        const int neighborhood = pos / neighborhoodSize;
        const int within = pos % neighborhoodSize;
        return base + neighborhood * neighborhoodSize * k + port * branchSize * k + (within % branchSize) * k +
               within / branchSize;
    };
    for (int level = 0; level < n - 1; ++level)  // inputs from below: ports 0..k-1
        for (int pos = 0; pos < m_perLevel; ++pos)
            for (int port = 0; port < k; ++port)
                to[std::size_t(inputChannel((level + 1) * perLevel - perDirection, power(k, n - 1 - level),
                                            power(k, n - 2 - level), pos, port))] = {level * m_perLevel + pos, port};
    for (int level = 1; level < n; ++level)  // inputs from above: ports k..2k-1
        for (int pos = 0; pos < m_perLevel; ++pos)
            for (int port = 0; port < k; ++port)
                to[std::size_t(inputChannel((level - 1) * perLevel, power(k, n - level), power(k, n - 1 - level), pos,
                                            port))] = {level * m_perLevel + pos, k + port};
    for (std::size_t c = 0; c < from.size(); ++c) connect(from[c].router, from[c].port, to[c].router, to[c].port, 1);
}

RouteSet fatTreeRoute(const NocConfig& config, int router, const RouterLoad& load, int dest, sim::Rng& rng) {
    const int k = config.k;
    const int n = config.n;
    const int perLevel = power(k, n - 1);
    const int pos = router % perLevel;
    const int level = router / perLevel;
    // The nodes below this router: `coverage` of them from neighborhood * coverage.
    const int neighborhood = pos / power(k, n - level - 1);
    const int coverage = power(k, n - level);
    RouteSet route{-1, 0, std::int16_t(config.num_vcs - 1)};
    if (dest >= neighborhood * coverage && dest < (neighborhood + 1) * coverage) {
        route.port =
            std::int16_t(level == n - 1 ? dest % k : (dest - neighborhood * coverage) / power(k, n - level - 1));
        return route;
    }
    if (config.routing_function == RoutingFunction::Anca) {
        // Two draws, in BookSim's order, and the less loaded (the first on a tie).
        const int first = int(rng.below(std::uint64_t(k)));
        const int second = int(rng.below(std::uint64_t(k)));
        route.port = std::int16_t(
            k + (load.usedCredit(router, k + first) > load.usedCredit(router, k + second) ? second : first));
        return route;
    }
    route.port = std::int16_t(k + int(rng.below(std::uint64_t(k))));
    return route;
}

}  // namespace commviz::noc
