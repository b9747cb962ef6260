// The NCCL_DEBUG=INFO log reader on the bundled logs (2.7, 2.22, 2.26, 2.30):
// every fact checked here was worked out by reading the log file by hand.

#include <QtTest>
#include <algorithm>
#include <string>

#include "nccl/log/info_log_reader.h"
#include "topology_test_support.h"

using namespace commviz::nccl_topology;
using topology_test::ranksUpTo;

namespace {

InfoLog bundledLog(const std::string& name) {
    auto log = readInfoLogFile(std::string(COMMVIZ_SOURCE_DIR) + "/resources/nccl_logs/" + name);
    if (!log) qFatal("%s", log.error().message.c_str());
    return std::move(log).value();
}

const LoggedRank& rankOf(const InfoLog& log, int rank) {
    for (const LoggedRank& logged : log.ranks)
        if (logged.rank == rank) return logged;
    qFatal("rank %d not in the log", rank);
    return log.ranks.front();
}

const Connection* findConnection(const InfoLog& log, int channel, int from, int to, Connection::Side side) {
    for (const Connection& connection : log.comm.connections)
        if (connection.channel == channel && connection.fromRank == from && connection.toRank == to &&
            connection.side == side)
            return &connection;
    return nullptr;
}

RankTree tree(int up, int down0, int down1 = -1, int down2 = -1) { return RankTree{up, {down0, down1, down2}}; }

}  // namespace

class TestNcclTopologyInfoLog : public QObject {
    Q_OBJECT

private slots:
    /// 2.22, two hosts of eight GPUs, one process per GPU, no GRAPH lines.
    void classicTwoNodes() {
        const InfoLog log = bundledLog("nccl_2.22_2node_16gpu.log");
        QCOMPARE(log.version, std::string("2.22.3+cuda12.4"));
        QCOMPARE(log.hosts, (std::vector<std::string>{"gpu-a01", "gpu-a02"}));
        QCOMPARE(log.ranks.size(), std::size_t(16));
        QCOMPARE(log.comm.nRanks, 16);
        QCOMPARE(log.comm.nNodes, 2);  // the `comm … nNodes 2` line
        QCOMPARE(rankOf(log, 9).host, std::string("gpu-a02"));
        QCOMPARE(rankOf(log, 9).cudaDev, 1);
        QCOMPARE(rankOf(log, 9).busId, std::string("2a000"));
        QCOMPARE(rankOf(log, 9).function, std::string("ncclCommInitRank"));
        QVERIFY(rankOf(log, 9).startLine > 0 && rankOf(log, 9).completeLine > rankOf(log, 9).startLine);
        // Rank 0's two `Channel 0c/02 :    0   1 …  15` lines: 16 ranks fit in 2.22's 20.
        QCOMPARE(log.comm.channels.size(), std::size_t(2));
        QCOMPARE(log.comm.channels[0].ring, ranksUpTo(16));
        QCOMPARE(log.comm.channels[1].ring, ranksUpTo(16));
        QVERIFY(log.partialRings.empty());
        // Trees: channel 0 is rooted on node 0 (rank 0 sends down to 1 and to node 1's head 8),
        // channel 1 on node 1 (rank 8 is the root, rank 0 its child).
        QCOMPARE(log.comm.channels[0].tree[0], tree(-1, 1, 8));
        QCOMPARE(log.comm.channels[0].tree[8], tree(0, 9));
        QCOMPARE(log.comm.channels[1].tree[8], tree(-1, 9, 0));
        QCOMPARE(log.comm.channels[1].tree[0], tree(8, 1));
        QCOMPARE(log.comm.channels[1].tree[7], tree(6, -1));
        // 32 ring sends, 4 ring receives at ranks 0 and 8, 8 tree lines between 0 and 8.
        QCOMPARE(log.comm.connections.size(), std::size_t(44));
        const Connection* p2p = findConnection(log, 1, 3, 4, Connection::Side::Both);
        QVERIFY(p2p != nullptr);
        QCOMPARE(p2p->via, std::string("P2P/CUMEM"));  // sm90: no /read in 2.22
        QCOMPARE(p2p->transport, Transport::P2P);
        QCOMPARE(p2p->fromDev, 3);
        const Connection* net = findConnection(log, 1, 7, 8, Connection::Side::Send);
        QVERIFY(net != nullptr);
        QCOMPARE(net->via, std::string("NET/IB/1/GDRDMA"));
        QCOMPARE(net->transport, Transport::NET);
        QCOMPARE(net->toDev, 0);
        QVERIFY(findConnection(log, 0, 15, 0, Connection::Side::Receive) != nullptr);
        // `Init timings: rank 11 … total 1.22`: 1.10 + 0.01 × ((11 × 7) mod 13 = 12), the largest.
        QCOMPARE(rankOf(log, 11).initSeconds, 1.22);
        QCOMPARE(rankOf(log, 0).initSeconds, 1.10);
        QVERIFY(log.warns.empty());
        QVERIFY2(log.unread.empty(), log.unread.empty() ? "" : log.unread.front().text.c_str());
    }

