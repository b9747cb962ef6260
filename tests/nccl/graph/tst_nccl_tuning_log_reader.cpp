// The tuning log reader on the published logs in fixtures/ (each names its source): every table layout
// (≤2.17 Latency/AlgBw, 2.18+ blocks, 2.23+ PAT block), partial and cut tables, and the three selection
// line forms. Expected cells are copied by hand from the fixture text.

#include <QtTest>
#include <fstream>
#include <sstream>
#include <string>

#include "nccl/log/tuning_log_reader.h"

using namespace commviz::nccl_tuning;

namespace {

std::string fixture(const std::string& name) {
    std::ifstream file(std::string(COMMVIZ_SOURCE_DIR) + "/tests/nccl/graph/fixtures/" + name);
    if (!file) qFatal("fixture %s missing", name.c_str());
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

const LoggedCell& cell(const LoggedTable& table, int func, int algorithm, int protocol) {
    return table
        .cells[static_cast<std::size_t>(func)][static_cast<std::size_t>(algorithm)][static_cast<std::size_t>(protocol)];
}

void expectCell(const LoggedTable& table, int func, int algorithm, int protocol, float latency, float bandwidth) {
    const LoggedCell& read = cell(table, func, algorithm, protocol);
    QVERIFY(read.read);
    QCOMPARE(read.latency, latency);
    QCOMPARE(read.bandwidth, bandwidth);
}

}  // namespace

class TestNcclTuningLogReader : public QObject {
    Q_OBJECT

private slots:
    /// 2.29.7: three blocks, the third PAT's; 5 × 9 + 5 × 9 + 5 × 3 cells; 18 selection lines of 2.24+.
    void completeTableWithPatBlock() {
        const LoggedTuning logged = readTuningLog(fixture("nccl_2.29.7_rtx5090_2node_socket_tuning.log"));
        QCOMPARE(logged.tables.size(), std::size_t(1));
        const LoggedTable& table = logged.tables.front();
        QCOMPARE(table.layout, TableLayout::BlocksWithPat);
        QCOMPARE(table.blocks, 3);
        QCOMPARE(table.cellsRead, 105);
        QVERIFY(!table.partial);
        QVERIFY(!table.algorithmsAssumed);
        QVERIFY(logged.problems.empty());
        expectCell(table, ncclFuncAllReduce, NCCL_ALGO_TREE, NCCL_PROTO_LL, 16.8f, 0.5f);
        expectCell(table, ncclFuncBroadcast, NCCL_ALGO_RING, NCCL_PROTO_SIMPLE, 22.4f, 2.4f);
        expectCell(table, ncclFuncAllReduce, NCCL_ALGO_COLLNET_CHAIN, NCCL_PROTO_SIMPLE, 14.0f, 0.0f);
        expectCell(table, ncclFuncAllGather, NCCL_ALGO_PAT, NCCL_PROTO_SIMPLE, 17.6f, 3.6f);
        QCOMPARE(table.maxThreads[NCCL_ALGO_RING][NCCL_PROTO_SIMPLE], 256);
        QCOMPARE(table.maxThreads[NCCL_ALGO_NVLS][NCCL_PROTO_SIMPLE], 640);
        QCOMPARE(table.maxThreads[NCCL_ALGO_PAT][NCCL_PROTO_SIMPLE], 0);
        QCOMPARE(logged.selections.size(), std::size_t(18));
        const LoggedSelection& first = logged.selections.front();
        QCOMPARE(first.form, SelectionForm::Channels);
        QCOMPARE(first.func, ncclFuncBroadcast);
        QCOMPARE(first.bytes, std::int64_t(1024));
        QCOMPARE(first.algorithm, NCCL_ALGO_RING);
        QCOMPARE(first.protocol, NCCL_PROTO_LL);
        QCOMPARE(first.channelHi, 0);
        QCOMPARE(logged.selections[4].channelHi, 1);  // 16384 Bytes … channel{Lo..Hi}={0..1}
        QCOMPARE(logged.selections[5].protocol, NCCL_PROTO_SIMPLE);
        QVERIFY(!first.time);
        QCOMPARE(logged.environment.size(), std::size_t(1));
        QCOMPARE(logged.environment.front().name, std::string("NCCL_P2P_DISABLE"));
        QCOMPARE(logged.environment.front().value, std::string("1"));
    }

