// ncclTopoCompute on the bundled servers, worked by hand from NCCL
// src/graph/search.cc (v2.22.3-1 and v2.30.7-1): start speed, links consumed
// per channel, relaxation order, ncclTopoDupChannels and pass 2.

#include <QtTest>
#include <set>

#include "nccl/graph/topo_search.h"
#include "topology_test_support.h"

using namespace topology_test;
using commviz::nccl::Version;

namespace {

GraphSearch search(const std::string& file, GraphPattern pattern, int nNodes, Version version = Version::Classic) {
    static std::map<std::string, std::pair<TopoSystem, TopoPaths>> cache;
    auto found = cache.find(file);
    if (found == cache.end()) {
        TopoSystem system = load(file);
        TopoPaths paths = computePaths(system);
        found = cache.emplace(file, std::make_pair(std::move(system), std::move(paths))).first;
    }
    SearchSettings settings;
    settings.nNodes = nNodes;
    settings.version = version;
    return searchGraph(found->second.first, found->second.second, pattern, settings);
}

// "N0 0 1 N0": a channel's hops as NCCL's GRAPH line lists them.
QString hops(const GraphChannel& channel) {
    QStringList parts;
    for (const GraphHop& hop : channel.hops)
        parts << (hop.kind == GraphHop::Kind::Net ? QString("N%1").arg(hop.dev) : QString::number(hop.rank));
    return parts.join(' ');
}

QString type(PathType type) { return QString::fromLatin1(pathTypeName(type).data(), 3); }

}  // namespace

class TestNcclTopologySearch : public QObject {
    Q_OBJECT
private slots:
    void nvlinkPairOneNode();
    void nvlinkPairTwoNodes();
    void nvlinkPairTwoNodesTree();
    void pcieTwoSocketsTwoNodes();
    void dgx1TwoNodes();
    void pcieTwoSocketsOneNode();
    void pcieTwoSocketsTree();
    void dgx1OneNode();
    void dgxH100OneNode();
    void sm100SpeedTable();
    void dgxH100TwoNodesRing();
    void dgxH100TwoNodesTree();
    void partialDumpNicsAreDistinct();
    void fallsBackToSimpleOrder();
    void splitNvLinkWantsTwoChannels();
    void ringsVisitEveryGpuOnce();
    void finishesWithinBudget();
};

void TestNcclTopologySearch::nvlinkPairOneNode() {
    // Two sm80 GPUs with one 240 GB/s NVLink (12 x 20). One node: no NET.
    // maxBw = totalBw = 240; the intra table starts at 40. Ring 0 1 0 takes 40
    // from each direction: 240 / 40 = 6 channels, 6 x 40 >= totalBw: done.
    // Dup (40 >= 25, sm80 is not > 80): 12 channels at 20. Pass 2 tries 30
    // then 40 with 12 channels (360, 480 > 240): nothing better.
    for (Version version : {Version::Classic, Version::V2_30}) {
        GraphSearch ring = search("nvlink_pair.xml", GraphPattern::Ring, 1, version);
        QCOMPARE(ring.fellBack, false);
        QCOMPARE(ring.graph.nChannels, 12);
        QCOMPARE(ring.graph.speedIntra, 20.0f);
        QCOMPARE(ring.graph.speedInter, 20.0f);
        QCOMPARE(type(ring.graph.typeIntra), QString("NVL"));
        QCOMPARE(type(ring.graph.typeInter), QString("PIX"));
        QCOMPARE(hops(ring.graph.channels[11]), QString("0 1"));
        QCOMPARE(ring.systemMaxBw, 240.0f);
        QCOMPARE(ring.relaxations,
                 (std::vector<std::string>{"bw 20.00 -> 30.00 (pass 2)", "bw 30.00 -> 40.00 (pass 2)"}));
    }
    // Balanced tree: a chain 0 -> 1 only takes GPU0 -> GPU1: 6 x 40, dup to
    // 12 x 20; pass 2 raises bwIntra once (20 < 2 x 20) and fails.
    GraphSearch tree = search("nvlink_pair.xml", GraphPattern::BalancedTree, 1);
    QCOMPARE(tree.graph.nChannels, 12);
    QCOMPARE(tree.graph.speedIntra, 20.0f);
    QCOMPARE(tree.relaxations, (std::vector<std::string>{"bwIntra 20.00 -> 30.00 (pass 2)"}));
}

