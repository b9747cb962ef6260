// The bootstrap scene with `topo_file`: the machine comes from the topology XML (GPUs and
// their PCI bus ids, NETs, nodes = nranks / GPUs) and the initTransportsRank lines from NCCL's
// topology model (NCCL src/graph/search.cc, ncclTopoCompute; src/graph/connect.cc,
// ncclTopoPostset; src/transport.cc, ncclTransportP2pSetup; src/graph/rings.cc, dumpLine).
// Expected lines are worked from the bundled files in resources/topologies/, and every
// Channel, Trees, connection and channel-count line is held against what `commviz nccl-topo`
// prints for the same model (nccl_topology::topologyLog). The default machine's lines stay
// pinned by tst_nccl_log and tst_nccl_log_source.

#include "nccl/log/topo_log.h"
#include "nccl/topo_machine.h"
#include "nccl_test_support.h"

using namespace nccltest;

namespace {

constexpr const char* kPcie = "pcie_4gpu_2socket.xml";
constexpr const char* kDgx = "dgx_h100_nvswitch_8nic.xml";

// Each rank's INFO messages (after "NCCL INFO "), in the order the scene prints them.
std::vector<std::vector<std::string>> messagesByRank(const NcclEngine& engine) {
    std::vector<std::vector<std::string>> out(std::size_t(engine.config().nranks));
    for (const LogEntry& entry : engine.log()) {
        if (entry.who < 0 || isWarn(entry.code)) continue;
        const std::string line = formatLogLine(engine.world(), entry);
        out[std::size_t(entry.who)].push_back(line.substr(line.find(" NCCL INFO ") + 11));
    }
    return out;
}

NcclEngine ran(const sim::ParamValues& values) {
    NcclEngine engine(config(values));
    runAll(engine);
    return engine;
}

bool has(const std::vector<std::string>& messages, const std::string& line) {
    return std::find(messages.begin(), messages.end(), line) != messages.end();
}

bool containing(const std::vector<std::string>& messages, const std::string& part) {
    return std::any_of(messages.begin(), messages.end(),
                       [&](const std::string& text) { return text.find(part) != std::string::npos; });
}

bool isModelLine(const std::string& text) {
    return text.rfind("Channel ", 0) == 0 || text.rfind("Trees ", 0) == 0 ||
           text.find("coll channels") != std::string::npos || text.rfind("Connected all", 0) == 0;
}

// The model's lines of `rank` (what nccl-topo prints for it) against the scene's, in order.
void agreesWithNcclTopo(const NcclEngine& engine, const sim::ParamValues& topoValues) {
    auto keys = nccl_topology::topoKeysFromValues(sim::withDefaults(nccl_topology::topologyKeys(), topoValues));
    QVERIFY(keys.ok());
    auto system = nccl_topology::readTopoFile(engine.config().topo_file, keys.value().assumptions);
    QVERIFY(system.ok());
    const auto model = nccl_topology::buildTopologyModel(system.value(), keys.value());
    const auto scene = messagesByRank(engine);
    std::vector<std::vector<std::string>> expected(scene.size());
    for (const auto& line : nccl_topology::topologyLog(model, keys.value()))
        if (line.subsys == "INIT" && isModelLine(line.text)) expected[std::size_t(line.rank)].push_back(line.text);
    for (std::size_t rank = 0; rank < scene.size(); ++rank) {
        std::vector<std::string> printed;
        for (const auto& text : scene[rank])
            if (isModelLine(text)) printed.push_back(text);
        // nccl-topo prints the Channel lines before the Trees, the counts before the connections.
        std::sort(printed.begin(), printed.end());
        std::sort(expected[rank].begin(), expected[rank].end());
        QCOMPARE(q(printed), q(expected[rank]));
    }
}

}  // namespace

class NcclTopoFileTest : public QObject {
    Q_OBJECT

private slots:
    void pcieServerGivesTheMachine() {
        // Four V100s (sm70, no NVLink) behind two PCIe switches, one per socket; one NIC.
        const auto engine = ran({{"nranks", 4}, {"topo_file", kPcie}, {"log", "info"}});
        const Config& c = engine.config();
        QCOMPARE(c.gpus_per_node, 4);
        QCOMPARE(c.nics_per_node, 1);
        QCOMPARE(c.nodeCount(), 1);
        const auto m = messagesByRank(engine);
        // busIdToInt64 of 0000:1b:00.0 and 0000:88:00.0 (NCCL src/misc/utils.cc).
        QVERIFY(containing(m[0], "cudaDev 0 nvmlDev 0 busId 1b000 "));
        QVERIFY(containing(m[3], "cudaDev 3 nvmlDev 3 busId 88000 "));
        QVERIFY(has(m[0], "NET/IB : Using [0]mlx5_0:1/IB ; OOB ib0:10.0.0.1<0>"));
    }

