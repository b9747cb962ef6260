// The NVLS graph (ncclNvlsInit, ncclTopoCompute with NCCL_TOPO_PATTERN_NVLS,
// NCCL src/transport/nvls.cc and src/graph/search.cc), against a GRAPH line a
// real NCCL printed and against the bundled DGX H100 worked by hand.

#include "nccl/graph/nvls_support.h"
#include "nccl/log/topo_log.h"
#include "nccl/topology_model.h"
#include "topology_test_support.h"

using namespace topology_test;

namespace {

// The machine of tests/nccl/graph/fixtures/nccl_2.23.4_h100sxm_nvls_1x4_p2pdisabled_partial.log
// as its `=== System` lines print it: four sm90 GPUs on one CPU at PCI[24.0]
// (Gen4 x16), each with NVL[370.8] (18 links × 20.6) to the NVSwitch, one NIC.
std::string fourH100OnNvSwitch() {
    std::string xml =
        "<system version='1'><cpu numaid='0' affinity='ff' arch='x86_64' vendor='GenuineIntel' familyid='6' "
        "modelid='143'><pci busid='0000:03:00.0' class='0x020000' vendor='0x8086' device='0x1' "
        "link_speed='16.0 GT/s PCIe' link_width='16'><nic><net name='eno1' dev='0' speed='100000' port='1' "
        "latency='0' guid='0x1' maxconn='65536' gdr='0'/></nic></pci>";
    for (int gpu = 0; gpu < 4; ++gpu) {
        const std::string n = std::to_string(gpu);
        xml += "<pci busid='0000:0" + std::to_string(5 + gpu) +
               ":00.0' class='0x030200' vendor='0x10de' device='0x2330' link_speed='16.0 GT/s PCIe' "
               "link_width='16'><gpu dev='" +
               n + "' sm='90' rank='" + n +
               "' gdr='1'><nvlink target='fffffff:ff:ff.0' count='18' tclass='0x068000'/></gpu></pci>";
    }
    return xml + "</cpu></system>";
}

TopoSystem parsed(const std::string& xml) {
    auto system = parseTopoXml(xml, "four_h100.xml", {});
    if (!system) qFatal("%s", system.error().message.c_str());
    return std::move(system).value();
}

std::vector<int> heads(const TopoGraph& graph) {
    std::vector<int> out;
    for (const GraphChannel& channel : graph.channels) out.push_back(channel.hops.front().rank);
    return out;
}

}  // namespace

class TstNcclTopologyNvls : public QObject {
    Q_OBJECT
private slots:
    // The real log (NCCL 2.23.4, NCCL_P2P_DISABLE=1) prints
    //   === System : maxBw 24.0 totalBw 370.8 ===
    //   Pattern 5, crossNic 0, nChannels 4, bw 24.000000/50.000000, type NVL/PIX, sameChannels 0
    // with heads GPU/0..GPU/3. By hand: P2P off sends GPU-GPU paths through the
    // CPU (PHB 24), so maxBw is 24 and the sm90 intra speeds start at 24. One
    // head per GPU: each GPU carries 2 × 24 for its own channel and 24 for the
    // three others, 120 ≤ 370.8. Pass 2 raises bwInter alone while it is below
    // twice bwIntra: 24 → 30 → 40 → 50.
    void matchesTheRealFourGpuLog() {
        const TopoSystem system = parsed(fourH100OnNvSwitch());
        PathPolicy policy;
        policy.p2pDisable = true;
        const TopoPaths paths = computePaths(system, policy);
        const NvlsSetup nvls = nvlsSetup(system, paths, {}, 2);
        QVERIFY(nvls.support);
        QCOMPARE(nvls.channels, 16);  // NVLS_NCHANNELS
        const TopoGraph& graph = nvls.search.graph;
        QCOMPARE(graph.id, 3);
        QCOMPARE(static_cast<int>(graph.pattern), 5);
        QCOMPARE(graph.nChannels, 4);
        QCOMPARE(graph.speedIntra, 24.0f);
        QCOMPARE(graph.speedInter, 50.0f);
        QCOMPARE(graph.typeIntra, PathType::NVL);
        QCOMPARE(graph.typeInter, PathType::PIX);
        QCOMPARE(graph.sameChannels, 0);
        QCOMPARE(heads(graph), (std::vector<int>{0, 1, 2, 3}));
        QCOMPARE(nvls.search.systemMaxBw, 24.0f);
        // The GRAPH lines rank 0 prints (the NETs trimmed on one node), the rest of each row left at zero:
        // rank 0's GPU. Word for word the real log's.
        TopoKeys keys;
        keys.policy.p2pDisable = true;
        keys.graphSubsys = true;
        std::vector<std::string> printed;
        for (const TopoLogLine& line : topologyLog(buildTopologyModel(system, keys), keys))
            if (line.rank == 0 && line.stage == "nvls") printed.push_back(line.text);
        QCOMPARE(printed,
                 (std::vector<std::string>{
                     "Pattern 5, crossNic 0, nChannels 4, bw 24.000000/50.000000, type NVL/PIX, sameChannels 0",
                     " 0 : GPU/0 GPU/0 GPU/0 GPU/0", " 1 : GPU/1 GPU/0 GPU/0 GPU/0", " 2 : GPU/2 GPU/0 GPU/0 GPU/0",
                     " 3 : GPU/3 GPU/0 GPU/0 GPU/0"}));
    }

