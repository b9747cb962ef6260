// The nccl-topology scene's engine: its stages in NCCL's order, the events each
// stage gives, what inspect() answers, and bad files and keys. Numbers are
// worked by hand from NCCL's rules (src/graph/topo.h bandwidths, paths.cc
// path types), not read back from the search.

#include <QtTest>
#include <cstdio>
#include <fstream>

#include "nccl/graph/bundled_files.h"
#include "nccl/topology_scene/topology_engine.h"
#include "nccl/topology_scene/topology_scene_model.h"
#include "topology_test_support.h"

using namespace commviz;
using namespace commviz::nccl_topology;
using topology_test::bundled;

namespace {

sim::Result<TopologyEngine> engineFor(sim::ParamValues set) {
    return TopologyEngine::create(sim::withDefaults(sceneModel().params, std::move(set)));
}

TopologyEngine mustCreate(sim::ParamValues set) {
    auto engine = engineFor(std::move(set));
    if (!engine) qFatal("%s", engine.error().message.c_str());
    return std::move(engine).value();
}

std::vector<sim::EventRecord> stepAll(TopologyEngine& engine) {
    std::vector<sim::EventRecord> records;
    while (!engine.done())
        for (const auto& event : engine.step()) records.push_back(TopologyEngine::describe(event));
    return records;
}

QStringList kindsOf(const std::vector<sim::EventRecord>& records) {
    QStringList kinds;
    for (const auto& record : records) kinds << QString::fromStdString(record.kind);
    return kinds;
}

int gpuIndex(const TopologyEngine& engine, int dev) { return topology_test::gpuNode(engine.run().model.system, dev); }

std::string writeTemp(const std::string& name, const std::string& text) {
    const std::string path = QDir::temp().filePath(QString::fromStdString(name)).toStdString();
    std::ofstream(path) << text;
    return path;
}

}  // namespace

class TopologyEngineTest : public QObject {
    Q_OBJECT

private slots:
    // Without keys the scene reads the bundled DGX H100 file, compiled in.
    void defaultIsTheBundledNvSwitchServer() {
        QVERIFY(bundledTopology(kDefaultTopology).has_value());
        QVERIFY(!bundledTopology("no_such_server.xml").has_value());
        TopologyEngine engine = mustCreate({});
        QCOMPARE(engine.run().files.topoFile, std::string("dgx_h100_nvswitch_8nic.xml"));
        QCOMPARE(engine.run().model.system.ofType(NodeType::GPU).size(), std::size_t(8));
    }

    // One step per stage, in initTransportsRank's order: ncclTopoGetSystemFromXml,
    // ncclTopoComputePaths, ncclTopoCompute for the ring then the tree,
    // ncclTopoPostset, ncclTransportP2pSetup.
    void stagesInNcclOrder() {
        TopologyEngine engine = mustCreate({});
        QVERIFY(!engine.lastStage());
        const auto records = stepAll(engine);
        QCOMPARE(kindsOf(records), (QStringList{"system_read", "paths_computed", "graph_searched", "graph_searched",
                                                "channels_postset", "transports_connected"}));
        QCOMPARE(records[0].anchor, std::string("ncclTopoGetSystemFromXml"));
        QCOMPARE(records[1].anchor, std::string("ncclTopoComputePaths"));
        QCOMPARE(records[2].anchor, std::string("ncclTopoCompute"));
        QCOMPARE(records[4].anchor, std::string("ncclTopoPostset"));
        QCOMPARE(records[5].anchor, std::string("ncclTransportP2pSetup"));
        QCOMPARE(records[2].fields["pattern"], sim::Json("RING"));
        QCOMPARE(records[3].fields["pattern"], sim::Json("BALANCED_TREE"));
        QVERIFY(engine.done());
        QVERIFY(engine.step().empty());
        QCOMPARE(*engine.lastStage(), TopologyStage::Connect);
        QVERIFY(engine.reached(TopologyStage::Tree));
        QVERIFY(!engine.reached(TopologyStage::LogRead));
    }

