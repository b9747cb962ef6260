// The tuning model against published NCCL logs (fixtures/, each with its `# source:` line): the full 2.29.7
// TUNING table, every visible cell of a 2.20 first block, and three 2.22 selection-line times. The inputs
// are read off the logs' own lines as the research write-up (§8.2, §10) explains; they are stated per case.
// The logged cells and selection lines come from the tuning log reader (nccl/log/tuning_log_reader.h).

#include <QtTest>
#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "nccl/graph/tuning_choice.h"
#include "nccl/graph/tuning_model.h"
#include "nccl/log/tuning_log.h"
#include "nccl/log/tuning_log_reader.h"

using namespace commviz::nccl_tuning;

namespace {

// The message text of every `NCCL INFO` line holding `marker`, as NCCL printed it after its prefix: the
// printer's lines are compared byte for byte with these; cells and selections come from the reader.
std::vector<std::string> loggedMessages(const std::string& fixture, const std::string& marker) {
    std::string path = COMMVIZ_SOURCE_DIR;
    path += "/tests/nccl/graph/fixtures/";
    path += fixture;
    std::ifstream file(path);
    if (!file) qFatal("fixture %s missing", fixture.c_str());
    std::vector<std::string> messages;
    const std::string info = "NCCL INFO ";
    for (std::string line; std::getline(file, line);) {
        const std::size_t at = line.find(info);
        if (line.rfind("#", 0) == 0 || at == std::string::npos) continue;
        std::string message = line.substr(at + info.size());
        if (message.find(marker) != std::string::npos) messages.push_back(message);
    }
    return messages;
}

std::string fixtureText(const std::string& fixture) {
    std::ifstream file(std::string(COMMVIZ_SOURCE_DIR) + "/tests/nccl/graph/fixtures/" + fixture);
    if (!file) qFatal("fixture %s missing", fixture.c_str());
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

/// A value as NCCL prints it (%.1f in the table, %f in the selection line).
std::string oneDecimal(float value, const char* format = "%.1f") {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, format, static_cast<double>(value));
    return buffer;
}

TuningModel tune(const TuningInputs& inputs) {
    auto model = ncclTopoTuneModel(inputs);
    if (!model) qFatal("%s", model.error().message.c_str());
    return std::move(model).value();
}

TuningGraph graph(int pattern, int nChannels, float bwIntra, float bwInter, PathType typeIntra, PathType typeInter) {
    return {.pattern = pattern,
            .nChannels = nChannels,
            .bwIntra = bwIntra,
            .bwInter = bwInter,
            .typeIntra = typeIntra,
            .typeInter = typeInter};
}

}  // namespace

class TestNcclTuningRealLogs : public QObject {
    Q_OBJECT

private slots:
    /// NCCL 2.29.7+cuda12.9, one RTX 5090 (sm120) shared by two ranks that NCCL_HOSTID makes two nodes, over
    /// sockets. Inputs from the table's own lines: Ring/Simple Broadcast 2.4 = ring nCh×bw (ratio 1 at 2 ranks);
    /// Max NThreads Ring/Simple 256 ⇒ that product ≤ 12; PAT AllGather 3.6 = tree nCh×bw × 0.75 ⇒ 4.8; Tree/Simple
    /// 1.9 = 4.8×0.92×0.85×0.5 ⇒ tree pattern 3; LL128 0.0 with latencies ⇒ typeInter beyond PXN (socket NIC:
    /// SYS); CollNet latencies with ppn−1 = 0 and 0.0 bandwidth ⇒ no CollNet; NVLS row 0.0/0.0 ⇒ no NVLS graph;
    /// Ring/LL AllGather 11.6 = 6.6 + 5.0 ⇒ one inter step; x86 Intel (1 µs overhead, masked by interLat here).
    void fullTable2_29_7() {
        TuningInputs in;
        in.version = TuningVersion{29, 7};
        in.nRanks = 2;
        in.nNodes = 2;
        in.minCompCap = in.maxCompCap = 120;
        in.ringGraph = graph(4, 2, 1.2f, 1.2f, PathType::LOC, PathType::SYS);
        in.treeGraph = graph(3, 2, 2.4f, 2.4f, PathType::LOC, PathType::SYS);
        in.maxTreePattern = 3;
        const std::vector<std::string> logged = loggedMessages("nccl_2.29.7_rtx5090_2node_socket_tuning.log", "|");
        const std::vector<std::string> printed = tuningTableLines(tune(in));
        QCOMPARE(logged.size(), std::size_t(24));
        QCOMPARE(printed.size(), logged.size());
        for (std::size_t i = 0; i < logged.size(); ++i) QCOMPARE(printed[i], logged[i]);
    }

