// NCCL src/transport/net.cc, sendSetup/recvSetup: the NIC comes from the graph,
// GPUDirect RDMA from ncclTopoCheckGdr (read on the send side), and the send goes
// through a peer GPU's proxy when the GPU's path to that NIC is PXN
// (ncclTopoGetIntermediateRank).

#include "nccl/transport/topo_transport_net.h"

#include "nccl/transport/topo_transport.h"

namespace commviz::nccl_topology {

namespace {

int netWithDev(const TopoSystem& system, int64_t dev) {
    for (int net : system.ofType(NodeType::NET))
        if (system.nodes[net].dev == dev) return net;
    return -1;
}

int netFromGraph(const TopoSystem& system, const TopoGraph& graph, int channel, const RankPlace& place) {
    const GraphChannel& hops = graph.channels[static_cast<size_t>(channel) % graph.channels.size()];
    std::vector<const GraphHop*> nets;
    const GraphHop* firstGpu = nullptr;
    for (const GraphHop& hop : hops.hops) {
        if (hop.kind == GraphHop::Kind::Net) nets.push_back(&hop);
        if (hop.kind == GraphHop::Kind::Gpu && !firstGpu) firstGpu = &hop;
    }
    if (nets.empty()) return -1;
    const bool first = firstGpu && (firstGpu->rank == place.localRank || firstGpu->dev == place.dev);
    return netWithDev(system, first ? nets.front()->dev : nets.back()->dev);
}

// ncclTopoGetLocalNet: the widest NICs from the GPU, one per channel in turn.
int nearestNet(const TopoSystem& system, const TopoPaths& paths, int gpu, int channel) {
    std::vector<int> best;
    for (int net : system.ofType(NodeType::NET)) {
        if (!best.empty()) {
            const Path& current = paths.path(gpu, best.front());
            const Path& candidate = paths.path(gpu, net);
            if (candidate.bw < current.bw || (candidate.bw == current.bw && candidate.type > current.type)) continue;
            if (candidate.bw > current.bw || candidate.type < current.type) best.clear();
        }
        best.push_back(net);
    }
    return best.empty() ? -1 : best[static_cast<size_t>(channel) % best.size()];
}

// The internal plugin is "IB" for verbs devices and "Socket" for plain interfaces.
bool isSocket(const TopoNode& net) {
    for (const char* prefix : {"eth", "en", "bond", "lo"})
        if (net.name.rfind(prefix, 0) == 0) return true;
    return false;
}

std::string netWords(const TopoNode& net, int proxyRank, bool gdr) {
    std::string words = std::string("NET/") + (isSocket(net) ? "Socket" : "IB") + "/" + std::to_string(net.dev);
    if (proxyRank >= 0) words += "(" + std::to_string(proxyRank) + ")";
    if (gdr && !isSocket(net)) words += "/GDRDMA";
    return words;
}

// ncclTopoGetIntermediateRank: the peer GPU a PXN path goes through, else -1.
int pxnProxyRank(const TopoSystem& system, const TopoPaths& paths, const RankPlace& place, int net) {
    const Path& path = paths.path(place.gpu, net);
    if (path.type != PathType::PXN || path.via < 0 || system.nodes[path.via].type != NodeType::GPU) return -1;
    const int localRanks = static_cast<int>(system.ofType(NodeType::GPU).size());
    for (int rank = 0; rank < localRanks; ++rank)
        if (placeRank(system, rank).gpu == path.via) return place.node * localRanks + rank;
    return -1;
}

}  // namespace

int netForChannel(const TopoSystem& system, const TopoPaths& paths, const TopoGraph* graph, int channel, int rank) {
    const RankPlace place = placeRank(system, rank);
    if (place.gpu < 0) return -1;
    if (graph && !graph->channels.empty()) {
        const int net = netFromGraph(system, *graph, channel, place);
        if (net >= 0) return net;
    }
    return nearestNet(system, paths, place.gpu, channel);
}

void appendNetConnection(const TopoSystem& system, const TopoPaths& paths, nccl::Version version,
                         const TopoGraph* graph, Connection connection, std::vector<Connection>& out) {
    (void)version;  // the words are the same in both versions; 2.30 adds "(PCI)" only for C2C DMA-BUF
    connection.transport = Transport::NET;
    const RankPlace sender = placeRank(system, connection.fromRank);
    const RankPlace receiver = placeRank(system, connection.toRank);
    const int sendNet = netForChannel(system, paths, graph, connection.channel, connection.fromRank);
    const int recvNet = netForChannel(system, paths, graph, connection.channel, connection.toRank);
    if (sendNet < 0 || recvNet < 0) {
        connection.transport = Transport::Unknown;
        connection.via = "NET: no NIC";
        out.push_back(connection);
        return;
    }
    Connection send = connection;
    send.side = Connection::Side::Send;
    send.via = netWords(system.nodes[sendNet], pxnProxyRank(system, paths, sender, sendNet),
                        checkGdr(system, paths, sender.gpu, sendNet, true));
    out.push_back(send);
    Connection receive = connection;
    receive.side = Connection::Side::Receive;
    receive.via = netWords(system.nodes[recvNet], -1, checkGdr(system, paths, receiver.gpu, recvNet, false));
    out.push_back(receive);
}

}  // namespace commviz::nccl_topology
