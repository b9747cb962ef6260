// Path types and bandwidths on each bundled topology, worked by hand from the
// rules of NCCL src/graph/paths.cc (ncclTopoSetPaths, ncclTopoComputePaths) and
// the constants of NCCL src/graph/topo.h.

#include "nccl/graph/topo_keys.h"
#include "topology_test_support.h"

using namespace topology_test;

class TstNcclTopologyPaths : public QObject {
    Q_OBJECT
private slots:
    // nvlink_pair.xml: GPU0 and GPU1 (sm80) each declare 12 NVLinks to the other,
    // each on a CPU root port at Gen4 x16 = 16*120/80 = 24 GB/s; the NIC (200 Gb/s
    // = 25 GB/s) is on a third root port.
    //   GPU0-GPU1: one NVL link of 12*20 = 240 GB/s           -> NVL 240
    //   GPU0-NET0: GPU -PCI- CPU -PCI- NIC -NET- NET; the two PCI links touch the
    //   CPU, so PHB; bw min(24, 24, 25) = 24                   -> PHB 24
    //   GDR is not even checked: only paths better than PHB are (PHB stays).
    void nvLinkPair() {
        TopoSystem system = load("nvlink_pair.xml");
        TopoPaths paths = computePaths(system);
        int gpu0 = gpuNode(system, 0), gpu1 = gpuNode(system, 1), net0 = netNode(system, 0);
        COMPARE_PATH(paths.path(gpu0, gpu1), "NVL", 240.0);
        COMPARE_PATH(paths.path(gpu1, gpu0), "NVL", 240.0);
        QCOMPARE(paths.path(gpu0, gpu1).hops, 1);
        COMPARE_PATH(paths.path(gpu0, net0), "PHB", 24.0);
        COMPARE_PATH(paths.path(gpu1, net0), "PHB", 24.0);
        QCOMPARE(paths.path(gpu0, net0).hops, 3);
        COMPARE_PATH(paths.path(gpu0, gpu0), "LOC", 5000.0);
        QVERIFY(checkP2p(system, paths, gpu0, gpu1));
        QVERIFY(!checkGdr(system, paths, gpu0, net0, false));  // PHB > P2C
    }

    // pcie_4gpu_2socket.xml: Skylake (family 6, model 0x55) sockets joined at
    // SKL_QPI_BW = 10; Gen3 x16 links = 16*60/80 = 12; NIC 100 Gb/s = 12.5.
    //   GPU0-GPU1 (same switch): PCI then PCI, GPU-switch-GPU     -> PIX 12
    //   GPU0-GPU2: switch, CPU0 (PHB), SYS 10, CPU1, switch       -> SYS 10;
    //     SYS > PXB so P2P is refused and the path is rebuilt through CPU1
    //     (GPU2's CPU): GPU0..CPU1 is SYS 10, CPU1..GPU2 PHB 12    -> SYS 10, 5 hops
    //   GPU0-NET0 (same switch): GPU-switch-NIC-NET              -> PIX min(12,12,12.5)=12
    //   GPU2-NET0: across the sockets                             -> SYS 10
    void pcieTwoSockets() {
        TopoSystem system = load("pcie_4gpu_2socket.xml");
        TopoPaths paths = computePaths(system);
        int gpu0 = gpuNode(system, 0), gpu1 = gpuNode(system, 1), gpu2 = gpuNode(system, 2);
        int net0 = netNode(system, 0);
        COMPARE_PATH(paths.path(gpu0, gpu1), "PIX", 12.0);
        COMPARE_PATH(paths.path(gpu0, gpu2), "SYS", 10.0);
        QCOMPARE(paths.path(gpu0, gpu2).hops, 5);
        QCOMPARE(paths.path(gpu0, gpu2).via, system.ofType(NodeType::CPU)[1]);
        COMPARE_PATH(paths.path(gpu0, net0), "PIX", 12.0);
        COMPARE_PATH(paths.path(gpu2, net0), "SYS", 10.0);
        QVERIFY(checkGdr(system, paths, gpu0, net0, false));
        QVERIFY(checkP2p(system, paths, gpu0, gpu1));
        QVERIFY(!checkP2p(system, paths, gpu0, gpu2));
    }

