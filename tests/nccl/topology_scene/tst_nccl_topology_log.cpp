// The INFO and GRAPH lines, worked by hand from NCCL's format strings at
// v2.22.3-1 ("classic") and v2.30.7-1: src/graph/rings.cc dumpLine, init.cc
// (Ring, Trees, channel counts), connect.cc connectTrees (Tree), topo.cc
// ncclTopoPrint, search.cc ncclTopoPrintGraph, p2p.cc/shm.cc/net.cc, generic.cc.
// Models are built by hand so that no line depends on the search.

#include <QtTest>
#include <algorithm>

#include "nccl/log/topo_log.h"
#include "topology_test_support.h"

using namespace commviz::nccl_topology;
using commviz::nccl::Version;
using namespace topology_test;

namespace {

std::string numbers(int from, int to, const char* format) {
    std::string text;
    char number[16];
    for (int value = from; value <= to; ++value) {
        std::snprintf(number, sizeof number, format, value);
        text += number;
    }
    return text;
}

TopoGraph pairGraph(GraphPattern pattern, bool withNets) {
    TopoGraph graph;
    graph.pattern = pattern;
    graph.speedIntra = graph.speedInter = 40.0f;
    graph.typeIntra = PathType::NVL;
    graph.typeInter = PathType::PHB;
    graph.sameChannels = 1;
    GraphChannel channel;
    if (withNets) channel.hops.push_back({GraphHop::Kind::Net, 0, 0, 0, -1});
    channel.hops.push_back({GraphHop::Kind::Gpu, 0, 0, 0, 0});
    channel.hops.push_back({GraphHop::Kind::Gpu, 0, 0, 1, 1});
    if (withNets) channel.hops.push_back({GraphHop::Kind::Net, 0, 0, 0, -1});
    graph.channels.push_back(channel);
    return graph;
}

// nvlink_pair on one server, two channels (the graph's one, doubled), ring 0 1,
// chain tree 0 -> 1, connections as selectTransports makes them.
TopologyModel pairModel(Version version) {
    TopologyModel model;
    model.system = load("nvlink_pair.xml");
    model.paths = computePaths(model.system);
    model.ring.graph = pairGraph(GraphPattern::Ring, false);
    model.tree.graph = pairGraph(GraphPattern::BalancedTree, false);
    model.comm.nRanks = 2;
    CommChannel channel;
    channel.ring = {0, 1};
    channel.tree = {RankTree{-1, {1, -1, -1}}, RankTree{0, {-1, -1, -1}}};
    model.comm.channels = {channel, channel};
    TransportPlan plan = planTransports(model.system, model.paths, model.comm, version);
    model.comm.connections = plan.rings;
    return model;
}

TopoKeys keysFor(Version version, bool graph) {
    TopoKeys keys;
    keys.version = version;
    keys.graphSubsys = graph;
    return keys;
}

std::vector<std::string> textsOf(const std::vector<TopoLogLine>& lines, int rank, const std::string& stage) {
    std::vector<std::string> texts;
    for (const TopoLogLine& line : lines)
        if (line.rank == rank && line.stage == stage) texts.push_back(line.text);
    return texts;
}

using Texts = std::vector<std::string>;

}  // namespace

class TestTopologyLog : public QObject {
    Q_OBJECT
private slots:
    // ≤ 2.22: prefix "Channel %02d/%02d : " then " %3d" per rank.
    // 2.30: prefix "Channel %02d/%02d :" then " %*d", width = digits of n-1 (3 -> 1).
    void ringLineFourRanks() {
        QCOMPARE(ringChannelText(0, 2, {0, 1, 2, 3}, Version::Classic),
                 std::string("Channel 00/02 :    0   1   2   3"));
        QCOMPARE(ringChannelText(1, 2, {0, 3, 2, 1}, Version::V2_30), std::string("Channel 01/02 : 0 3 2 1"));
    }

