// Each kind of INFO-log line in its forms across NCCL versions, and malformed
// versions of each: read, or listed as unread with the reason, never dropped.
// The formats are NCCL's own format strings (src/debug.cc, src/init.cc,
// src/graph/rings.cc, src/transport/*.cc at the tags named in each test).

#include <QtTest>
#include <string>

#include "nccl/log/info_log_reader.h"

using namespace commviz::nccl_topology;

namespace {

constexpr const char* kInit2 =
    "h:10:11 [0] NCCL INFO comm 0xa rank 0 nranks 2 cudaDev 0 busId 1000 - Init COMPLETE\n"
    "h:12:13 [1] NCCL INFO comm 0xb rank 1 nranks 2 cudaDev 1 busId 2000 - Init COMPLETE\n";

InfoLog read(const std::string& text) {
    auto log = parseInfoLog(text, "t.log");
    if (!log) qFatal("%s", log.error().message.c_str());
    return std::move(log).value();
}

/// The one unread line of `text`'s last line, or a failure.
std::string unreadReason(const std::string& text) {
    const InfoLog log = read(text);
    if (log.unread.size() != 1) return "expected one unread line, got " + std::to_string(log.unread.size());
    return log.unread.front().reason;
}

std::vector<int> iota(int from, int to) {
    std::vector<int> ranks;
    for (int rank = from; rank <= to; ++rank) ranks.push_back(rank);
    return ranks;
}

}  // namespace

class TestNcclTopologyInfoLogLines : public QObject {
    Q_OBJECT

private slots:
    void prefixForms() {
        // 2.26+ timestamp, WARN with 2.29+'s (func), WARN without the blank line.
        const InfoLog log = read(
            "[2026-01-02 03:04:05] node-1.example:77:78 [3] NCCL INFO NCCL version 2.29.2+cuda13.0\n"
            "node-1.example:77:78 [3] init.cc:1043 (ncclCommInitRankFunc) NCCL WARN Mismatched NCCL version\n");
        QCOMPARE(log.version, std::string("2.29.2+cuda13.0"));
        QCOMPARE(log.hosts, std::vector<std::string>{"node-1.example"});
        QCOMPARE(log.warns.size(), std::size_t(1));
        QCOMPARE(log.warns[0].function, std::string("ncclCommInitRankFunc"));
        QCOMPARE(log.warns[0].source, std::string("init.cc:1043"));
        QCOMPARE(log.warns[0].text, std::string("Mismatched NCCL version"));
        QCOMPARE(log.warns[0].cudaDev, 3);
        QVERIFY(log.unread.empty());
        // NCCL_DEBUG=VERSION prints the version alone.
        QCOMPARE(read("NCCL version 2.18.3+cuda12.2\n").version, std::string("2.18.3+cuda12.2"));
        QCOMPARE(read("NCCL version 2.18.3+cuda12.2\n").unread.size(), std::size_t(0));
    }

    void prefixRefusals_data() {
        QTest::addColumn<QString>("line");
        QTest::newRow("TRACE") << "h:1:2 [0] 1234.5 ncclProxyProgress:99 NCCL TRACE x";
        QTest::newRow("CALL") << "h:1:2 NCCL CALL ncclCommInitRank(0x1)";
        QTest::newRow("pid not a number") << "h:x:2 [0] NCCL INFO Using network IB";
        QTest::newRow("no device") << "h:1:2 NCCL INFO Using network IB";
        QTest::newRow("WARN without file:line") << "h:1:2 [0] NCCL WARN oops";
        QTest::newRow("unknown message") << "h:1:2 [0] NCCL INFO something new in 2.31";
        QTest::newRow("program output") << "Epoch 3 loss 0.1";
    }
    void prefixRefusals() {
        QFETCH(QString, line);
        const InfoLog log = read(line.toStdString() + "\n");
        QCOMPARE(log.unread.size(), std::size_t(1));
        QCOMPARE(log.unread[0].line, 1);
        QCOMPARE(log.unread[0].text, line.toStdString());
    }

