// Complete published NCCL logs (TUNING table, GRAPH `Pattern` lines, counts, version and environment lines),
// each explained the way `commviz nccl-log FILE.log --set gpu_sm=N` explains it (tuning_log_explain.h): the
// model is recomputed from the log's own lines and must print every cell of the logged table to the printed
// decimal, the same `Max NThreads` line, and for every logged call NCCL's algorithm, protocol and (where the
// line prints it) time to the printed six decimals. The fixtures (fixtures/, each with its `# Source:` line
// and fixtures/README.md) are verbatim except where a cut is marked `# [...]`. No log names the GPUs'
// compute capability, so each case gives gpu_sm as a user would and says why that value is the right one.

#include <QtTest>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "nccl/log/info_log_reader.h"
#include "nccl/log/tuning_log.h"
#include "nccl/log/tuning_log_explain.h"
#include "nccl/log/tuning_log_inputs.h"

using namespace commviz::nccl_tuning;

namespace {

std::string fixtureText(const std::string& name) {
    std::ifstream file(std::string(COMMVIZ_SOURCE_DIR) + "/tests/nccl/graph/fixtures/" + name);
    if (!file) qFatal("fixture %s missing", name.c_str());
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

std::string printed(float value, const char* format) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, format, static_cast<double>(value));
    return buffer;
}

QString qs(const std::string& value) { return QString::fromStdString(value); }

std::string cellName(const CellComparison& cell) {
    return ncclFuncStr(cell.func) + " " + ncclAlgoStr(cell.algorithm) + "/" + ncclProtoStr(cell.protocol) +
           ": logged " + printed(cell.logged.latency, "%.1f") + "/" + printed(cell.logged.bandwidth, "%.1f") +
           ", model " + printed(cell.modelLatency, "%.1f") + "/" + printed(cell.modelBandwidth, "%.1f");
}

}  // namespace

class TestNcclTuningFullLogs : public QObject {
    Q_OBJECT

private slots:
    void reproducesTableAndChoices_data() {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<int>("gpuSm");
        QTest::addColumn<int>("cells");       // cells the table prints: 5 rows × 18 up to 2.22, × 21 from 2.23
        QTest::addColumn<int>("nNodes");      // the nnodes key: 0 = the log's `nNodes` (2.18 prints none)
        QTest::addColumn<int>("selections");  // logged selection lines (`grep -c 'Bytes ->'`)

        // 2.18.1, 8 ranks each on its own VM over sockets. The GPU is not named; sm80 is taken, and any sm
        // prints this same table: across nodes llMaxBw follows the CPU vendor, not the GPU, the per-channel
        // tree and LL128 caps lie far above a 1.2 GB/s socket, and LL128 is off on the PHB network path.
        // 2.18 prints no `nNodes`: every peer of rank 0 (ring
        // neighbours 7 and 1, tree peer 4) is reached `via NET/Socket` and its graphs hold one GPU between two
        // NETs (`0 : NET/0 GPU/0 NET/0`), so each of the 8 ranks is a node: nnodes=8. No selection lines (2.18
        // prints them only as TRACE).
        QTest::newRow("2.18.1 socket 8x1") << "nccl_2.18.1_socket_vm_8x1.log" << 80 << 90 << 8 << 0;
        // 2.20.5, 2 GPUs behind one PCIe switch, SHM. GPU not named; the LL128 cells are 0.0 because the ring
        // and tree run over PHB (typeIntra above NVB), whatever the GPU; sm80 taken (the caps are unreachable
        // at 10–20 GB/s on one channel, so 70, 80 and 90 print the same).
        QTest::newRow("2.20.5 PCIe switch 1x2") << "nccl_2.20.5_pcie_sameswitch_intel_1x2.log" << 80 << 90 << 0 << 11;
        QTest::newRow("2.20.5 PCIe 2 sockets 1x2") << "nccl_2.20.5_pcie_2socket_intel_1x2.log" << 80 << 90 << 0 << 11;
        // 2.21.5, 2 GPUs on two AMD sockets (`CPU/… (1/2/…)`): sm80, as above any sm ≥ 70 prints the same.
        QTest::newRow("2.21.5 PCIe AMD 1x2") << "nccl_2.21.5_pcie_2socket_amd_1x2.log" << 80 << 90 << 0 << 1;
        // 2.21.5, 3 ranks, one per node, over sockets (PCIe Gen3 GPU, not named). The log's own AllReduce
        // Ring/Simple times tell the architecture: 7411.817871 = 81.0 × 1.4 + 19705728 / 2700, the ring's
        // plateau factor 1.4 that enqueue.cc takes for minCompCap ≥ 80 (1.9 below) ⇒ sm80 (86 or 89 print the
        // same: over 1.2 GB/s sockets no cap is reached and LL128 is off on the PHB network path).
        QTest::newRow("2.21.5 socket 3x1") << "nccl_2.21.5_pcie3_socket_3x1_partial.log" << 80 << 90 << 0 << 10;
        // 2.23.4, H100 SXM: NVLink 370.8 GB/s to the NVSwitch (18 links × 20.6, only Hopper's NVLink 4) and
        // `NVLS multicast support is available` (sm90 only) ⇒ sm90.
        QTest::newRow("2.23.4 H100 NVLS 1x4")
            << "nccl_2.23.4_h100sxm_nvls_1x4_p2pdisabled_partial.log" << 90 << 105 << 0 << 10;
        QTest::newRow("2.23.4 H100 1x2") << "nccl_2.23.4_h100sxm_1x2_p2pdisabled_partial.log" << 90 << 105 << 0 << 4;
        // 2.27.7, NVIDIA A100 80GB PCIe (named in the nccl-tests header `Using devices`) ⇒ sm80.
        QTest::newRow("2.27.7 A100 NVLink bridge 1x2")
            << "nccl_2.27.7_a100pcie_nvlbridge_1x2_trimmed.log" << 80 << 105 << 0 << 11;
        QTest::newRow("2.27.7 A100 1 NVLink 1x2")
            << "nccl_2.27.7_a100pcie_nvlbridge_1x2_fault_1channel_trimmed.log" << 80 << 105 << 0 << 11;
    }