void TestNcclTopologySearch::nvlinkPairTwoNodes() {
    // Two nodes: the ring is N0 -> GPU0 -> GPU1 -> N0. GPU-NET paths are PHB 24
    // through an Intel CPU, so typeInter must relax PIX -> PXB -> PHB, and a path
    // from a GPU through an Intel root complex costs bw x 6/5 on PCI links: at
    // 24 GPU1 -> NET needs 28.8 > 24, at 20 it needs 24: fits. The one NIC
    // (25 GB/s) holds one channel of 20.
    GraphSearch ring = search("nvlink_pair.xml", GraphPattern::Ring, 2);
    QCOMPARE(ring.graph.nChannels, 1);
    QCOMPARE(ring.graph.speedInter, 20.0f);
    QCOMPARE(type(ring.graph.typeIntra), QString("NVL"));
    QCOMPARE(type(ring.graph.typeInter), QString("PHB"));
    QCOMPARE(hops(ring.graph.channels[0]), QString("N0 0 1 N0"));
    QCOMPARE(ring.systemMaxBw, 24.0f);  // ncclTopoSearchInit uses GPU -> NET paths when there are NETs
    // 2.22's order has no P2C: PIX, PXB, PXN, PHB; 2.30 steps through P2C.
    auto tried = [](const GraphSearch& found, const char* what) {
        return std::find(found.relaxations.begin(), found.relaxations.end(), what) != found.relaxations.end();
    };
    QVERIFY(tried(ring, "typeInter PXB -> PXN"));
    QVERIFY(tried(ring, "typeInter PXN -> PHB"));
    GraphSearch ring230 = search("nvlink_pair.xml", GraphPattern::Ring, 2, Version::V2_30);
    // 2.30 starts typeInter at the best GPU-NET type present (ncclTopoGetGpuMinPath): PHB.
    QVERIFY(!tried(ring230, "typeInter PIX -> PXB"));
    QCOMPARE(type(ring230.graph.typeInter), QString("PHB"));
    QCOMPARE(hops(ring230.graph.channels[0]), QString("N0 0 1 N0"));
}

void TestNcclTopologySearch::nvlinkPairTwoNodesTree() {
    // Balanced tree, sm80: N0 -> GPU0, and both GPUs send back to N0 at half
    // bwInter each, through the Intel CPU (x 6/5): at 24, 2 x 12 x 1.2 = 28.8
    // on the 24 GB/s CPU -> NIC link: no; at 20, 2 x 12 = 24: fits. Pass 2
    // raises bwIntra while it is below 2 x bwInter (40): 24, 28, 30, 48.
    GraphSearch tree = search("nvlink_pair.xml", GraphPattern::BalancedTree, 2);
    QCOMPARE(tree.graph.pattern, GraphPattern::BalancedTree);
    QCOMPARE(tree.graph.nChannels, 1);
    QCOMPARE(tree.graph.speedInter, 20.0f);
    QCOMPARE(tree.graph.speedIntra, 48.0f);
    QCOMPARE(type(tree.graph.typeInter), QString("PHB"));
    QCOMPARE(hops(tree.graph.channels[0]), QString("N0 0 1 N0"));
    const std::vector<std::string> pass2(tree.relaxations.end() - 4, tree.relaxations.end());
    QCOMPARE(pass2, (std::vector<std::string>{"bwIntra 20.00 -> 24.00 (pass 2)", "bwIntra 24.00 -> 28.00 (pass 2)",
                                              "bwIntra 28.00 -> 30.00 (pass 2)", "bwIntra 30.00 -> 48.00 (pass 2)"}));
}

void TestNcclTopologySearch::pcieTwoSocketsTwoNodes() {
    // The only NIC sits on socket 0: GPU3 -> N0 crosses the UPI (SYS 10), so
    // typeInter climbs to SYS and the ring N0 0 1 2 3 N0 runs at 10.
    GraphSearch ring = search("pcie_4gpu_2socket.xml", GraphPattern::Ring, 2);
    QCOMPARE(ring.graph.nChannels, 1);
    QCOMPARE(ring.graph.speedInter, 10.0f);
    QCOMPARE(type(ring.graph.typeIntra), QString("SYS"));
    QCOMPARE(type(ring.graph.typeInter), QString("SYS"));
    QCOMPARE(hops(ring.graph.channels[0]), QString("N0 0 1 2 3 N0"));
}

