// `commviz nccl-topo … --set tuning_subsys=true`: NCCL's tuner (src/graph/tuning.cc, ncclTopoTuneModel)
// on the graphs the scene's search finds, printed as rank 0's TUNING table in the layout of 2.22.3
// (version=classic) or 2.30.7 (version=2.30). Cells are worked by hand from the research write-up's
// formulas (§3 constants, §4.3 bandwidth, §4.4 latency) with the graph values of the GRAPH
// `Pattern …` lines; with tuning_subsys off the output does not change.

#include <QtTest>
#include <sstream>

#include "nccl/log/topo_log_tuning.h"
#include "nccl/topology_scene/nccl_topo_command.h"
#include "sim/json.h"
#include "topology_test_support.h"

using namespace commviz::nccl_topology;
using namespace topology_test;
using commviz::sim::Json;

namespace {

std::string run(std::vector<std::string> args) {
    std::ostringstream out;
    auto status = runNcclTopoCommand(args, out);
    if (!status) qFatal("%s", status.error().message.c_str());
    return out.str();
}

std::string dgx() { return bundled("dgx_h100_nvswitch_8nic.xml"); }
std::string pcie() { return bundled("pcie_4gpu_2socket.xml"); }

/// The `model` cells of the JSON's tuning object: [latency, bandwidth] as the table prints them.
Json tuningOf(std::vector<std::string> args) {
    args.insert(args.end(), {"--set", "tuning_subsys=true", "--json"});
    return Json::parse(run(args)).at("tuning");
}

/// One cell compared as the table prints it (%.1f/%.1f).
#define COMPARE_CELL(tuning, func, cell, lat, bw)                \
    do {                                                         \
        const Json& c_ = (tuning).at("model").at(func).at(cell); \
        QCOMPARE(c_.at(0).get<double>(), double(lat));           \
        QCOMPARE(c_.at(1).get<double>(), double(bw));            \
    } while (0)

const std::string kPrefix = "node0:4000:4000 [0] NCCL INFO ";
const std::string kAlgorithms1 =
    "  Algorithm   |                            Tree                  |                            Ring         "
    "         |                   CollNetDirect                  |";
const std::string kAlgorithms2 =
    "  Algorithm   |                    CollNetChain                  |                            NVLS         "
    "         |                        NVLSTree                  |";
const std::string kAlgorithms3 = "  Algorithm   |                             PAT                  |";
const std::string kProtocols =
    "  Protocol    |             LL |          LL128 |         Simple |             LL |          LL128 |      "
    "   Simple |             LL |          LL128 |         Simple |";

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

class TestTopologyTuning : public QObject {
    Q_OBJECT
private slots:
    // DGX H100, one node, 2.22.3. GRAPH: ring `Pattern 4, nChannels 12, bw 30/30, type NVL/PIX,
    // sameChannels 1`, tree `Pattern 1` alike; 8 ranks, sm90, NVLink inside (hw NVLINK).
    void dgxOneNodeClassic() {
        const Json t = tuningOf({dgx()});
        QCOMPARE(t.at("version").get<std::string>(), std::string("2.22.3"));
        // Broadcast Ring/Simple: bw 12 × 30 = 360, ratio 1; lat base 8.4 + hwLat[NVL][Ring][Simple] 3.4
        // (sameChannels: one hop) = 11.8.
        COMPARE_CELL(t, "Broadcast", "Ring/Simple", 11.8, 360.0);
        // Broadcast Ring/LL: min(llMaxBw[Hopper][N1] 141.0, 360 × 0.5) = 141.0; lat 6.6 + 0.6 = 7.2.
        COMPARE_CELL(t, "Broadcast", "Ring/LL", 7.2, 141.0);
        // AllReduce Ring/Simple: 360 × 8/14 = 205.71; lat 8.4 + nsteps 14 × 3.4 = 56.0 (no nInter).
        COMPARE_CELL(t, "AllReduce", "Ring/Simple", 56.0, 205.7);
        // AllReduce Ring/LL128: min(360 × 0.92, 12 × 36.7) = 331.2, × 8/14 = 189.26; lat 14.0 + 14 × 1.9 = 40.6.
        COMPARE_CELL(t, "AllReduce", "Ring/LL128", 40.6, 189.3);
        // AllReduce Tree/Simple: min(360 × 0.92, 12 × 38.7) = 331.2, × 0.5 = 165.6; lat base 0 +
        // 2 × (8 − 1) × hwLat[NVL][Tree][Simple] 28 (2.19–2.22) = 392.0.
        COMPARE_CELL(t, "AllReduce", "Tree/Simple", 392.0, 165.6);
        // AllReduce Tree/LL: 331.2 / 3.8 = 87.16 (< 141), × 0.5 = 43.58; lat 6.8 + 2 × 7 × 0.6 = 15.2.
        COMPARE_CELL(t, "AllReduce", "Tree/LL", 15.2, 43.6);
        // CollNet off: CollNetDirect/Simple keeps its latency 2 × (1 × 3.7 + 7 × 0.4) + hwLat[NET] 31 = 44.0.
        COMPARE_CELL(t, "AllReduce", "CollNetDirect/Simple", 44.0, 0.0);
        // NVLS on (an NVSwitch and sm90): the NVLS graph has 8 heads at bw 40/60 (tst_nccl_topology_nvls),
        // so 8 × min(40, 60) = 320, × 5/6 = 266.7; lat hwLat[NVL][NVLS][Simple] 25 (2.21+).
        COMPARE_CELL(t, "AllReduce", "NVLS/Simple", 25.0, 266.7);
        QVERIFY(!t.at("model").at("AllGather").contains("PAT/Simple"));  // 2.22 has six algorithms
        QCOMPARE(t.at("max_nthreads").at("Ring"), Json::parse("[512, 640, 512]"));
        QCOMPARE(t.at("max_nthreads").at("NVLS"), Json::parse("[0, 0, 640]"));
    }