    // ≤ 2.22 stops after MAXWIDTH = 20 ranks, without a mark.
    void classicRingStopsAtTwentyRanks() {
        QCOMPARE(ringChannelText(3, 16, ranksUpTo(24), Version::Classic), "Channel 03/16 : " + numbers(0, 19, " %3d"));
    }

    // 2.30, 16 ranks: width 2 (15 has two digits).
    void recentRingWidthFollowsRankCount() {
        QCOMPARE(ringChannelText(0, 1, ranksUpTo(16), Version::V2_30), "Channel 00/01 :" + numbers(0, 15, " %2d"));
    }

    // 2.30, 100 ranks: 15 + 3 per rank; after 37 ranks the line holds 126 < 127
    // characters, the 38th makes it 129 >= 128: the buffer keeps 127 characters
    // and its last three become "...", leaving 36 ranks and the space before "...".
    void recentRingIsCutAt128() {
        const std::string line = ringChannelText(0, 1, ranksUpTo(100), Version::V2_30);
        QCOMPARE(line, "Channel 00/01 :" + numbers(0, 35, " %2d") + " ...");
        QCOMPARE(line.size(), size_t(127));
    }

    // 2.30, 200 ranks: width 3, 15 + 4 per rank reaches exactly 127 after 28
    // ranks: the loop stops (n < 127 fails) but nothing overflowed: no "...".
    void recentRingStopsQuietlyAt127() {
        QCOMPARE(ringChannelText(0, 1, ranksUpTo(200), Version::V2_30), "Channel 00/01 :" + numbers(0, 27, " %3d"));
    }

    // p2p.cc "Channel %02d/%01d : %d[%d] -> %d[%d] via P2P/%s%s%s", shm.cc
    // "Channel %02d : ... via SHM/...", net.cc "... [send] via NET/%s/%d%s%s" and "[receive]".
    void connectionTexts() {
        Connection p2p{3, 0, 0, 0, 1, 1, Connection::Side::Both, Transport::P2P, "P2P/CUMEM/read"};
        QCOMPARE(connectionText(p2p), std::string("Channel 03/0 : 0[0] -> 1[1] via P2P/CUMEM/read"));
        Connection shm{12, 0, 1, 1, 2, 2, Connection::Side::Both, Transport::SHM, "SHM/direct/direct"};
        QCOMPARE(connectionText(shm), std::string("Channel 12 : 1[1] -> 2[2] via SHM/direct/direct"));
        shm.via = "SHM/direct";
        QCOMPARE(connectionText(shm), std::string("Channel 12 : 1[1] -> 2[2] via SHM/direct"));
        Connection send{0, 0, 7, 7, 8, 0, Connection::Side::Send, Transport::NET, "NET/IB/0(5)/GDRDMA"};
        QCOMPARE(connectionText(send), std::string("Channel 00/0 : 7[7] -> 8[0] [send] via NET/IB/0(5)/GDRDMA"));
        QCOMPARE(connectionPrinter(send), 7);
        Connection receive = send;
        receive.side = Connection::Side::Receive;
        receive.via = "NET/IB/0/GDRDMA";
        QCOMPARE(connectionText(receive), std::string("Channel 00/0 : 7[7] -> 8[0] [receive] via NET/IB/0/GDRDMA"));
        QCOMPARE(connectionPrinter(receive), 8);
    }

