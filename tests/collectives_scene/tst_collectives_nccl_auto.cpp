// Proves that library=nccl with a server picks algorithm and protocol as NCCL's tuner does (the rules of
// 2.22.3, the nccl-topology scene's default "classic" release), on three servers worked by hand from
// tuning.cc (ncclTopoTuneModel, ncclTopoGetAlgoTime) and the GRAPH lines `commviz nccl-topo FILE
// --set graph_subsys=true` prints for them:
//   pcie_4gpu_2socket.xml: 4 × sm70, ring and tree 1 channel, bw 10/10, type SYS/PIX, tree pattern 1.
//   dgx_h100_nvswitch_8nic.xml: 8 × sm90, ring and tree 12 channels, bw 30/30, NVL/PIX, tree pattern 1.
//   the same, nnodes=2: ring and tree 8 channels, bw 48/48, NVL/PIX, tree pattern 3 (TREE); comm 16 channels.
// Also: NCCL_ALGO/NCCL_PROTO-like restrictions through `algorithm` and `protocol`, the refusal of ranks
// that are not GPUs × nodes, and a pick the scene does not animate.

#include <QtTest>

#include "collectives_scene/collectives_scene_model.h"
#include "collectives_scene/nccl_auto_choice.h"
#include "sim/session.h"

using namespace commviz;
using namespace commviz::collectives;

namespace {

sim::Result<std::unique_ptr<sim::Session>> build(sim::ParamValues values) {
    values.emplace("library", "nccl");
    return sceneModel().build(values, std::nullopt);
}

sim::Json summaryOf(sim::ParamValues values) {
    auto session = build(std::move(values));
    if (!session) qFatal("%s", session.error().message.c_str());
    return session.value()->summary();
}

// "Ring/LL" from the summary's animated algorithm (the scene's name) and protocol (NCCL's).
std::string pickOf(const sim::Json& summary) {
    const std::string algorithm = summary["algorithm"].get<std::string>();
    return (algorithm == "tree" ? "Tree/" : "Ring/") + summary["protocol"].get<std::string>();
}

sim::ParamValues pcie(std::int64_t bytes) {
    return {{"topo_file", "pcie_4gpu_2socket.xml"}, {"ranks", 4}, {"bytes", bytes}};
}
sim::ParamValues dgx(std::int64_t bytes) { return {{"topo_file", "dgx_h100_nvswitch_8nic.xml"}, {"bytes", bytes}}; }
sim::ParamValues twoDgx(std::int64_t bytes) {
    return {{"topo_file", "dgx_h100_nvswitch_8nic.xml"}, {"nnodes", 2}, {"ranks", 16}, {"bytes", bytes}};
}

const sim::Json* candidate(const sim::Json& summary, const std::string& algorithm, const std::string& protocol) {
    for (const sim::Json& entry : summary["candidates"])
        if (entry["algorithm"] == algorithm && entry["protocol"] == protocol) return &entry;
    return nullptr;
}

void compareCell(const sim::Json& summary, const char* algorithm, const char* protocol, double latency,
                 double bandwidth) {
    const sim::Json* cell = candidate(summary, algorithm, protocol);
    QVERIFY2(cell, protocol);
    QVERIFY(qAbs((*cell)["latency_us"].get<double>() - latency) < 1e-3);
    QVERIFY(qAbs((*cell)["bandwidth_GBps"].get<double>() - bandwidth) < 1e-3);
}

}  // namespace

class CollectivesNcclAutoTest : public QObject {
    Q_OBJECT

private slots:
    void pcieNodeCells() {
        // nsteps = 2(4-1) = 6; typeIntra SYS is not NVL: hw PCI. LL128 needs typeIntra <= NVB: off.
        // Ring/LL: busBw = min(llMaxBw 39, 1 × 10 × 0.5) = 5, algBw = 5 × 4/6; lat = 6.6 + 6 × 1.0.
        // Ring/Simple: algBw = 10 × 4/6; lat = 8.4 + 6 × 5.7.
        // Tree: busBw = min(10 × 0.92, 1 × 26.5) = 9.2; LL: min(9.2/3.8, 39); algBw × 0.5.
        //   lat LL = 6.8 + 2 × (3 × 1.0 + 0); Simple (2.22: base 0, hw 28) = 2 × 3 × 28.
        const sim::Json summary = summaryOf(pcie(65536));
        QCOMPARE(summary["candidates"].size(), std::size_t(4));
        compareCell(summary, "Ring", "LL", 12.6, 5.0 * 4 / 6);
        compareCell(summary, "Ring", "Simple", 42.6, 10.0 * 4 / 6);
        compareCell(summary, "Tree", "LL", 12.8, 9.2 / 3.8 * 0.5);
        compareCell(summary, "Tree", "Simple", 168.0, 4.6);
        QVERIFY(!candidate(summary, "Ring", "LL128"));
        QCOMPARE(summary["nchannels"].get<int>(), 2);  // comm->nChannels: the one ring channel, doubled
    }