    // pcie_4gpu_2socket.xml, counted from the file: 4 GPUs, 2 CPUs, 2 PCIe
    // switches, 1 NIC with its NET. One-way links: CPU-switch 2+2, switch-GPU
    // 4+4, switch-NIC 2, NIC-NET 2, CPU-CPU (SYS) 2 = 18. GPU pairs: same switch
    // PIX at Gen3 x16 = 16*60/80 = 12 GB/s; across sockets SYS, capped by
    // Skylake's QPI at 10 GB/s; the default P2P level on Intel is PXB.
    void pcieServerStages() {
        TopologyEngine engine = mustCreate({{"topo_file", bundled("pcie_4gpu_2socket.xml")}});
        const auto records = stepAll(engine);
        const sim::Json& system = records[0].fields;
        QCOMPARE(system["gpus"], sim::Json(4));
        QCOMPARE(system["cpus"], sim::Json(2));
        QCOMPARE(system["pcis"], sim::Json(2));
        QCOMPARE(system["nics"], sim::Json(1));
        QCOMPARE(system["nets"], sim::Json(1));
        QCOMPARE(system["nvswitches"], sim::Json(0));
        QCOMPARE(system["links"], sim::Json(18));
        const sim::Json& paths = records[1].fields;
        QCOMPARE(paths["best_type"], sim::Json("PIX"));
        QCOMPARE(paths["worst_type"], sim::Json("SYS"));
        QCOMPARE(paths["min_bw"].get<double>(), 10.0);
        QCOMPARE(paths["max_bw"].get<double>(), 12.0);
        QCOMPARE(paths["p2p_level"], sim::Json("PXB"));
    }

    // dgx_h100_nvswitch_8nic.xml: every GPU reaches every other through the one
    // NVS node on 18 NVLinks at sm90's 20.6 GB/s = 370.8 GB/s, type NVL. Links:
    // per PCIe switch CPU, GPU, NIC (2 each way) + NIC-NET = 8, times 8 = 64;
    // GPU-NVS 16; CPU-CPU 2: 82.
    void nvSwitchServerStages() {
        TopologyEngine engine = mustCreate({});
        const auto records = stepAll(engine);
        QCOMPARE(records[0].fields["nvswitches"], sim::Json(1));
        QCOMPARE(records[0].fields["links"], sim::Json(82));
        QCOMPARE(records[1].fields["best_type"], sim::Json("NVL"));
        QCOMPARE(records[1].fields["worst_type"], sim::Json("NVL"));
        QVERIFY(qAbs(records[1].fields["min_bw"].get<double>() - 370.8) < 0.01);
        QVERIFY(qAbs(records[1].fields["max_bw"].get<double>() - 370.8) < 0.01);
    }

    // "path:A:B": GPU0 to GPU2 on the PCIe server is refused P2P (SYS > PXB), so
    // NCCL sends it through GPU2's CPU: GPU0, switch, CPU0, CPU1, switch, GPU2 (5 hops).
    void inspectsAPath() {
        TopologyEngine engine = mustCreate({{"topo_file", bundled("pcie_4gpu_2socket.xml")}});
        const int gpu0 = gpuIndex(engine, 0), gpu2 = gpuIndex(engine, 2);
        const sim::Json path = engine.inspect("path:" + std::to_string(gpu0) + ":" + std::to_string(gpu2));
        QCOMPARE(path["type"], sim::Json("SYS"));
        QCOMPARE(path["bw"].get<double>(), 10.0);
        QCOMPARE(path["hops"], sim::Json(5));
        QCOMPARE(path["route"].size(), std::size_t(6));
        QCOMPARE(path["route"].front(), sim::Json("GPU 0"));
        QCOMPARE(path["route"].back(), sim::Json("GPU 2"));
        QCOMPARE(path["via"], sim::Json("CPU 1"));
        QVERIFY(engine.inspect("path:0").is_null());
        QVERIFY(engine.inspect("path:0:9999").is_null());
        QVERIFY(engine.inspect("path:x:1").is_null());
    }