    // ncclTopoPrint of nvlink_pair. CPU: x86_64 = 1, Intel = 1, model 106 >= 0x55
    // (below 2.30's 0x8F) = SKL 2. GPU PCI links 16 x 120 / 80 = 24 GB/s; NVLink
    // 12 x 20 = 240; NET 200000 / 8000 = 25. Children indented by "+ PCI[24.0] - "
    // (14 characters). ≤ 2.22 names far ends "%s/%lX", 2.30 "%s/%lx-%lx"; the NET
    // adds (asic/port/bw), 2.30 (coll/asic/port/bw). maxBw: ≤ 2.22 counts NICs, so
    // GPU->NET: no GDR (PHB), staged through the CPU: 24; 2.30 on one server uses
    // GPU->GPU: 240. totalBw: max(PCI 24, NVLink 240) = 240.
    void systemPrint() {
        const TopoSystem system = load("nvlink_pair.xml");
        const TopoPaths paths = computePaths(system);
        const std::string indent(14, ' ');
        const Texts classic = {"=== System : maxBw 24.0 totalBw 240.0 ===",
                               "CPU/0-0 (1/1/2)",
                               "+ PCI[24.0] - GPU/0-17000 (0)",
                               indent + "+ NVL[240.0] - GPU/65000",
                               "+ PCI[24.0] - GPU/0-65000 (1)",
                               indent + "+ NVL[240.0] - GPU/17000",
                               "+ PCI[24.0] - NIC/0-ca000",
                               indent + "+ NET[25.0] - NET/0 (c42a10300f0e801/1/25.000000)",
                               "=========================================="};
        QCOMPARE(systemPrintTexts(system, paths, 1, Version::Classic), classic);
        const Texts recent = {"=== System : maxBw 240.0 totalBw 240.0 ===",
                              "CPU/0-0 (1/1/2)",
                              "+ PCI[24.0] - GPU/0-17000 (0)",
                              indent + "+ NVL[240.0] - GPU/0-65000",
                              "+ PCI[24.0] - GPU/0-65000 (1)",
                              indent + "+ NVL[240.0] - GPU/0-17000",
                              "+ PCI[24.0] - NIC/0-ca000",
                              indent + "+ NET[25.0] - NET/0-0 (0/c42a10300f0e801/1/25.000000)",
                              "=========================================="};
        QCOMPARE(systemPrintTexts(system, paths, 1, Version::V2_30), recent);
        // Across servers 2.30 also measures GPU->NET: 24.
        QCOMPARE(systemPrintTexts(system, paths, 2, Version::V2_30).front(),
                 std::string("=== System : maxBw 24.0 totalBw 240.0 ==="));
    }

    // printNodePaths (built without ENABLE_TRACE): "GPU/%lX :" (2.30 "%s/%lx-%lx :"),
    // then "%s/%lx-%lx (%d/%.1f/%s) " per GPU, NVSwitch, CPU and NET: hops,
    // bandwidth, type. nvlink_pair GPU0: itself 0/5000.0/LOC; GPU1 one NVLink of
    // 240; its CPU one PCI link (PHB, 24); the NIC without GDR, through the CPU:
    // GPU-CPU-NIC-NET, 3 hops, PHB, min(24, 24, 25) = 24. The NET: 2 hops to its CPU.
    void pathPrint() {
        const TopoSystem system = load("nvlink_pair.xml");
        const TopoPaths paths = computePaths(system);
        const Texts classic = pathPrintTexts(system, paths, Version::Classic);
        QCOMPARE(classic.size(), size_t(3));
        QCOMPARE(classic[0], std::string("GPU/17000 :GPU/0-17000 (0/5000.0/LOC) GPU/0-65000 (1/240.0/NVL) "
                                         "CPU/0-0 (1/24.0/PHB) NET/0-0 (3/24.0/PHB) "));
        QCOMPARE(classic[2], std::string("NET/0 :GPU/0-17000 (3/24.0/PHB) GPU/0-65000 (3/24.0/PHB) "
                                         "CPU/0-0 (2/24.0/PHB) NET/0-0 (0/5000.0/LOC) "));
        QCOMPARE(pathPrintTexts(system, paths, Version::V2_30)[1].substr(0, 40),
                 std::string("GPU/0-65000 :GPU/0-17000 (1/240.0/NVL) G"));
    }

    // A Sapphire Rapids CPU (model 143 = 0x8F): SKL (2) for ≤ 2.22, SRP (3) for 2.30.
    void cpuModelByVersion() {
        const TopoSystem system = load("dgx_h100_nvswitch_8nic.xml");
        const TopoPaths paths = computePaths(system);
        QCOMPARE(systemPrintTexts(system, paths, 1, Version::Classic)[1], std::string("CPU/0-0 (1/1/2)"));
        QCOMPARE(systemPrintTexts(system, paths, 1, Version::V2_30)[1], std::string("CPU/0-0 (1/1/3)"));
    }

