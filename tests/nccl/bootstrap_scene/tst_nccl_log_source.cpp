// Pins whole stretches of the NCCL_DEBUG=INFO log, line by line, as NCCL's source prints them at
// v2.22.3-1 (classic) and v2.30.7-1: which thread prints (src/group.cc, asyncJobLaunch runs each
// grouped ncclCommInitRank job on its own thread), the order of ncclCommInitRank and
// ncclCommInitRankDev (src/init.cc), the plugin searches (src/net.cc and src/misc/tuner.cc in
// 2.22; src/plugin/plugin_open.cc in 2.30), ncclTopoGetCpuAffinity (src/graph/topo.cc),
// ncclNvlsInit (src/transport/nvls.cc), devCommSetup and the timings (src/init.cc), the
// connection lines (src/transport/p2p.cc, net.cc, generic.cc, transport.cc) and dumpLine
// (src/graph/rings.cc). Expected lines are written out by hand from those format strings.

#include <QRegularExpression>

#include "nccl_test_support.h"

using namespace nccltest;

namespace {

struct Line {
    std::string message;  ///< after "NCCL INFO "
    bool mainThread;      ///< tid == pid
};

std::vector<Line> linesOf(const sim::ParamValues& values) {
    NcclEngine engine(config(values));
    runAll(engine);
    const QRegularExpression prefix(R"(^\S+:(\d+):(\d+) \[\d+\] NCCL INFO (.*)$)");
    std::vector<Line> out;
    for (const auto& text : logLines(engine)) {
        const auto match = prefix.match(QString::fromStdString(text));
        if (match.hasMatch()) out.push_back({match.captured(3).toStdString(), match.captured(1) == match.captured(2)});
    }
    return out;
}

// Compares in order; an expected line ending in '*' matches any line starting with the rest.
void expectLines(const std::vector<Line>& actual, std::size_t from, const std::vector<std::string>& expected) {
    QVERIFY2(actual.size() >= from + expected.size(), "log too short");
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const std::string& want = expected[i];
        const std::string& got = actual[from + i].message;
        if (!want.empty() && want.back() == '*')
            QVERIFY2(got.rfind(want.substr(0, want.size() - 1), 0) == 0, (got + "  ≠  " + want).c_str());
        else
            QCOMPARE(got, want);
    }
}

std::size_t indexOf(const std::vector<Line>& lines, const std::string& start) {
    for (std::size_t i = 0; i < lines.size(); ++i)
        if (lines[i].message.rfind(start, 0) == 0) return i;
    return lines.size();
}

std::vector<std::string> messages(const std::vector<Line>& lines, std::size_t from, std::size_t to) {
    std::vector<std::string> out;
    for (std::size_t i = from; i < to && i < lines.size(); ++i) out.push_back(lines[i].message);
    return out;
}

}  // namespace

class NcclLogSourceTest : public QObject {
    Q_OBJECT

private slots:
    void classicRank0WholeLog() {
        const auto m = linesOf({{"nranks", 4}, {"log_rank", 0}});
        expectLines(m, 0,
                    {"Bootstrap : Using ib0:10.0.0.1<0>",
                     "cudaDriverVersion 12040",
                     "NCCL version 2.22.3+cuda12.4",
                     "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.",
                     "NET/IB : Using [0]mlx5_0:1/IB ; OOB ib0:10.0.0.1<0>",
                     "Using network IB",
                     "ncclCommInitRank comm 0x*",
                     "Setting affinity for GPU 0 to ffffffff,00000000,ffffffff",
                     "NVLS multicast support is not available on dev 0",
                     "comm 0x*",
                     "Channel 00/02 :    0   1   2   3",
                     "Channel 01/02 :    0   1   2   3",
                     "Trees [0] 1/-1/-1->0->-1 [1] 1/-1/-1->0->-1",
                     "P2P Chunksize set to 524288",
                     "threadThresholds 8/8/64 | 32/8/64 | 512 | 512",
                     "2 coll channels, 2 collnet channels, 0 nvls channels, 2 p2p channels, 2 p2p channels per peer",
                     "CC Off, Multi-GPU CC Off, workFifoBytes 1048576",
                     "TUNER/Plugin: Could not find: libnccl-tuner.so libnccl-net.so. Using internal tuner plugin.",
                     "ncclCommInitRank comm 0x*",
                     "Init timings: rank 0 nranks 4 total *"});
        QCOMPARE(m.size(), std::size_t(20));
        QVERIFY(m[18].message.ends_with(" - Init COMPLETE"));
        // v2.22.3's form: no function name, no alloc (commAlloc runs inside the bootstrap timer).
        const QRegularExpression timings(
            R"(^Init timings: rank 0 nranks 4 total \d+\.\d\d \(kernels \d+\.\d\d, bootstrap \d+\.\d\d, )"
            R"(allgathers \d+\.\d\d, topo \d+\.\d\d, graphs \d+\.\d\d, connections \d+\.\d\d, rest \d+\.\d\d\)$)");
        QVERIFY2(timings.match(QString::fromStdString(m[19].message)).hasMatch(), m[19].message.c_str());
    }