    /// 2.20: the first block without its Algorithm line (NCCL's order taken), the AllReduce row cut after
    /// "79.4": 4 rows × 9 + 4 cells, reported, partial.
    void blockWithoutAlgorithmLineCutInARow() {
        const LoggedTuning logged = readTuningLog(fixture("nccl_2.20_h100_2node_tuning_partial.log"));
        QCOMPARE(logged.tables.size(), std::size_t(1));
        const LoggedTable& table = logged.tables.front();
        QCOMPARE(table.layout, TableLayout::Blocks);
        QVERIFY(table.partial);
        QVERIFY(table.algorithmsAssumed);
        QCOMPARE(table.cellsRead, 40);
        expectCell(table, ncclFuncAllReduce, NCCL_ALGO_TREE, NCCL_PROTO_SIMPLE, 448.0f, 0.0f);
        expectCell(table, ncclFuncAllReduce, NCCL_ALGO_RING, NCCL_PROTO_LL, 43.4f, 2.7f);
        expectCell(table, ncclFuncAllGather, NCCL_ALGO_COLLNET_DIRECT, NCCL_PROTO_SIMPLE, 44.0f, 0.0f);
        QVERIFY(!cell(table, ncclFuncAllReduce, NCCL_ALGO_RING, NCCL_PROTO_LL128).read);
        QCOMPARE(table.maxThreads[NCCL_ALGO_COLLNET_DIRECT][NCCL_PROTO_SIMPLE], 640);
        QCOMPARE(logged.problems.size(), std::size_t(1));
        QVERIFY(logged.problems.front().reason.find("79.4") != std::string::npos);
        QVERIFY(logged.cpu.has_value());  // `CPU/1 (1/1/2)`: x86, Intel
        QCOMPARE(logged.cpu->arch, 1);
        QCOMPARE(logged.cpu->vendor, 1);
        QVERIFY(logged.graphs.empty());
    }

    /// 2.18/2.19: headers, Max NThreads and a Broadcast row cut after two cells; NCCL_ALGO read.
    void headersAndACutRow() {
        const LoggedTuning logged = readTuningLog(fixture("nccl_2.18-2.19_h800_ib_tuning_partial.log"));
        QCOMPARE(logged.tables.size(), std::size_t(1));
        QVERIFY(logged.tables.front().partial);
        QVERIFY(!logged.tables.front().algorithmsAssumed);
        QCOMPARE(logged.tables.front().cellsRead, 2);
        QCOMPARE(logged.tables.front().maxThreads[NCCL_ALGO_TREE][NCCL_PROTO_LL128], 640);
        QCOMPARE(logged.environment.front().value, std::string("Tree"));
        const LoggedTuning headers = readTuningLog(fixture("nccl_2.2x_cray-nid_tuning_header_partial.log"));
        QCOMPARE(headers.tables.size(), std::size_t(1));
        QVERIFY(headers.tables.front().partial);
        QCOMPARE(headers.tables.front().cellsRead, 0);
    }

    /// ≤2.17: one Latency/AlgBw header with 12 `Algo/Proto` columns; the AllGather row cut after 10 cells.
    void latencyAlgBwLayout() {
        const LoggedTuning logged = readTuningLog(fixture("nccl_pre2.18_latency_algbw_format_partial.log"));
        QCOMPARE(logged.tables.size(), std::size_t(1));
        const LoggedTable& table = logged.tables.front();
        QCOMPARE(table.layout, TableLayout::LatencyAlgBw);
        QVERIFY(table.partial);
        QCOMPARE(table.cellsRead, 12 + 12 + 10);
        expectCell(table, ncclFuncBroadcast, NCCL_ALGO_RING, NCCL_PROTO_LL128, 11.9f, 216.2f);
        expectCell(table, ncclFuncReduce, NCCL_ALGO_RING, NCCL_PROTO_LL, 4.1f, 58.8f);
        expectCell(table, ncclFuncAllGather, NCCL_ALGO_RING, NCCL_PROTO_SIMPLE, 32.2f, 268.6f);
        expectCell(table, ncclFuncAllGather, NCCL_ALGO_COLLNET_CHAIN, NCCL_PROTO_LL, 0.0f, 0.0f);
        QVERIFY(!cell(table, ncclFuncAllGather, NCCL_ALGO_COLLNET_CHAIN, NCCL_PROTO_LL128).read);
        QCOMPARE(table.maxThreads[NCCL_ALGO_COLLNET_DIRECT][NCCL_PROTO_SIMPLE], 512);
    }

    /// 2.22: `N Bytes -> Algo A proto P time T`, one of them after program output on the same line.
    void selectionLinesWithTime() {
        const LoggedTuning logged = readTuningLog(fixture("nccl_2.22_h100_3node_selection_partial.log"));
        QCOMPARE(logged.selections.size(), std::size_t(14));
        const LoggedSelection& first = logged.selections.front();
        QCOMPARE(first.form, SelectionForm::Time);
        QCOMPARE(first.func, -1);
        QCOMPARE(first.bytes, std::int64_t(8589934592));
        QCOMPARE(first.algorithm, NCCL_ALGO_RING);
        QCOMPARE(first.protocol, NCCL_PROTO_SIMPLE);
        QCOMPARE(*first.time, 86069.968750f);
        QCOMPARE(logged.selections[7].bytes, std::int64_t(131072));
        QCOMPARE(logged.selections[7].protocol, NCCL_PROTO_LL128);
        QCOMPARE(logged.collChannels, 16);
        QCOMPARE(logged.environment.front().value, std::string("2"));  // `to 2.`: the full stop dropped
        QVERIFY(logged.tables.empty());
    }

