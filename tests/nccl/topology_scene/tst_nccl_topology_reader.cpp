// The topology file reader: what a partial dump becomes, what is kept and listed,
// and the error a person gets for each kind of bad file (line, element, attribute).

#include <cstdio>

#include "topology_test_support.h"

using namespace topology_test;

namespace {

const char* kCpuOpen = R"(<cpu numaid="0" affinity="ff" arch="x86_64" vendor="AuthenticAMD">)";

std::string errorOf(const std::string& text) {
    auto system = parseTopoXml(text, "t.xml");
    return system ? std::string("(no error)") : system.error().message;
}

// A one-GPU system whose <pci> (line 3) and <gpu> (line 4) can be varied.
std::string withGpu(const std::string& pciAttributes, const std::string& gpuAttributes) {
    return std::string("<system version=\"1\">\n") + kCpuOpen + "\n<pci " + pciAttributes + ">\n<gpu " + gpuAttributes +
           "/>\n</pci>\n</cpu>\n</system>\n";
}

const std::string kGoodPci = R"(busid="0000:17:00.0" class="0x030200" link_speed="16.0 GT/s PCIe" link_width="16")";
const std::string kGoodGpu = R"(dev="0" sm="80" rank="0" gdr="1")";

}  // namespace

class TstNcclTopologyReader : public QObject {
    Q_OBJECT
private slots:
    void readsAWellFormedFile() {
        auto system = parseTopoXml(withGpu(kGoodPci, kGoodGpu), "t.xml");
        QVERIFY2(system.ok(), system ? "" : system.error().message.c_str());
        QCOMPARE(system->ofType(NodeType::GPU).size(), size_t(1));
        QCOMPARE(system->ofType(NodeType::CPU).size(), size_t(1));
        const TopoNode& gpu = system->nodes[system->ofType(NodeType::GPU)[0]];
        QCOMPARE(gpu.line, 4);
        QCOMPARE(gpu.busId, std::string("0000:17:00.0"));
        QVERIFY(system->assumed.empty());
        QVERIFY(system->unknown.empty());
    }

    void malformedXmlNamesTheLine() {
        QCOMPARE(errorOf("<system version=\"1\">\n<cpu numaid=\"0\">\n</system>\n"),
                 std::string("t.xml:3: malformed XML: Start-end tags mismatch"));
        QVERIFY(errorOf("<system version=\"1\">\n<cpu numaid=\"0 arch=\"x\"/>\n</system>").rfind("t.xml:2:", 0) == 0);
    }

    void badAttributeValuesNameLineElementAndAttribute() {
        QCOMPARE(errorOf(withGpu(kGoodPci, R"(dev="0" sm="eighty" rank="0" gdr="1")")),
                 std::string("t.xml:4: <gpu> attribute 'sm': 'eighty' is not an integer"));
        QCOMPARE(errorOf(withGpu(kGoodPci, R"(dev="0" sm="80" rank="0")")),
                 std::string("t.xml:4: <gpu> attribute 'gdr': missing (an integer is expected)"));
        QCOMPARE(errorOf(withGpu(R"(busid="0000:17:00.0" class="GPU")", kGoodGpu)),
                 std::string("t.xml:3: <pci> attribute 'class': 'GPU' is not a hex code like 0x060400"));
        QCOMPARE(errorOf(withGpu(R"(busid="17:00" class="0x030200")", kGoodGpu)),
                 std::string("t.xml:3: <pci> attribute 'busid': '17:00' is not a PCI address like 0000:18:00.0"));
        QCOMPARE(errorOf(withGpu(R"(busid="0000:17:00.0" class="0x030200" link_width="x16")", kGoodGpu)),
                 std::string("t.xml:3: <pci> attribute 'link_width': 'x16' is not an integer"));
        QCOMPARE(errorOf("<system version=\"1\">\n<cpu numaid=\"0\" arch=\"sparc\"/>\n</system>"),
                 std::string("t.xml:2: <cpu> attribute 'arch': 'sparc' is not x86_64, arm64 or ppc64"));
        QCOMPARE(errorOf("<system version=\"1\">\n<cpu arch=\"x86_64\"/>\n</system>"),
                 std::string("t.xml:2: <cpu> attribute 'numaid': missing (an integer is expected)"));
        QCOMPARE(errorOf("<system>\n</system>"),
                 std::string("t.xml:1: <system> attribute 'version': missing (an integer is expected)"));
        QCOMPARE(errorOf("<graphs version=\"1\"/>"),
                 std::string("t.xml:1: <graphs>: the root element must be <system version=\"1\">"));
    }

