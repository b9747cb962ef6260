// The model recomputed from a log's own lines (tuning_log_explain.h) against the published 2.29.7 table.
// That log was taken with NCCL_DEBUG_SUBSYS=TUNING only, so it has no GRAPH lines: the two `Pattern` lines
// added here are the graphs worked out by hand from the table's own cells (tst_nccl_tuning_real_logs,
// fullTable2_29_7: ring 2 channels × 1.2 GB/s, tree pattern 3 at 2.4 GB/s, LOC inside, SYS across the
// socket "nodes"), printed as NCCL's ncclTopoPrintGraph prints them. Everything else is the log's.

#include <QtTest>
#include <fstream>
#include <sstream>

#include "nccl/log/info_log_reader.h"
#include "nccl/log/tuning_log_explain.h"
#include "nccl/log/tuning_log_inputs.h"

using namespace commviz::nccl_tuning;

namespace {

const char* kFixture = "nccl_2.29.7_rtx5090_2node_socket_tuning.log";

std::string fixture(const std::string& name) {
    std::ifstream file(std::string(COMMVIZ_SOURCE_DIR) + "/tests/nccl/graph/fixtures/" + name);
    if (!file) qFatal("fixture %s missing", name.c_str());
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

std::string withGraphLines(std::string text) {
    const std::string graphs =
        "lab:3038984:3038984 [0] NCCL INFO Pattern 4, crossNic 0, nChannels 2, bw 1.200000/1.200000, type LOC/SYS, "
        "sameChannels 1\n"
        "lab:3038984:3038984 [0] NCCL INFO Pattern 3, crossNic 0, nChannels 2, bw 2.400000/2.400000, type LOC/SYS, "
        "sameChannels 1\n";
    const std::size_t table = text.find("lab:3038984:3038984 [0] NCCL INFO   Algorithm");
    text.insert(table, graphs);
    return text;
}

TuningExplanation explain(const std::string& text, TuningLogSettings settings) {
    auto log = commviz::nccl_topology::parseInfoLog(text, "test.log");
    if (!log) qFatal("%s", log.error().message.c_str());
    return explainTuningLog(readTuningLog(text), log.value(), settings);
}

TuningLogSettings rtx5090() {
    TuningLogSettings settings;
    settings.gpuSm = 120;  // GeForce RTX 5090, as the author states
    settings.nRanks = 2;   // two MPI ranks, NCCL_HOSTID making each a node (the log has no comm line)
    settings.nNodes = 2;
    return settings;
}

}  // namespace

class TestNcclTuningLogExplain : public QObject {
    Q_OBJECT

private slots:
    /// All 105 printed cells agree, the rules are the log's 2.29.7, and each of the 18 logged Broadcast
    /// choices is the model's: Ring/LL up to 16384 B, Ring/Simple from 32768 B (9.3 + 32768/1200 = 36.6 µs
    /// against 22.4 + 32768/2400 = 36.05 µs).
    void reproducesThe2_29_7TableAndChoices() {
        const TuningExplanation explanation = explain(withGraphLines(fixture(kFixture)), rtx5090());
        QVERIFY2(explanation.modelMade, explanation.whyNoModel.c_str());
        QCOMPARE(explanation.inputs.inputs.version.minor, 29);
        QCOMPARE(explanation.inputs.inputs.version.patch, 7);
        QCOMPARE(explanation.inputs.inputs.cudartVersion, 12090);
        QCOMPARE(explanation.cells.size(), std::size_t(105));
        QCOMPARE(explanation.cellsAgreeing, 105);
        QCOMPARE(explanation.selections.size(), std::size_t(18));
        for (const ExplainedSelection& selection : explanation.selections)
            QVERIFY2(selection.agrees, std::to_string(selection.logged.bytes).c_str());
        const ExplainedSelection& at32k = explanation.selections[5];
        QCOMPARE(at32k.logged.bytes, std::int64_t(32768));
        QCOMPARE(at32k.choice.protocol, NCCL_PROTO_SIMPLE);
        QVERIFY(qAbs(at32k.choice.time - (22.4f + 32768.0f / 2400.0f)) < 0.05f);
    }