void TestNcclTopologySearch::dgx1TwoNodes() {
    // Four 100 Gb/s NICs (12.5 GB/s, 12 as NCCL's int): one channel of 12 each,
    // entering and leaving by the NIC its GPU pair shares (PIX, no crossNic):
    // channel c starts at NIC c (ncclTopoSearchRecNet rotates by channel).
    // 4 x 12 < 120: every relaxation is tried; nothing beats it.
    GraphSearch ring = search("dgx1_hybrid_cube_mesh.xml", GraphPattern::Ring, 2);
    QCOMPARE(ring.graph.nChannels, 4);
    QCOMPARE(ring.graph.speedInter, 12.0f);
    QCOMPARE(ring.graph.crossNic, 0);
    QCOMPARE(type(ring.graph.typeIntra), QString("NVL"));
    QCOMPARE(type(ring.graph.typeInter), QString("PIX"));
    for (int channel = 0; channel < 4; ++channel) {
        const GraphChannel& hopsOf = ring.graph.channels[static_cast<size_t>(channel)];
        QCOMPARE(hopsOf.hops.front().dev, channel);
        QCOMPARE(hopsOf.hops.back().dev, channel);
    }
    QCOMPARE(hops(ring.graph.channels[0]), QString("N0 0 3 2 6 7 4 5 1 N0"));
}

void TestNcclTopologySearch::pcieTwoSocketsOneNode() {
    // GPU0/1 on socket 0, GPU2/3 on socket 1, PCIe 12, Skylake UPI 10. The
    // start speed is 12 (maxBw): the ring must cross the UPI both ways, 10 < 12:
    // nothing at any type. At 10 with typeIntra SYS: ring 0 1 2 3, one channel
    // (12 / 10 on each GPU link). Lower speeds give at most 2 x 5 = 10: not
    // better. 10 < 25: no dup.
    GraphSearch ring = search("pcie_4gpu_2socket.xml", GraphPattern::Ring, 1);
    QCOMPARE(ring.graph.nChannels, 1);
    QCOMPARE(ring.graph.speedIntra, 10.0f);
    QCOMPARE(type(ring.graph.typeIntra), QString("SYS"));
    QCOMPARE(hops(ring.graph.channels[0]), QString("0 1 2 3"));
    QCOMPARE(ring.relaxations.front(), std::string("sameChannels 1 -> 0"));
    QCOMPARE(ring.relaxations[1], std::string("typeIntra NVL -> NVB"));
    QCOMPARE(ring.relaxations[2], std::string("sameChannels 1 -> 0"));
    QCOMPARE(ring.relaxations[3], std::string("typeIntra NVB -> PIX"));  // 2.22 has no C2C
}

void TestNcclTopologySearch::pcieTwoSocketsTree() {
    // A chain uses each direction of the UPI once per channel: at 10 one chain
    // 0 1 2 3 (GPU0 -> switch is then left with 2). At 6 two chains fit: 0 1 2 3
    // crosses 0 -> 1 socket-wise, 2 3 0 1 the other way; 2 x 6 = 12 >= totalBw 12.
    GraphSearch tree = search("pcie_4gpu_2socket.xml", GraphPattern::BalancedTree, 1);
    QCOMPARE(tree.graph.nChannels, 2);
    QCOMPARE(tree.graph.speedIntra, 6.0f);
    QCOMPARE(tree.graph.sameChannels, 0);
    QCOMPARE(hops(tree.graph.channels[0]), QString("0 1 2 3"));
    QCOMPARE(hops(tree.graph.channels[1]), QString("2 3 0 1"));
}

