// Proves the NCCL_DEBUG=INFO lines match the formats NCCL prints (src/debug.cc,
// ncclDebugLog for the prefix; the INFO calls of src/init.cc, src/bootstrap.cc and
// src/graph/rings.cc for the messages): prefix, order, per-version wording,
// Channel/Trees/Ring lines, default subsystems.

#include <QRegularExpression>

#include "nccl_test_support.h"

using namespace nccltest;

namespace {

std::vector<std::string> linesOf(const sim::ParamValues& values) {
    NcclEngine engine(config(values));
    runAll(engine);
    return logLines(engine);
}

// The message after "NCCL INFO " of every line printed by `rank`'s process ("node0:<pid>:").
std::vector<std::string> messagesOf(const std::vector<std::string>& lines) {
    std::vector<std::string> out;
    for (const auto& line : lines)
        if (const auto at = line.find(" NCCL INFO "); at != std::string::npos) out.push_back(line.substr(at + 11));
    return out;
}

int indexOf(const std::vector<std::string>& messages, const std::string& start) {
    for (std::size_t i = 0; i < messages.size(); ++i)
        if (messages[i].rfind(start, 0) == 0) return int(i);
    return -1;
}

}  // namespace

class NcclLogTest : public QObject {
    Q_OBJECT

private slots:
    void everyLineHasTheRealPrefix() {
        // The prefix ncclDebugLog (NCCL src/debug.cc) writes: ^(?:\[[^\]]+\] )?(\S+):(\d+):(\d+) \[(\d+)\] NCCL
        // (INFO|WARN) (WARN with file:line).
        const QRegularExpression info(R"(^(\S+):(\d+):(\d+) \[(\d+)\] NCCL INFO \S)");
        const QRegularExpression warn(
            R"(^(?:\[[^\]]+\] )?(\S+):(\d+):(\d+) \[(\d+)\] \S+:\d+ (?:\(\w+\) )?NCCL WARN )");
        for (const char* version : {"classic", "2.30"}) {
            const auto lines = linesOf({{"nranks", 4}, {"version", version}, {"missing_rank", 3}});
            QVERIFY(!lines.empty());
            for (const auto& line : lines)
                QVERIFY2(line.empty() || info.match(QString::fromStdString(line)).hasMatch() ||
                             warn.match(QString::fromStdString(line)).hasMatch(),
                         line.c_str());
        }
    }

    void rank0Classic() {
        // ≤ 2.22: "Bootstrap : Using" under INIT, Init START after bootstrapInit, eager connect.
        const auto m = messagesOf(linesOf({{"nranks", 4}, {"log_rank", 0}}));
        QCOMPARE(m.at(0), std::string("Bootstrap : Using ib0:10.0.0.1<0>"));
        QCOMPARE(m.at(1), std::string("cudaDriverVersion 12040"));
        QCOMPARE(m.at(2), std::string("NCCL version 2.22.3+cuda12.4"));
        // v2.22.3 ncclNetPluginLoad logs the failed search (NCCL src/net.cc), then the IB plugin.
        QCOMPARE(m.at(3), std::string("NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin."));
        QCOMPARE(m.at(4), std::string("NET/IB : Using [0]mlx5_0:1/IB ; OOB ib0:10.0.0.1<0>"));
        QCOMPARE(m.at(5), std::string("Using network IB"));
        const QRegularExpression start(
            R"(^ncclCommInitRank comm 0x[0-9a-f]+ rank 0 nranks 4 cudaDev 0 nvmlDev 0 busId 18000 commId 0x[0-9a-f]+ - Init START$)");
        QVERIFY2(start.match(QString::fromStdString(m.at(6))).hasMatch(), m.at(6).c_str());
        QVERIFY(indexOf(m, "comm 0x") > 6);
        QCOMPARE(m.at(std::size_t(indexOf(m, "Channel 00/02"))), std::string("Channel 00/02 :    0   1   2   3"));
        QCOMPARE(m.at(std::size_t(indexOf(m, "Channel 01/02"))), std::string("Channel 01/02 :    0   1   2   3"));
        QCOMPARE(m.at(std::size_t(indexOf(m, "Trees"))), std::string("Trees [0] 1/-1/-1->0->-1 [1] 1/-1/-1->0->-1"));
        QCOMPARE(indexOf(m, "Connected all rings"), -1);  // 2.22 with cuMem: runtime connect
        QCOMPARE(indexOf(m, "Bootstrap timings"), -1);    // 2.23+
        QCOMPARE(indexOf(m, "Ring 00"), -1);              // GRAPH is not in the default subsystems
        QVERIFY(indexOf(m, "threadThresholds 8/8/64 | 32/8/64 | 512 | 512") > 0);
        // v2.22.3 prints "Init timings: rank …" (the "- function" form with alloc is 2.23+).
        QVERIFY(m.back().rfind("Init timings: rank 0 nranks 4 total ", 0) == 0);
        QVERIFY(m.at(m.size() - 2).find("- Init COMPLETE") != std::string::npos);
    }

