// The server's trees as the tree pipeline walks them: which transport each hop took and what one step
// costs on it, from the same graphs and tables the tuner reads.

#include "collectives_scene/nccl_tree_hops.h"

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>

#include "nccl/device/nccl_protocol.h"
#include "nccl/graph/tuning_model.h"
#include "nccl/graph/tuning_tables.h"

namespace commviz::collectives {

namespace {

using nccl_topology::Connection;
using nccl_topology::Transport;
using namespace nccl_tuning;

using Link = std::tuple<int, int, int>;  // channel, from, to

// The transport NCCL set up for each (channel, sender, receiver) of collectives (connIndex 0); the rings'
// connections come first and a tree reuses them.
std::map<Link, Transport> treeTransports(const std::vector<Connection>& connections) {
    std::map<Link, Transport> out;
    for (const Connection& connection : connections)
        if (connection.connIndex == 0 && connection.side != Connection::Side::Receive)
            out.emplace(Link{connection.channel, connection.fromRank, connection.toRank}, connection.transport);
    return out;
}

// The tuner's Tree AllReduce bus bandwidth for the protocol, per channel of the communicator.
double channelCapGBps(const NcclTopologySetup& setup, int protocol) {
    auto model = ncclTopoTuneModel(setup.inputs);
    const float bus = model ? model->busBandwidths[ncclFuncAllReduce][NCCL_ALGO_TREE][std::size_t(protocol)] : 0.0f;
    if (bus <= 0.0f) return std::numeric_limits<double>::infinity();
    return double(bus) / double(std::max(setup.nChannels, 1));
}

}  // namespace

std::vector<TreeHops> ncclTreeHops(const NcclTopologySetup& setup, NcclProtocol protocol, const NcclTreePlan& plan) {
    const TuningInputs& in = setup.inputs;
    const int p = ncclProtocolIndex(protocol);
    const TuningTables tables = tuningTables(in.version);
    const TuningGraph& graph = in.treeGraph;
    const int intraHw = graph.typeIntra == PathType::NVL ? NCCL_HW_NVLINK : NCCL_HW_PCI;
    // As for the rings: duplicated channels share one searched channel's bandwidth.
    const double perChannel = double(graph.nChannels) / double(std::max(setup.nChannels, 1));
    const double share = ncclProtocolEfficiency(protocol) * std::min(perChannel, 1.0);
    const double cap = channelCapGBps(setup, p);
    const PipelineHop intra{Transport::P2P, std::min(graph.bwIntra * share, cap),
                            tables.hwLat[std::size_t(intraHw)][NCCL_ALGO_TREE][std::size_t(p)]};
    float interLatency = tables.hwLat[NCCL_HW_NET][NCCL_ALGO_TREE][std::size_t(p)] + graph.latencyInter;
    if (p == NCCL_PROTO_SIMPLE) interLatency += graph.latencyInter;  // the flush
    const PipelineHop inter{Transport::NET, std::min(graph.bwInter * share, cap), interLatency};

    const auto transports = treeTransports(setup.comm.connections);
    auto priced = [&](int channel, int src, int dst, bool halfThreads) {
        PipelineHop hop = src / setup.gpusPerNode == dst / setup.gpusPerNode ? intra : inter;
        if (auto found = transports.find(Link{channel, src, dst}); found != transports.end())
            hop.transport = found->second;
        if (halfThreads) hop.bandwidthGBps /= 2;
        return hop;
    };
    std::vector<TreeHops> out;
    for (std::size_t index = 0; index < plan.trees.size(); ++index) {
        const NcclTree& tree = plan.trees[index];
        const int channel = int(index);  // the plan's tree t is the server's channel t
        TreeHops hops;
        hops.up.resize(tree.parent.size());
        hops.down.resize(tree.parent.size());
        for (int rank = 0; rank < int(tree.parent.size()); ++rank) {
            const bool halfThreads = rank != tree.root;
            if (tree.parent[std::size_t(rank)] >= 0)
                hops.up[std::size_t(rank)] = priced(channel, rank, tree.parent[std::size_t(rank)], halfThreads);
            const auto& children = tree.children[std::size_t(rank)];
            for (std::size_t c = 0; c < children.size() && c < 3; ++c)
                hops.down[std::size_t(rank)][c] = priced(channel, rank, children[c], halfThreads);
        }
        out.push_back(std::move(hops));
    }
    return out;
}

double ncclTreeBaseLatencyUs(const NcclTopologySetup& setup, NcclProtocol protocol) {
    return tuningTables(setup.inputs.version).baseLat[NCCL_ALGO_TREE][std::size_t(ncclProtocolIndex(protocol))];
}

}  // namespace commviz::collectives