    /// NCCL 2.20.x, H100 (sm90) 2 nodes × 8, Intel x86 (`CPU/1 (1/1/2)`). From the visible cells: Ring/Simple
    /// Broadcast 20.0 = ring nCh×bwIntra; Ring/LL 5.0 = 20 × ¼ (≤2.20 multi-node); CollNetDirect LL 5.6 =
    /// 2·7·0.4 ⇒ ppn 8; AllGather ×16/15 ⇒ 16 ranks; Tree/Simple AllReduce 448 = 2(7·28 + 28) ⇒ NVLink inside
    /// (typeIntra NVL). Every LL128 cell is 0.0 ⇒ typeInter beyond PXN (SYS taken); every Tree bandwidth is 0.0
    /// with latencies kept ⇒ Tree masked, taken as NCCL_ALGO=Ring (the log does not say which mask it was).
    void visibleCellsOfThe2_20Block() {
        TuningInputs in;
        in.version = TuningVersion{20, 5};
        in.nRanks = 16;
        in.nNodes = 2;
        in.maxLocalRanks = 8;
        in.minCompCap = in.maxCompCap = 90;
        in.ringGraph = graph(4, 1, 20.0f, 20.0f, PathType::NVL, PathType::SYS);
        in.treeGraph = graph(1, 1, 20.0f, 20.0f, PathType::NVL, PathType::SYS);
        in.env.ncclAlgo = "Ring";
        const TuningModel model = tune(in);
        QCOMPARE(tuningTableLines(model).size(), std::size_t(16));
        // The reader's cells (tuning_log_reader.h): 4 rows × 9 and the AllReduce row's first 4.
        const LoggedTuning logged = readTuningLog(fixtureText("nccl_2.20_h100_2node_tuning_partial.log"));
        QCOMPARE(logged.tables.size(), std::size_t(1));
        int compared = 0;
        for (int func = 0; func < NCCL_NUM_FUNCTIONS; ++func)
            for (int algorithm = 0; algorithm < 3; ++algorithm)
                for (int protocol = 0; protocol < NCCL_NUM_PROTOCOLS; ++protocol) {
                    const LoggedCell& cell = logged.tables.front().cells[func][algorithm][protocol];
                    if (!cell.read) continue;
                    ++compared;
                    QCOMPARE(oneDecimal(model.latencies[func][algorithm][protocol]), oneDecimal(cell.latency));
                    QCOMPARE(oneDecimal(model.bandwidths[func][algorithm][protocol]), oneDecimal(cell.bandwidth));
                }
        QCOMPARE(compared, 40);
    }