    void rank0Version230() {
        const auto m = messagesOf(linesOf({{"nranks", 4}, {"version", "2.30"}, {"log_rank", 0}}));
        // ncclGetUniqueId → ncclInitEnv looks for the ENV plugin first (NCCL src/plugin/env.cc).
        QCOMPARE(m.at(0), std::string("ENV/Plugin: Could not find: libnccl-env.so"));
        QCOMPARE(m.at(1), std::string("Bootstrap: Using ib0:10.0.0.1<0>"));
        QCOMPARE(m.at(2), std::string("cudaDriverVersion 12090"));
        QCOMPARE(m.at(3), std::string("NCCL version 2.30.7+cuda12.9"));
        QCOMPARE(m.at(4), std::string("NET/Plugin: Could not find: libnccl-net.so"));
        QCOMPARE(m.at(7), std::string("Assigned NET plugin IB to comm"));
        QCOMPARE(m.at(8), std::string("Using network IB"));
        // Init START before bootstrapInit, with [Rank] and the function name (2.29+).
        const QRegularExpression start(
            R"(^\[Rank 0\] ncclCommInitRank comm 0x[0-9a-f]+ rank 0 nranks 4 cudaDev 0 nvmlDev 0 busId 18000 commId 0x[0-9a-f]+ - Init START$)");
        QVERIFY2(start.match(QString::fromStdString(m.at(9))).hasMatch(), m.at(9).c_str());
        const QRegularExpression timings(
            R"(^Bootstrap timings total \d+\.\d{6} \(create \d+\.\d{6}, send \d+\.\d{6}, recv \d+\.\d{6}, ring \d+\.\d{6}, delay \d+\.\d{6}\)$)");
        // bootstrapInit → ncclRasCommInit logs the RAS client socket before the timings (2.30).
        QCOMPARE(m.at(10), std::string("RAS client listening socket at ::1<28028>"));
        QVERIFY2(timings.match(QString::fromStdString(m.at(11))).hasMatch(), m.at(11).c_str());
        QCOMPARE(m.at(std::size_t(indexOf(m, "Channel 00/02"))), std::string("Channel 00/02 : 0 1 2 3"));
        QVERIFY(indexOf(m, "Rank 0: 1 Net devices") > 0);
        QVERIFY(indexOf(m, "Local Net device counts across ranks: min 1 max 1") > 0);
        QVERIFY(indexOf(m, "comm 0x") > indexOf(m, "Local Net device counts"));
        QCOMPARE(indexOf(m, "Connected all rings"), -1);  // runtime connect: at the first collective
        QVERIFY(indexOf(m, "CC Off, workFifoBytes 1048576") > 0);
    }

    void commIdInInitLinesIsTheIdHash() {
        NcclEngine engine(config({{"nranks", 2}, {"version", "2.30"}}));
        runAll(engine);
        const std::string hash = engine.summary()["unique_id"]["comm_hash"];
        char buf[32];
        std::snprintf(buf, sizeof buf, "commId 0x%llx ",
                      static_cast<unsigned long long>(std::stoull(hash.substr(2), nullptr, 16)));
        int found = 0;
        for (const auto& line : logLines(engine)) found += line.find(buf) != std::string::npos;
        QCOMPARE(found, 4);  // START and COMPLETE of both ranks
    }

    void channelLineOnRank0Only() {
        const auto lines = linesOf({{"nranks", 4}, {"version", "2.30"}});
        int channel = 0;
        for (const auto& line : lines)
            if (line.find("NCCL INFO Channel 0") != std::string::npos) {
                ++channel;
                QVERIFY2(line.find(" [0] ") != std::string::npos, line.c_str());
            }
        QCOMPARE(channel, 2);
    }

    void channelLineWidthAndCut() {
        // 2.23+: width of n - 1 digits, cut at 128 characters with "...".
        NcclEngine engine(config({{"nranks", 100}, {"version", "2.30"}}));
        runAll(engine);
        std::string line;
        for (const auto& entry : engine.log())
            if (entry.code == LogCode::Channel && entry.a == 0) line = formatLogLine(engine.world(), entry);
        const std::string message = line.substr(line.find("Channel"));
        QVERIFY(message.rfind("Channel 00/02 :  0  1  2", 0) == 0);
        QVERIFY(message.size() <= 128);
        QVERIFY(message.substr(message.size() - 3) == "...");
        // ≤ 2.22: at most 20 ranks, " %3d" each.
        NcclEngine old(config({{"nranks", 30}, {"log_rank", 0}}));
        runAll(old);
        for (const auto& entry : old.log())
            if (entry.code == LogCode::Channel && entry.a == 0) line = formatLogLine(old.world(), entry);
        QVERIFY(line.substr(line.find("Channel")) ==
                "Channel 00/02 :    0   1   2   3   4   5   6   7   8   9  10  11  12  13  14  15  16  17  18  19");
    }

