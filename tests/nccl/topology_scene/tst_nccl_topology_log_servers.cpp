// A log drawn on a server: without a topology the servers come from the log (its hosts, ranks and
// bus ids, the NET devices its connections name); with one, the scene says where they disagree; and
// the log's WARN lines are listed with the rank that printed them and what they mean.

#include <QtTest>

#include "nccl/log/warn_meaning.h"
#include "nccl/topology_scene/log_servers.h"
#include "nccl/topology_scene/topology_engine.h"
#include "nccl/topology_scene/topology_scene_model.h"
#include "topology_test_support.h"

using namespace commviz;
using namespace commviz::nccl_topology;

namespace {

// 2.26, two hosts n1 and n2 with two ranks each (busId 41000 and c1000), NET/IB devices 0 and 1,
// a status=12 completion WARN printed by n2's rank 2 and a closed socket on rank 0.
const std::string kWarnLog = "nccl_2.26_2node_4gpu_warn.log";

// The fields of the log_read event (the third stage with a log: system, paths, log).
sim::Json logReadFields(sim::ParamValues set) {
    auto engine = TopologyEngine::create(sim::withDefaults(sceneModel().params, std::move(set)));
    if (!engine) qFatal("%s", engine.error().message.c_str());
    for (int stage = 0; stage < 2; ++stage) engine.value().step();
    const sim::EventRecord record = TopologyEngine::describe(engine.value().step().front());
    return record.kind == "log_read" ? record.fields : sim::Json();
}

sim::Json summaryOf(sim::ParamValues set) {
    auto engine = TopologyEngine::create(sim::withDefaults(sceneModel().params, std::move(set)));
    if (!engine) qFatal("%s", engine.error().message.c_str());
    return engine.value().summary();
}

InfoLog warnLog() {
    auto log = readInfoLogFile(kWarnLog);
    if (!log) qFatal("%s", log.error().message.c_str());
    return std::move(log).value();
}

}  // namespace

class TopologyLogServersTest : public QObject {
    Q_OBJECT

private slots:
    // NCCL prints busId with %lx of busIdToInt64("0000:41:00.0"): the hex digits in order, 0x41000.
    void busIdsAsNcclPrintsThem() {
        QCOMPARE(busIdFromLog("41000"), std::string("0000:41:00.0"));
        QCOMPARE(busIdFromLog("c1000"), std::string("0000:c1:00.0"));
        QCOMPARE(busIdFromLog("1B001"), std::string("0000:1b:00.1"));
        QCOMPARE(busIdFromLog("100041000"), std::string("1000:41:00.0"));
        QCOMPARE(busIdFromLog("0x41000"), std::string());
        QCOMPARE(busIdFromLog(""), std::string());
    }

    void serversFromTheLogWhenNoTopologyIsGiven() {
        const sim::Json summary = summaryOf({{"log_file", kWarnLog}});
        QVERIFY(summary["servers_from_log"].get<bool>());
        QCOMPARE(summary["topo_file"].get<std::string>(), std::string());
        QCOMPARE(summary["gpus"].get<int>(), 2);
        QCOMPARE(summary["nnodes"].get<int>(), 2);
        QCOMPARE(summary["nranks"].get<int>(), 4);
        QVERIFY(summary["warnings"].empty());
        TopoAssumptions assumptions;
        assumptions.gpuSm = 90;
        assumptions.nicSpeedMbps = 200000;
        const std::string xml = serverXmlFromLog(warnLog(), assumptions);
        QVERIFY(xml.find("busid=\"0000:41:00.0\"") != std::string::npos);
        QVERIFY(xml.find("busid=\"0000:c1:00.0\"") != std::string::npos);
        QVERIFY(xml.find("<gpu dev=\"1\" sm=\"90\" rank=\"1\"") != std::string::npos);
        QVERIFY(xml.find("<net name=\"NET/1\" dev=\"1\" speed=\"200000\"") != std::string::npos);
        QVERIFY(xml.find("dev=\"2\"") == std::string::npos);  // NET/IB/0(2) is device 0 through rank 2's NIC
        QCOMPARE(ranksPerHost(warnLog()), (std::vector<std::vector<int>>{{0, 1}, {2, 3}}));
    }