    /// 2.30, one host of eight GPUs, NCCL_DEBUG_SUBSYS=INIT,GRAPH.
    void graphOneNode() {
        const InfoLog log = bundledLog("nccl_2.30_1node_8gpu_graph.log");
        QCOMPARE(log.version, std::string("2.30.7+cuda12.9"));
        QCOMPARE(log.ranks.size(), std::size_t(8));
        QCOMPARE(log.comm.nNodes, 1);
        QCOMPARE(rankOf(log, 5).function, std::string("ncclCommInitRankConfig"));
        QCOMPARE(log.comm.channels.size(), std::size_t(4));
        QCOMPARE(log.comm.channels[2].ring, ranksUpTo(8));
        QCOMPARE(log.comm.channels[3].ring, (std::vector<int>{0, 7, 6, 5, 4, 3, 2, 1}));
        // Channel 1 runs 0 7 6 …: rank 7's tree parent is 0 and its child 6.
        QCOMPARE(log.comm.channels[1].tree[7], tree(0, 6));
        QCOMPARE(log.comm.channels[0].tree[0], tree(-1, 1));
        QCOMPARE(log.comm.connections.size(), std::size_t(32));
        QCOMPARE(log.comm.connections.front().via, std::string("P2P/CUMEM"));
        // `Bootstrap timings total 0.003700` for rank 3 (0.0031 + 3 × 0.0002).
        QCOMPARE(rankOf(log, 3).bootstrapSeconds, 0.0037);
        QCOMPARE(rankOf(log, 7).initSeconds, 0.75);
        // The topology print and the search result are GRAPH lines the reader knows.
        QVERIFY2(log.unread.empty(), log.unread.empty() ? "" : log.unread.front().text.c_str());
    }