    /// `Init START/COMPLETE` from 2.4 (nvmlDev, no busId) to 2.29 (`[Rank R] func`).
    void initForms() {
        const InfoLog log = read(
            "h:1:1 [0] NCCL INFO comm 0x10 rank 0 nranks 4 cudaDev 0 nvmlDev 2 - Init COMPLETE\n"
            "h:2:2 [1] NCCL INFO comm 0x11 rank 1 nranks 4 cudaDev 1 busId 1e000 - Init COMPLETE\n"
            "h:3:3 [2] NCCL INFO ncclCommSplit comm 0x12 rank 2 nranks 4 cudaDev 2 nvmlDev 2 busId 3b000 parent 0x9 "
            "color 1 key 2 commId 0x5 - Init START\n"
            "h:4:4 [3] NCCL INFO [Rank 3] ncclCommInitRankConfig comm 0x13 rank 3 nranks 4 cudaDev 3 nvmlDev 3 busId "
            "5d000 commId 0x5 - Init START\n");
        QCOMPARE(log.ranks.size(), std::size_t(4));
        QCOMPARE(log.ranks[0].nvmlDev, 2);
        QCOMPARE(log.ranks[0].completeLine, 1);
        QCOMPARE(log.ranks[1].busId, std::string("1e000"));
        QCOMPARE(log.ranks[2].function, std::string("ncclCommSplit"));
        QCOMPARE(log.ranks[2].startLine, 3);
        QCOMPARE(log.ranks[3].function, std::string("ncclCommInitRankConfig"));
        QCOMPARE(log.ranks[3].comm, std::string("0x13"));
        QCOMPARE(log.comm.nRanks, 4);
    }

    void initRefusals() {
        QVERIFY(
            unreadReason("h:1:1 [0] NCCL INFO comm 0x1 rank 4 nranks 4 cudaDev 0 - Init START\n").find("rank '4'") !=
            std::string::npos);
        QVERIFY(unreadReason("h:1:1 [0] NCCL INFO comm 0x1 rank 0 nranks 0 cudaDev 0 - Init START\n").find("nranks") !=
                std::string::npos);
        QVERIFY(unreadReason("h:1:1 [0] NCCL INFO rank 0 nranks 2 cudaDev 0 - Init START\n").find("comm") !=
                std::string::npos);
        // A second communicator is listed, not mixed into the first.
        QVERIFY(unreadReason(std::string(kInit2) +
                             "h:10:11 [0] NCCL INFO comm 0xc rank 0 nranks 8 cudaDev 0 - Init START\n")
                    .find("second communicator") != std::string::npos);
        // 2^31 ranks: the read fails, naming the file and line.
        auto absurd = parseInfoLog("x\nh:1:1 [0] NCCL INFO comm 0x1 rank 0 nranks 2147483648 cudaDev 0 - Init START\n",
                                   "big.log");
        QVERIFY(!absurd);
        QVERIFY(absurd.error().message.rfind("big.log:2: nranks 2147483648", 0) == 0);
    }

    /// 2.23+ cuts rank 0's line at 128 bytes: for 64 ranks (width 2) it ends `… 34 35 ...`.
    void ringListTruncated() {
        std::string text;
        for (int rank = 0; rank < 64; ++rank)
            text += "h:1:1 [0] NCCL INFO comm 0x1 rank " + std::to_string(rank) + " nranks 64 cudaDev 0 - Init START\n";
        std::string line = "h:1:1 [0] NCCL INFO Channel 00/02 :";
        for (int rank = 0; rank <= 35; ++rank) line += (rank < 10 ? "  " : " ") + std::to_string(rank);
        QCOMPARE(line.size() - std::string("h:1:1 [0] NCCL INFO ").size() + 4, std::size_t(127));
        const InfoLog log = read(text + line + " ...\n");
        QCOMPARE(log.comm.channels[0].ring, iota(0, 35));
        QCOMPARE(log.partialRings, std::vector<int>{0});
        // A number the dots cut into is dropped.
        const InfoLog cut = read(text + "h:1:1 [0] NCCL INFO Channel 00/02 : 0 1 2 3...\n");
        QCOMPARE(cut.comm.channels[0].ring, iota(0, 2));
    }