    // ncclTopoPrintGraph: "%2d :" then ≤ 2.22 " NET/%lx" (when the server has NICs)
    // and " GPU/%d" by rank; 2.30 " GPU/%lx-%lx" by PCI id and the NETs only across servers.
    void graphPrint() {
        const TopoSystem system = load("nvlink_pair.xml");
        const std::string pattern =
            "Pattern 4, crossNic 0, nChannels 1, bw 40.000000/40.000000, type NVL/PHB, sameChannels 1";
        QCOMPARE(graphPrintTexts(system, pairGraph(GraphPattern::Ring, false), 1, Version::Classic),
                 (Texts{pattern, " 0 : NET/0 GPU/0 GPU/1 NET/0"}));
        QCOMPARE(graphPrintTexts(system, pairGraph(GraphPattern::Ring, false), 1, Version::V2_30),
                 (Texts{pattern, " 0 : GPU/0-17000 GPU/0-65000"}));
        QCOMPARE(graphPrintTexts(system, pairGraph(GraphPattern::Ring, true), 2, Version::V2_30),
                 (Texts{pattern, " 0 : NET/0-0 GPU/0-17000 GPU/0-65000 NET/0-0"}));
        // A graph file may leave `rank` out: NCCL finds it from `dev` (GPU dev 1 is rank 1).
        TopoGraph withoutRanks = pairGraph(GraphPattern::Ring, false);
        for (GraphHop& hop : withoutRanks.channels[0].hops) hop.rank = -1;
        QCOMPARE(graphPrintTexts(system, withoutRanks, 1, Version::Classic).at(1),
                 std::string(" 0 : NET/0 GPU/0 GPU/1 NET/0"));
    }

    // init.cc: per rank "Ring %02d : prev -> me -> next" (GRAPH) for each channel,
    // then "Trees" + " [c] d0/d1/d2->me->up"; rank 0 alone prints the Channel lines.
    // connectTrees (BALANCED_TREE, one server): the chain's first GPU holds the
    // parent and child 1 links, the second child 0: ranks 0 and 1 print
    // "Tree %d : up -> me -> d0/d1/d2" for channel 0 and its copy 1.
    void postsetLines() {
        const TopologyModel model = pairModel(Version::Classic);
        const auto lines = topologyLog(model, keysFor(Version::Classic, true));
        QCOMPARE(textsOf(lines, 0, "postset"),
                 (Texts{"Tree 0 : -1 -> 0 -> 1/-1/-1", "Tree 1 : -1 -> 0 -> 1/-1/-1", "Channel 00/02 :    0   1",
                        "Channel 01/02 :    0   1", "Ring 00 : 1 -> 0 -> 1", "Ring 01 : 1 -> 0 -> 1",
                        "Trees [0] 1/-1/-1->0->-1 [1] 1/-1/-1->0->-1",
                        "2 coll channels, 2 collnet channels, 0 nvls channels, 2 p2p channels, 2 p2p channels per "
                        "peer"}));
        QCOMPARE(textsOf(lines, 1, "postset"),
                 (Texts{"Tree 0 : 0 -> 1 -> -1/-1/-1", "Tree 1 : 0 -> 1 -> -1/-1/-1", "Ring 00 : 0 -> 1 -> 0",
                        "Ring 01 : 0 -> 1 -> 0", "Trees [0] -1/-1/-1->1->0 [1] -1/-1/-1->1->0",
                        "2 coll channels, 2 collnet channels, 0 nvls channels, 2 p2p channels, 2 p2p channels per "
                        "peer"}));
        // Without GRAPH in NCCL_DEBUG_SUBSYS only the INIT lines remain.
        const auto initOnly = topologyLog(model, keysFor(Version::V2_30, false));
        QCOMPARE(textsOf(initOnly, 0, "postset"),
                 (Texts{"Channel 00/02 : 0 1", "Channel 01/02 : 0 1", "Trees [0] 1/-1/-1->0->-1 [1] 1/-1/-1->0->-1",
                        "2 coll channels, 2 collnet channels, 0 nvls channels, 2 p2p channels, 2 p2p channels per "
                        "peer"}));
        for (const TopoLogLine& line : initOnly) QVERIFY(line.subsys != "GRAPH");
    }

