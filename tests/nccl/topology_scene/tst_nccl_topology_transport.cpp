// selectTransports on communicators built by hand (NCCL src/transport.cc,
// ncclTransportP2pSetup; p2p.cc, shm.cc, net.cc for the words after "via").
// Each expectation is worked from the bundled server's paths and NCCL's rules:
// P2P when ncclTopoCheckP2p allows (path ≤ PXB), "/read" over NVLink between two
// sm80 GPUs, else SHM inside a server, NET across servers with the channel's
// NIC, "/GDRDMA" when ncclTopoCheckGdr allows, and "(proxy)" on a PXN path.

#include <QtTest>

#include "nccl/log/topo_log.h"
#include "nccl/transport/topo_transport.h"
#include "topology_test_support.h"

using namespace commviz::nccl_topology;
using commviz::nccl::Version;
using namespace topology_test;

namespace {

// A chain tree in rank order: rank r's parent is r - 1, its first child r + 1.
std::vector<RankTree> chainTree(int ranks) {
    std::vector<RankTree> tree(static_cast<size_t>(ranks));
    for (int rank = 0; rank < ranks; ++rank) {
        tree[rank].up = rank - 1;
        tree[rank].down[0] = rank + 1 < ranks ? rank + 1 : -1;
    }
    return tree;
}

CommGraphs oneRing(std::vector<int> ring, int nNodes, bool withTree) {
    CommGraphs comm;
    comm.nRanks = static_cast<int>(ring.size());
    comm.nNodes = nNodes;
    CommChannel channel;
    if (withTree) channel.tree = chainTree(comm.nRanks);
    channel.ring = std::move(ring);
    comm.channels.push_back(channel);
    return comm;
}

struct Expected {
    int from, fromDev, to, toDev;
    Connection::Side side;
    Transport transport;
    const char* via;
};

void compareConnections(const std::vector<Connection>& actual, const std::vector<Expected>& expected) {
    QCOMPARE(actual.size(), expected.size());
    for (size_t index = 0; index < expected.size(); ++index) {
        const Connection& got = actual[index];
        const Expected& want = expected[index];
        QVERIFY2(got.fromRank == want.from && got.fromDev == want.fromDev && got.toRank == want.to &&
                     got.toDev == want.toDev && got.side == want.side && got.transport == want.transport &&
                     got.via == want.via && got.channel == 0 && got.connIndex == 0,
                 qPrintable(QString("connection %1: %2 -> %3 via %4")
                                .arg(index)
                                .arg(got.fromRank)
                                .arg(got.toRank)
                                .arg(QString::fromStdString(got.via))));
    }
}

TopoGraph ringGraphWithNets(int firstNet, int lastNet, int gpus) {
    TopoGraph graph;
    GraphChannel channel;
    channel.hops.push_back({GraphHop::Kind::Net, 0, 0, firstNet, -1});
    for (int gpu = 0; gpu < gpus; ++gpu) channel.hops.push_back({GraphHop::Kind::Gpu, 0, 0, gpu, gpu});
    channel.hops.push_back({GraphHop::Kind::Net, 0, 0, lastNet, -1});
    graph.channels.push_back(channel);
    return graph;
}

}  // namespace

class TestTopologyTransport : public QObject {
    Q_OBJECT
private slots:
    // nvlink_pair: two sm80 GPUs joined by 12 NVLinks (path NVL): P2P with read,
    // the same words in both versions. The chain tree's two connections are the
    // ring's, already connected, so NCCL does not set (nor print) them again.
    void nvlinkPairUsesP2pRead() {
        const TopoSystem system = load("nvlink_pair.xml");
        const TopoPaths paths = computePaths(system);
        for (Version version : {Version::Classic, Version::V2_30}) {
            const auto connections = selectTransports(system, paths, oneRing({0, 1}, 1, true), version);
            compareConnections(connections, {{0, 0, 1, 1, Connection::Side::Both, Transport::P2P, "P2P/CUMEM/read"},
                                             {1, 1, 0, 0, Connection::Side::Both, Transport::P2P, "P2P/CUMEM/read"}});
        }
    }

