#pragma once

#include "noc/noc_config.h"
#include "noc/noc_network.h"
#include "noc/noc_types.h"

namespace commviz::noc {

/// BookSim's quad tree (networks/qtree.cpp; it asserts k = 4, n = 3): a tree
/// of k^h routers at height h, the root at height 0. Router index = 1 + k +
/// ... + k^(h-1) + pos (qtree.cpp's _RouterIndex); BookSim's routing reads
/// the router id h * 256 + pos instead, which names the same router. Ports
/// 0 to k-1 lead to the children (on the leaves, to the nodes: node pos * k
/// + i on port i of leaf pos), port k to the parent: output p of router
/// (h, pos) reaches child (h+1, pos*k+p) on its port k, whose output k comes
/// back on input p. Every channel keeps BookSim's default latency of 1.
class QTree : public NocNetwork {
public:
    explicit QTree(const NocConfig& config);

    /// Height and position of router `index` (qtree.cpp's HeightFromID / PosFromID, from our index).
    static int heightOf(const NocConfig& config, int index);
    static int posOf(const NocConfig& config, int index);
    static int indexOf(const NocConfig& config, int height, int pos);
};

/// qtree_nca: down to child dest / k^(n-1-h) % k when this router is the
/// destination's ancestor, else up (port k); every VC, nothing drawn.
RouteSet qtreeRoute(const NocConfig& config, int router, int dest);

}  // namespace commviz::noc