    // NCCL_P2P_DISABLE=1 makes the P2P level LOC: GPU0->GPU1 goes GPU0-switch-CPU0
    // (PHB 12) then CPU0-switch-GPU1 (PHB 12)                    -> PHB 12, 4 hops.
    // NCCL_NET_GDR_LEVEL=LOC refuses GDR at PIX, so GPU0->NET0 is staged at CPU0:
    // GPU0..CPU0 PHB 12, CPU0-switch-NIC-NET PHB min(12,12,12.5)  -> PHB 12.
    void pcieKnobs() {
        TopoSystem system = load("pcie_4gpu_2socket.xml");
        PathPolicy policy;
        policy.p2pDisable = true;
        policy.netGdrLevel = PathType::LOC;
        TopoPaths paths = computePaths(system, policy);
        int gpu0 = gpuNode(system, 0), gpu1 = gpuNode(system, 1), net0 = netNode(system, 0);
        COMPARE_PATH(paths.path(gpu0, gpu1), "PHB", 12.0);
        QCOMPARE(paths.path(gpu0, gpu1).hops, 4);
        COMPARE_PATH(paths.path(gpu0, net0), "PHB", 12.0);
        COMPARE_PATH(paths.path(net0, gpu0), "PHB", 12.0);
        // NCCL_P2P_LEVEL=SYS lets the cross-socket pair use P2P again.
        policy = {};
        policy.p2pLevel = parseLevel("SYS");
        paths = computePaths(system, policy);
        QVERIFY(checkP2p(system, paths, gpu0, gpuNode(system, 2)));
        QCOMPARE(paths.path(gpu0, gpuNode(system, 2)).via, -1);
    }

    // dgx1_hybrid_cube_mesh.xml: sm70, 20 GB/s per NVLink. GPU0's links: GPU1 x1,
    // GPU2 x1, GPU3 x2, GPU4 x2. Broadwell sockets (model 0x4F < 0x55): QPI 6.
    //   GPU0-GPU1 NVL 20; GPU0-GPU3 NVL 40; GPU0-GPU4 NVL 40.
    //   GPU0-GPU5: no direct link; via GPU1 min(20, 40) = 20, via GPU4 min(40, 20)
    //     = 20                                                    -> NVB 20
    //   GPU0-GPU7: via GPU3 min(40, 20) = 20, via GPU4 min(40, 40) = 40 -> NVB 40
    //   GPU0-GPU6: via GPU2 min(20, 20), via GPU4 min(40, 20)     -> NVB 20
    void hybridCubeMeshGpus() {
        TopoSystem system = load("dgx1_hybrid_cube_mesh.xml");
        TopoPaths paths = computePaths(system);
        auto gpuPath = [&](int from, int to) { return paths.path(gpuNode(system, from), gpuNode(system, to)); };
        COMPARE_PATH(gpuPath(0, 1), "NVL", 20.0);
        COMPARE_PATH(gpuPath(0, 3), "NVL", 40.0);
        COMPARE_PATH(gpuPath(0, 4), "NVL", 40.0);
        COMPARE_PATH(gpuPath(0, 5), "NVB", 20.0);
        COMPARE_PATH(gpuPath(0, 7), "NVB", 40.0);
        COMPARE_PATH(gpuPath(0, 6), "NVB", 20.0);
        QCOMPARE(gpuPath(0, 7).route.size(), size_t(3));
        QCOMPARE(gpuPath(0, 7).route[1], gpuNode(system, 4));
        // Every pair is NVL or NVB: the matrix has no PCI path between GPUs.
        PathMatrix matrix = pathMatrix(system, paths, NodeType::GPU, NodeType::GPU);
        QCOMPARE(matrix.rows.size(), size_t(8));
        for (const Path& path : matrix.cells) QVERIFY(path.type <= PathType::NVB);
        // NCCL_NVB_DISABLE=1: GPU0-GPU5 falls back to PCIe across the sockets:
        // switch, CPU0, QPI 6, CPU1, switch                         -> SYS 6
        PathPolicy policy;
        policy.nvbDisable = true;
        TopoPaths noNvb = computePaths(system, policy);
        COMPARE_PATH(noNvb.path(gpuNode(system, 0), gpuNode(system, 5)), "SYS", 6.0);
    }

