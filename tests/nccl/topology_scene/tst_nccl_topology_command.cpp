// `commviz nccl-topo FILE.xml [--set key=value]... [--json]` through
// runNcclTopoCommand: the JSON's shape, the plain log, and one clear failing line
// for a bad key, value, option or file.

#include <QtTest>
#include <sstream>

#include "nccl/topology_scene/nccl_topo_command.h"
#include "sim/json.h"
#include "topology_test_support.h"

using namespace commviz::nccl_topology;
using namespace topology_test;

namespace {

struct Run {
    bool ok = false;
    std::string out;
    std::string error;
};

Run run(const std::vector<std::string>& args) {
    std::ostringstream out;
    auto status = runNcclTopoCommand(args, out);
    return {static_cast<bool>(status), out.str(), status ? std::string() : status.error().message};
}

}  // namespace

class TestTopologyCommand : public QObject {
    Q_OBJECT
private slots:
    // nvlink_pair: CPU, two GPUs, NIC, NET = 5 nodes; GPU0-GPU1 NVL 12 x 20 = 240
    // GB/s; GPU0-NET0 PHB, without GDR staged through the CPU at 24 GB/s.
    void jsonShape() {
        const Run result = run({bundled("nvlink_pair.xml"), "--json", "--set", "version=2.30"});
        QVERIFY2(result.ok, result.error.c_str());
        const auto json = commviz::sim::Json::parse(result.out);
        for (const char* key :
             {"version", "nodes", "links", "paths", "graphs", "channels", "connections", "assumed", "unknown"})
            QVERIFY2(json.contains(key), key);
        QCOMPARE(json["version"].get<std::string>(), std::string("2.30"));
        QCOMPARE(json["nodes"].size(), size_t(5));
        QCOMPARE(json["nodes"][1]["type"].get<std::string>(), std::string("GPU"));
        QCOMPARE(json["nodes"][1]["id"].get<std::string>(), std::string("GPU/0-17000"));
        QCOMPARE(json["nodes"][1]["attributes"]["sm"].get<int>(), 80);
        const auto& gpuGpu = json["paths"]["gpu_gpu"]["cells"];
        QCOMPARE(gpuGpu[0][1]["type"].get<std::string>(), std::string("NVL"));
        QCOMPARE(gpuGpu[0][1]["bw"].get<double>(), 240.0);
        const auto& gpuNet = json["paths"]["gpu_net"]["cells"];
        QCOMPARE(gpuNet[0][0]["type"].get<std::string>(), std::string("PHB"));
        QCOMPARE(gpuNet[0][0]["bw"].get<double>(), 24.0);
        for (const char* graph : {"ring", "tree"})
            for (const char* key : {"pattern", "nChannels", "bwIntra", "bwInter", "typeIntra", "typeInter", "channels"})
                QVERIFY2(json["graphs"][graph].contains(key), key);
        // However the search orders two GPUs, the ring joins them both ways over NVLink.
        QVERIFY(!json["connections"].empty());
        QCOMPARE(json["connections"][0]["transport"].get<std::string>(), std::string("P2P"));
        QCOMPARE(json["connections"][0]["via"].get<std::string>(), std::string("P2P/CUMEM/read"));
    }

    // NCCL_CUMEM_ENABLE=0: p2pSendSetup shares the buffer through legacy CUDA IPC, and the
    // line says so (NCCL src/transport/p2p.cc); the two sm80 GPUs over NVLink still read.
    void cumemDisabledPrintsIpc() {
        const Run legacy = run({bundled("nvlink_pair.xml"), "--set", "cumem_enable=false"});
        QVERIFY2(legacy.ok, legacy.error.c_str());
        QVERIFY(legacy.out.find("NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IPC/read\n") != std::string::npos);
        QVERIFY(legacy.out.find("P2P/CUMEM") == std::string::npos);
    }