    // The same node in 2.30.7: only the tree latency moves (base 8.4, hwLat[NVL][Tree][Simple] 4.0).
    void dgxOneNode230() {
        const Json t = tuningOf({dgx(), "--set", "version=2.30"});
        QCOMPARE(t.at("version").get<std::string>(), std::string("2.30.7"));
        COMPARE_CELL(t, "Broadcast", "Ring/Simple", 11.8, 360.0);
        COMPARE_CELL(t, "AllReduce", "Ring/Simple", 56.0, 205.7);
        // lat 8.4 + 2 × 7 × 4.0 = 64.4; bandwidth as in 2.22.
        COMPARE_CELL(t, "AllReduce", "Tree/Simple", 64.4, 165.6);
        // PAT needs one GPU per node (nNodes == nRanks): not computed.
        COMPARE_CELL(t, "AllGather", "PAT/Simple", 0.0, 0.0);
        QCOMPARE(t.at("max_nthreads").at("PAT"), Json::parse("[0, 0, 0]"));
    }

    // Two DGX H100 nodes, 2.22.3. GRAPH: ring `Pattern 4, nChannels 8, bw 48/48, type NVL/PIX,
    // sameChannels 0`, tree `Pattern 3` (TREE) alike; 16 ranks, x86 Intel (net overhead 1 µs).
    void dgxTwoNodesClassic() {
        const Json t = tuningOf({dgx(), "--set", "nnodes=2"});
        // Broadcast Ring/Simple: 8 × 48 (bwIntra: nNodes ≤ 2) = 384; sameChannels 0: lat 8.4 + n 16 ×
        // hwLat[NET][Tree][Simple] 28 = 456.4.
        COMPARE_CELL(t, "Broadcast", "Ring/Simple", 456.4, 384.0);
        // Broadcast Ring/LL: min(llMaxBw[Intel][N2] 39.0, 192) = 39.0; lat 6.6 + 16 × 2.7 = 49.8.
        COMPARE_CELL(t, "Broadcast", "Ring/LL", 49.8, 39.0);
        // AllReduce Ring/Simple: 384 × 16/30 = 204.8; intraLat max(3.4, 1.0 × 3) = 3.4, interLat 14,
        // nInter 2 × nNodes = 4 (≤ 2.22): 8.4 + 26 × 3.4 + 4 × 14 = 152.8.
        COMPARE_CELL(t, "AllReduce", "Ring/Simple", 152.8, 204.8);
        // AllReduce Tree/Simple: min(384 × 0.92, 8 × 41.4) = 331.2, × 0.85 (pattern 3) = 281.52, × 0.5
        // = 140.76; lat 0 + 2 × ((16/2 − 1) × 28 + log2(2) × 28) = 448.0.
        COMPARE_CELL(t, "AllReduce", "Tree/Simple", 448.0, 140.8);
        // NVLS across nodes needs CollNet: no bandwidth; its latency is 25 on NVLink + 18 on NET = 43.
        COMPARE_CELL(t, "AllReduce", "NVLS/Simple", 43.0, 0.0);
        // NVLSTree: the NVLS graph's 8 heads at bw 40/48 (nNodes ≤ 2: min(40, 48)) = 320, × 5/6 = 266.7;
        // lat 25 + 2 × log2(2) × hwLat[NET][NVLSTree][Simple] 14 = 53.
        COMPARE_CELL(t, "AllReduce", "NVLSTree/Simple", 53.0, 266.7);
    }