void TestNcclTopologySearch::dgx1OneNode() {
    // Hybrid cube mesh, sm70: each GPU has 6 NVLinks (120 GB/s = totalBw),
    // maxBw 40 (the doubled links). The PCI order fails at 0 -> 1 (20 < 40);
    // from GPU0 the sort tries GPU3 first (40 GB/s, 1 hop, nearest index).
    // Rings at 40 and 30 cannot use all 120 GB/s; pass 1 lowers the speed while
    // the next one is more than .49 of the best (20 / 40 = .5): at 20, six rings
    // take all 120 GB/s of every GPU: done. 20 < 25: no dup.
    GraphSearch ring = search("dgx1_hybrid_cube_mesh.xml", GraphPattern::Ring, 1);
    QCOMPARE(ring.graph.nChannels, 6);
    QCOMPARE(ring.graph.speedIntra, 20.0f);
    QCOMPARE(type(ring.graph.typeIntra), QString("NVL"));
    QCOMPARE(ring.graph.sameChannels, 0);
    QVERIFY(hops(ring.graph.channels[0]).startsWith("0 3 "));
    // Each speed is tried with the same channels, then different ones; pass 2
    // then fails to raise 6 channels to 30 and 40.
    QCOMPARE(ring.relaxations,
             (std::vector<std::string>{"sameChannels 1 -> 0", "bw 40.00 -> 30.00", "sameChannels 1 -> 0",
                                       "bw 30.00 -> 20.00", "sameChannels 1 -> 0", "bw 20.00 -> 30.00 (pass 2)",
                                       "bw 30.00 -> 40.00 (pass 2)"}));
}

void TestNcclTopologySearch::dgxH100OneNode() {
    // NVSwitch, sm90: 18 x 20.6 = 370.8 per GPU. sm90 intra table starts at 60:
    // 6 channels (6 x 60 = 360 < 370.8: not done). Relaxing sameChannels, then
    // bw 50 (7 x 50 = 350), 40 (9 x 40 = 360, not better), 30 (12 x 30 = 360),
    // 24 / 60 < .49: stop. Dup 6 x 60 (sm90 with bw >= 50 doubles): 12 x 30.
    GraphSearch ring = search("dgx_h100_nvswitch_8nic.xml", GraphPattern::Ring, 1);
    QCOMPARE(ring.graph.nChannels, 12);
    QCOMPARE(ring.graph.speedIntra, 30.0f);
    QCOMPARE(hops(ring.graph.channels[0]), QString("0 1 2 3 4 5 6 7"));  // the PCI order
    QCOMPARE(ring.relaxations.front(), std::string("sameChannels 1 -> 0"));
    QCOMPARE(ring.relaxations[1], std::string("bw 60.00 -> 50.00"));
}

void TestNcclTopologySearch::sm100SpeedTable() {
    // The H100 server with its GPUs called sm100 (links unchanged, 370.8 GB/s).
    // 2.30 uses the sm100 intra table (90, 80, 70, 60, 50, 45, 40, ...): 4 x 90 =
    // 360; 80, 70, 60, 50 and 45 (45 / 90 = .5 > .49) give at most 360: not
    // better. Dup (90 >= 50): 8 x 45; pass 2 fails at 50 (8 x 50 > 370.8).
    // 2.22 has no sm100 table: the sm90 one gives 12 x 30 as on the H100.
    TopoSystem system = load("dgx_h100_nvswitch_8nic.xml");
    for (int gpu : system.ofType(NodeType::GPU)) system.nodes[static_cast<size_t>(gpu)].sm = 100;
    TopoPaths paths = computePaths(system);
    SearchSettings settings;
    settings.version = Version::V2_30;
    GraphSearch v230 = searchGraph(system, paths, GraphPattern::Ring, settings);
    QCOMPARE(v230.graph.nChannels, 8);
    QCOMPARE(v230.graph.speedIntra, 45.0f);
    QCOMPARE(v230.relaxations[1], std::string("bw 90.00 -> 80.00"));
    settings.version = Version::Classic;
    GraphSearch classic = searchGraph(system, paths, GraphPattern::Ring, settings);
    QCOMPARE(classic.graph.nChannels, 12);
    QCOMPARE(classic.graph.speedIntra, 30.0f);
}