    void badNvLinkAndNetValues() {
        std::string nvlink = std::string("<system version=\"1\">\n") + kCpuOpen + "\n<pci " + kGoodPci + ">\n<gpu " +
                             kGoodGpu + ">\n<nvlink target=\"0000:18:00.0\" count=\"0\" tclass=\"0x030200\"/>\n" +
                             "</gpu>\n</pci>\n</cpu>\n</system>\n";
        QCOMPARE(errorOf(nvlink), std::string("t.xml:5: <nvlink> attribute 'count': expected 1 to 64 links"));
        std::string net = std::string("<system version=\"1\">\n") + kCpuOpen +
                          "\n<pci busid=\"0000:ca:00.0\" class=\"0x020700\">\n<nic>\n"
                          "<net name=\"mlx5_0\" dev=\"0\" speed=\"fast\"/>\n</nic>\n</pci>\n</cpu>\n</system>\n";
        QCOMPARE(errorOf(net), std::string("t.xml:5: <net> attribute 'speed': 'fast' is not an integer"));
    }

    // NCCL_TOPO_MAX_NODES is 640 in NCCL 2.30: 641 GPUs under one CPU are refused
    // before any link is made (an NVSwitch fill would link every pair).
    void moreNodesOfOneTypeThanNcclHoldsAreRefused() {
        std::string gpus = std::string("<system version=\"1\">\n") + kCpuOpen + "\n";
        for (int i = 0; i < 641; ++i) {
            char busId[16];
            std::snprintf(busId, sizeof busId, "0000:%02x:%02x.0", i / 32, i % 32);
            gpus += std::string("<pci busid=\"") + busId + "\" class=\"0x030200\"><gpu dev=\"" + std::to_string(i) +
                    "\" sm=\"80\" gdr=\"1\"/></pci>\n";
        }
        gpus += "</cpu>\n</system>\n";
        QCOMPARE(errorOf(gpus),
                 std::string("t.xml: 641 GPU nodes; allowed: at most 640 of one type (NCCL_TOPO_MAX_NODES; "
                             "NCCL fails with 'tried to create too many nodes')"));
    }

    void boundsAgainstAbsurdFiles() {
        std::string deep = "<system version=\"1\">";
        for (int i = 0; i < 40; ++i) deep += "<x>";
        for (int i = 0; i < 40; ++i) deep += "</x>";
        deep += "</system>";
        QVERIFY(errorOf(deep).find("nesting deeper than 32 levels") != std::string::npos);
        std::string wide = "<system version=\"1\">\n";
        for (int i = 0; i < 20001; ++i) wide += "<x/>\n";
        wide += "</system>";
        QVERIFY(errorOf(wide).find("t.xml:20001: <x>: more than 20000 elements") != std::string::npos);
    }