    // pcie_4gpu_2socket: GPU0/1 share a switch (PXB ≤ the default P2P level PXB:
    // P2P, sm70 so no read), GPU1-GPU2 cross the sockets (SYS: SHM). The tree's
    // upward connections 1->0, 2->1, 3->2 are new and follow the rings'.
    void pcieSocketsUseShm() {
        const TopoSystem system = load("pcie_4gpu_2socket.xml");
        const TopoPaths paths = computePaths(system);
        const CommGraphs comm = oneRing({0, 1, 2, 3}, 1, true);
        using S = Connection::Side;
        compareConnections(selectTransports(system, paths, comm, Version::Classic),
                           {{0, 0, 1, 1, S::Both, Transport::P2P, "P2P/CUMEM"},
                            {1, 1, 2, 2, S::Both, Transport::SHM, "SHM/direct/direct"},
                            {2, 2, 3, 3, S::Both, Transport::P2P, "P2P/CUMEM"},
                            {3, 3, 0, 0, S::Both, Transport::SHM, "SHM/direct/direct"},
                            {1, 1, 0, 0, S::Both, Transport::P2P, "P2P/CUMEM"},
                            {2, 2, 1, 1, S::Both, Transport::SHM, "SHM/direct/direct"},
                            {3, 3, 2, 2, S::Both, Transport::P2P, "P2P/CUMEM"}});
        // 2.30 drops the receive side's copy mode: "SHM/direct".
        const auto recent = selectTransports(system, paths, comm, Version::V2_30);
        QCOMPARE(recent[1].via, std::string("SHM/direct"));
        QCOMPARE(recent[5].via, std::string("SHM/direct"));
        QCOMPARE(recent[0].via, std::string("P2P/CUMEM"));
        // The first four join ring successors; 1 -> 0 is the tree's.
        CommGraphs withConnections = comm;
        withConnections.connections = recent;
        QCOMPARE(ringConnectionCount(withConnections), size_t(4));
    }

    // Two nvlink_pair servers: ranks 1->2 and 3->0 cross them. The only NIC is
    // PHB from both GPUs, beyond the default GDR level P2C: no "/GDRDMA", and
    // the NIC's nearest GPUs reach it at PHB too, so no PXN. The sender prints
    // [send], the receiver [receive], both naming sender -> receiver.
    void serversJoinOverNet() {
        const TopoSystem system = load("nvlink_pair.xml");
        const TopoPaths paths = computePaths(system);
        using S = Connection::Side;
        const auto connections = selectTransports(system, paths, oneRing({0, 1, 2, 3}, 2, false), Version::Classic);
        compareConnections(connections, {{0, 0, 1, 1, S::Both, Transport::P2P, "P2P/CUMEM/read"},
                                         {1, 1, 2, 0, S::Send, Transport::NET, "NET/IB/0"},
                                         {1, 1, 2, 0, S::Receive, Transport::NET, "NET/IB/0"},
                                         {2, 0, 3, 1, S::Both, Transport::P2P, "P2P/CUMEM/read"},
                                         {3, 1, 0, 0, S::Send, Transport::NET, "NET/IB/0"},
                                         {3, 1, 0, 0, S::Receive, Transport::NET, "NET/IB/0"}});
        const RingNetUse use = ringNetUse(connections);
        QVERIFY(!use.pxn);
        QVERIFY(!use.gdr);
        // All six come from the ring: each joins a rank to its successor.
        CommGraphs comm = oneRing({0, 1, 2, 3}, 2, false);
        comm.connections = connections;
        QCOMPARE(ringConnectionCount(comm), size_t(6));
    }