void TestNcclTopologySearch::dgxH100TwoNodesRing() {
    // 2.22: from N0 the search starts at its local GPU0. Going on, every GPU is
    // alike (NVL via the switch) and the next GPU heads back to the NET later:
    // the sort reverses, then the NVSwitch rule keeps only the neighbours, prev
    // (7) tried first. The last GPU (1) may leave only by N0's port without
    // crossNic (PXN type is needed), which the PIX search cannot do; the
    // crossNic relaxation lets it leave by its own N1. The odd channel must
    // start on N1. 8 NICs x 48 = 384 >= 370.8: done; sm90, 48 < 50 and 8 > 4
    // channels: no dup.
    GraphSearch ring = search("dgx_h100_nvswitch_8nic.xml", GraphPattern::Ring, 2);
    QCOMPARE(ring.graph.nChannels, 8);
    QCOMPARE(ring.graph.speedInter, 48.0f);
    QCOMPARE(ring.graph.crossNic, 1);
    QCOMPARE(type(ring.graph.typeInter), QString("PIX"));
    QCOMPARE(hops(ring.graph.channels[0]), QString("N0 0 7 6 5 4 3 2 1 N1"));
    QCOMPARE(hops(ring.graph.channels[1]), QString("N1 1 2 3 4 5 6 7 0 N0"));
    QVERIFY(std::find(ring.relaxations.begin(), ring.relaxations.end(), "crossNic 0 -> 1") != ring.relaxations.end());
    // 2.30 relaxes crossNic to 2 (ncclTopoSearchCheckNet) and finds the same rings.
    GraphSearch ring230 = search("dgx_h100_nvswitch_8nic.xml", GraphPattern::Ring, 2, Version::V2_30);
    QCOMPARE(ring230.graph.crossNic, 2);
    QCOMPARE(hops(ring230.graph.channels[0]), QString("N0 0 7 6 5 4 3 2 1 N1"));
}

void TestNcclTopologySearch::dgxH100TwoNodesTree() {
    // sm90: the balanced tree first, then "a simpler tree" (pattern 3). A tree
    // leaves by its start NET right at GPU0; the chain goes on in index order
    // (the NVSwitch rule keeps only the next GPU).
    GraphSearch tree = search("dgx_h100_nvswitch_8nic.xml", GraphPattern::BalancedTree, 2);
    QCOMPARE(tree.graph.pattern, GraphPattern::Tree);
    QCOMPARE(tree.graph.nChannels, 8);
    QCOMPARE(hops(tree.graph.channels[0]), QString("N0 0 1 2 3 4 5 6 7 N0"));
    QCOMPARE(hops(tree.graph.channels[3]), QString("N3 3 4 5 6 7 0 1 2 N3"));
    QVERIFY(std::find(tree.relaxations.begin(), tree.relaxations.end(), "pattern BalancedTree -> Tree") !=
            tree.relaxations.end());
}

void TestNcclTopologySearch::partialDumpNicsAreDistinct() {
    // The partial dump's NICs have no guid: each is its own NIC, so their
    // bandwidths are not pooled and a ring may not leave by another NIC without
    // crossNic... unless the GPU-NET types allow the start NIC (here PHB both).
    GraphSearch ring = search("partial_pcie_by_class.xml", GraphPattern::Ring, 2);
    QCOMPARE(ring.graph.crossNic, 0);
    const GraphChannel& channel = ring.graph.channels[0];
    QCOMPARE(channel.hops.front().dev, channel.hops.back().dev);
}

void TestNcclTopologySearch::fallsBackToSimpleOrder() {
    // Two GPUs behind 0.1 GB/s PCI links: below the smallest speed (3), no
    // channel at any relaxation: NCCL's simple order at 0.1 GB/s, SYS.
    TopoSystem system;
    int cpu = system.addNode(makeNode(NodeType::CPU));
    for (int dev = 0; dev < 2; ++dev) {
        TopoNode gpu = makeNode(NodeType::GPU);
        gpu.dev = dev;
        gpu.sm = 80;
        system.connect(cpu, system.addNode(gpu), LinkType::PCI, 0.1f);
    }
    TopoPaths paths = computePaths(system);
    GraphSearch ring = searchGraph(system, paths, GraphPattern::Ring);
    QVERIFY(ring.fellBack);
    QCOMPARE(ring.graph.nChannels, 1);
    QCOMPARE(ring.graph.speedIntra, 0.1f);
    QCOMPARE(type(ring.graph.typeIntra), QString("SYS"));
    QCOMPARE(hops(ring.graph.channels[0]), QString("0 1"));
}

