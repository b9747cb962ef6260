// NCCL src/transport.cc, ncclTransportP2pSetup: each connection takes the first
// transport whose canConnect accepts it (P2P, SHM, NET); the words after "via"
// follow src/transport/p2p.cc, shm.cc and net.cc of the chosen version.

#include "nccl/transport/topo_transport.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "nccl/transport/topo_transport_net.h"

namespace commviz::nccl_topology {

namespace {

using Edge = std::tuple<int, int, int>;  // channel, from rank, to rank

int localRankCount(const TopoSystem& system) { return static_cast<int>(system.ofType(NodeType::GPU).size()); }

// p2pSendSetup: "P2P/CUMEM" with cuMem (the default in both versions), else
// "P2P/IPC"; "/read" when p2pGetInfo says so, or "P2P/indirect/<rank>[<dev>]" through a GPU.
std::string p2pWords(const TopoSystem& system, const TopoPaths& paths, const RankPlace& from, const RankPlace& to,
                     bool cuMem) {
    const Path& path = paths.path(from.gpu, to.gpu);
    // ncclTopoCheckP2p: P2P read only over NVLink between two sm80 GPUs.
    const bool read = path.type == PathType::NVL && system.nodes[from.gpu].sm == 80 && system.nodes[to.gpu].sm == 80;
    const std::string readWords = read ? "/read" : "";
    // ncclTopoCheckP2p: a two-hop path whose middle node is a GPU goes through that GPU.
    if (path.route.size() == 3 && system.nodes[path.route[1]].type == NodeType::GPU) {
        const TopoNode& middle = system.nodes[path.route[1]];
        const int middleRank = from.node * localRankCount(system) + std::max(middle.rank, 0);
        return "P2P/indirect/" + std::to_string(middleRank) + "[" + std::to_string(middle.dev) + "]" + readWords;
    }
    return (cuMem ? "P2P/CUMEM" : "P2P/IPC") + readWords;
}

Connection halfOf(int channel, int fromRank, const RankPlace& from, int toRank, const RankPlace& to) {
    Connection connection;
    connection.channel = channel;
    connection.fromRank = fromRank;
    connection.fromDev = from.dev;
    connection.toRank = toRank;
    connection.toDev = to.dev;
    return connection;
}

struct Planner {
    const TopoSystem& system;
    const TopoPaths& paths;
    nccl::Version version;
    bool cuMem = true;
    std::set<Edge> made;

    void connect(int channel, int fromRank, int toRank, const TopoGraph* graph, std::vector<Connection>& out) {
        if (fromRank < 0 || toRank < 0 || fromRank == toRank) return;
        if (!made.insert({channel, fromRank, toRank}).second) return;  // the connector is already connected
        const RankPlace from = placeRank(system, fromRank);
        const RankPlace to = placeRank(system, toRank);
        Connection connection = halfOf(channel, fromRank, from, toRank, to);
        if (from.node != to.node) {
            appendNetConnection(system, paths, version, graph, connection, out);
            return;
        }
        if (from.gpu >= 0 && to.gpu >= 0 && checkP2p(system, paths, from.gpu, to.gpu)) {
            connection.transport = Transport::P2P;
            connection.via = p2pWords(system, paths, from, to, cuMem);
        } else {
            // shmSendSetup: ≤ 2.29 names the send and receive copy modes, 2.30 only "direct".
            connection.transport = Transport::SHM;
            connection.via = version == nccl::Version::V2_30 ? "SHM/direct" : "SHM/direct/direct";
        }
        out.push_back(connection);
    }
};

}  // namespace

RankPlace placeRank(const TopoSystem& system, int rank) {
    const std::vector<int> gpus = system.ofType(NodeType::GPU);
    RankPlace place;
    if (gpus.empty() || rank < 0) return place;
    const int localRanks = static_cast<int>(gpus.size());
    place.node = rank / localRanks;
    place.localRank = rank % localRanks;
    place.gpu = gpus[static_cast<size_t>(place.localRank)];
    for (int gpu : gpus)
        if (system.nodes[gpu].rank == place.localRank) place.gpu = gpu;
    place.dev = system.nodes[place.gpu].dev;
    return place;
}

int hopLocalRank(const TopoSystem& system, const GraphHop& hop) {
    if (hop.rank >= 0) return hop.rank;
    const int localRanks = localRankCount(system);
    for (int rank = 0; rank < localRanks; ++rank)
        if (placeRank(system, rank).dev == hop.dev) return rank;
    return -1;
}

TransportPlan planTransports(const TopoSystem& system, const TopoPaths& paths, const CommGraphs& comm,
                             nccl::Version version, const TransportGraphs& graphs) {
    TransportPlan plan;
    Planner planner{system, paths, version, graphs.cuMem, {}};
    // init.cc: every channel's ring (recv from prev, send to next) is set up first.
    for (size_t channel = 0; channel < comm.channels.size(); ++channel) {
        const std::vector<int>& ring = comm.channels[channel].ring;
        for (size_t index = 0; index < ring.size(); ++index)
            planner.connect(static_cast<int>(channel), ring[index], ring[(index + 1) % ring.size()], graphs.ring,
                            plan.rings);
    }
    // Then the trees: send to the parent, then to each child (NCCL_MAX_TREE_ARITY).
    for (size_t channel = 0; channel < comm.channels.size(); ++channel) {
        const std::vector<RankTree>& tree = comm.channels[channel].tree;
        for (size_t rank = 0; rank < tree.size(); ++rank) {
            const int self = static_cast<int>(rank);
            planner.connect(static_cast<int>(channel), self, tree[rank].up, graphs.tree, plan.trees);
            for (int child : tree[rank].down)
                planner.connect(static_cast<int>(channel), self, child, graphs.tree, plan.trees);
        }
    }
    return plan;
}

std::vector<Connection> selectTransports(const TopoSystem& system, const TopoPaths& paths, const CommGraphs& comm,
                                         nccl::Version version, const TransportGraphs& graphs) {
    TransportPlan plan = planTransports(system, paths, comm, version, graphs);
    plan.rings.insert(plan.rings.end(), plan.trees.begin(), plan.trees.end());
    return plan.rings;
}

std::vector<Connection> selectTransports(const TopoSystem& system, const TopoPaths& paths, const CommGraphs& comm,
                                         nccl::Version version) {
    return selectTransports(system, paths, comm, version, TransportGraphs{});
}

RingNetUse ringNetUse(const std::vector<Connection>& ringConnections) {
    RingNetUse use;
    for (const Connection& connection : ringConnections) {
        if (connection.transport != Transport::NET || connection.side != Connection::Side::Send) continue;
        if (connection.via.find('(') != std::string::npos) use.pxn = true;
        if (connection.via.find("/GDRDMA") == std::string::npos) use.gdr = false;
    }
    return use;
}

size_t ringConnectionCount(const CommGraphs& comm) {
    size_t count = 0;
    for (const Connection& connection : comm.connections) {
        if (connection.channel < 0 || static_cast<size_t>(connection.channel) >= comm.channels.size()) break;
        const std::vector<int>& ring = comm.channels[static_cast<size_t>(connection.channel)].ring;
        const auto at = std::find(ring.begin(), ring.end(), connection.fromRank);
        if (at == ring.end() || ring[static_cast<size_t>(at - ring.begin() + 1) % ring.size()] != connection.toRank)
            break;
        ++count;
    }
    return count;
}

}  // namespace commviz::nccl_topology