    // Two DGX H100 nodes, 2.30.7: nInter 2 × (nNodes − 1) = 2, Tree/Simple hw latencies 4 / 14.
    void dgxTwoNodes230() {
        const Json t = tuningOf({dgx(), "--set", "nnodes=2", "--set", "version=2.30"});
        // 8.4 + 16 × hwLat[NET][Tree][Simple] 14 = 232.4.
        COMPARE_CELL(t, "Broadcast", "Ring/Simple", 232.4, 384.0);
        // 8.4 + 28 × 3.4 + 2 × 14 = 131.6.
        COMPARE_CELL(t, "AllReduce", "Ring/Simple", 131.6, 204.8);
        // 8.4 + 2 × (7 × 4.0 + 1 × 14) = 92.4.
        COMPARE_CELL(t, "AllReduce", "Tree/Simple", 92.4, 140.8);
    }

    // PCIe 4 GPUs on two sockets, sm70. GRAPH: ring and tree `nChannels 1, bw 10/10, type SYS/PIX`:
    // hw PCI, LL128 off (typeIntra SYS > NVB), Ring/Simple threads 256 (1 × 10 ≤ 12).
    void pcieBothVersions() {
        for (const char* version : {"classic", "2.30"}) {
            const Json t = tuningOf({pcie(), "--set", std::string("version=") + version});
            // 10 × 4/6 = 6.67; lat 8.4 + 6 × hwLat[PCI][Ring][Simple] 5.7 = 42.6.
            COMPARE_CELL(t, "AllReduce", "Ring/Simple", 42.6, 6.7);
            // LL128 masked: latency 14.0 + 6 × 2.5 = 29.0, bandwidth 0.
            COMPARE_CELL(t, "AllReduce", "Ring/LL128", 29.0, 0.0);
            // Broadcast Ring/LL: min(llMaxBw[Volta][N1] 39.0, 10 × 0.5) = 5.0; lat 6.6 + 1.0 = 7.6.
            COMPARE_CELL(t, "Broadcast", "Ring/LL", 7.6, 5.0);
            // Tree/LL: min(10 × 0.92, 1 × 26.5) = 9.2, / 3.8 = 2.42, × 0.5 = 1.21; lat 6.8 + 2 × 3 × 1.0 = 12.8.
            COMPARE_CELL(t, "AllReduce", "Tree/LL", 12.8, 1.2);
            QCOMPARE(t.at("max_nthreads").at("Ring"), Json::parse("[512, 640, 256]"));
        }
        // Tree/Simple: 9.2 × 0.5 = 4.6; lat 2 × 3 × 28 = 168.0 (2.22) / 8.4 + 2 × 3 × 4.0 = 32.4 (2.30).
        const Json classic = tuningOf({pcie()});
        COMPARE_CELL(classic, "AllReduce", "Tree/Simple", 168.0, 4.6);
        const Json v230 = tuningOf({pcie(), "--set", "version=2.30"});
        COMPARE_CELL(v230, "AllReduce", "Tree/Simple", 32.4, 4.6);
    }