    /// The same 2.20 run's addendum (fixtures/nccl_2.20_h100_2node_graph_addendum_partial.log): its comm line
    /// confirms `nRanks 16 nNodes 2 localRanks 8`, and rank 0 logs `4000000000 Bytes -> Algo 1 proto 2 time
    /// 375213.906250` three times. With the inputs above, Ring/Simple AllReduce: latency 8.4 + 26 × 3.4 (NVLink)
    /// + 4 × 14 (2.20 counts 2·nNodes network steps) = 152.8 µs, × 1.4 for the plateau (sm90, across nodes);
    /// bandwidth 20 × 16/30 = 10.67 GB/s; 213.92 + 4e9 / 10666.7 = 375213.92, printed as the float NCCL holds.
    void selectionOfThe2_20Addendum() {
        TuningInputs in;
        in.version = TuningVersion{20, 5};
        in.nRanks = 16;
        in.nNodes = 2;
        in.maxLocalRanks = 8;
        in.minCompCap = in.maxCompCap = 90;
        in.ringGraph = graph(4, 1, 20.0f, 20.0f, PathType::NVL, PathType::SYS);
        in.treeGraph = graph(1, 1, 20.0f, 20.0f, PathType::NVL, PathType::SYS);
        in.nvlsGraph = graph(5, 7, 3.0f, 3.0f, PathType::NVL, PathType::PHB);  // the addendum's `Pattern 5` line
        in.env.ncclAlgo = "Ring";
        const TuningModel model = tune(in);
        const LoggedTuning logged = readTuningLog(fixtureText("nccl_2.20_h100_2node_graph_addendum_partial.log"));
        QCOMPARE(logged.graphs.size(), std::size_t(1));
        QCOMPARE(logged.selections.size(), std::size_t(3));
        for (const LoggedSelection& selection : logged.selections) {
            QCOMPARE(selection.func, ncclFuncAllReduce);  // from the `AllReduce: opCount …` line before it
            CollCall call;
            call.func = selection.func;
            call.nBytes = selection.bytes;
            call.nvlsSupport = true;
            // comm->nChannels is not in the retrievable text; any count ≤ 4e9/(16·64) gives the plateau.
            const TuningChoice choice = ncclTopoChooseAlgorithm(in, model, call, 16);
            QVERIFY(choice.found);
            QCOMPARE(choice.algorithm, NCCL_ALGO_RING);
            QCOMPARE(choice.protocol, NCCL_PROTO_SIMPLE);
            QCOMPARE(oneDecimal(choice.printedTime, "%f"), std::string("375213.906250"));
            QCOMPARE(oneDecimal(choice.printedTime, "%f"), oneDecimal(*selection.time, "%f"));
        }
    }

    /// NCCL 2.22.x, H100 (sm90) 3 nodes × 8 (`nRanks 24 nNodes 3 localRanks 8`), `16 coll channels`, Intel.
    /// Ring and tree graphs of 16 channels; with 3 nodes the model reads bwInter, 12 GB/s; tree pattern 3 (the
    /// 0.85 is needed for both Tree times). NVLS is present but needs CollNet across nodes, so it never competes.
    void everySelectionOf2_22() {
        TuningInputs in;
        in.version = TuningVersion{22, 3};
        in.nRanks = 24;
        in.nNodes = 3;
        in.maxLocalRanks = 8;
        in.minCompCap = in.maxCompCap = 90;
        in.ringGraph = graph(4, 16, 20.0f, 12.0f, PathType::NVL, PathType::PXB);
        in.treeGraph = graph(3, 16, 20.0f, 12.0f, PathType::NVL, PathType::PXB);
        const TuningModel model = tune(in);
        // Every logged call (tuning_log_reader.h): all-reduce (nccl-tests all_reduce_perf), the line's
        // algorithm, protocol and `time %f` as NCCL prints it.
        const LoggedTuning logged = readTuningLog(fixtureText("nccl_2.22_h100_3node_selection_partial.log"));
        QCOMPARE(logged.selections.size(), std::size_t(14));
        for (const LoggedSelection& selection : logged.selections) {
            CollCall call;
            call.func = ncclFuncAllReduce;
            call.nBytes = selection.bytes;
            call.nvlsSupport = true;
            const TuningChoice choice = ncclTopoChooseAlgorithm(in, model, call, 16);
            QVERIFY(choice.found);
            QCOMPARE(choice.algorithm, selection.algorithm);
            QCOMPARE(choice.protocol, selection.protocol);
            QCOMPARE(oneDecimal(choice.printedTime, "%f"), oneDecimal(*selection.time, "%f"));
        }
    }
};

QTEST_GUILESS_MAIN(TestNcclTuningRealLogs)
#include "tst_nccl_tuning_real_logs.moc"