    void pcieNodeCrossover() {
        // Ring/LL 12.6 + S/3333.3 meets Ring/Simple 42.6 + S/6666.7 at S = 30 × 6666.7 = 200,000 B; the
        // tree never wins (Tree/LL's latency 12.8 is already above the ring's, its bandwidth lower).
        QCOMPARE(pickOf(summaryOf(pcie(199000))), std::string("Ring/LL"));
        QCOMPARE(pickOf(summaryOf(pcie(201000))), std::string("Ring/Simple"));
        // At 64 KiB: Ring/LL 12.6 + 19.66 = 32.3 µs, Ring/Simple 42.6 + 9.83 = 52.4 µs; 200,000 B = 195 KiB.
        QCOMPARE(summaryOf(pcie(65536))["rule"].get<std::string>(),
                 std::string("Ring/LL: 32.3 µs, ahead of Ring/Simple at 52.4 µs; Simple needs 195 KiB to win"));
    }

    void nvswitchNodeCells() {
        // Hopper, 1 node: llMaxBw 141, perChMaxRingLL128 36.7, perChMaxTree 38.7; busBw = 12 × 30 = 360.
        // Ring: LL min(141, 180) × 8/14; LL128 min(331.2, 440.4) × 8/14; Simple 360 × 8/14.
        //   lat: 6.6 + 14 × 0.6; 14 + 14 × 1.9; 8.4 + 14 × 3.4.
        // Tree: busBw min(331.2, 464.4) = 331.2; LL /3.8; LL128 × 7/9 (1 node) = 257.6; all × 0.5.
        //   lat: 6.8 + 2 × 7 × 0.6; 14 + 2 × 7 × 1.25; 0 + 2 × 7 × 28.
        const sim::Json summary = summaryOf(dgx(1 << 20));
        QCOMPARE(summary["candidates"].size(), std::size_t(6));
        compareCell(summary, "Ring", "LL", 15.0, 141.0 * 8 / 14);
        compareCell(summary, "Ring", "LL128", 40.6, 331.2 * 8 / 14);
        compareCell(summary, "Ring", "Simple", 56.0, 360.0 * 8 / 14);
        compareCell(summary, "Tree", "LL", 15.2, 331.2 / 3.8 * 0.5);
        compareCell(summary, "Tree", "LL128", 31.5, 128.8);
        compareCell(summary, "Tree", "Simple", 392.0, 165.6);
        QCOMPARE(summary["nchannels"].get<int>(), 24);
    }

    // NVLS on the same node (an NVSwitch and sm90): 8 heads × min(40, 60) GB/s = 320, × 5/6 = 266.7;
    // lat hwLat[NVL][NVLS][Simple] 25. The switch reduces floats, not the default int8
    // (ncclNvlsSupported), so NCCL prices NVLS here only for datatype=float.
    void nvlsOnTheNvswitchNode() {
        sim::ParamValues floats = dgx(1 << 20);
        floats["datatype"] = "float";
        const sim::Json summary = summaryOf(floats);
        QCOMPARE(summary["candidates"].size(), std::size_t(7));
        compareCell(summary, "NVLS", "Simple", 25.0, 320.0 * 5 / 6);
        // Ring/LL 15 + S/80571 meets NVLS/Simple 25 + S/266667 at S = 10 / (1/80571 - 1/266667)
        // = 1,154,550 B = 1.10 MiB. 1 MiB: Ring/LL 15 + 13.01 = 28.0 µs; NVLS/Simple 25 + 3.93 = 28.9 µs.
        QCOMPARE(summary["rule"].get<std::string>(),
                 std::string("Ring/LL: 28.0 µs, ahead of NVLS/Simple at 28.9 µs; NVLS/Simple needs 1.1 MiB to win"));
        floats["bytes"] = 1100000;  // 28.65 against 29.13 µs
        QCOMPARE(pickOf(summaryOf(floats)), std::string("Ring/LL"));
        floats["bytes"] = 1200000;  // 29.89 against 29.50 µs: NCCL takes NVLS, the scene animates Ring/LL
        QCOMPARE(summaryOf(floats)["nccl_pick"].get<std::string>(), std::string("NVLS/Simple"));
        floats["nvls_enable"] = 0;  // NCCL_NVLS_ENABLE=0: Ring/LL as for int8
        QCOMPARE(pickOf(summaryOf(floats)), std::string("Ring/LL"));
        floats["datatype"] = "int8";
        floats["nvls_enable"] = 2;
        QCOMPARE(pickOf(summaryOf(floats)), std::string("Ring/LL"));
    }