    // The DGX H100 (8 GPUs, 18 NVLinks each = 370.8 GB/s to the switches, P2P
    // through them at 370.8): totalBw 370.8 × 8/7 = 423.8, so the speeds start
    // at 50 (60 × 8 = 480 is too much). A head per GPU costs each GPU 2 + 7 = 9
    // shares: 9 × 50 = 450 > 370.8 fails, 9 × 40 = 360 fits. Pass 2 raises
    // bwInter 40 → 50 → 60, the top of the table.
    void dgxH100WorkedByHand() {
        const TopoSystem system = load("dgx_h100_nvswitch_8nic.xml");
        const NvlsSetup nvls = nvlsSetup(system, computePaths(system), {}, 2);
        QVERIFY(nvls.support);
        const TopoGraph& graph = nvls.search.graph;
        QCOMPARE(graph.nChannels, 8);
        QCOMPARE(graph.speedIntra, 40.0f);
        QCOMPARE(graph.speedInter, 60.0f);
        QCOMPARE(heads(graph), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
    }

    // Across nodes every NIC pairs with its own GPU as a head: eight heads, each
    // channel entering and leaving by that GPU's NIC.
    void dgxH100AcrossNodesPairsNicsWithHeads() {
        const TopoSystem system = load("dgx_h100_nvswitch_8nic.xml");
        SearchSettings settings;
        settings.nNodes = 2;
        const NvlsSetup nvls = nvlsSetup(system, computePaths(system), settings, 2);
        const TopoGraph& graph = nvls.search.graph;
        QCOMPARE(graph.nChannels, 8);
        std::vector<int> nics;
        for (const GraphChannel& channel : graph.channels) {
            QCOMPARE(static_cast<int>(channel.hops.size()), 3);  // NET, head, NET
            QCOMPARE(channel.hops.front().dev, channel.hops.back().dev);
            QCOMPARE(channel.hops[1].rank, channel.hops.front().dev);  // NIC n sits beside GPU n
            nics.push_back(channel.hops.front().dev);
        }
        std::sort(nics.begin(), nics.end());
        QCOMPARE(nics, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
    }

    // ncclNvlsInit: NCCL_NVLS_ENABLE=0, two GPUs, no switch or Ampere leave it off.
    void offWhereNcclTurnsItOff() {
        const TopoSystem h100 = load("dgx_h100_nvswitch_8nic.xml");
        const TopoPaths paths = computePaths(h100);
        QVERIFY(!nvlsSetup(h100, paths, {}, 0).support);
        QCOMPARE(nvlsSetup(h100, paths, {}, 0).search.graph.nChannels, 0);
        const TopoSystem pair = load("nvlink_pair.xml");
        QVERIFY(!nvlsSetup(pair, computePaths(pair), {}, 2).support);
        const TopoSystem dgx1 = load("dgx1_hybrid_cube_mesh.xml");  // sm70, no NVSwitch
        const NvlsSetup forced = nvlsSetup(dgx1, computePaths(dgx1), {}, 1);
        QVERIFY(forced.support);                     // NCCL_NVLS_ENABLE=1 skips the driver's answer
        QCOMPARE(forced.search.graph.nChannels, 0);  // but the search needs a switch and sm90
        QVERIFY(!nvlsSetup(dgx1, computePaths(dgx1), {}, 2).support);
    }
};

QTEST_APPLESS_MAIN(TstNcclTopologyNvls)
#include "tst_nccl_topology_nvls.moc"