    void pcieRingsTreesAndTransports() {
        // The ring search finds one PCI ring 0 1 2 3 (GPU order inside each switch, then across
        // the sockets); ncclTopoPostset doubles it. On one node the trees are that chain.
        // Inside a switch the path is PIX: P2P over PCIe (no /read without NVLink); across the
        // sockets it is SYS, past NCCL_P2P_LEVEL's default: SHM.
        const sim::ParamValues keys{{"nranks", 4}, {"topo_file", kPcie}, {"log", "info"}, {"runtime_connect", false}};
        const auto engine = ran(keys);
        const auto m = messagesByRank(engine);
        QVERIFY(has(m[0], "Channel 00/02 :    0   1   2   3"));
        QVERIFY(has(m[0], "Channel 01/02 :    0   1   2   3"));
        QVERIFY(has(m[0], "Trees [0] 1/-1/-1->0->-1 [1] 1/-1/-1->0->-1"));
        QVERIFY(has(m[2], "Trees [0] 3/-1/-1->2->1 [1] 3/-1/-1->2->1"));
        QVERIFY(has(m[0], "Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM"));
        QVERIFY(has(m[1], "Channel 00 : 1[1] -> 2[2] via SHM/direct/direct"));
        QVERIFY(has(m[3], "Channel 01 : 3[3] -> 0[0] via SHM/direct/direct"));
        // The tree's 1 -> 0 is not a ring edge: connected (and printed) in the tree pass.
        QVERIFY(has(m[1], "Channel 00/0 : 1[1] -> 0[0] via P2P/CUMEM"));
        QVERIFY(
            has(m[0], "2 coll channels, 2 collnet channels, 0 nvls channels, 2 p2p channels, 2 p2p channels per peer"));
        agreesWithNcclTopo(engine, {{"nnodes", 1}});
    }

    void ringLinesFollowEachChannelsRing() {
        // Two DGX H100 nodes: channel 0's ring is 0 7 6 … 1 on node 0, then 9 … 15 8 on node 1.
        const auto engine =
            ran({{"nranks", 16}, {"topo_file", kDgx}, {"log", "info"}, {"graph_log", true}, {"log_rank", 1}});
        const auto m = messagesByRank(engine);
        QVERIFY(has(m[1], "Ring 00 : 2 -> 1 -> 9"));
        QVERIFY(has(m[1], "Ring 01 : 9 -> 1 -> 2"));
    }

    void twoDgxNodesUseTheGpusOwnNic() {
        // Each H100 shares a PCIe switch with one 400 Gb/s NIC (mlx5_n beside GPU n): the ring
        // leaves node 0 on channel 0 at GPU 1 through NET 1, with GPUDirect RDMA (PIX ≤ the
        // default NCCL_NET_GDR_LEVEL); rank 9 (GPU 1 of node 1) receives on its NET 1.
        const sim::ParamValues keys{{"nranks", 16}, {"topo_file", kDgx}, {"log", "info"}, {"runtime_connect", false}};
        const auto engine = ran(keys);
        const Config& c = engine.config();
        QCOMPARE(c.nodeCount(), 2);
        QCOMPARE(c.nics_per_node, 8);
        const auto m = messagesByRank(engine);
        QVERIFY(has(m[0], "Channel 00/16 :    0   7   6   5   4   3   2   1   9  10  11  12  13  14  15   8"));
        QVERIFY(has(m[1], "Channel 00/0 : 1[1] -> 9[1] [send] via NET/IB/1/GDRDMA"));
        QVERIFY(has(m[9], "Channel 00/0 : 1[1] -> 9[1] [receive] via NET/IB/1/GDRDMA"));
        QVERIFY(has(m[0], "Channel 00/0 : 8[0] -> 0[0] [receive] via NET/IB/0/GDRDMA"));
        QVERIFY(has(m[0],
                    "NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB [4]mlx5_4:1/IB "
                    "[5]mlx5_5:1/IB [6]mlx5_6:1/IB [7]mlx5_7:1/IB ; OOB ib0:10.0.0.1<0>"));
        QVERIFY(containing(m[8], "nRanks 16 nNodes 2 localRanks 8 localRank 0"));
        agreesWithNcclTopo(engine, {{"nnodes", 2}});
    }

