#pragma once

#include "noc/noc_config.h"
#include "noc/noc_network.h"
#include "noc/noc_types.h"
#include "sim/rng.h"

namespace commviz::noc {

/// BookSim's concentrated mesh (networks/cmesh.cpp; it runs n = 2, c = 4,
/// xr = yr = 2 only): a k x k grid of routers, router id = x + k * y (named
/// `router_<y>_<x>`), each with c = 4 nodes on ports 0-3 and then +x, -x, +y,
/// -y on ports 4-7. Nodes are numbered on the 2k x 2k grid of terminals:
/// node (2x + i) + 2k * (2y + j) sits on port 2j + i of router (x, y). A
/// link arrives on the opposite port of its direction; the edge routers' links
/// that would leave the grid are express links instead: -x at x = 0 goes to
/// router (0, y ± k/2), +x at x = k-1 to (k-1, y ± k/2), -y at y = 0 to
/// (x ± k/2, 0), +y at y = k-1 to (x ± k/2, k-1), arriving on the same
/// direction's input. With use_noc_latency links take 2 cycles, express links k.
class CMesh : public NocNetwork {
public:
    explicit CMesh(const NocConfig& config);

    /// CMesh::NodeToRouter / NodeToPort: where node `node` is attached.
    static int nodeToRouter(const NocConfig& config, int node);
    static int nodeToPort(const NocConfig& config, int node);
};

/// dor_cmesh, dor_no_express_cmesh, xy_yx_cmesh and xy_yx_no_express_cmesh.
/// xy_yx draws XY or YX (RandomInt(1)) when the packet enters at its source's
/// router and keeps it by VC half: XY in the lower half, YX in the upper.
RouteSet cmeshRoute(const NocConfig& config, int router, int inPort, int inVc, Packet& packet, sim::Rng& rng);

}  // namespace commviz::noc