    // NICs of the DGX-1 file: NET0 shares switch 0 with GPU0 and GPU1 (Gen3 x16 = 12).
    //   GPU0-NET0 PIX 12; GPU1-NET0 PIX 12 (NET0's local GPU is GPU0, but GPU1 is
    //     neither wider nor beyond PXN, so no PXN).
    //   GPU2-NET0: switch1, CPU0, switch0: PHB 12. PXN: GPU0 reaches NET0 at PIX
    //     with GDR and GPU0-GPU2 is NVL, and PHB > PXN            -> PXN min(20, 12) = 12
    //   GPU4-NET0: SYS min(12, 6) = 6; GPU0-GPU4 NVL 40            -> PXN 12
    //   GPU5-NET0: GPU0-GPU5 is NVB, not NVL: no PXN               -> SYS 6
    void hybridCubeMeshNics() {
        TopoSystem system = load("dgx1_hybrid_cube_mesh.xml");
        TopoPaths paths = computePaths(system);
        int net0 = netNode(system, 0);
        auto toNet0 = [&](int gpu) { return paths.path(gpuNode(system, gpu), net0); };
        COMPARE_PATH(toNet0(0), "PIX", 12.0);
        COMPARE_PATH(toNet0(1), "PIX", 12.0);
        COMPARE_PATH(toNet0(2), "PXN", 12.0);
        QCOMPARE(toNet0(2).via, gpuNode(system, 0));
        COMPARE_PATH(toNet0(4), "PXN", 12.0);
        COMPARE_PATH(toNet0(5), "SYS", 6.0);
        // PXN is one way: the NIC reaches GPU2 through the CPU.
        COMPARE_PATH(paths.path(net0, gpuNode(system, 2)), "PHB", 12.0);
        // GDR through PXN judges the relaying GPU's distance (PIX): allowed.
        QVERIFY(checkGdr(system, paths, gpuNode(system, 2), net0, true));
        PathPolicy policy;
        policy.pxnDisable = true;
        TopoPaths noPxn = computePaths(system, policy);
        COMPARE_PATH(noPxn.path(gpuNode(system, 2), net0), "PHB", 12.0);
        COMPARE_PATH(noPxn.path(gpuNode(system, 4), net0), "SYS", 6.0);
    }

    // dgx_h100_nvswitch_8nic.xml: sm90, 20.6 GB/s per NVLink; each GPU lists
    // 5+4+4+5 = 18 links to four NVSwitches, all one NVS node: 18*20.6 = 370.8.
    // Gen5 x16 = 16*240/80 = 48; NICs 400 Gb/s = 50; Sapphire Rapids (0x8F) QPI 22.
    //   GPU0-GPU5: GPU-NVS-GPU                                    -> NVL 370.8
    //   GPU0-NET0 (same switch)                                   -> PIX min(48,48,50) = 48
    //   GPU0-NET1: switch, CPU0, switch: PHB 48; NET1's GPU is GPU1, NVL to GPU0 -> PXN 48
    //   GPU0-NET4: across sockets SYS min(48, 22) = 22; via GPU4     -> PXN 48
    void nvSwitchServer() {
        TopoSystem system = load("dgx_h100_nvswitch_8nic.xml");
        QCOMPARE(system.ofType(NodeType::NVS).size(), size_t(1));
        TopoPaths paths = computePaths(system);
        int gpu0 = gpuNode(system, 0);
        COMPARE_PATH(paths.path(gpu0, gpuNode(system, 5)), "NVL", 370.8);
        QCOMPARE(paths.path(gpu0, gpuNode(system, 5)).hops, 2);
        COMPARE_PATH(paths.path(gpu0, netNode(system, 0)), "PIX", 48.0);
        COMPARE_PATH(paths.path(gpu0, netNode(system, 1)), "PXN", 48.0);
        COMPARE_PATH(paths.path(gpu0, netNode(system, 4)), "PXN", 48.0);
        QCOMPARE(paths.path(gpu0, netNode(system, 4)).via, gpuNode(system, 4));
        PathMatrix matrix = pathMatrix(system, paths, NodeType::GPU, NodeType::NET);
        QCOMPARE(matrix.cells.size(), size_t(64));
        for (size_t g = 0; g < 8; ++g)
            for (size_t n = 0; n < 8; ++n) QCOMPARE(matrix.at(g, n).type, g == n ? PathType::PIX : PathType::PXN);
        PathPolicy policy;
        policy.pxnDisable = true;
        TopoPaths noPxn = computePaths(system, policy);
        COMPARE_PATH(noPxn.path(gpu0, netNode(system, 1)), "PHB", 48.0);
        COMPARE_PATH(noPxn.path(gpu0, netNode(system, 4)), "SYS", 22.0);
    }