    void ringLinesNeedGraph() {
        const auto m = messagesOf(linesOf({{"nranks", 4}, {"log_rank", 0}, {"graph_log", true}}));
        QVERIFY(indexOf(m, "Ring 00 : 3 -> 0 -> 1") > 0);
        QVERIFY(indexOf(m, "Ring 01 : 3 -> 0 -> 1") > 0);
    }

    void treesAcrossTwoNodes() {
        // 16 ranks, 8 GPUs per node: the double binary tree over 2 nodes; channel 1 mirrored.
        const auto m0 = messagesOf(linesOf({{"nranks", 16}, {"log_rank", 0}}));
        QCOMPARE(m0.at(std::size_t(indexOf(m0, "Trees"))), std::string("Trees [0] 1/8/-1->0->-1 [1] 1/-1/-1->0->8"));
        const auto m8 = messagesOf(linesOf({{"nranks", 16}, {"log_rank", 8}}));
        QCOMPARE(m8.at(std::size_t(indexOf(m8, "Trees"))), std::string("Trees [0] 9/-1/-1->8->0 [1] 9/0/-1->8->-1"));
        QVERIFY(indexOf(m8, "comm 0x") >= 0);
        QVERIFY(m8.at(std::size_t(indexOf(m8, "comm 0x"))).find("nRanks 16 nNodes 2 localRanks 8 localRank 0") !=
                std::string::npos);
        // Ring across nodes (eager connect): rank 8 receives from 7 over the network.
        const auto eager = messagesOf(linesOf({{"nranks", 16}, {"log_rank", 8}, {"runtime_connect", false}}));
        QVERIFY(indexOf(eager, "Channel 00/0 : 7[7] -> 8[0] [receive] via NET/IB/0") > 0);
    }

    void commIdLinesWhereNcclPrintsThem() {
        // NCCL src/init.cc (ncclGetUniqueId, ncclCommInitRankDev) and src/bootstrap.cc
        // (bootstrapNetInit, bootstrapGetUniqueId): rank 0 calls ncclGetUniqueId (bootstrapNetInit, then
        // bootstrapGetUniqueId logs the variable). In ncclCommInitRank: cudaDriverVersion
        // (ncclCudaLibraryInit), the banner (showVersion), then rank 0 logs the variable again and
        // creates the root, then ncclAsyncLaunch → commAlloc → ncclNetInit prints NET/IB and Using network.
        // v2.22.3's ncclCommInitRankDev logs the variable and starts the root before ncclInit and
        // showVersion, so it comes between cudaDriverVersion and the banner.
        NcclEngine e(config({{"nranks", 2}, {"comm_id", "10.0.0.1:29500"}, {"log_rank", 0}}));
        runAll(e);
        std::vector<std::string> m;
        std::vector<std::uint32_t> steps;
        for (const auto& entry : e.log()) {
            const std::string line = formatLogLine(e.world(), entry);
            m.push_back(line.substr(line.find(" NCCL INFO ") + 11));
            steps.push_back(entry.step);
        }
        const std::vector<std::string> expected{"Bootstrap : Using ib0:10.0.0.1<0>",
                                                "NCCL_COMM_ID set by environment to 10.0.0.1:29500",
                                                "cudaDriverVersion 12040",
                                                "NCCL_COMM_ID set by environment to 10.0.0.1:29500",
                                                "NCCL version 2.22.3+cuda12.4",
                                                "NET/Plugin: Could not find: libnccl-net.so. Using internal network "
                                                "plugin.",
                                                "NET/IB : Using [0]mlx5_0:1/IB ; OOB ib0:10.0.0.1<0>",
                                                "Using network IB"};
        for (std::size_t i = 0; i < expected.size(); ++i) QCOMPARE(m.at(i), expected[i]);
        // Step 1 is ncclGetUniqueId; step 2 the distribution prints nothing; step 3 is rank 0's ncclCommInitRank.
        QCOMPARE(steps.at(0), 1u);
        QCOMPARE(steps.at(1), 1u);
        for (std::size_t i = 2; i < expected.size(); ++i) QCOMPARE(steps.at(i), 3u);
    }