    void ringListForms() {
        // 2.22 stops at 20 ranks without a mark: partial when nranks says more.
        std::string text;
        for (int rank = 0; rank < 24; ++rank)
            text += "h:1:1 [0] NCCL INFO comm 0x1 rank " + std::to_string(rank) + " nranks 24 cudaDev 0 - Init START\n";
        std::string line = "h:1:1 [0] NCCL INFO Channel 00/01 : ";
        for (int rank = 0; rank < 20; ++rank) line += (rank < 10 ? "   " : "  ") + std::to_string(rank);
        const InfoLog log = read(text + line + "\n");
        QCOMPARE(log.comm.channels[0].ring, iota(0, 19));
        QCOMPARE(log.partialRings, std::vector<int>{0});
        // 2.4's `Channel 00 : ` has no count.
        const InfoLog old = read(std::string(kInit2) + "h:10:11 [0] NCCL INFO Channel 01 :    0   1\n");
        QCOMPARE(old.comm.channels.size(), std::size_t(2));
        QCOMPARE(old.comm.channels[1].ring, iota(0, 1));
        QVERIFY(old.partialRings.empty());
    }

    void ringListRefusals() {
        QVERIFY(unreadReason("h:1:1 [0] NCCL INFO Channel 00/02 : 0 1 x\n").find("'x'") != std::string::npos);
        QVERIFY(unreadReason("h:1:1 [0] NCCL INFO Channel 64/65 : 0 1\n").find("64") != std::string::npos);
        QVERIFY(unreadReason("h:1:1 [0] NCCL INFO Channel 00/02 :\n").find("no ranks") != std::string::npos);
        QCOMPARE(unreadReason(std::string(kInit2) + "h:1:1 [0] NCCL INFO Channel 00/01 : 0 5\n"),
                 std::string("rank 5 is beyond nranks 2"));
    }

    /// GRAPH `Ring 00 : prev -> me -> next`; a missing rank leaves the ring partial.
    void ringHops() {
        const InfoLog log = read(
            "h:1:1 [0] NCCL INFO Ring 00 : 2 -> 0 -> 1\n"
            "h:1:1 [0] NCCL INFO Ring 00 : 0 -> 1 -> 2\n");
        QCOMPARE(log.comm.nRanks, 3);  // no Init line: the highest rank named
        QCOMPARE(log.comm.channels[0].ring, iota(0, 2));
        QVERIFY(log.partialRings.empty());  // rank 1's next (2) and rank 0's prev (2) close it
        const InfoLog partial = read("h:1:1 [0] NCCL INFO Ring 03 : 3 -> 0 -> 1\n");
        QCOMPARE(partial.comm.channels.size(), std::size_t(4));
        QCOMPARE(partial.comm.channels[3].ring, iota(0, 1));
        QCOMPARE(partial.partialRings, std::vector<int>{3});
        QVERIFY(unreadReason("h:1:1 [0] NCCL INFO Ring 00 : 2 -> 0\n").find("a -> b -> c") != std::string::npos);
        QVERIFY(unreadReason("h:1:1 [0] NCCL INFO Ring 00 : -1 -> 0 -> 1\n").find("prev") != std::string::npos);
    }

    /// `Trees` in 2.4 (up first), 2.5–2.7 (`up|down`, first half read) and 2.8+ (downs first).
    void treesForms() {
        const InfoLog log = read(
            "h:1:1 [0] NCCL INFO Trees [0] -1->0->1/-1/-1\n"
            "h:1:2 [1] NCCL INFO Trees [0] -1/-1/-1->1->0|0->1->-1/-1/-1 [1] 2/-1/-1->1->-1\n"
            "h:1:3 [2] NCCL INFO Trees [1] -1/-1/-1->2->1\n"
            "h:1:3 [2] NCCL INFO Tree 2 : 1 -> 2 -> 0/-1/-1\n"
            "h:1:3 [2] NCCL INFO Trees\n");
        QCOMPARE(log.comm.nRanks, 3);
        QCOMPARE(log.comm.channels[0].tree[0], (RankTree{-1, {1, -1, -1}}));
        QCOMPARE(log.comm.channels[0].tree[1], (RankTree{0, {-1, -1, -1}}));
        QCOMPARE(log.comm.channels[1].tree[1], (RankTree{-1, {2, -1, -1}}));
        QCOMPARE(log.comm.channels[1].tree[2], (RankTree{1, {-1, -1, -1}}));
        QCOMPARE(log.comm.channels[2].tree[2], (RankTree{1, {0, -1, -1}}));
        QVERIFY(log.unread.empty());
    }

