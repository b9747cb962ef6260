#pragma once

#include "noc/noc_config.h"
#include "noc/noc_network.h"
#include "noc/noc_routing.h"
#include "noc/noc_types.h"
#include "sim/rng.h"

namespace commviz::noc {

/// BookSim's fat tree (networks/fattree.cpp): n levels of k^(n-1) routers,
/// level 0 at the top; router id = level * k^(n-1) + pos, named
/// `router_level<level>_<pos>`. Ports below k lead down (towards the nodes),
/// ports k to 2k-1 lead up; the top routers have the k down ports only. Node
/// pos * k + i injects into input i and ejects from output i of bottom router
/// pos. Up output p of router (l, pos) reaches router (l-1, ...) on a down
/// input, wired by fattree.cpp's channel numbers (read back from both ends).
/// Every channel takes 1 cycle.
class FatTree : public NocNetwork {
public:
    explicit FatTree(const NocConfig& config);

    int levels() const { return m_n; }
    int routersPerLevel() const { return m_perLevel; }
    int levelOf(int router) const { return router / m_perLevel; }
    int posOf(int router) const { return router % m_perLevel; }

private:
    int m_k;
    int m_n;
    int m_perLevel;
};

/// fattree_nca and fattree_anca (routefunc.cpp): down towards the destination
/// once this router's subtree holds it, else up. nca takes up port
/// k + RandomInt(k-1); anca draws two such ports and keeps the one whose
/// downstream buffers hold fewer flits (GetUsedCredit; the first on a tie).
/// Every VC, as BookSim's functions give the whole range.
RouteSet fatTreeRoute(const NocConfig& config, int router, const RouterLoad& load, int dest, sim::Rng& rng);

}  // namespace commviz::noc