void TestNcclTopologySearch::splitNvLinkWantsTwoChannels() {
    // Two sockets joined by a 10 GB/s SYS link, each with two GPUs on a 40 GB/s
    // NVLink and PCI 24 to their CPU. A ring crosses the SYS link once each way.
    // 2.22: start at 40 (maxBw); at 10, one channel; lower speeds give at most
    // 2 x 5 = 10, not better: 1 x 10. 2.30 sees two NVLink islands
    // (ncclTopoSplitNvLink) and asks for 2 channels: start at 20 (2 x 20 <= 40);
    // one channel at 10 does not count; 2 x 5 = 10 is the first accepted; 4 and
    // 3 give 8 and 9; pass 2 cannot raise 2 channels to 6 (12 > 10).
    TopoSystem system;
    int cpus[2];
    for (int socket = 0; socket < 2; ++socket) {
        TopoNode cpu = makeNode(NodeType::CPU);
        cpu.numaId = socket;
        cpus[socket] = system.addNode(cpu);
    }
    system.connect(cpus[0], cpus[1], LinkType::SYS, 10.0f);
    int gpus[4];
    for (int dev = 0; dev < 4; ++dev) {
        TopoNode gpu = makeNode(NodeType::GPU);
        gpu.dev = dev;
        gpu.sm = 80;
        gpus[dev] = system.addNode(gpu);
        system.connect(cpus[dev / 2], gpus[dev], LinkType::PCI, 24.0f);
    }
    system.connect(gpus[0], gpus[1], LinkType::NVL, 40.0f);
    system.connect(gpus[2], gpus[3], LinkType::NVL, 40.0f);
    TopoPaths paths = computePaths(system);
    SearchSettings settings;
    GraphSearch classic = searchGraph(system, paths, GraphPattern::Ring, settings);
    QCOMPARE(classic.graph.nChannels, 1);
    QCOMPARE(classic.graph.speedIntra, 10.0f);
    QCOMPARE(type(classic.graph.typeIntra), QString("SYS"));
    settings.version = Version::V2_30;
    GraphSearch v230 = searchGraph(system, paths, GraphPattern::Ring, settings);
    QCOMPARE(v230.graph.nChannels, 2);
    QCOMPARE(v230.graph.speedIntra, 5.0f);
    QCOMPARE(hops(v230.graph.channels[0]), QString("0 1 2 3"));
}

void TestNcclTopologySearch::ringsVisitEveryGpuOnce() {
    for (const char* file : {"nvlink_pair.xml", "pcie_4gpu_2socket.xml", "dgx1_hybrid_cube_mesh.xml",
                             "dgx_h100_nvswitch_8nic.xml", "partial_pcie_by_class.xml"})
        for (int nodes : {1, 2})
            for (GraphPattern pattern : {GraphPattern::Ring, GraphPattern::BalancedTree}) {
                GraphSearch found = search(file, pattern, nodes);
                QCOMPARE(int(found.graph.channels.size()), found.graph.nChannels);
                for (const GraphChannel& channel : found.graph.channels) {
                    std::set<int> ranks;
                    int gpus = 0;
                    for (const GraphHop& hop : channel.hops)
                        if (hop.kind == GraphHop::Kind::Gpu) ranks.insert(hop.rank), ++gpus;
                    QCOMPARE(int(ranks.size()), gpus);
                    QCOMPARE(int(channel.hops.size()), gpus + (nodes > 1 ? 2 : 0));
                }
            }
}

void TestNcclTopologySearch::finishesWithinBudget() {
    // The budgets are step counts: 2^19 for pass 1 plus pass 2's searches.
    QElapsedTimer timer;
    timer.start();
    for (const char* file : {"dgx1_hybrid_cube_mesh.xml", "dgx_h100_nvswitch_8nic.xml"})
        for (Version version : {Version::Classic, Version::V2_30}) {
            GraphSearch found = search(file, GraphPattern::Ring, 2, version);
            QVERIFY2(found.steps < (1 << 21), qPrintable(QString::number(found.steps)));
        }
    QVERIFY2(timer.elapsed() < 20000, qPrintable(QString::number(timer.elapsed())));
}

QTEST_APPLESS_MAIN(TestNcclTopologySearch)
#include "tst_nccl_topology_search.moc"