    void unknownElementsAndAttributesAreListed() {
        std::string text = std::string("<system version=\"1\" flavour=\"new\">\n") + kCpuOpen + "\n<pci " + kGoodPci +
                           " colour=\"red\">\n<gpu " + kGoodGpu + "/>\n<widget/>\n</pci>\n</cpu>\n<rack/>\n</system>\n";
        auto system = parseTopoXml(text, "t.xml");
        QVERIFY(system.ok());
        QCOMPARE(system->unknown.size(), size_t(4));
        QCOMPARE(system->unknown[0].attribute, std::string("flavour"));
        QCOMPARE(system->unknown[1].line, 3);
        QCOMPARE(system->unknown[1].attribute, std::string("colour"));
        QCOMPARE(system->unknown[2].element, std::string("widget"));
        QCOMPARE(system->unknown[2].line, 5);
        QCOMPARE(system->unknown[3].element, std::string("rack"));
        QCOMPARE(system->ofType(NodeType::GPU).size(), size_t(1));
    }

    // The partial file lists 4 NVIDIA GPUs (class 0x030200), 2 NICs (0x020700),
    // 2 bridges (0x060400) and an ASPEED VGA controller (0x030000, vendor 0x1a03).
    // Class decides: 4 GPUs, 2 NIC+NET pairs, 2 PCI switches; the VGA is not a GPU.
    void partialDumpIsReadByClass() {
        TopoSystem system = load("partial_pcie_by_class.xml");
        QCOMPARE(system.ofType(NodeType::GPU).size(), size_t(4));
        QCOMPARE(system.ofType(NodeType::NIC).size(), size_t(2));
        QCOMPARE(system.ofType(NodeType::NET).size(), size_t(2));
        QCOMPARE(system.ofType(NodeType::PCI).size(), size_t(2));
        QCOMPARE(system.ofType(NodeType::NVS).size(), size_t(0));
        const TopoNode& gpu2 = system.nodes[gpuNode(system, 2)];
        QCOMPARE(gpu2.busId, std::string("0000:43:00.0"));
        QCOMPARE(gpu2.sm, 80);
        QCOMPARE(gpu2.rank, 2);
        const TopoNode& net1 = system.nodes[netNode(system, 1)];
        QVERIFY(std::abs(net1.bw - 12.5f) < 1e-6f);  // 100000 Mb/s / 8000
        // Per GPU: dev/rank, sm, gdr; per NIC: dev, speed, gdr -> 4*3 + 2*3 = 18.
        QCOMPARE(system.assumed.size(), size_t(18));
        bool smAssumed = false;
        for (const AssumedValue& value : system.assumed)
            if (value.what == "sm" && value.value == "80") smAssumed = true;
        QVERIFY(smAssumed);
        TopoAssumptions keys;
        keys.gpuSm = 90;
        keys.nicSpeedMbps = 400000;
        system = load("partial_pcie_by_class.xml", keys);
        QCOMPARE(system.nodes[gpuNode(system, 0)].sm, 90);
        QVERIFY(std::abs(system.nodes[netNode(system, 0)].bw - 50.0f) < 1e-6f);
    }

    void hybridCubeMeshKeyNeedsEightGpus() {
        TopoAssumptions keys;
        keys.nvlink = NvLinkFill::HybridCubeMesh;
        auto system = readTopoFile(bundled("partial_pcie_by_class.xml"), keys);
        QVERIFY(!system.ok());
        QVERIFY(system.error().message.find("needs 8 GPUs, the file has 4") != std::string::npos);
    }

    void everyBundledFileLoads() {
        for (const char* name : {"nvlink_pair.xml", "pcie_4gpu_2socket.xml", "dgx1_hybrid_cube_mesh.xml",
                                 "dgx_h100_nvswitch_8nic.xml", "partial_pcie_by_class.xml"}) {
            auto system = readTopoFile(bundled(name));
            QVERIFY2(system.ok(), name);
            QVERIFY2(system->unknown.empty(), name);
        }
        QCOMPARE(load("dgx_h100_nvswitch_8nic.xml").ofType(NodeType::GPU).size(), size_t(8));
        QCOMPARE(load("dgx_h100_nvswitch_8nic.xml").ofType(NodeType::NET).size(), size_t(8));
    }
};

QTEST_APPLESS_MAIN(TstNcclTopologyReader)
#include "tst_nccl_topology_reader.moc"