    void nvswitchNodeCrossover() {
        // Ring/LL 15 + S/80571 meets Ring/LL128 40.6 + S/189257 at S = 25.6 / (1/80571 - 1/189257)
        // = 3,591,700 B = 3.43 MiB. At 3.5 MB: 58.44 against 59.09 µs; at 3.7 MB: 60.92 against 60.15 µs.
        QCOMPARE(pickOf(summaryOf(dgx(3500000))), std::string("Ring/LL"));
        QCOMPARE(pickOf(summaryOf(dgx(3700000))), std::string("Ring/LL128"));
        // 1 MiB: Ring/LL 15 + 13.01 = 28.0 µs; Tree/LL128 31.5 + S/(128,800 × 0.6 at 2^14 × 64 B) = 45.1 µs.
        QCOMPARE(summaryOf(dgx(1 << 20))["rule"].get<std::string>(),
                 std::string("Ring/LL: 28.0 µs, ahead of Tree/LL128 at 45.1 µs; LL128 needs 3.43 MiB to win"));
    }

    void twoNodesOverIbCells() {
        // 2 nodes: bw = bwIntra 48, busBw = 8 × 48 = 384, index2 = 1. 2.22 counts 2 × nNodes = 4 inter steps
        // of the 30; netOverhead 1 µs (Intel). Ring/LL128: min(353.28, 8 × 36.7) × 16/30;
        //   lat 14 + 26 × max(1.9, 1) + 4 × 4.0 = 79.4. Ring/Simple: 384 × 16/30; lat 8.4 + 26 × 3.4 + 4 × 14.
        // Tree (pattern TREE, × 0.85): min(353.28, 8 × 41.4) = 331.2; LL128 min(331.2 × 120/128, 8 × 36.7)
        //   = 293.6 × 0.85 × 0.5; lat 14 + 2 × (7 × 1.25 + 1 × 8.5) = 48.5. Simple 331.2 × 0.85 × 0.5;
        //   lat 2 × (7 × 28 + 28) = 448.
        const sim::Json summary = summaryOf(twoDgx(1 << 20));
        compareCell(summary, "Ring", "LL128", 79.4, 293.6 * 16 / 30);
        compareCell(summary, "Ring", "Simple", 152.8, 384.0 * 16 / 30);
        compareCell(summary, "Tree", "LL128", 48.5, 293.6 * 0.85 * 0.5);
        compareCell(summary, "Tree", "Simple", 448.0, 331.2 * 0.85 * 0.5);
        QCOMPARE(summary["comm_nchannels"].get<int>(), 16);
    }

    void twoNodesOverIbCrossover() {
        // From 8 MiB (2^17 × 64 B) Tree/LL128's correction is 0.9: 48.5 + S/112,302 meets Ring/LL128
        // 79.4 + S/156,587 at S = 30.9 / (1/112302 - 1/156587) = 12,269,900 B = 11.7 MiB (Ring/Simple,
        // 152.8 × 1.4 plateau + S/204,800, is 274 µs there). At 12.0 MB: 155.35 against 156.03 µs; at
        // 12.5 MB: 159.81 against 159.23 µs.
        QCOMPARE(pickOf(summaryOf(twoDgx(12000000))), std::string("Tree/LL128"));
        QCOMPARE(pickOf(summaryOf(twoDgx(12500000))), std::string("Ring/LL128"));
        const std::string rule = summaryOf(twoDgx(1 << 20))["rule"].get<std::string>();
        QVERIFY2(rule.find("Ring needs 11.7 MiB to win") != std::string::npos, rule.c_str());
    }

    void algorithmAndProtocolRestrictLikeNcclAlgoAndProto() {
        // algorithm=tree is NCCL_ALGO=Tree: at 1 MiB Tree/LL 15.2 + S/(43,579 × 0.5) = 63.3 µs,
        // Tree/LL128 45.1 µs, Tree/Simple 392 + S/(165,600 × 0.5) = 404.7 µs.
        sim::ParamValues tree = dgx(1 << 20);
        tree.emplace("algorithm", "tree");
        const sim::Json treeOnly = summaryOf(tree);
        QCOMPARE(treeOnly["candidates"].size(), std::size_t(3));
        QCOMPARE(pickOf(treeOnly), std::string("Tree/LL128"));
        // protocol=simple is NCCL_PROTO=Simple: Ring/Simple 61.1 µs against Tree/Simple 404.7 µs.
        sim::ParamValues simple = dgx(1 << 20);
        simple.emplace("protocol", "simple");
        const sim::Json simpleOnly = summaryOf(simple);
        QCOMPARE(simpleOnly["candidates"].size(), std::size_t(2));
        QCOMPARE(pickOf(simpleOnly), std::string("Ring/Simple"));
    }