    void version230Rank0WholeLog() {
        const auto m = linesOf({{"nranks", 4}, {"version", "2.30"}, {"log_rank", 0}});
        expectLines(
            m, 0,
            {"ENV/Plugin: Could not find: libnccl-env.so",
             "Bootstrap: Using ib0:10.0.0.1<0>",
             "cudaDriverVersion 12090",
             "NCCL version 2.30.7+cuda12.9",
             "NET/Plugin: Could not find: libnccl-net.so",
             "NET/IB : Using [0]mlx5_0:1/IB ; OOB ib0:10.0.0.1<0>",
             "Initialized NET plugin IB",
             "Assigned NET plugin IB to comm",
             "Using network IB",
             "[Rank 0] ncclCommInitRank comm 0x*",
             "RAS client listening socket at ::1<28028>",
             "Bootstrap timings total *",
             "ncclTopoGetCpuAffinity: Affinity for GPU 0 is 0-31,64-95. (GPU affinity = 0-31,64-95 ; CPU affinity "
             "= 0-127).",
             "NVLS multicast support is not available on dev 0",
             "Rank 0: 1 Net devices",
             "Rank 0: 0 CollNet devices",
             "Local Net device counts across ranks: min 1 max 1",
             "Local CollNet device counts across ranks: min 0 max 0",
             "comm 0x*",
             "Channel 00/02 : 0 1 2 3",
             "Channel 01/02 : 0 1 2 3",
             "Trees [0] 1/-1/-1->0->-1 [1] 1/-1/-1->0->-1",
             "P2P Chunksize set to 524288",
             "PROFILER/Plugin: Could not find: libnccl-profiler.so",
             "Check P2P Type isAllDirectP2p 0 directMode 0 isAllCudaP2p 1",
             "[Proxy Service] Device 0 CPU core 0",
             "[Proxy Service UDS] Device 0 CPU core 1",
             "TUNER/Plugin: Could not find: libnccl-tuner.so",
             "threadThresholds 8/8/64 | 32/8/64 | 512 | 512",
             "2 coll channels, 2 collnet channels, 0 nvls channels, 2 p2p channels, 2 p2p channels per peer",
             "CC Off, workFifoBytes 1048576",
             "ncclCommInitRank comm 0x*",
             "Init timings - ncclCommInitRank: rank 0 *"});
        QCOMPARE(m.size(), std::size_t(33));
    }

    void initRunsOnItsOwnThread() {
        // The API call prints on the main thread up to the banner; the job, from NET/Plugin through
        // Init timings, on its own thread; the proxy lines on the proxy threads.
        for (const char* version : {"classic", "2.30"}) {
            const auto m = linesOf({{"nranks", 4}, {"version", version}, {"log_rank", 1}});
            const std::size_t job = indexOf(m, "NET/Plugin");
            QVERIFY(job < m.size());
            for (std::size_t i = 0; i < m.size(); ++i) QCOMPARE(m[i].mainThread, i < job);
            QVERIFY(m.back().message.starts_with("Init timings"));
        }
    }

    void nonRootRankOrder() {
        // ncclCommInitRank: ncclCudaLibraryInit, then ncclCommInitRankDev: ncclInit (bootstrapNetInit), showVersion.
        const auto classic = linesOf({{"nranks", 4}, {"log_rank", 1}});
        expectLines(classic, 0,
                    {"cudaDriverVersion 12040", "Bootstrap : Using ib0:10.0.0.1<0>", "NCCL version 2.22.3+cuda12.4",
                     "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin."});
        const auto v230 = linesOf({{"nranks", 4}, {"version", "2.30"}, {"log_rank", 1}});
        expectLines(v230, 0,
                    {"ENV/Plugin: Could not find: libnccl-env.so", "cudaDriverVersion 12090",
                     "Bootstrap: Using ib0:10.0.0.1<0>", "NCCL version 2.30.7+cuda12.9",
                     "NET/Plugin: Could not find: libnccl-net.so"});
        // Only rank 0 prints the work FIFO line, in both versions.
        QCOMPARE(indexOf(classic, "CC Off"), classic.size());
        QCOMPARE(indexOf(v230, "CC Off"), v230.size());
        QCOMPARE(indexOf(v230, "Local CollNet"), v230.size());
    }