    void aTopologyThatDisagreesIsNamed() {
        const LogMismatch mismatch = logTopologyMismatch(warnLog(), topology_test::load("pcie_4gpu_2socket.xml"));
        QCOMPARE(mismatch.logRanksPerHost, 2);
        QCOMPARE(mismatch.topologyGpus, 4);
        QCOMPARE(mismatch.missingBusIds, (std::vector<std::string>{"0000:41:00.0", "0000:c1:00.0"}));
        QCOMPARE(mismatch.nonConsecutiveHost, -1);
        const sim::Json summary = summaryOf({{"log_file", kWarnLog}, {"topo_file", "pcie_4gpu_2socket.xml"}});
        QVERIFY(!summary["servers_from_log"].get<bool>());
        QCOMPARE(summary["warnings"].size(), std::size_t(2));
        QCOMPARE(summary["warnings"][0].get<std::string>(),
                 std::string("the log has 2 ranks per host, the topology 4 GPUs per server"));
        const sim::Json fields = logReadFields({{"log_file", kWarnLog}, {"topo_file", "pcie_4gpu_2socket.xml"}});
        QCOMPARE(fields["log_ranks_per_host"].get<int>(), 2);
        QCOMPARE(fields["topology_gpus"].get<int>(), 4);
        QCOMPARE(fields["missing_bus_ids"].get<int>(), 2);
        QVERIFY(!fields["servers_from_log"].get<bool>());
        QVERIFY(logReadFields({{"log_file", kWarnLog}})["servers_from_log"].get<bool>());
        // nvlink_pair has two GPUs, as each host of the log, but at other bus ids.
        const LogMismatch pair = logTopologyMismatch(warnLog(), topology_test::load("nvlink_pair.xml"));
        QCOMPARE(pair.logRanksPerHost, pair.topologyGpus);
        QCOMPARE(pair.missingBusIds.size(), std::size_t(2));
    }

    void warningsAreListedAndDecoded() {
        const sim::Json warnings = summaryOf({{"log_file", kWarnLog}})["log_warnings"];
        QCOMPARE(warnings.size(), std::size_t(2));
        QCOMPARE(warnings[0]["rank"].get<int>(), 2);
        QCOMPARE(warnings[0]["wc_status"].get<int>(), 12);
        QCOMPARE(warnings[0]["rdma_scenario"].get<std::string>(), std::string("retry_exceeded"));
        const std::string meaning = warnings[0]["meaning"].get<std::string>();
        QVERIFY2(meaning.find("IBV_WC_RETRY_EXC_ERR (transport retry counter exceeded)") != std::string::npos,
                 meaning.c_str());
        QCOMPARE(warnings[1]["rank"].get<int>(), 0);
        QVERIFY(warnings[1]["meaning"].get<std::string>().find("socket") != std::string::npos);
    }

    // enum ibv_wc_status of rdma-core: 5 is IBV_WC_WR_FLUSH_ERR, 13 IBV_WC_RNR_RETRY_EXC_ERR; 24 is none.
    void completionStatusesByNumber() {
        LoggedWarn warn;
        warn.text = "NET/IB : Got completion from peer 10.0.0.1<1> with status=13 opcode=0 len=0 vendor err 0";
        QCOMPARE(warnMeaning(warn).rdmaScenario, std::string("rnr_retry_exceeded"));
        warn.text = "NET/IB : Got completion from peer 10.0.0.1<1> with status=5 opcode=0";
        QVERIFY(warnMeaning(warn).meaning.find("IBV_WC_WR_FLUSH_ERR") != std::string::npos);
        warn.text = "NET/IB : Got completion from peer 10.0.0.1<1> with status=24 opcode=0";
        QVERIFY(warnMeaning(warn).meaning.find("not an ibv_wc_status") != std::string::npos);
        warn.text = "NET/IB : Got completion from peer with status=";
        QVERIFY(warnMeaning(warn).meaning.empty());
        warn.text = "Some other warning";
        QVERIFY(warnMeaning(warn).meaning.empty());
    }
};

QTEST_GUILESS_MAIN(TopologyLogServersTest)
#include "tst_nccl_topology_log_servers.moc"
