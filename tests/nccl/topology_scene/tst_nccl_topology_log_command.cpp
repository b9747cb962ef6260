// `commviz nccl-log FILE.log [--json]`, called as the app calls it: the text
// and JSON reports of the bundled logs, and one-line failures on bad input.

#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <sstream>
#include <string>

#include "nccl/topology_scene/nccl_topo_command.h"
#include "sim/json.h"
#include "text_checks.h"

using namespace commviz;
using namespace commviz::nccl_topology;

namespace {

std::string bundled(const std::string& name) {
    return std::string(COMMVIZ_SOURCE_DIR) + "/resources/nccl_logs/" + name;
}

std::string run(const std::vector<std::string>& args) {
    std::ostringstream out;
    const sim::Status status = runNcclLogCommand(args, out);
    if (!status) qFatal("%s", status.error().message.c_str());
    return out.str();
}

std::string failure(const std::vector<std::string>& args) {
    std::ostringstream out;
    const sim::Status status = runNcclLogCommand(args, out);
    if (status) return "succeeded";
    if (!out.str().empty()) return "wrote output before failing";
    return status.error().message;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

class TestNcclTopologyLogCommand : public QObject {
    Q_OBJECT

private slots:
    void textReport() {
        const std::string text = run({bundled("nccl_2.26_2node_4gpu_warn.log")});
        VERIFY_CONTAINS_ALL(
            text, {"NCCL version: 2.26.2+cuda12.8\n", "ranks: 4 (4 with an Init line), nodes 2\n", "  n2: ranks 2 3\n",
                   "channels: 2\n", "  ring 01: 0 1 2 3\n",
                   // Channel 1's tree: rank 2 is the root with children 3 and 0 (`Trees [1] 3/0/-1->2->-1`).
                   "  tree 01: 1/-1/-1->0->2 -1/-1/-1->1->0 3/0/-1->2->-1 -1/-1/-1->3->2\n",
                   "  3 -> 0 [send] via NET/IB/0(2)/GDRDMA (NET), channels 1\n",
                   "  0 -> 1 via SHM/direct/direct (SHM), channels 0 1\n", "init time: 1.37 s (slowest, rank 0)\n",
                   "warns: 2\n", "  line 81 n1 (rank 0) misc/socket.cc:50: socketProgress: Connection closed",
                   "unread lines: 5\n", "  line 75 [not an NCCL INFO or WARN line]: Epoch 0 | step 10/500"});
    }

    void partialRingIsMarked() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("cut.log").toStdString();
        std::ofstream(path) << "h:1:1 [0] NCCL INFO comm 0x1 rank 0 nranks 8 cudaDev 0 - Init START\n"
                               "h:1:1 [0] NCCL INFO Channel 00/01 : 0 1 2...\n";
        const std::string text = run({path});
        QVERIFY(contains(text, "  ring 00: 0 1 ... (partial: the log cut it short)\n"));
        QVERIFY(contains(text, "init time: (no Init timings line)\n"));
    }

    void jsonReport() {
        const std::string text = run({bundled("nccl_2.22_2node_16gpu.log"), "--json"});
        const sim::Json json = sim::Json::parse(text);
        QCOMPARE(json["version"].get<std::string>(), std::string("2.22.3+cuda12.4"));
        QCOMPARE(json["nRanks"].get<int>(), 16);
        QCOMPARE(json["hosts"][1]["ranks"].size(), std::size_t(8));
        QCOMPARE(json["hosts"][1]["ranks"][0].get<int>(), 8);
        QCOMPARE(json["channels"].size(), std::size_t(2));
        QCOMPARE(json["channels"][0]["partial"].get<bool>(), false);
        QCOMPARE(json["channels"][0]["ring"][15].get<int>(), 15);
        QCOMPARE(json["channels"][0]["tree"].size(), std::size_t(16));
        // 7 -> 8 sends on channel 0 over NIC 0 and on channel 1 over NIC 1, with GPU Direct RDMA.
        std::vector<std::string> sends;
        for (const sim::Json& peer : json["transports"])
            if (peer["from"] == 7 && peer["to"] == 8 && peer["side"] == "send" && peer["transport"] == "NET")
                sends.push_back(peer["via"].get<std::string>() + " " + peer["channels"].dump());
        QCOMPARE(sends, (std::vector<std::string>{"NET/IB/0/GDRDMA [0]", "NET/IB/1/GDRDMA [1]"}));
        QCOMPARE(json["initSeconds"].get<double>(), 1.22);
        QVERIFY(json["unread"].empty());
        QVERIFY(json["warns"].empty());
        QCOMPARE(json["ranks"][3]["busId"].get<std::string>(), std::string("5d000"));
    }

    void badInput() {
        QVERIFY(contains(failure({}), "missing FILE.log"));
        QVERIFY(contains(failure({"--yaml", "x.log"}), "unknown option '--yaml'"));
        QVERIFY(contains(failure({"a.log", "b.log"}), "one log file only"));
        QVERIFY(contains(failure({"/nonexistent/x.log"}), "log file '/nonexistent/x.log' does not exist"));
        QTemporaryDir dir;
        const std::string path = dir.filePath("bin.log").toStdString();
        std::ofstream(path, std::ios::binary) << std::string("ok\nELF\0\1\2", 9);
        const std::string binary = failure({path});
        QVERIFY2(contains(binary, path + ":2: a NUL byte"), binary.c_str());
        QCOMPARE(std::count(binary.begin(), binary.end(), '\n'), 0L);
    }
};

QTEST_GUILESS_MAIN(TestNcclTopologyLogCommand)
#include "tst_nccl_topology_log_command.moc"