    // "node:N": a GPU's attributes and links; the H100's link to the NVS node is NVL 370.8.
    void inspectsANode() {
        TopologyEngine engine = mustCreate({});
        const sim::Json gpu = engine.inspect("node:" + std::to_string(gpuIndex(engine, 3)));
        QCOMPARE(gpu["label"], sim::Json("GPU 3"));
        QCOMPARE(gpu["attributes"]["sm"], sim::Json(90));
        QCOMPARE(gpu["attributes"]["rank"], sim::Json(3));
        bool nvlink = false;
        for (const auto& link : gpu["links"])
            if (link["type"] == "NVL") nvlink = qAbs(link["bw"].get<double>() - 370.8) < 0.01;
        QVERIFY(nvlink);
        QVERIFY(gpu["assumed"].empty());
        QVERIFY(engine.inspect("node:-1").is_null());
        QVERIFY(engine.inspect("node:").is_null());
        QVERIFY(engine.inspect("nothing").is_null());
        QVERIFY(!engine.inspect("system").is_null());
    }

    // partial_pcie_by_class.xml lists GPUs by PCI class only: NCCL would ask NVML
    // for the SM, so the key gpu_sm fills it and the node says so.
    void partialFileMarksAssumedValues() {
        TopologyEngine engine = mustCreate({{"topo_file", bundled("partial_pcie_by_class.xml")}, {"gpu_sm", 90}});
        const sim::Json gpu = engine.inspect("node:" + std::to_string(gpuIndex(engine, 0)));
        QCOMPARE(gpu["attributes"]["sm"], sim::Json(90));
        bool smAssumed = false;
        for (const auto& value : gpu["assumed"]) smAssumed = smAssumed || value["value"] == "90";
        QVERIFY2(smAssumed, gpu.dump().c_str());
        QVERIFY(!engine.summary()["assumed"].empty());
    }

    // NCCL_GRAPH_FILE: its ring (id 0) is drawn as written; the tree, absent, is searched.
    void graphFileReplacesTheRingSearch() {
        const std::string graph =
            writeTemp("commviz_topo_view_graph.xml",
                      "<graphs version=\"1\">\n"
                      " <graph id=\"0\" pattern=\"4\" crossnic=\"0\" nchannels=\"2\" "
                      "speedintra=\"12\" speedinter=\"12\" typeintra=\"PIX\" "
                      "typeinter=\"PIX\" samechannels=\"1\">\n"
                      "  <channel><gpu dev=\"0\"/><gpu dev=\"1\"/><gpu dev=\"3\"/><gpu dev=\"2\"/></channel>\n"
                      "  <channel><gpu dev=\"2\"/><gpu dev=\"3\"/><gpu dev=\"1\"/><gpu dev=\"0\"/></channel>\n"
                      " </graph>\n</graphs>\n");
        TopologyEngine engine = mustCreate({{"topo_file", bundled("pcie_4gpu_2socket.xml")}, {"graph_file", graph}});
        const auto records = stepAll(engine);
        std::remove(graph.c_str());
        QCOMPARE(records[2].anchor, std::string("ncclTopoGetGraphFromXml"));
        QCOMPARE(records[2].fields["from_file"], sim::Json(true));
        QCOMPARE(records[2].fields["nchannels"], sim::Json(2));
        QCOMPARE(records[2].fields["bw_intra"].get<double>(), 12.0);
        QCOMPARE(records[3].fields["from_file"], sim::Json(false));
        QCOMPARE(engine.run().model.ring.graph.channels[0].hops[2].dev, 3);
    }