    void version230CountsAndFlags() {
        const sim::ParamValues keys{
            {"nranks", 16}, {"topo_file", kDgx}, {"log", "info"}, {"version", "2.30"}, {"runtime_connect", false}};
        const auto engine = ran(keys);
        const auto m = messagesByRank(engine);
        // ncclNet->devices: the eight NETs of the file (NCCL src/init.cc, initTransportsRank).
        QVERIFY(has(m[0], "Rank 0: 8 Net devices"));
        QVERIFY(has(m[0], "Local Net device counts across ranks: min 8 max 8"));
        // Every ring send over the network uses GDR, none goes through a PXN proxy.
        QVERIFY(has(m[0], "Connected all rings, use ring PXN 0 GDR 1"));
        agreesWithNcclTopo(engine, {{"nnodes", 2}, {"version", "2.30"}});
    }

    void affinityFromTheFilesCpus() {
        // ncclTopoGetCpuAffinity: the local cpu's `affinity` ∩ the process's (every CPU of the
        // file). GPU 2 of the PCIe server hangs off socket 1, affinity 000000ff,fff00000 (CPUs
        // 20-39); ncclCpusetToStr prints bytes from the highest non-zero one, a comma every 32 bits.
        const auto classic = messagesByRank(ran({{"nranks", 4}, {"topo_file", kPcie}, {"log", "info"}}));
        QVERIFY(has(classic[2], "Setting affinity for GPU 2 to ff,fff00000"));
        QVERIFY(has(classic[0], "Setting affinity for GPU 0 to 0fffff"));
        // The DGX H100's GPU 1 is on socket 0 (CPUs 0-23) of 48; 2.30 prints ranges.
        const auto v230 = messagesByRank(
            ran({{"nranks", 16}, {"topo_file", kDgx}, {"log", "info"}, {"version", "2.30"}, {"log_rank", 9}}));
        QVERIFY(has(v230[9],
                    "ncclTopoGetCpuAffinity: Affinity for GPU 1 is 0-23. (GPU affinity = 0-23 ; CPU "
                    "affinity = 0-47)."));
    }

    void machineKeysBesideTopoFileAreRefused() {
        for (const char* key : {"gpus_per_node", "nics_per_node", "nodes"}) {
            auto refused = configFrom({{"nranks", 4}, {"topo_file", kPcie}, {key, 2}}, std::nullopt);
            QVERIFY(!refused.ok());
            const std::string message = refused.error().message;
            QVERIFY2(message.find(std::string("'") + key + "'") != std::string::npos, message.c_str());
            QVERIFY2(message.find("'topo_file'") != std::string::npos, message.c_str());
        }
    }

    void wholeServersOnlyAndACap() {
        auto partial = configFrom({{"nranks", 6}, {"topo_file", kPcie}}, std::nullopt);
        QVERIFY(!partial.ok());
        QCOMPARE(QString::fromStdString(partial.error().message),
                 QString("invalid value '6' for key 'nranks': allowed a multiple of the 4 GPUs of "
                         "'pcie_4gpu_2socket.xml' (every node is a whole copy of that server)"));
        auto large =
            configFrom({{"nranks", kMaxTopoRanks + 8}, {"topo_file", kDgx}, {"detail", "rounds"}}, std::nullopt);
        QVERIFY(!large.ok());
        QVERIFY(large.error().message.find("at most 4096 with topo_file") != std::string::npos);
        QVERIFY(configFrom({{"nranks", kMaxTopoRanks}, {"topo_file", kDgx}, {"detail", "rounds"}}, std::nullopt).ok());
    }

    void readerErrorsNameTheFile() {
        auto missing = configFrom({{"nranks", 4}, {"topo_file", "/nonexistent/topo.xml"}}, std::nullopt);
        QVERIFY(!missing.ok());
        QCOMPARE(QString::fromStdString(missing.error().message),
                 QString("topo_file: topology file '/nonexistent/topo.xml' does not exist"));
    }
};

QTEST_GUILESS_MAIN(NcclTopoFileTest)
#include "tst_nccl_topo_file.moc"