    // Connections on both channels, each printed by its sender, then every rank's
    // "Connected all rings" (2.30: with the ring's PXN and GDR use: no NET, so
    // PXN 0 and GDR left at 1) and "Connected all trees". They come after the
    // channel counts: with cuMem, NCCL connects at the first collective.
    void connectLines() {
        const Texts classic = {"Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM/read",
                               "Channel 01/0 : 0[0] -> 1[1] via P2P/CUMEM/read", "Connected all rings",
                               "Connected all trees"};
        const auto classicLog = topologyLog(pairModel(Version::Classic), keysFor(Version::Classic, false));
        QCOMPARE(textsOf(classicLog, 0, "connect"), classic);
        QCOMPARE(classicLog.back().text, std::string("Connected all trees"));
        Texts recent = classic;
        recent[2] = "Connected all rings, use ring PXN 0 GDR 1";
        QCOMPARE(textsOf(topologyLog(pairModel(Version::V2_30), keysFor(Version::V2_30, false)), 0, "connect"), recent);
    }

    // p2p channels: pow2Up(2 channels) = 2. Per peer: NVLink 240 / 20 = 12 -> 24
    // channels; ≤ 2.22 min(p2p channels 2, 24) = 2, pow2Up 2; 2.30 min(64, 24) =
    // 24, pow2Up 32, capped at the 2 p2p channels. init.cc prints the coll count
    // twice (also as the CollNet count); no NVLS channels here.
    void channelCounts() {
        const std::string counts =
            "2 coll channels, 2 collnet channels, 0 nvls channels, 2 p2p channels, 2 p2p channels per peer";
        for (Version version : {Version::Classic, Version::V2_30})
            QCOMPARE(textsOf(topologyLog(pairModel(version), keysFor(version, false)), 1, "postset").back(), counts);
    }

    // Two nvlink_pair servers, one channel: p2p channels pow2Up(1) = 1. 2.30 first
    // announces the peers (nRanks 4); per peer: local NVLink 24, remote max(1 NIC,
    // 24 GB/s / 14 rounded up = 2) = 2, so 2; with several servers it is halved
    // while 2 x divUp(4 peers, 8 per batch) > 1 p2p channel: 1. ≤ 2.22 starts
    // from the p2p channel count, 1, and nothing is lower: 1.
    void channelCountsAcrossServers() {
        TopologyModel model = pairModel(Version::V2_30);
        model.comm.nRanks = 4;
        model.comm.nNodes = 2;
        model.comm.channels = {CommChannel{{0, 1, 2, 3}, {}}};
        const Texts recent = textsOf(topologyLog(model, keysFor(Version::V2_30, false)), 3, "postset");
        QCOMPARE(recent.at(recent.size() - 2), std::string("Tuning P2P operations with maxP2pPeers = 4"));
        QCOMPARE(recent.back(), std::string("1 coll channels, 1 collnet channels, 0 nvls channels, 1 p2p channels, 1 "
                                            "p2p channels per peer"));
        const Texts classic = textsOf(topologyLog(model, keysFor(Version::Classic, false)), 3, "postset");
        QCOMPARE(classic.back(), std::string("1 coll channels, 1 collnet channels, 0 nvls channels, 1 p2p channels, 1 "
                                             "p2p channels per peer"));
        QVERIFY(classic.at(classic.size() - 2).rfind("Trees", 0) == 0);
    }