    /// A cell changed in the log (AllReduce Ring/Simple 36.4/2.4 → 30.0/2.4) is the one difference, by 6.4 µs.
    void aChangedCellIsTheOneDifference() {
        std::string text = withGraphLines(fixture(kFixture));
        const std::size_t row = text.find("NCCL INFO     AllReduce |    16.8/");
        const std::size_t cell = text.find("    36.4/   2.4 |", row);
        text.replace(cell, 17, "    30.0/   2.4 |");
        const TuningExplanation explanation = explain(text, rtx5090());
        QCOMPARE(explanation.cellsAgreeing, 104);
        int differences = 0;
        for (const CellComparison& comparison : explanation.cells) {
            if (comparison.agrees) continue;
            ++differences;
            QCOMPARE(comparison.func, ncclFuncAllReduce);
            QCOMPARE(comparison.algorithm, NCCL_ALGO_RING);
            QCOMPARE(comparison.protocol, NCCL_PROTO_SIMPLE);
            QVERIFY(qAbs(comparison.modelLatency - comparison.logged.latency - 6.4f) < 0.05f);
        }
        QCOMPARE(differences, 1);
    }

    /// Without GRAPH lines, or without the compute capability, the model is not made and the reason names
    /// what is missing.
    void saysWhyNoModel() {
        const TuningExplanation noGraphs = explain(fixture(kFixture), rtx5090());
        QVERIFY(!noGraphs.modelMade);
        QVERIFY(noGraphs.whyNoModel.find("no GRAPH") != std::string::npos);
        TuningLogSettings noSm = rtx5090();
        noSm.gpuSm = 0;
        const TuningExplanation noCompCap = explain(withGraphLines(fixture(kFixture)), noSm);
        QVERIFY(!noCompCap.modelMade);
        QVERIFY(noCompCap.whyNoModel.find("gpu_sm") != std::string::npos);
    }

    /// Two ranks' GRAPH lines aligned as init.cc aligns them (min channels and bandwidths, max path types),
    /// with the counts, version, CPU and NCCL_ALGO read from their lines. Worked by hand from the text.
    void inputsComeFromTheLogsLines() {
        const std::string text =
            "h:7:7 [0] NCCL INFO NCCL version 2.22.3+cuda12.4\n"
            "h:7:7 [0] NCCL INFO NCCL_ALGO set by environment to Ring\n"
            "h:7:9 [0] NCCL INFO CPU/0 (1/2/-1)\n"
            "h:7:9 [0] NCCL INFO Pattern 4, crossNic 0, nChannels 4, bw 20.000000/20.000000, type NVL/PIX, "
            "sameChannels 1\n"
            "h:7:9 [0] NCCL INFO Pattern 2, crossNic 0, nChannels 4, bw 20.000000/20.000000, type NVL/PIX, "
            "sameChannels 1\n"
            "h:8:9 [1] NCCL INFO Pattern 4, crossNic 0, nChannels 2, bw 24.000000/12.000000, type NVB/SYS, "
            "sameChannels 0\n"
            "h:8:9 [1] NCCL INFO Pattern 3, crossNic 0, nChannels 3, bw 20.000000/10.000000, type NVL/PHB, "
            "sameChannels 1\n"
            "h:7:9 [0] NCCL INFO comm 0x1 rank 0 nRanks 2 nNodes 1 localRanks 2 localRank 0 MNNVL 0\n";
        auto log = commviz::nccl_topology::parseInfoLog(text, "test.log");
        QVERIFY(log.ok());
        TuningLogSettings settings;
        settings.gpuSm = 80;
        auto inputs = tuningInputsFromLog(readTuningLog(text), log.value(), settings);
        QVERIFY2(inputs.ok(), inputs.ok() ? "" : inputs.error().message.c_str());
        const TuningInputs& in = inputs.value().inputs;
        QCOMPARE(in.version.minor, 22);
        QCOMPARE(in.version.patch, 3);
        QCOMPARE(in.cudartVersion, 12040);
        QCOMPARE(in.nRanks, 2);
        QCOMPARE(in.nNodes, 1);
        QCOMPARE(in.minCompCap, 80);
        QCOMPARE(in.cpuVendor, CpuVendor::AMD);
        QCOMPARE(in.env.ncclAlgo, std::string("Ring"));
        QCOMPARE(in.ringGraph.nChannels, 2);
        QCOMPARE(in.ringGraph.bwIntra, 20.0f);
        QCOMPARE(in.ringGraph.bwInter, 12.0f);
        QCOMPARE(in.ringGraph.typeIntra, PathType::NVB);
        QCOMPARE(in.ringGraph.typeInter, PathType::SYS);
        QVERIFY(!in.ringGraph.sameChannels);
        QCOMPARE(in.treeGraph.nChannels, 3);
        QCOMPARE(in.treeGraph.bwInter, 10.0f);
        QCOMPARE(in.treeGraph.typeInter, PathType::PHB);
        QCOMPARE(in.treeGraph.pattern, 2);  // rank 0's own; 2.22 has no maxTreePattern
        QCOMPARE(in.maxTreePattern, 0);
    }
};

QTEST_GUILESS_MAIN(TestNcclTuningLogExplain)
#include "tst_nccl_tuning_log_explain.moc"