    // partial_pcie_by_class.xml with the default keys: GPUs sm80 without NVLink,
    // NICs 100 Gb/s = 12.5; Gen4 x16 = 24; one AMD socket with 4 GPUs, so the P2P
    // level stays PXB.
    //   GPU0-GPU1 same switch PIX 24; GPU0-GPU2 through the CPU PHB 24 (refused
    //   for P2P, rebuilt through the CPU: still PHB 24).
    //   GPU0-NET0 PIX 12.5; GPU2-NET0 PHB 12.5.
    // With nvlink=nvswitch: 12 links (sm80) * 20 = 240 to one NVS -> GPU0-GPU2 NVL
    // 240, and GPU2-NET0 becomes PXN through GPU0 (PHB > PXN)     -> PXN 12.5
    void partialDump() {
        TopoSystem system = load("partial_pcie_by_class.xml");
        TopoPaths paths = computePaths(system);
        int gpu0 = gpuNode(system, 0), gpu2 = gpuNode(system, 2), net0 = netNode(system, 0);
        COMPARE_PATH(paths.path(gpu0, gpuNode(system, 1)), "PIX", 24.0);
        COMPARE_PATH(paths.path(gpu0, gpu2), "PHB", 24.0);
        COMPARE_PATH(paths.path(gpu0, net0), "PIX", 12.5);
        COMPARE_PATH(paths.path(gpu2, net0), "PHB", 12.5);
        TopoAssumptions assumptions;
        assumptions.nvlink = NvLinkFill::NvSwitch;
        system = load("partial_pcie_by_class.xml", assumptions);
        paths = computePaths(system);
        COMPARE_PATH(paths.path(gpu0, gpu2), "NVL", 240.0);
        COMPARE_PATH(paths.path(gpu2, net0), "PXN", 12.5);
    }

    // The same settings through the scene keys: defaults are NCCL's; "2" is the
    // old number for PXB; nvlink=nvswitch fills the partial dump's NVLinks.
    void keysDriveTheModel() {
        auto defaults = topoKeysFromValues(commviz::sim::withDefaults(topologyKeys(), {}));
        QVERIFY(defaults.ok());
        QVERIFY(!defaults->policy.p2pLevel.has_value());
        QCOMPARE(defaults->assumptions.gpuSm, 80);
        QVERIFY(!defaults->policy.pxnDisable);
        commviz::sim::ParamValues set = {{"p2p_level", "2"}, {"nvlink", "nvswitch"}, {"pxn_disable", true}};
        auto keys = topoKeysFromValues(commviz::sim::withDefaults(topologyKeys(), set));
        QVERIFY(keys.ok());
        QCOMPARE(*keys->policy.p2pLevel, PathType::PXB);
        TopoSystem system = load("partial_pcie_by_class.xml", keys->assumptions);
        TopoPaths paths = computePaths(system, keys->policy);
        COMPARE_PATH(paths.path(gpuNode(system, 0), gpuNode(system, 2)), "NVL", 240.0);
        COMPARE_PATH(paths.path(gpuNode(system, 2), netNode(system, 0)), "PHB", 12.5);  // no PXN
        auto bad = topoKeysFromValues(commviz::sim::withDefaults(topologyKeys(), {{"gpu_sm", 7}}));
        QVERIFY(!bad.ok());
        QVERIFY(bad.error().message.find("gpu_sm") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TstNcclTopologyPaths)
#include "tst_nccl_topology_paths.moc"