    void reproducesTableAndChoices() {
        QFETCH(QString, fixture);
        QFETCH(int, gpuSm);
        QFETCH(int, cells);
        QFETCH(int, nNodes);
        QFETCH(int, selections);
        const std::string text = fixtureText(fixture.toStdString());
        auto log = commviz::nccl_topology::parseInfoLog(text, fixture.toStdString());
        QVERIFY2(log.ok(), log ? "" : log.error().message.c_str());
        const LoggedTuning logged = readTuningLog(text);
        TuningLogSettings settings;
        settings.gpuSm = gpuSm;
        settings.nNodes = nNodes;
        const TuningExplanation explanation = explainTuningLog(logged, log.value(), settings);
        QVERIFY2(explanation.modelMade, explanation.whyNoModel.c_str());
        QCOMPARE(logged.tables.size(), std::size_t(1));
        QVERIFY(!logged.tables.front().partial);

        // Every printed cell, at the printed precision (%.1f / %.1f).
        QCOMPARE(static_cast<int>(explanation.cells.size()), cells);
        for (const CellComparison& cell : explanation.cells) QVERIFY2(cell.agrees, cellName(cell).c_str());

        // The `Max NThreads` line, every column the table prints.
        int threadColumns = 0;
        for (int a = 0; a < explanation.model.nAlgorithms; ++a)
            for (int p = 0; p < NCCL_NUM_PROTOCOLS; ++p) {
                const int loggedThreads = logged.tables.front().maxThreads[a][p];
                if (loggedThreads < 0) continue;
                ++threadColumns;
                QCOMPARE(explanation.model.maxThreads[a][p], loggedThreads);
            }
        QCOMPARE(threadColumns, 3 * explanation.model.nAlgorithms);

        // Every logged call: NCCL's algorithm and protocol, and its time as printed (%f) where the line has one.
        QCOMPARE(static_cast<int>(logged.selections.size()), selections);
        int explained = 0;
        for (const ExplainedSelection& selection : explanation.selections) {
            explained += selection.count;
            const std::string what =
                std::to_string(selection.logged.bytes) + " B (line " + std::to_string(selection.logged.line) + ")";
            QVERIFY2(selection.choice.found, what.c_str());
            QVERIFY2(!selection.collectiveAssumed || selection.logged.form == SelectionForm::Time, what.c_str());
            QCOMPARE(qs(ncclAlgoStr(selection.choice.algorithm)), qs(ncclAlgoStr(selection.logged.algorithm)));
            QCOMPARE(qs(ncclProtoStr(selection.choice.protocol)), qs(ncclProtoStr(selection.logged.protocol)));
            if (selection.logged.time)
                QCOMPARE(qs(printed(selection.choice.printedTime, "%f")), qs(printed(*selection.logged.time, "%f")));
            QVERIFY2(selection.agrees, what.c_str());
        }
        QCOMPARE(explained, selections);
    }

    /// 2.18 prints no node count: without the nnodes key the explainer takes the hosts of the ranks the log
    /// shows (one, for this one-rank log), says so, and the cells that cross the network then differ.
    void nodeCountWithoutAnNNodesLineIsSaid() {
        const std::string text = fixtureText("nccl_2.18.1_socket_vm_8x1.log");
        auto log = commviz::nccl_topology::parseInfoLog(text, "2.18.1");
        QVERIFY(log.ok());
        TuningLogSettings settings;
        settings.gpuSm = 80;
        const TuningExplanation explanation = explainTuningLog(readTuningLog(text), log.value(), settings);
        QVERIFY(explanation.modelMade);
        QCOMPARE(explanation.inputs.inputs.nNodes, 1);
        bool said = false;
        for (const std::string& assumption : explanation.inputs.assumptions)
            said = said || assumption.find("nnodes=N") != std::string::npos;
        QVERIFY(said);
        QVERIFY(explanation.cellsAgreeing < static_cast<int>(explanation.cells.size()));
    }
};

QTEST_GUILESS_MAIN(TestNcclTuningFullLogs)
#include "tst_nccl_tuning_full_logs.moc"