    void ranksMustBeGpusTimesNodes() {
        sim::ParamValues values = twoDgx(1024);
        values["ranks"] = 8;
        auto refused = build(values);
        QVERIFY(!refused);
        const std::string& message = refused.error().message;
        for (const char* part : {"ranks=8", "topo_file=dgx_h100_nvswitch_8nic.xml", "nnodes=2", "8 x 2 = 16"})
            QVERIFY2(message.find(part) != std::string::npos, message.c_str());
        // Without a server the ranks are free and auto is refused: the tuner has no graphs to read.
        QVERIFY(build({{"topo_file", ""}, {"ranks", 4}, {"algorithm", "ring"}}));
        auto noServer = build({{"topo_file", ""}, {"ranks", 4}});
        QVERIFY(!noServer);
        QVERIFY(noServer.error().message.find("needs a server") != std::string::npos);
    }

    void aPickTheSceneDoesNotAnimateIsNamed() {
        // 2.30, 64 servers of one GPU over the network: AllGather may take PAT (ppn 1, host net device),
        // whose latency 8 + log2(64) × 14/3.5 + 64 × 2.8 = 211 µs undercuts the ring's 63 network steps.
        NcclTopologySetup setup;
        setup.topoFile = "64 single-GPU servers";
        setup.gpusPerNode = 1;
        setup.nNodes = 64;
        setup.nChannels = 2;
        auto& inputs = setup.inputs;
        inputs.version = {30, 7};
        inputs.nRanks = inputs.nNodes = 64;
        nccl_tuning::TuningGraph graph{1, 2, 12.0f, 12.0f, nccl_tuning::PathType::LOC, nccl_tuning::PathType::PIX};
        inputs.ringGraph = inputs.treeGraph = graph;
        inputs.ringGraph.pattern = 4;
        // PAT's time grows with log2(nNodes) and n, not nsteps: find a size where it wins, then read the rule.
        bool patPicked = false;
        for (std::int64_t bytes = 1; bytes <= (std::int64_t(1) << 34) && !patPicked; bytes *= 2) {
            NcclCall call{Collective::Allgather, bytes, "auto", std::nullopt, {nccl_tuning::NCCL_ALGO_RING}};
            auto choice = ncclAutoChoice(setup, call);
            QVERIFY(choice);
            QCOMPARE(choice->animatedAlgorithm, nccl_tuning::NCCL_ALGO_RING);
            if (choice->algorithm != nccl_tuning::NCCL_ALGO_PAT) continue;
            patPicked = true;
            QVERIFY2(choice->rule.find("the scene does not animate PAT and animates Ring/") != std::string::npos,
                     choice->rule.c_str());
            QVERIFY(choice->animatedTimeUs >= choice->timeUs);
        }
        QVERIFY(patPicked);
    }

    void oneRankTakesRingSimple() {
        // enqueue.cc: a communicator of one rank never searches; Ring/Simple, nothing sent.
        NcclTopologySetup setup;
        setup.gpusPerNode = setup.nNodes = 1;
        setup.inputs.nRanks = setup.inputs.nNodes = 1;
        NcclCall call{Collective::Allreduce,
                      1024,
                      "auto",
                      std::nullopt,
                      {nccl_tuning::NCCL_ALGO_TREE, nccl_tuning::NCCL_ALGO_RING}};
        auto choice = ncclAutoChoice(setup, call);
        QVERIFY(choice);
        QCOMPARE(choice->animatedAlgorithm, nccl_tuning::NCCL_ALGO_RING);
        QCOMPARE(choice->animatedProtocol, nccl_tuning::NCCL_PROTO_SIMPLE);
        QVERIFY(choice->candidates.empty());
    }

    void sizeTextReadsLikeAPerson() {
        QCOMPARE(binarySizeText(64), std::string("64 B"));
        QCOMPARE(binarySizeText(200000), std::string("195 KiB"));
        QCOMPARE(binarySizeText(1.5 * 1048576), std::string("1.5 MiB"));
        QCOMPARE(binarySizeText(2048), std::string("2 KiB"));
        QCOMPARE(binarySizeText(16.0 * 1073741824), std::string("16 GiB"));
    }
};

QTEST_GUILESS_MAIN(CollectivesNcclAutoTest)
#include "tst_collectives_nccl_auto.moc"