    // A graph file that names a GPU twice and misses another is refused at
    // creation, naming the file and the channel's line, rather than joined
    // into a broken ring.
    void graphFileMissingAGpuIsRefused() {
        const std::string graph =
            writeTemp("commviz_topo_view_bad_graph.xml",
                      "<graphs version=\"1\">\n"
                      " <graph id=\"0\" pattern=\"4\" crossnic=\"0\" nchannels=\"1\" "
                      "speedintra=\"12\" speedinter=\"12\" typeintra=\"PIX\" "
                      "typeinter=\"PIX\" samechannels=\"1\">\n"
                      "  <channel><gpu dev=\"0\"/><gpu dev=\"1\"/><gpu dev=\"0\"/><gpu dev=\"3\"/></channel>\n"
                      " </graph>\n</graphs>\n");
        auto engine = engineFor({{"topo_file", bundled("pcie_4gpu_2socket.xml")}, {"graph_file", graph}});
        std::remove(graph.c_str());
        QVERIFY(!engine);
        const std::string& message = engine.error().message;
        QVERIFY2(message.find(graph + ":3:") != std::string::npos, message.c_str());
        QVERIFY2(message.find("exactly once") != std::string::npos, message.c_str());
    }

    // A log replaces the two searches with one stage that reads it.
    void logFileReplacesTheSearches() {
        const std::string log = writeTemp("commviz_topo_view.log", "host:1:1 [0] NCCL INFO Channel 00/02 : 0 1\n");
        TopologyEngine engine = mustCreate({{"log_file", log}});
        const auto records = stepAll(engine);
        std::remove(log.c_str());
        QCOMPARE(kindsOf(records), (QStringList{"system_read", "paths_computed", "log_read", "channels_postset",
                                                "transports_connected"}));
        QCOMPARE(records[2].fields["file"], sim::Json(log));
        QCOMPARE(records[3].fields["from_log"], sim::Json(true));
        QCOMPARE(engine.run().logFileText.size(), std::size_t(1));
    }

    // Bad files fail with the reader's message (file and line); bad keys name the key.
    void badInputFails() {
        const std::string broken =
            writeTemp("commviz_topo_view_bad.xml", "<system version=\"1\">\n  <cpu numaid=\"0\">\n");
        auto engine = engineFor({{"topo_file", broken}});
        std::remove(broken.c_str());
        QVERIFY(!engine);
        QVERIFY2(engine.error().message.find("commviz_topo_view_bad.xml") != std::string::npos,
                 engine.error().message.c_str());
        QVERIFY2(engine.error().message.find(".xml:2:") != std::string::npos, engine.error().message.c_str());
        QVERIFY(!engineFor({{"topo_file", "/no/such/file.xml"}}));
        // An empty topo_file without a log reads the bundled default server.
        auto empty = engineFor({{"topo_file", ""}});
        QVERIFY(empty);
        QCOMPARE(empty.value().summary()["topo_file"].get<std::string>(), std::string("dgx_h100_nvswitch_8nic.xml"));
        QVERIFY(!engineFor({{"graph_file", "/no/such/graph.xml"}}));
        auto model = sceneModel();
        auto bad = model.build({{"nnodes", 0}}, std::nullopt);
        QVERIFY(!bad);
        QVERIFY2(bad.error().message.find("nnodes") != std::string::npos, bad.error().message.c_str());
    }

    // Every copy shares the run; stepping one leaves the other where it was.
    void copiesShareTheRun() {
        TopologyEngine engine = mustCreate({});
        TopologyEngine copy = engine;
        engine.step();
        QCOMPARE(copy.stagesDone(), 0);
        QCOMPARE(engine.stagesDone(), 1);
        QCOMPARE(copy.sharedRun().get(), engine.sharedRun().get());
    }
};

QTEST_GUILESS_MAIN(TopologyEngineTest)
#include "tst_nccl_topology_engine.moc"