    void treesRefusals() {
        QVERIFY(unreadReason("h:1:1 [0] NCCL INFO Trees [0] 1/-1->0->-1\n").find("[0]") != std::string::npos);
        QVERIFY(
            unreadReason("h:1:1 [0] NCCL INFO Trees [0] 1/-1/-1->0->-1 [1] 1/-1/-1->2->-1\n").find("ranks 0 and 2") !=
            std::string::npos);
        QVERIFY(unreadReason("h:1:1 [0] NCCL INFO Trees [99] 1/-1/-1->0->-1\n").find("[99]") != std::string::npos);
        QVERIFY(unreadReason("h:1:1 [0] NCCL INFO Trees [0]\n").find("[0]") != std::string::npos);
        QVERIFY(unreadReason("h:1:1 [0] NCCL INFO Tree 0 : -1 -> 0 -> 1/-1\n").find("d0/d1/d2") != std::string::npos);
        QCOMPARE(unreadReason(std::string(kInit2) + "h:1:1 [0] NCCL INFO Trees [0] 7/-1/-1->0->-1\n"),
                 std::string("rank 7 is beyond nranks 2"));
    }

    void connectionForms_data() {
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("connIndex");
        QTest::addColumn<int>("fromDev");
        QTest::addColumn<int>("side");
        QTest::addColumn<int>("transport");
        QTest::addColumn<QString>("via");
        const int both = int(Connection::Side::Both), send = int(Connection::Side::Send);
        const int receive = int(Connection::Side::Receive);
        QTest::newRow("2.30 cuMem") << "Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM/read" << 0 << 0 << both
                                    << int(Transport::P2P) << "P2P/CUMEM/read";
        QTest::newRow("p2p op connIndex 1") << "Channel 00/1 : 0[0] -> 1[1] via P2P/direct pointer/read" << 1 << 0
                                            << both << int(Transport::P2P) << "P2P/direct pointer/read";
        QTest::newRow("indirect") << "Channel 00/0 : 0[0] -> 1[3] via P2P/indirect/2[2]/read" << 0 << 0 << both
                                  << int(Transport::P2P) << "P2P/indirect/2[2]/read";
        QTest::newRow("IPC 2.22") << "Channel 00/0 : 0[4] -> 1[5] via P2P/IPC/read" << 0 << 4 << both
                                  << int(Transport::P2P) << "P2P/IPC/read";
        QTest::newRow("SHM 2.30") << "Channel 00 : 0[0] -> 1[1] via SHM/direct" << 0 << 0 << both << int(Transport::SHM)
                                  << "SHM/direct";
        QTest::newRow("SHM 2.22") << "Channel 00 : 0[0] -> 1[1] via SHM/direct/direct" << 0 << 0 << both
                                  << int(Transport::SHM) << "SHM/direct/direct";
        QTest::newRow("NET send") << "Channel 00/0 : 0[7] -> 1[0] [send] via NET/IB/3/GDRDMA" << 0 << 7 << send
                                  << int(Transport::NET) << "NET/IB/3/GDRDMA";
        QTest::newRow("NET PXN receive") << "Channel 00/0 : 0[7] -> 1[0] [receive] via NET/IB/0(5)/GDRDMA/Shared" << 0
                                         << 7 << receive << int(Transport::NET) << "NET/IB/0(5)/GDRDMA/Shared";
        QTest::newRow("busId brackets") << "Channel 00 : 0[1e000] -> 1[3b000] via P2P/IPC" << 0 << -1 << both
                                        << int(Transport::P2P) << "P2P/IPC";
        QTest::newRow("2.4 Ring IPC") << "Ring 00 : 0[0] -> 1[1] via P2P/IPC" << 0 << 0 << both << int(Transport::P2P)
                                      << "P2P/IPC";
        QTest::newRow("2.4 NET no brackets")
            << "Ring 00 : 0 -> 1 [send] via NET/Socket/0" << 0 << -1 << send << int(Transport::NET) << "NET/Socket/0";
        QTest::newRow("2.4 shared memory") << "Ring 00 : 0[0] -> 1[1] via direct shared memory" << 0 << 0 << both
                                           << int(Transport::SHM) << "direct shared memory";
    }
    void connectionForms() {
        QFETCH(QString, message);
        QFETCH(int, connIndex);
        QFETCH(int, fromDev);
        QFETCH(int, side);
        QFETCH(int, transport);
        QFETCH(QString, via);
        const InfoLog log = read(std::string(kInit2) + "h:10:11 [0] NCCL INFO " + message.toStdString() + "\n");
        QVERIFY(log.unread.empty());
        QCOMPARE(log.comm.connections.size(), std::size_t(1));
        const Connection& connection = log.comm.connections[0];
        QCOMPARE(connection.fromRank, 0);
        QCOMPARE(connection.toRank, 1);
        QCOMPARE(connection.connIndex, connIndex);
        QCOMPARE(connection.fromDev, fromDev);
        QCOMPARE(int(connection.side), side);
        QCOMPARE(int(connection.transport), transport);
        QCOMPARE(QString::fromStdString(connection.via), via);
    }