    // Two DGX H100 servers and a ring graph entering and leaving each server by
    // NET 1 (GPU1's NIC). Rank 7 (GPU7, socket 1) sends with the channel's last
    // NIC, NET 1: its own path is SYS, but GPU1 reaches NET 1 at PXB with GDR and
    // is NVLink-close, so the path is PXN through GPU1: proxy rank 1 on server 0,
    // 9 on server 1. Rank 8 (the channel's first GPU) receives with the first
    // NIC, NET 1; GDR judged through the relaying GPU: "/GDRDMA".
    void pxnSendsThroughPeer() {
        const TopoSystem system = load("dgx_h100_nvswitch_8nic.xml");
        const TopoPaths paths = computePaths(system);
        std::vector<int> ring(16);
        for (int rank = 0; rank < 16; ++rank) ring[rank] = rank;
        const TopoGraph graph = ringGraphWithNets(1, 1, 8);
        const auto connections =
            selectTransports(system, paths, oneRing(ring, 2, false), Version::V2_30, TransportGraphs{&graph, nullptr});
        QCOMPARE(connections.size(), size_t(18));
        QCOMPARE(connections[0].via, std::string("P2P/CUMEM"));  // sm90: no read
        QCOMPARE(connections[7].via, std::string("NET/IB/1(1)/GDRDMA"));
        QCOMPARE(connections[7].fromRank, 7);
        QCOMPARE(connections[7].toRank, 8);
        QCOMPARE(connections[8].side, Connection::Side::Receive);
        QCOMPARE(connections[8].via, std::string("NET/IB/1/GDRDMA"));
        QCOMPARE(connections[16].via, std::string("NET/IB/1(9)/GDRDMA"));
        const RingNetUse use = ringNetUse(connections);
        QVERIFY(use.pxn);
        QVERIFY(use.gdr);
        // Without a graph each GPU takes its own NIC (the widest path): GPU7 sends on NET 7, no proxy.
        const auto nearest = selectTransports(system, paths, oneRing(ring, 2, false), Version::V2_30);
        QCOMPARE(nearest[7].via, std::string("NET/IB/7/GDRDMA"));
        QCOMPARE(nearest[8].via, std::string("NET/IB/0/GDRDMA"));
    }

    // NCCL_CUMEM_ENABLE=0: legacy CUDA IPC, "via P2P/IPC%s%s" with the same "/read".
    void legacyIpcWithoutCuMem() {
        const TopoSystem system = load("nvlink_pair.xml");
        const TopoPaths paths = computePaths(system);
        TransportGraphs options;
        options.cuMem = false;
        const auto connections = selectTransports(system, paths, oneRing({0, 1}, 1, false), Version::Classic, options);
        QCOMPARE(connections.at(0).via, std::string("P2P/IPC/read"));
    }

    // NCCL_P2P_DISABLE=1 (level LOC) turns the NVLink pair's connections into SHM.
    void p2pDisableFallsBackToShm() {
        const TopoSystem system = load("nvlink_pair.xml");
        PathPolicy policy;
        policy.p2pDisable = true;
        const TopoPaths paths = computePaths(system, policy);
        const auto connections = selectTransports(system, paths, oneRing({0, 1}, 1, false), Version::V2_30);
        QCOMPARE(connections.size(), size_t(2));
        QCOMPARE(connections[0].transport, Transport::SHM);
        QCOMPARE(connections[0].via, std::string("SHM/direct"));
    }

    // Local rank l is the GPU whose rank attribute is l; rank n * 8 + l is on node n.
    void placesRanks() {
        const TopoSystem system = load("dgx_h100_nvswitch_8nic.xml");
        const RankPlace place = placeRank(system, 13);
        QCOMPARE(place.node, 1);
        QCOMPARE(place.localRank, 5);
        QCOMPARE(place.dev, 5);
        QCOMPARE(system.nodes[place.gpu].rank, 5);
    }
};

QTEST_GUILESS_MAIN(TestTopologyTransport)
#include "tst_nccl_topology_transport.moc"