    void commIdRootStartsWhereEachVersionStartsIt() {
        // v2.22.3 ncclCommInitRankDev starts the root before ncclInit and showVersion; 2.30 after them.
        const auto classic = linesOf({{"nranks", 2}, {"comm_id", "10.0.0.1:29500"}, {"log_rank", 0}});
        expectLines(classic, 0,
                    {"Bootstrap : Using ib0:10.0.0.1<0>", "NCCL_COMM_ID set by environment to 10.0.0.1:29500",
                     "cudaDriverVersion 12040", "NCCL_COMM_ID set by environment to 10.0.0.1:29500",
                     "NCCL version 2.22.3+cuda12.4",
                     "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin."});
        const auto v230 = linesOf({{"nranks", 2}, {"version", "2.30"}, {"comm_id", "10.0.0.1:29500"}, {"log_rank", 0}});
        expectLines(v230, 0,
                    {"ENV/Plugin: Could not find: libnccl-env.so", "Bootstrap: Using ib0:10.0.0.1<0>",
                     "NCCL_COMM_ID set by environment to 10.0.0.1:29500", "cudaDriverVersion 12090",
                     "NCCL version 2.30.7+cuda12.9", "NCCL_COMM_ID set by environment to 10.0.0.1:29500",
                     "NET/Plugin: Could not find: libnccl-net.so"});
    }

    void socketIfnameAtBootstrapAndAtTheIbPlugin() {
        // ncclFindInterfaces logs the variable at every call: bootstrapNetInit, then ncclIbInit's OOB interface.
        const auto m = linesOf({{"nranks", 2}, {"log_rank", 1}, {"socket_ifname", "eth"}});
        expectLines(
            m, 0,
            {"cudaDriverVersion 12040", "NCCL_SOCKET_IFNAME set by environment to eth",
             "Bootstrap : Using eth0:10.1.0.1<0>", "NCCL version 2.22.3+cuda12.4",
             "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.",
             "NCCL_SOCKET_IFNAME set by environment to eth", "NET/IB : Using [0]mlx5_0:1/IB ; OOB eth0:10.1.0.1<0>"});
        QVERIFY(m[1].mainThread);
        QVERIFY(!m[5].mainThread);
        // Without NICs the socket plugin's own ncclFindInterfaces logs it once more.
        const auto socket = linesOf({{"nranks", 2}, {"log_rank", 1}, {"socket_ifname", "eth"}, {"nics_per_node", 0}});
        expectLines(socket, 5,
                    {"NCCL_SOCKET_IFNAME set by environment to eth", "NET/IB : No device found.",
                     "NCCL_SOCKET_IFNAME set by environment to eth", "NET/Socket : Using [0]eth0:10.1.0.1<0>"});
    }

    void affinityOfASecondSocketGpu() {
        // GPU 5 of 8 sits on socket 1: logical CPUs 32-63 and 96-127.
        const auto classic = linesOf({{"nranks", 8}, {"log_rank", 5}});
        QCOMPARE(classic[indexOf(classic, "Setting affinity")].message,
                 std::string("Setting affinity for GPU 5 to ffffffff,00000000,ffffffff,00000000"));
        const auto v230 = linesOf({{"nranks", 8}, {"version", "2.30"}, {"log_rank", 5}});
        QCOMPARE(v230[indexOf(v230, "ncclTopoGetCpuAffinity")].message,
                 std::string("ncclTopoGetCpuAffinity: Affinity for GPU 5 is 32-63,96-127. (GPU affinity = 32-63,96-127 "
                             "; CPU affinity = 0-127)."));
        QCOMPARE(v230[indexOf(v230, "[Proxy Service] ")].message, std::string("[Proxy Service] Device 5 CPU core 34"));
    }