    /// 2.21 TRACE line: the collective comes from the preceding `Broadcast: opCount` line.
    void traceSelectionTakesTheOpCountCollective() {
        const LoggedTuning logged = readTuningLog(fixture("nccl_2.21_trace_selection_line.log"));
        QCOMPARE(logged.selections.size(), std::size_t(1));
        QCOMPARE(logged.selections.front().func, ncclFuncBroadcast);
        QVERIFY(logged.selections.front().funcFromOpCount);
        QCOMPARE(logged.selections.front().bytes, std::int64_t(24));
        QCOMPARE(*logged.selections.front().time, 2771.401367f);
    }

    /// 2.24+: the upper-case names, NVLS_TREE included.
    void selectionLinesWithChannels() {
        const LoggedTuning logged = readTuningLog(fixture("nccl_2.24plus_h200_64node_selection_partial.log"));
        QCOMPARE(logged.selections.size(), std::size_t(2));
        QCOMPARE(logged.selections[0].algorithm, NCCL_ALGO_TREE);
        QCOMPARE(logged.selections[0].protocol, NCCL_PROTO_LL128);
        QCOMPARE(logged.selections[0].channelHi, 15);
        QCOMPARE(logged.selections[1].algorithm, NCCL_ALGO_NVLS_TREE);
        QCOMPARE(logged.selections[1].func, ncclFuncAllReduce);
    }

    /// GRAPH Pattern lines (as NCCL's ncclTopoPrintGraph prints them) and malformed lines of each kind.
    void patternLinesAndMalformedOnes() {
        const LoggedTuning logged = readTuningLog(
            "h:1:2 [0] NCCL INFO Pattern 4, crossNic 0, nChannels 12, bw 20.000000/20.000000, type NVL/PIX, "
            "sameChannels 1\n"
            "h:1:2 [0] NCCL INFO Pattern 3, crossNic 0, nChannels 1, bw 48.000000/24.000000, type LOC/PHB, "
            "sameChannels 0\n"
            "h:1:2 [0] NCCL INFO Pattern 4, crossNic 0, nChannels x, bw 1/1, type NVL/PIX\n"
            "h:1:2 [0] NCCL INFO 12 Bytes -> Algo 9 proto 0 time 1.0\n"
            "h:1:2 [0] NCCL INFO Bogus: 12 Bytes -> Algo RING proto LL channel{Lo..Hi}={0..1}\n"
            "h:1:2 [0] NCCL INFO     AllReduce |     0.0/   0.0 |\n");
        QCOMPARE(logged.graphs.size(), std::size_t(2));
        QCOMPARE(logged.graphs[0].graph.nChannels, 12);
        QCOMPARE(logged.graphs[0].graph.typeIntra, PathType::NVL);
        QCOMPARE(logged.graphs[0].graph.typeInter, PathType::PIX);
        QCOMPARE(logged.graphs[1].graph.bwIntra, 48.0f);
        QVERIFY(!logged.graphs[1].graph.sameChannels);
        QCOMPARE(logged.graphs[0].process, std::string("h:1 [0]"));
        QCOMPARE(logged.problems.size(), std::size_t(4));
        QVERIFY(logged.selections.empty());
    }

    /// A ≤2.17 header column whose protocol is unknown is reported; its Max NThreads and cells are skipped
    /// (fuzz/regressions/fuzz_tuning_log: this once indexed protocol -1).
    void unknownColumnIsSkipped() {
        const LoggedTuning logged = readTuningLog(
            "NCCL INFO Latency/AlgBw |    Tree/    LL |    Ring/ LL256 |\n"
            "NCCL INFO  Max NThreads |            512 |            640 |\n"
            "NCCL INFO     Broadcast |     1.0/   2.0 |     3.0/   4.0 |\n");
        QCOMPARE(logged.tables.size(), std::size_t(1));
        QCOMPARE(logged.tables.front().maxThreads[NCCL_ALGO_TREE][NCCL_PROTO_LL], 512);
        QCOMPARE(logged.tables.front().cellsRead, 1);
        QVERIFY(logged.problems.size() >= 2);
        QVERIFY(logged.problems.front().reason.find("Ring/ LL256") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestNcclTuningLogReader)
#include "tst_nccl_tuning_log_reader.moc"