    // The text: rank 0's lines with NCCL's prefix after every other line; 16 lines in 2.22's two blocks,
    // 24 in 2.30's three (the PAT block's protocol line keeps nine columns).
    void tableLayoutPerVersion() {
        const std::string classic = run({dgx(), "--set", "tuning_subsys=true"});
        const std::string header =
            kPrefix + kAlgorithms1 + "\n" + kPrefix + kProtocols + "\n" + kPrefix +
            " Max NThreads |            512 |            640 |            512 |            512 |"
            "            640 |            512 |              0 |              0 |            640 |\n";
        QVERIFY(classic.find(header) != std::string::npos);
        QVERIFY(classic.find(kPrefix + kAlgorithms2 + "\n") != std::string::npos);
        QVERIFY(classic.find(kAlgorithms3) == std::string::npos);
        QCOMPARE(count(classic, kPrefix + kProtocols + "\n"), size_t(2));
        QVERIFY(classic.ends_with(kPrefix +
                                  "    AllReduce |     0.0/   0.0 |     0.0/   0.0 |    69.2/   0.0 |     0.0/"
                                  "   0.0 |     0.0/   0.0 |    25.0/ 266.7 |     0.0/   0.0 |     0.0/   0.0 |"
                                  "    25.0/   0.0 |\n"));
        const std::string v230 = run({dgx(), "--set", "tuning_subsys=true", "--set", "version=2.30"});
        QVERIFY(v230.find(kPrefix + kAlgorithms3 + "\n" + kPrefix + kProtocols + "\n" + kPrefix +
                          " Max NThreads |              0 |              0 |              0 |\n") != std::string::npos);
        QCOMPARE(count(v230, kPrefix + kProtocols + "\n"), size_t(3));
        QCOMPARE(count(v230, " NCCL INFO  Max NThreads |"), size_t(3));
    }

    // Off (the default), the lines and the JSON are what they were; on, the table only adds lines at the end.
    void offLeavesOutputUnchanged() {
        for (const std::string& file : {dgx(), pcie()}) {
            const std::string plain = run({file});
            QCOMPARE(run({file, "--set", "tuning_subsys=false"}), plain);
            const std::string tuned = run({file, "--set", "tuning_subsys=true"});
            QVERIFY(tuned.starts_with(plain));
            QCOMPARE(count(tuned.substr(plain.size()), "\n"), size_t(16));
            QVERIFY(plain.find("Max NThreads") == std::string::npos);
            const Json json = Json::parse(run({file, "--json"}));
            QVERIFY(!json.contains("tuning"));
            Json withTuning = Json::parse(run({file, "--json", "--set", "tuning_subsys=true"}));
            withTuning.erase("tuning");
            QCOMPARE(withTuning, json);
        }
    }

    // The inputs of two DGX nodes: ranks, servers, sm, the graphs as searched, CollNet and NVLS off.
    void inputsFollowTheGraphs() {
        TopoKeys keys;
        keys.search.nNodes = keys.postset.nNodes = 2;
        const TopologyModel model = buildTopologyModel(load("dgx_h100_nvswitch_8nic.xml"), keys);
        const auto in = tuningInputs(model, keys);
        QCOMPARE(in.nRanks, 16);
        QCOMPARE(in.nNodes, 2);
        QCOMPARE(in.maxLocalRanks, 8);
        QCOMPARE(in.minCompCap, 90);
        QCOMPARE(in.maxCompCap, 90);
        QCOMPARE(in.version.minor, 22);
        QCOMPARE(in.version.patch, 3);
        QCOMPARE(in.ringGraph.nChannels, static_cast<int>(model.ring.graph.channels.size()));
        QCOMPARE(in.treeGraph.pattern, static_cast<int>(model.tree.graph.pattern));
        QVERIFY(in.cpuVendor == commviz::nccl_tuning::CpuVendor::INTEL);
        QCOMPARE(in.nvlsGraph.nChannels, 8);  // NVLS on: a head per GPU (tst_nccl_topology_nvls)
        QCOMPARE(in.nvlsGraph.pattern, 5);
        QVERIFY(!in.collNet.enabled);
    }
};

QTEST_GUILESS_MAIN(TestTopologyTuning)
#include "tst_nccl_topology_tuning.moc"