    void nvlsLineNeedsEnoughLocalGpus() {
        // v2.22.3 asks only with more than two GPUs; 2.30 with two or more.
        const auto two = linesOf({{"nranks", 2}, {"log_rank", 0}});
        QCOMPARE(indexOf(two, "NVLS"), two.size());
        const auto three = linesOf({{"nranks", 3}, {"log_rank", 2}});
        QCOMPARE(three[indexOf(three, "NVLS")].message,
                 std::string("NVLS multicast support is not available on dev 2"));
        const auto two230 = linesOf({{"nranks", 2}, {"version", "2.30"}, {"log_rank", 1}});
        QCOMPARE(two230[indexOf(two230, "NVLS")].message,
                 std::string("NVLS multicast support is not available on dev 1"));
    }

    void classicHasNoProxyServiceLines() {
        // v2.22.3's proxy threads log only "Created CUDA context", off by default.
        const auto m = linesOf({{"nranks", 4}, {"log_rank", 0}});
        QCOMPARE(indexOf(m, "[Proxy Service"), m.size());
    }

    void eagerConnectOnOneNode() {
        // Rank 1: the ring receives from 0 (P2P receive logs nothing) and sends to 2; the tree then
        // adds only what the ring has not connected: the send to its parent 0.
        const auto m = linesOf({{"nranks", 4}, {"log_rank", 1}, {"runtime_connect", false}});
        const std::size_t from = indexOf(m, "Channel 00/0 : ");
        expectLines(m, from,
                    {"Channel 00/0 : 1[1] -> 2[2] via P2P/CUMEM/read", "Channel 01/0 : 1[1] -> 2[2] via P2P/CUMEM/read",
                     "Connected all rings", "Channel 00/0 : 1[1] -> 0[0] via P2P/CUMEM/read",
                     "Channel 01/0 : 1[1] -> 0[0] via P2P/CUMEM/read", "Connected all trees"});
        // One process (ncclCommInitAll): the peer's buffer is mapped directly.
        const auto all =
            linesOf({{"nranks", 4}, {"log_rank", 1}, {"runtime_connect", false}, {"distribution", "init_all"}});
        QCOMPARE(all[indexOf(all, "Channel 00/0 : ")].message,
                 std::string("Channel 00/0 : 1[1] -> 2[2] via P2P/direct pointer/read"));
    }

    void eagerConnectAcrossNodes() {
        // Rank 8 (first of node 1): ring from 7 over IB, to 9 over NVLink; trees [0] 9/-1/-1->8->0 and
        // [1] 9/0/-1->8->-1 add rank 0 both ways (distance 8), and the receive from 9 (P2P, silent).
        const auto m = linesOf({{"nranks", 16}, {"version", "2.30"}, {"log_rank", 8}, {"runtime_connect", false}});
        const std::size_t from = indexOf(m, "Channel 00/0 : ");
        expectLines(
            m, from,
            {"Channel 00/0 : 7[7] -> 8[0] [receive] via NET/IB/0/GDRDMA",
             "Channel 01/0 : 7[7] -> 8[0] [receive] via NET/IB/0/GDRDMA",
             "Channel 00/0 : 8[0] -> 9[1] via P2P/CUMEM/read", "Channel 01/0 : 8[0] -> 9[1] via P2P/CUMEM/read",
             "Connected all rings, use ring PXN 0 GDR 1", "Channel 00/0 : 0[0] -> 8[0] [receive] via NET/IB/0/GDRDMA",
             "Channel 01/0 : 0[0] -> 8[0] [receive] via NET/IB/0/GDRDMA",
             "Channel 00/0 : 8[0] -> 0[0] [send] via NET/IB/0/GDRDMA",
             "Channel 01/0 : 8[0] -> 0[0] [send] via NET/IB/0/GDRDMA", "Connected all trees"});
    }

    void channelLineCutAsDumpLine() {
        // 64 ranks: "Channel 00/02 :" (15) + 36 pieces " %2d" = 123 characters, the 124th is the
        // space before 36, then "..." (127 in all).
        const auto m = linesOf({{"nranks", 64}, {"version", "2.30"}, {"log_rank", 0}});
        QCOMPARE(m[indexOf(m, "Channel 00/02")].message,
                 std::string("Channel 00/02 :  0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 "
                             "24 25 26 27 28 29 30 31 32 33 34 35 ..."));
    }

    void singleRankConnectsNothing() {
        const auto m = linesOf({{"nranks", 1}, {"log_rank", 0}, {"runtime_connect", false}});
        QCOMPARE(indexOf(m, "Connected all"), m.size());
        QVERIFY(indexOf(m, "Init timings") < m.size());
    }
};

QTEST_APPLESS_MAIN(NcclLogSourceTest)
#include "tst_nccl_log_source.moc"