    // Plain output: NCCL's prefix on every line; the system print only with graph_subsys.
    // One server, 2.22: ncclTopoTrimSystem has removed the NET, so ncclTopoSearchInit
    // takes maxBw from the GPU paths (NVL 12 x 20 = 240), not GPU->NET (24).
    void plainLog() {
        const Run plain = run({bundled("nvlink_pair.xml")});
        QVERIFY2(plain.ok, plain.error.c_str());
        QVERIFY(plain.out.find("node0:4000:4000 [0] NCCL INFO Connected all rings\n") != std::string::npos);
        QVERIFY(plain.out.find("=== System") == std::string::npos);
        const Run graph = run({bundled("nvlink_pair.xml"), "--set=graph_subsys=true"});
        QVERIFY(graph.out.find("node0:4000:4000 [0] NCCL INFO === System : maxBw 240.0 totalBw 240.0 ===\n") !=
                std::string::npos);
    }

    // The overview comes first, each line marked '#', then NCCL's own lines. nvlink_pair by hand: two
    // sm80 GPUs joined by 12 NVLinks of 20 GB/s, one NIC, one CPU, no PCIe switch; one server of two.
    void overviewBeforeTheLog() {
        const Run plain = run({bundled("nvlink_pair.xml")});
        QVERIFY2(plain.ok, plain.error.c_str());
        std::istringstream lines(plain.out);
        std::vector<std::string> head(7);
        for (std::string& line : head) std::getline(lines, line);
        QCOMPARE(head[0], std::string("# nvlink_pair.xml: 1 server x 2 GPUs = 2 ranks (NCCL 2.22.3's rules)"));
        QCOMPARE(head[1],
                 std::string("# 2 GPUs (sm 80), 1 NIC, 1 CPU, 0 PCIe switches; NVLink to 1 GPU, 240.0 GB/s per GPU"));
        QVERIFY(head[2].rfind("# graphs: ring ", 0) == 0);
        QVERIFY(head[3].find("connections: P2P ") != std::string::npos);
        QCOMPARE(head[4], std::string("# nothing assumed: every value came from the file"));
        QCOMPARE(head[5], std::string("# the INFO lines NCCL would print follow"));
        QVERIFY(head[6].rfind("node0:4000:4000 [0] NCCL INFO ", 0) == 0);
        const Run partial = run({bundled("partial_pcie_by_class.xml")});
        QVERIFY(partial.out.find("values assumed, e.g. ") != std::string::npos);
    }

    void badInputFailsWithOneLine() {
        const std::string file = bundled("nvlink_pair.xml");
        const Run unknownKey = run({file, "--set", "colour=red"});
        QVERIFY(!unknownKey.ok);
        QVERIFY(unknownKey.error.find("colour") != std::string::npos);
        const Run badValue = run({file, "--set", "nnodes=0"});
        QVERIFY(!badValue.ok);
        QVERIFY(badValue.error.find("nnodes") != std::string::npos);
        QVERIFY(badValue.error.find("1 to 1024") != std::string::npos);
        const Run notAssignment = run({file, "--set", "nnodes"});
        QVERIFY(!notAssignment.ok);
        const Run missingSet = run({file, "--set"});
        QVERIFY(!missingSet.ok);
        QVERIFY(missingSet.error.find("--set needs key=value") != std::string::npos);
        const Run badOption = run({file, "--yaml"});
        QVERIFY(!badOption.ok);
        QVERIFY(badOption.error.find("--yaml") != std::string::npos);
        const Run noFile = run({"--json"});
        QVERIFY(!noFile.ok);
        QVERIFY(noFile.error.find("missing FILE.xml") != std::string::npos);
        const Run missing = run({"/nonexistent/server.xml"});
        QVERIFY(!missing.ok);
        QVERIFY(missing.error.find("/nonexistent/server.xml") != std::string::npos);
        for (const Run& failed : {unknownKey, badValue, notAssignment, missingSet, badOption, noFile, missing}) {
            QVERIFY(failed.out.empty());
            QVERIFY(failed.error.find('\n') == std::string::npos);
            QVERIFY(failed.error.rfind("nccl-topo: ", 0) == 0);
        }
    }

    // A file that is not topology XML names the file.
    void badXmlNamesFile() {
        const QString path = QDir::temp().filePath("commviz-topo-log-bad.xml");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("<system version=\"1\"><cpu numaid=\"x\"/>");
        file.close();
        const Run result = run({path.toStdString()});
        QVERIFY(!result.ok);
        QVERIFY(result.error.find(path.toStdString()) != std::string::npos);
        QFile::remove(path);
    }
};

QTEST_GUILESS_MAIN(TestTopologyCommand)
#include "tst_nccl_topology_command.moc"
