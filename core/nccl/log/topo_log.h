#pragma once

#include <string>
#include <vector>

#include "nccl/graph/topo_keys.h"
#include "nccl/topology_model.h"
#include "nccl/transport/topo_transport.h"

namespace commviz::nccl_topology {

/// One line NCCL would print with NCCL_DEBUG=INFO (and GRAPH when asked).
struct TopoLogLine {
    int rank = 0;             ///< the rank whose process prints it
    std::string subsys;       ///< "INIT", "GRAPH", "ENV", ...
    std::string text;         ///< the message after "NCCL INFO "
    std::string stage;        ///< "system", "paths", "ring", "tree", "postset", "connect": what it belongs to
    std::string source = {};  ///< for subsys "WARN": NCCL's `file:line`, e.g. "graph/search.cc:1096"
};

/// ≤ 2.22 with every rank on this one server: ncclTopoTrimSystem removes the NETs before
/// the search and the system print (NCCL src/graph/topo.cc at v2.22.3-1); 2.30 keeps them.
bool netsTrimmed(const TopologyModel& model, const TopoKeys& keys);

/// The INIT and GRAPH lines for this model in the chosen version's formats, in
/// the order a person sees them; GRAPH lines only with keys.graphSubsys.
std::vector<TopoLogLine> topologyLog(const TopologyModel& model, const TopoKeys& keys);

/// `host:pid:tid [dev] NCCL INFO text`, the prefix NCCL's logger writes
/// (`host:pid:tid [dev] file:line NCCL WARN text` for a WARN, which NCCL also
/// starts with a newline of its own).
std::string formatLogLine(const TopoLogLine& line, const TopologyModel& model);

/// Rank 0's `Channel %02d/%02d :` line for one ring (NCCL src/graph/rings.cc, dumpLine):
/// ≤ 2.22 `" %3d"` per rank for at most 20 ranks; 2.23+ the digits of n−1 as width,
/// cut at 127 characters ending in `...`.
std::string ringChannelText(int channel, int nChannels, const std::vector<int>& ring, nccl::Version version);

/// The text NCCL prints for one connection (p2p.cc, shm.cc, net.cc of the version).
std::string connectionText(const Connection& connection);

/// The rank whose process prints a connection: the sender, the receiver for `[receive]`.
int connectionPrinter(const Connection& connection);

/// `=== System : maxBw %2.1f totalBw %2.1f ===`, the tree of nodes and links and the
/// closing rule (NCCL src/graph/topo.cc, ncclTopoPrint), without the prefix.
std::vector<std::string> systemPrintTexts(const TopoSystem& system, const TopoPaths& paths, int nNodes,
                                          nccl::Version version);

/// One line per GPU and per NET: `GPU/17000 :` then `%s/%lx-%lx (%d/%.1f/%s) ` (hops,
/// bandwidth, path type) towards every GPU, NVSwitch, CPU and NET (NCCL src/graph/paths.cc,
/// printNodePaths as built without ENABLE_TRACE), at most 1023 characters.
std::vector<std::string> pathPrintTexts(const TopoSystem& system, const TopoPaths& paths, nccl::Version version);

/// `Pattern %d, crossNic %d, nChannels %d, bw %f/%f, type %s/%s, sameChannels %d` and one
/// line per channel (NCCL src/graph/search.cc, ncclTopoPrintGraph).
std::vector<std::string> graphPrintTexts(const TopoSystem& system, const TopoGraph& graph, int nNodes,
                                         nccl::Version version);

}  // namespace commviz::nccl_topology
