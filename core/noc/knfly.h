#pragma once

#include "noc/noc_config.h"
#include "noc/noc_network.h"
#include "noc/noc_types.h"

namespace commviz::noc {

/// BookSim's k-ary n-fly (networks/fly.cpp): n stages of k^(n-1) routers with
/// k inputs and k outputs each; router id = stage * k^(n-1) + addr, named
/// `router_<stage>_<addr>`. Node c injects into input c % k of stage-0 router
/// c / k and ejects from output c % k of last-stage router c / k. Output p of
/// router (s, a) reaches router (s + 1, a with digit n-s-2 set to p), on the
/// input numbered by a's old digit there. Every channel takes 1 cycle.
class KNFly : public NocNetwork {
public:
    explicit KNFly(const NocConfig& config);

    int stages() const { return m_n; }
    int routersPerStage() const { return m_perStage; }
    int stageOf(int router) const { return router / m_perStage; }
    int addrOf(int router) const { return router % m_perStage; }

private:
    int m_k;
    int m_n;
    int m_perStage;
};

/// dest_tag_fly: at stage s the output is the destination's digit n-1-s
/// (most significant first), over every VC.
RouteSet destTagFly(const NocConfig& config, int router, int dest);

}  // namespace commviz::noc
