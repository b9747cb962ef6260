// `commviz nccl-topo FILE.xml [--set k=v]... [--json]` and `commviz nccl-log FILE.log [--json]`
// through the real binary: bundled names and paths, NCCL's line prefix, the JSON shapes, a log
// written here by hand read back, and bad input (status 2, one line, nothing on stdout).

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"
#include "text_checks.h"

using commviz::testing::CliResult;
using commviz::testing::expectRefused;
using commviz::testing::runCommviz;
using commviz::testing::writeFile;

namespace {

const QString kTopologies = QStringLiteral(COMMVIZ_SOURCE_DIR "/resources/topologies/");

// A two-rank job on one host as NCCL 2.19 prints it, with one line of the program's own between
// NCCL's (line 3) and a WARN. Worked by hand: 2 ranks, 1 host, one channel whose ring is 0 1,
// the connection 0 -> 1 over P2P/IPC/read and 1 -> 0 over SHM.
constexpr const char* kHandLog =
    "gpu7:100:100 [0] NCCL INFO NCCL version 2.19.3+cuda12.3\n"
    "gpu7:100:120 [0] NCCL INFO comm 0x55d0 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 1b000 commId 0xabc - Init "
    "START\n"
    "epoch 1 done\n"
    "gpu7:101:121 [1] NCCL INFO comm 0x55e0 rank 1 nranks 2 cudaDev 1 nvmlDev 1 busId 1c000 commId 0xabc - Init "
    "START\n"
    "gpu7:100:120 [0] NCCL INFO Channel 00/01 :    0   1\n"
    "gpu7:100:120 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IPC/read\n"
    "gpu7:101:121 [1] NCCL INFO Channel 00 : 1[1] -> 0[0] via SHM/direct/direct\n"
    "\n"
    "gpu7:101:121 [1] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer\n";

}  // namespace

class CliNcclTopologyTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString write(const QString& name, const QByteArray& text) { return writeFile(m_dir, name, text); }

    static QJsonObject jsonOf(const CliResult& r) { return QJsonDocument::fromJson(r.out).object(); }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // A bundled name needs no path, and prints exactly what the file on disk prints.
    void bundledNameAndPathPrintTheSame() {
        const CliResult bundled = runCommviz({"nccl-topo", "pcie_4gpu_2socket.xml"});
        const CliResult onDisk = runCommviz({"nccl-topo", kTopologies + "pcie_4gpu_2socket.xml"});
        QVERIFY(bundled.finished && onDisk.finished);
        QCOMPARE(bundled.exitCode, 0);
        QCOMPARE(onDisk.exitCode, 0);
        QVERIFY(bundled.err.isEmpty());
        QCOMPARE(bundled.out, onDisk.out);
    }

    // After the overview (lines starting with '#'), every line carries NCCL's prefix
    // `host:pid:tid [dev] NCCL INFO`; four ranks, one process each.
    void everyLineHasNcclsPrefix() {
        const CliResult r = runCommviz({"nccl-topo", "pcie_4gpu_2socket.xml"});
        const QStringList lines = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
        QVERIFY(lines.size() > 10);
        const QRegularExpression prefix(QStringLiteral("^node0:(400[0-3]):\\1 \\[([0-3])\\] NCCL INFO "));
        const auto log =
            std::find_if(lines.begin(), lines.end(), [](const QString& line) { return !line.startsWith('#'); });
        QCOMPARE(log - lines.begin(), 6);
        for (auto line = log; line != lines.end(); ++line) QVERIFY2(prefix.match(*line).hasMatch(), qPrintable(*line));
        // Rank 0 prints the rings; each peer connection once per channel.
        QVERIFY(r.out.contains("node0:4000:4000 [0] NCCL INFO Channel 00/"));
        QVERIFY(r.out.contains("NCCL INFO Connected all rings\n"));
        QVERIFY(r.out.contains("NCCL INFO Connected all trees\n"));
    }

    // Two DGX H100-like nodes as JSON: 16 ranks, the 8 × 8 GPU matrix all NVLink through the
    // NVSwitch (type NVL), and inter-node connections over the NICs with GPUDirect RDMA.
    void jsonOfTwoNodes() {
        const CliResult r = runCommviz({"nccl-topo", "dgx_h100_nvswitch_8nic.xml", "--set", "nnodes=2", "--json"});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        const QJsonObject json = jsonOf(r);
        QCOMPARE(json.value("nRanks").toInt(), 16);
        QCOMPARE(json.value("nNodes").toInt(), 2);
        // NVLink 4 on sm90 is 20.6 GB/s a link, 18 links to the switch: 370.8 GB/s, printed to a tenth.
        const QJsonArray cells = json.value("paths").toObject().value("gpu_gpu").toObject().value("cells").toArray();
        QCOMPARE(cells.size(), 8);
        for (int row = 0; row < 8; ++row) {
            QCOMPARE(cells[row].toArray().size(), 8);
            for (int column = 0; column < 8; ++column) {
                const QJsonObject cell = cells[row].toArray()[column].toObject();
                QCOMPARE(cell.value("type").toString(), row == column ? QStringLiteral("LOC") : QStringLiteral("NVL"));
                if (row != column) QCOMPARE(cell.value("bw").toDouble(), 370.8);
            }
        }
        const QJsonArray connections = json.value("connections").toArray();
        QVERIFY(!connections.isEmpty());
        int overNet = 0;
        for (const auto& connection : connections)
            if (connection.toObject().value("via").toString().startsWith("NET/IB/")) {
                ++overNet;
                QVERIFY(connection.toObject().value("via").toString().endsWith("/GDRDMA"));
            }
        QVERIFY(overNet > 0);
        QVERIFY(!json.value("channels").toArray().isEmpty());
    }

    // NCCL_DEBUG_SUBSYS=GRAPH adds the search's Pattern lines, printed with the GRAPH subsystem.
    void graphSubsysAddsPatternLines() {
        const CliResult plain = runCommviz({"nccl-topo", "dgx_h100_nvswitch_8nic.xml"});
        const CliResult graph = runCommviz({"nccl-topo", "dgx_h100_nvswitch_8nic.xml", "--set", "graph_subsys=true"});
        QCOMPARE(graph.exitCode, 0);
        QVERIFY(!plain.out.contains("Pattern "));
        QVERIFY(graph.out.contains("NCCL INFO Pattern 4, crossNic 0, nChannels "));
    }

    // NCCL_DEBUG_SUBSYS=TUNING: rank 0's TUNING table after every other line, in 2.22.3's two blocks;
    // PCIe ring of 1 channel × 10 GB/s on 4 ranks: AllReduce Ring/Simple 10 × 4/6 = 6.7 GB/s,
    // 8.4 + 6 × 5.7 = 42.6 µs. --json adds the same cells under "tuning".
    void tuningSubsysAddsTheTable() {
        const CliResult plain = runCommviz({"nccl-topo", "pcie_4gpu_2socket.xml"});
        const CliResult tuned = runCommviz({"nccl-topo", "pcie_4gpu_2socket.xml", "--set", "tuning_subsys=true"});
        QCOMPARE(tuned.exitCode, 0);
        QVERIFY(tuned.err.isEmpty());
        QVERIFY(tuned.out.startsWith(plain.out));
        const QStringList added = QString::fromUtf8(tuned.out.mid(plain.out.size())).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(added.size(), 16);
        QCOMPARE(added[0],
                 QStringLiteral("node0:4000:4000 [0] NCCL INFO   Algorithm   |                            Tree "
                                "                 |                            Ring                  |       "
                                "            CollNetDirect                  |"));
        QVERIFY(added[7].startsWith("node0:4000:4000 [0] NCCL INFO     AllReduce |"));
        QVERIFY(added[7].contains("|    42.6/   6.7 |"));
        const QJsonObject json =
            jsonOf(runCommviz({"nccl-topo", "pcie_4gpu_2socket.xml", "--set", "tuning_subsys=true", "--json"}));
        const QJsonObject tuning = json.value("tuning").toObject();
        QCOMPARE(tuning.value("version").toString(), QStringLiteral("2.22.3"));
        const QJsonArray cell =
            tuning.value("model").toObject().value("AllReduce").toObject().value("Ring/Simple").toArray();
        QCOMPARE(cell.at(0).toDouble(), 42.6);
        QCOMPARE(cell.at(1).toDouble(), 6.7);
        QVERIFY(!jsonOf(runCommviz({"nccl-topo", "pcie_4gpu_2socket.xml", "--json"})).contains("tuning"));
    }

    void topoRefusesBadInput() {
        const QString malformed = write("bad.xml", "<system version=\"1\">\n  <cpu numaid=\"0\">\n  </gpu>\n");
        expectRefused({"nccl-topo"}, {"missing FILE.xml", "usage: commviz nccl-topo"});
        expectRefused({"nccl-topo", m_dir.filePath("absent.xml")}, {"absent.xml' does not exist"});
        expectRefused({"nccl-topo", "/dev/zero"}, {"topology file '/dev/zero' is not a regular file"});
        expectRefused({"nccl-topo", m_dir.path()}, {"is a directory"});
        expectRefused({"nccl-topo", malformed}, {"bad.xml:3", "malformed XML"});
        expectRefused({"nccl-topo", "nvlink_pair.xml", "--set", "no_such_key=1"}, {"no_such_key"});
        expectRefused({"nccl-topo", "nvlink_pair.xml", "--set", "nnodes=0"}, {"nnodes", "0"});
        expectRefused({"nccl-topo", "nvlink_pair.xml", "--bogus"}, {"unknown option '--bogus'"});
    }

    // The log written above, read back: what was understood, and the unread line by number.
    void logReportOfAHandWrittenLog() {
        const QString log = write("job.log", kHandLog);
        const CliResult r = runCommviz({"nccl-log", log});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.startsWith("NCCL version: 2.19.3+cuda12.3\n"), qPrintable(out));
        VERIFY_CONTAINS_ALL(
            out, {"ranks: 2 (2 with an Init line), nodes 1\n", "  gpu7: ranks 0 1\n", "  ring 00: 0 1\n",
                  "0 -> 1 via P2P/IPC/read (P2P), channels 0\n", "1 -> 0 via SHM/direct/direct (SHM), channels 0\n",
                  "warns: 1\n", "misc/socket.cc:50: socketProgress: Connection closed by remote peer",
                  "unread lines: 1\n  line 3 [", "]: epoch 1 done\n"});

        const QJsonObject json = jsonOf(runCommviz({"nccl-log", log, "--json"}));
        QCOMPARE(json.value("version").toString(), QStringLiteral("2.19.3+cuda12.3"));
        QCOMPARE(json.value("nRanks").toInt(), 2);
        const QJsonArray unread = json.value("unread").toArray();
        QCOMPARE(unread.size(), 1);
        QCOMPARE(unread.first().toObject().value("line").toInt(), 3);
        QCOMPARE(unread.first().toObject().value("text").toString(), QStringLiteral("epoch 1 done"));
    }

    // A bundled example log by name, as `log_file=` takes it.
    void logReadsABundledExample() {
        const CliResult r = runCommviz({"nccl-log", "nccl_2.26_2node_4gpu_warn.log"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith("NCCL version: 2.26.2+cuda12.8\n"));
        QVERIFY(r.out.contains("ranks: 4 (4 with an Init line), nodes 2\n"));
    }

    void logRefusesBadInput() {
        const QString binary = write("core.log", QByteArray("gpu7:100:100 [0] NCCL INFO x\n\0\1\2", 32));
        expectRefused({"nccl-log"}, {"missing FILE.log"});
        expectRefused({"nccl-log", m_dir.filePath("absent.log")}, {"absent.log' does not exist"});
        expectRefused({"nccl-log", "/dev/zero"}, {"log file '/dev/zero' is not a regular file"});
        expectRefused({"nccl-log", binary}, {"core.log:2", "NUL byte"});
        expectRefused({"nccl-log", binary, "--bogus"}, {"--bogus"});
    }
};

QTEST_GUILESS_MAIN(CliNcclTopologyTest)
#include "tst_cli_nccl_topology.moc"