    void connectionRefusals() {
        QVERIFY(unreadReason("h:1:1 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via \n").find("via") !=
                std::string::npos);
        QVERIFY(unreadReason("h:1:1 [0] NCCL INFO Channel 00/0 : 0[0] 1[1] via P2P/IPC\n").find("->") !=
                std::string::npos);
        QVERIFY(unreadReason("h:1:1 [0] NCCL INFO Channel 00/0 : 0[0 -> 1[1] via P2P/IPC\n").find("->") !=
                std::string::npos);
        QCOMPARE(unreadReason(std::string(kInit2) + "h:1:1 [0] NCCL INFO Channel 00/0 : 0[0] -> 9[1] via P2P/IPC\n"),
                 std::string("rank 9 is beyond nranks 2"));
    }

    void timings() {
        // 2.22's `Init timings:` and 2.23+'s `Init timings - func:`; Bootstrap's line has no rank:
        // the process (pid 12, device 1) names it.
        const InfoLog log = read(std::string(kInit2) +
                                 "h:10:11 [0] NCCL INFO Init timings: rank 0 nranks 2 total 0.52 (kernels 0.10, ...)\n"
                                 "h:12:13 [1] NCCL INFO Init timings - ncclCommInitRank: rank 1 nranks 2 total 0.61 "
                                 "(kernels 0.10, alloc 0.01)\n"
                                 "h:12:99 [1] NCCL INFO Bootstrap timings total 0.250000 (create 0.1, send 0.1)\n");
        QCOMPARE(log.ranks[0].initSeconds, 0.52);
        QCOMPARE(log.ranks[1].initSeconds, 0.61);
        QCOMPARE(log.ranks[1].bootstrapSeconds, 0.25);
        QVERIFY(log.unread.empty());
        QVERIFY(unreadReason("h:1:1 [0] NCCL INFO Init timings: rank 0 nranks 1 total abc\n").find("total") !=
                std::string::npos);
        QCOMPARE(unreadReason("h:7:7 [0] NCCL INFO Bootstrap timings total 0.1 (create 0.1)\n"),
                 std::string("timings of a process with no Init line"));
    }

    void notText() {
        auto binary = parseInfoLog(std::string("h:1:1 [0] NCCL INFO Using network IB\nab\0cd\n", 42), "bin.log");
        QVERIFY(!binary);
        QVERIFY(binary.error().message.rfind("bin.log:2: a NUL byte", 0) == 0);
        std::string longLine(70000, 'x');
        longLine.append("\r\nh:1:1 [0] NCCL INFO Using network IB\r\n");
        const InfoLog log = read(longLine);
        QCOMPARE(log.unread.size(), std::size_t(1));
        QCOMPARE(log.unread[0].text.size(), kUnreadTextLimit);
        QVERIFY(log.unread[0].reason.find("longer than") != std::string::npos);
        QCOMPARE(log.linesRead, 1);
        QVERIFY(read("").unread.empty());
    }
};

QTEST_GUILESS_MAIN(TestNcclTopologyInfoLogLines)
#include "tst_nccl_topology_info_log_lines.moc"