    void startupLinesComeWithRank0sInitNotTheBroadcast() {
        // init_2nodes_16: rank 0 creates the id at step 1 (Bootstrap: Using), MPI_Bcast is step 2
        // and prints nothing; ncclCommInitRank on rank 0 (banner … Init START) is step 3, its check-in.
        NcclEngine e(config({{"nranks", 16}, {"version", "2.30"}, {"nodes", 2}, {"log", "info"}, {"log_rank", 0}}));
        std::vector<std::uint32_t> versionSteps, startSteps;
        for (int i = 0; i < 3; ++i) e.step();
        for (const auto& entry : e.log()) {
            QVERIFY2(entry.step != 2, formatLogLine(e.world(), entry).c_str());
            if (entry.code == LogCode::NcclVersion) versionSteps.push_back(entry.step);
            if (entry.code == LogCode::InitStart) startSteps.push_back(entry.step);
        }
        QCOMPARE(versionSteps, std::vector<std::uint32_t>{3});
        QCOMPARE(startSteps, std::vector<std::uint32_t>{3});
    }

    void runtimeConnectDefersTheConnectLines() {
        // NCCL src/init.cc, initTransportsRank (comm->runtimeConn) and src/group.cc,
        // ncclCollPreconnect: 2.22+ with cuMem connects at the first collective,
        // so neither version prints Channel … via … or Connected all rings before Init COMPLETE.
        for (const char* version : {"classic", "2.30"}) {
            const auto m = messagesOf(linesOf({{"nranks", 4}, {"version", version}, {"log_rank", 0}}));
            QCOMPARE(indexOf(m, "Connected all"), -1);
            QCOMPARE(indexOf(m, "Channel 00/0 : "), -1);
            QVERIFY(indexOf(m, "Init timings") > 0);
            QVERIFY(m.back().find("connections 0.00,") != std::string::npos);
        }
        // runtime_connect=false: the eager connect, before Init COMPLETE, in each version's wording.
        const auto classic = messagesOf(linesOf({{"nranks", 4}, {"runtime_connect", false}, {"log_rank", 0}}));
        // cuMem is on by default, and sm_80 GPUs over NVLink read (NCCL src/transport/p2p.cc, p2pSendSetup).
        QVERIFY(indexOf(classic, "Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM/read") > 0);
        QVERIFY(indexOf(classic, "Connected all rings") > indexOf(classic, "Trees"));
        QCOMPARE(classic.at(std::size_t(indexOf(classic, "Connected all rings"))), std::string("Connected all rings"));
        int complete = -1;
        for (std::size_t i = 0; i < classic.size(); ++i)
            if (classic[i].find("- Init COMPLETE") != std::string::npos) complete = int(i);
        QVERIFY(indexOf(classic, "Connected all trees") > 0 && indexOf(classic, "Connected all trees") < complete);
        const auto v230 =
            messagesOf(linesOf({{"nranks", 4}, {"version", "2.30"}, {"runtime_connect", false}, {"log_rank", 0}}));
        QCOMPARE(v230.at(std::size_t(indexOf(v230, "Connected all rings"))),
                 std::string("Connected all rings, use ring PXN 0 GDR 1"));
    }

    void socketIfnameIsLogged() {
        // Rank 1's ncclCommInitRank: cudaDriverVersion comes first, then ncclInit → bootstrapNetInit.
        const auto m = messagesOf(linesOf({{"nranks", 2}, {"log_rank", 1}, {"socket_ifname", "eth"}}));
        QCOMPARE(m.at(1), std::string("NCCL_SOCKET_IFNAME set by environment to eth"));
        QCOMPARE(m.at(2), std::string("Bootstrap : Using eth0:10.1.0.1<0>"));
    }

    void warnLinesStartWithANewline() {
        const auto lines = linesOf({{"nranks", 3}, {"version", "2.30"}, {"duplicate_rank", 0}});
        int at = -1;
        for (std::size_t i = 0; i < lines.size(); ++i)
            if (lines[i].find("NCCL WARN") != std::string::npos) at = int(i);
        QVERIFY(at > 0);
        QVERIFY(lines[std::size_t(at - 1)].empty());
        const QRegularExpression warn(
            R"(^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] node0:\d+:\d+ \[0\] bootstrap\.cc:\d+ \(bootstrapRoot\) NCCL WARN Bootstrap Root : rank 0 of 3 ranks has already checked in$)");
        QVERIFY2(warn.match(QString::fromStdString(lines[std::size_t(at)])).hasMatch(), lines[std::size_t(at)].c_str());
    }

    void largeRunsKeepRank0AndTheRoots() {
        NcclEngine engine(config({{"nranks", 1000}, {"version", "2.30"}}));
        runAll(engine);
        for (const auto& entry : engine.log()) QVERIFY(entry.who <= 0);
        QVERIFY(engine.log().size() < 60);
    }
};

QTEST_APPLESS_MAIN(NcclLogTest)
#include "tst_nccl_log.moc"