    // The ring's NET sends decide 2.30's summary: two nvlink_pair servers, the
    // only NIC without GDR: "use ring PXN 0 GDR 0".
    void connectedRingsReportsGdr() {
        TopologyModel model = pairModel(Version::V2_30);
        model.comm.nRanks = 4;
        model.comm.nNodes = 2;
        model.comm.channels = {CommChannel{{0, 1, 2, 3}, {}}};
        TransportPlan plan = planTransports(model.system, model.paths, model.comm, Version::V2_30);
        model.comm.connections = plan.rings;
        const Texts rank2 = textsOf(topologyLog(model, keysFor(Version::V2_30, false)), 2, "connect");
        QCOMPARE(rank2.at(0), std::string("Channel 00/0 : 1[1] -> 2[0] [receive] via NET/IB/0"));
        QCOMPARE(rank2.at(1), std::string("Channel 00/0 : 2[0] -> 3[1] via P2P/CUMEM/read"));
        QCOMPARE(rank2.at(2), std::string("Connected all rings, use ring PXN 0 GDR 0"));
    }

    // ncclTopoCompute's fallback: ≤ 2.22 a WARN, shown without GRAPH, whose
    // prefix names graph/search.cc:1096 (NCCL src/debug.cc: "%s:%d NCCL WARN ");
    // 2.30 an INFO GRAPH line.
    void searchFallback() {
        TopologyModel model = pairModel(Version::Classic);
        model.ring.fellBack = true;
        const std::string text = "Could not find a path for pattern 4, falling back to simple order";
        const auto classic = topologyLog(model, keysFor(Version::Classic, false));
        QCOMPARE(textsOf(classic, 0, "ring"), Texts{text});
        QCOMPARE(formatLogLine(classic.front(), model), "node0:4000:4000 [0] graph/search.cc:1096 NCCL WARN " + text);
        QVERIFY(textsOf(topologyLog(model, keysFor(Version::V2_30, false)), 0, "ring").empty());
        const auto recent = topologyLog(model, keysFor(Version::V2_30, true));
        QCOMPARE(textsOf(recent, 0, "ring").at(0), text);
        QCOMPARE(textsOf(recent, 0, "ring").at(1).rfind("Pattern 4,", 0), size_t(0));
    }

    // ncclTopoTrimSystem runs before ncclTopoPrint: with every rank on this server,
    // 2.22 removes the NETs, so no NET is printed and maxBw comes from the GPU
    // paths (NVL 12 x 20 = 240); totalBw is the GPU's NVLink sum, 240. 2.30
    // keeps the NET in the print (it only marks the system as not inter-node).
    void classicPrintsTheSystemTrimmedOfNets() {
        const TopologyModel model = pairModel(Version::Classic);
        const auto classic = topologyLog(model, keysFor(Version::Classic, true));
        const Texts system = textsOf(classic, 0, "system");
        QCOMPARE(system.front(), std::string("=== System : maxBw 240.0 totalBw 240.0 ==="));
        for (const std::string& text : system) QVERIFY2(text.find("NET") == std::string::npos, text.c_str());
        for (const std::string& text : textsOf(classic, 0, "paths"))
            QVERIFY2(text.find("NET") == std::string::npos, text.c_str());
        QCOMPARE(textsOf(classic, 0, "ring").at(1), std::string(" 0 : GPU/0 GPU/1"));
        const Texts recent = textsOf(topologyLog(model, keysFor(Version::V2_30, true)), 0, "system");
        QCOMPARE(recent.front(), std::string("=== System : maxBw 240.0 totalBw 240.0 ==="));
        QVERIFY(std::any_of(recent.begin(), recent.end(),
                            [](const std::string& text) { return text.find("NET/0-0") != std::string::npos; }));
    }

    // One host per server, one process per rank: node<n>:<pid>:<tid> [nvmlDev].
    void prefix() {
        TopologyModel model = pairModel(Version::Classic);
        TopoLogLine line{3, "INIT", "Connected all trees", "connect"};
        QCOMPARE(formatLogLine(line, model), std::string("node1:4003:4003 [1] NCCL INFO Connected all trees"));
    }
};

QTEST_GUILESS_MAIN(TestTopologyLog)
#include "tst_nccl_topology_log.moc"