    /// The GRAPH `Ring` lines alone rebuild the rings: drop the `Channel xx/yy :` lines.
    void ringsFromGraphLinesAlone() {
        auto full =
            readInfoLogFile(std::string(COMMVIZ_SOURCE_DIR) + "/resources/nccl_logs/nccl_2.30_1node_8gpu_graph.log");
        QVERIFY(full);
        std::string text;
        QFile file(QString::fromStdString(std::string(COMMVIZ_SOURCE_DIR) +
                                          "/resources/nccl_logs/nccl_2.30_1node_8gpu_graph.log"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        for (const QByteArray& line : file.readAll().split('\n'))
            if (!line.contains("NCCL INFO Channel 0") || line.contains("->")) text += line.toStdString() + "\n";
        auto log = parseInfoLog(text, "rings.log");
        QVERIFY(log);
        QCOMPARE(log->comm.channels.size(), std::size_t(4));
        for (int channel = 0; channel < 4; ++channel)
            QCOMPARE(log->comm.channels[channel].ring, full->comm.channels[channel].ring);
        QVERIFY(log->partialRings.empty());
    }

    /// 2.7, one process driving four GPUs: ranks come only from `Init COMPLETE`,
    /// the brackets hold bus ids, Trees use 2.5–2.7's `up|down` form.
    void oldSingleProcess() {
        const InfoLog log = bundledLog("nccl_2.7_1node_4gpu.log");
        QCOMPARE(log.version, std::string("2.7.8+cuda11.0"));
        QCOMPARE(log.ranks.size(), std::size_t(4));
        QCOMPARE(rankOf(log, 2).pid, 17734);
        QCOMPARE(rankOf(log, 2).busId, std::string("3d000"));
        QCOMPARE(rankOf(log, 2).startLine, 0);
        QCOMPARE(rankOf(log, 2).completeLine, 35);
        QCOMPARE(rankOf(log, 2).initSeconds, -1.0);
        QCOMPARE(log.comm.channels.size(), std::size_t(2));
        QCOMPARE(log.comm.channels[1].ring, ranksUpTo(4));
        QCOMPARE(log.comm.channels[0].tree[1], tree(0, 2));
        QCOMPARE(log.comm.channels[1].tree[3], tree(2, -1));
        QCOMPARE(log.comm.connections.size(), std::size_t(8));
        const Connection* shm = findConnection(log, 0, 1, 2, Connection::Side::Both);
        QVERIFY(shm != nullptr);
        QCOMPARE(shm->transport, Transport::SHM);
        QCOMPARE(shm->fromDev, -1);  // `1[1c000]` is a bus id, not a device number
        QVERIFY2(log.unread.empty(), log.unread.empty() ? "" : log.unread.front().text.c_str());
    }

    /// 2.26 across two hosts with PyTorch output, a failure after init and its WARNs.
    void warnsAndProgramOutput() {
        const InfoLog log = bundledLog("nccl_2.26_2node_4gpu_warn.log");
        QCOMPARE(log.version, std::string("2.26.2+cuda12.8"));
        QCOMPARE(log.hosts, (std::vector<std::string>{"n1", "n2"}));
        QCOMPARE(log.comm.nNodes, 2);
        QCOMPARE(log.comm.channels[0].ring, ranksUpTo(4));
        QCOMPARE(log.comm.channels[1].tree[2], tree(-1, 3, 0));
        QCOMPARE(log.comm.channels[0].tree[0], tree(-1, 1, 2));
        QCOMPARE(log.comm.connections.size(), std::size_t(12));
        const Connection* pxn = findConnection(log, 1, 3, 0, Connection::Side::Send);
        QVERIFY(pxn != nullptr);
        QCOMPARE(pxn->via, std::string("NET/IB/0(2)/GDRDMA"));
        QCOMPARE(findConnection(log, 0, 0, 1, Connection::Side::Both)->via, std::string("SHM/direct/direct"));
        QCOMPARE(rankOf(log, 0).bootstrapSeconds, 0.41231);
        QCOMPARE(rankOf(log, 0).initSeconds, 1.37);
        QCOMPARE(log.warns.size(), std::size_t(2));
        QCOMPARE(log.warns[0].line, 78);
        QCOMPARE(log.warns[0].timestamp, std::string("2026-03-02 14:07:33"));
        QCOMPARE(log.warns[0].source, std::string("transport/net_ib.cc:1694"));
        QCOMPARE(log.warns[0].rank, 2);  // pid 5127, device 0: rank 2's process
        QVERIFY(log.warns[0].text.rfind("NET/IB : Got completion from peer", 0) == 0);
        QCOMPARE(log.warns[1].line, 81);
        QCOMPARE(log.warns[1].rank, 0);
        QCOMPARE(log.warns[1].timestamp, std::string());
        // The launcher, PyTorch and the training loop: lines 1, 2, 75, 76 and 82.
        std::vector<int> unread;
        for (const UnreadLine& line : log.unread) unread.push_back(line.line);
        QCOMPARE(unread, (std::vector<int>{1, 2, 75, 76, 82}));
        QCOMPARE(log.unread[2].reason, std::string("not an NCCL INFO or WARN line"));
    }
};

QTEST_GUILESS_MAIN(TestNcclTopologyInfoLog)
#include "tst_nccl_topology_info_log.moc"
