// Proves every bundled scenario runs to done under the step cap with the
// completions worked out by hand, that invariants hold after every step
// (queues within depth, CQs never over depth, PSNs monotonic mod 2^24), that
// runs are deterministic and seekable, that malformed scripts give one clear
// error naming index, call, field and what is allowed, and that the scene
// model builds from keys and applies --set overrides.

#include <QtTest>
#include <fstream>
#include <map>
#include <sstream>

#include "rdma/psn.h"
#include "rdma/rdma_scene_model.h"
#include "rdma/verbs_names.h"
#include "rdma_test_support.h"
#include "sim/scenario_file.h"
#include "sim/session.h"

using namespace commviz;
using namespace commviz::rdma;
using namespace commviz::rdma::testing;

namespace {

Json load(const std::string& name) {
    auto doc = sim::readScenarioFile(std::string(COMMVIZ_RDMA_SCENARIO_DIR) + "/" + name, "rdma");
    if (!doc) qFatal("%s", doc.error().message.c_str());
    return doc.value();
}

struct Expected {
    std::vector<std::tuple<std::string, std::uint64_t, std::string>> completions;  // in poll order
    std::map<std::string, std::string> states;
};

// Worked out from each scenario's script and the verbs' man pages (rdma-core libibverbs/man).
std::map<std::string, Expected> expectations() {
    const std::string ok = "IBV_WC_SUCCESS", flush = "IBV_WC_WR_FLUSH_ERR", rts = "IBV_QPS_RTS", err = "IBV_QPS_ERR";
    return {
        {"rc_pingpong.json",
         {{{"B", 1, ok},
           {"A", 100, ok},
           {"A", 1, ok},
           {"B", 200, ok},
           {"B", 2, ok},
           {"A", 101, ok},
           {"A", 2, ok},
           {"B", 201, ok}},
          {{"qpA", rts}, {"qpB", rts}}}},
        {"send_recv.json", {{{"A", 10, ok}, {"B", 1, ok}}, {{"qpA", rts}, {"qpB", rts}}}},
        {"write.json", {{{"A", 20, ok}}, {{"qpA", rts}, {"qpB", rts}}}},
        {"write_with_imm.json", {{{"A", 21, ok}, {"B", 7, ok}}, {{"qpA", rts}, {"qpB", rts}}}},
        {"read.json", {{{"A", 30, ok}}, {{"qpA", rts}, {"qpB", rts}}}},
        {"atomics.json", {{{"A", 40, ok}, {"A", 41, ok}}, {{"qpA", rts}, {"qpB", rts}}}},
        {"unsignaled.json", {{{"A", 4, ok}}, {{"qpA", rts}, {"qpB", rts}}}},
        {"rnr.json", {{{"A", 50, ok}, {"B", 51, ok}}, {{"qpA", rts}, {"qpB", rts}}}},
        // rnr_retry = 3 and B never posts a receive: the SEND is RNR NAKed more than rnr_retry times
        // (§4.3, §5.6) and fails; A's QP goes to ERR and flushes the WR behind it (§4.6). An RNR NAK
        // executes nothing at the responder, so B's QP stays in RTS and B has nothing to complete.
        {"rnr_retry_exceeded.json",
         {{{"A", 80, "IBV_WC_RNR_RETRY_EXC_ERR"}, {"A", 81, flush}}, {{"qpA", err}, {"qpB", rts}}}},
        {"bad_rkey.json",
         {{{"A", 61, "IBV_WC_REM_ACCESS_ERR"}, {"A", 62, flush}, {"B", 60, flush}}, {{"qpA", err}, {"qpB", err}}}},
        {"small_recv.json",
         {{{"A", 72, "IBV_WC_REM_INV_REQ_ERR"}, {"B", 70, "IBV_WC_LOC_LEN_ERR"}, {"B", 71, flush}},
          {{"qpA", err}, {"qpB", err}}}},
        {"cq_overflow.json",
         // cqe 2 is granted as 3 (mlx5 2^n - 1): three receive CQEs fit, the fourth overruns
         {{{"A", 90, ok},
           {"A", 91, ok},
           {"A", 92, ok},
           {"A", 93, "IBV_WC_RETRY_EXC_ERR"},
           {"B", 80, ok},
           {"B", 81, ok},
           {"B", 82, ok}},
          {{"qpA", err}, {"qpB", err}}}},
        {"packet_loss.json", {{{"A", 2, ok}, {"B", 1, ok}, {"A", 3, ok}}, {{"qpA", rts}, {"qpB", rts}}}},
        // retry_cnt = 3 and the one-packet SEND is lost four times (the first send and three
        // retransmissions, each after a 4.2 ms timeout): the fourth timeout completes it with
        // IBV_WC_RETRY_EXC_ERR (§9.7.7.2) and A's QP goes to ERR; B never saw a packet and stays in RTS.
        {"retry_exceeded.json", {{{"A", 2, "IBV_WC_RETRY_EXC_ERR"}}, {{"qpA", err}, {"qpB", rts}}}},
    };
}

void checkInvariants(const RdmaEngine& e) {
    for (const auto& h : e.hosts()) {
        for (const auto& q : h.qps) {
            if (q.sq.occupancy() > q.sq.depth || q.rq.occupancy() > q.rq.depth) QFAIL("queue over depth");
            if (q.comp.wqePos > q.sq.head || q.req.wqePos > q.sq.head) QFAIL("engine index past the producer");
        }
        for (const auto& c : h.cqs)
            if (c.occupancy() > c.depth) QFAIL("CQ over depth");
    }
    for (const auto& id : e.wire().inFlight) {
        const Packet* p = e.wire().find(id);
        if (!p || p->arriveNs < p->departNs || p->departNs < p->sentNs) QFAIL("packet times out of order");
    }
}

// New (not retransmitted) request packets of a QP have strictly increasing PSNs mod 2^24.
void checkPsnsMonotonic(const Run& r) {
    std::map<std::string, std::uint32_t> last;
    for (const auto& e : r.kind("packet_sent")) {
        const auto& f = e.fields;
        const std::string op = f["opcode"];
        if (f["retransmission"].get<bool>() || op == "ACKNOWLEDGE" || op == "ATOMIC_ACKNOWLEDGE" ||
            op.rfind("RDMA_READ_RESPONSE", 0) == 0)
            continue;
        const std::string qp = f["qp"];
        const auto psn = f["psn"].get<std::uint32_t>();
        if (last.count(qp)) QVERIFY2(psnDiff(psn, last[qp]) > 0, qPrintable(QString::fromStdString(qp)));
        last[qp] = psn;
    }
}

Json summaryJson(const Run& r) {
    Json all = Json::array();
    for (const auto& e : r.events) all.push_back({e.kind, e.anchor, e.objects, e.fields});
    return all;
}

}  // namespace

class TestRdmaScenarios : public QObject {
    Q_OBJECT
private slots:
    void bundledScenariosRunToDoneWithTheExpectedCompletions_data() {
        QTest::addColumn<QString>("file");
        for (const auto& [name, e] : expectations()) QTest::newRow(name.c_str()) << QString::fromStdString(name);
    }
    void bundledScenariosRunToDoneWithTheExpectedCompletions() {
        QFETCH(QString, file);
        const auto expect = expectations().at(file.toStdString());
        const Run r = run(load(file.toStdString()), sceneModel().stepCap, checkInvariants);
        QVERIFY(r.done);
        QCOMPARE(r.stepOf.back(), r.steps);  // no empty step at the end
        const Json& got = r.summary["completions"];
        QCOMPARE(got.size(), expect.completions.size());
        for (std::size_t i = 0; i < got.size(); ++i) {
            const auto& [host, wrId, status] = expect.completions[i];
            QCOMPARE(got[i]["host"].get<std::string>(), host);
            QCOMPARE(got[i]["wr_id"].get<std::uint64_t>(), wrId);
            QCOMPARE(got[i]["status"].get<std::string>(), status);
        }
        for (const auto& [qp, state] : expect.states) QCOMPARE(r.summary["qp_states"][qp].get<std::string>(), state);
        checkPsnsMonotonic(r);
    }

    void scenarioSpecifics() {
        const Run unsignaled = run(load("unsignaled.json"));
        QCOMPARE(unsignaled.call(11)["ret"], Json("ENOMEM"));
        QCOMPARE(unsignaled.call(11)["bad_wr"], Json(9));
        const Run atomics = run(load("atomics.json"));
        QCOMPARE(atomics.summary["memory"]["bufA"], Json("64000000000000006900000000000000"));  // 100, 105
        QCOMPARE(atomics.summary["memory"]["counter"], Json("0700000000000000"));
        const Run loss = run(load("packet_loss.json"));
        QCOMPARE(loss.summary["dropped_packets"], Json(2));
        QCOMPARE(loss.kind("nak_sent").size(), std::size_t(1));
        QCOMPARE(loss.kind("timeout").size(), std::size_t(1));
        const Run overflow = run(load("cq_overflow.json"));
        QCOMPARE(overflow.summary["async_events"][0]["event_type"], Json("IBV_EVENT_CQ_ERR"));
        // rnr_retry = 3: one transmission and three retries of the SEND, each answered by an RNR NAK;
        // the fourth NAK finds no retry left, so there is no fourth back-off.
        const Run rnrOut = run(load("rnr_retry_exceeded.json"));
        std::size_t sends = 0;
        for (const auto& e : rnrOut.kind("packet_sent"))
            if (e.fields["wqe"] == "A/qp16/sq/0" && e.fields["from"] == "A") ++sends;
        QCOMPARE(sends, std::size_t(4));
        QCOMPARE(rnrOut.kind("nak_sent").size(), std::size_t(4));
        for (const auto& e : rnrOut.kind("nak_sent")) QCOMPARE(e.fields["syndrome"], Json("AETH_RNR_NAK"));
        const auto retries = rnrOut.kind("retransmit");
        QCOMPARE(retries.size(), std::size_t(3));
        for (std::size_t i = 0; i < retries.size(); ++i) {
            QCOMPARE(retries[i].fields["reason"], Json("rnr_nak"));
            QCOMPARE(retries[i].fields["rnr_retry_left"], Json(2 - i));
        }
        QCOMPARE(rnrOut.kind("rnr_wait").size(), std::size_t(3));
        QVERIFY(rnrOut.kind("recv_wqe_consumed").empty());
        // rnr_retry = 7 (rnr.json) means forever: the back-offs and the resends say so alike, and so does the QP.
        const Run rnrForever = run(load("rnr.json"));
        QVERIFY(!rnrForever.kind("retransmit").empty());
        for (const auto& e : rnrForever.kind("rnr_wait")) QCOMPARE(e.fields["rnr_retry_left"], Json("infinite"));
        for (const auto& e : rnrForever.kind("retransmit")) QCOMPARE(e.fields["rnr_retry_left"], Json("infinite"));
        QCOMPARE(rnrForever.engine().inspect("A/qp16")["completer"]["rnr_retry_left"], Json("infinite"));
        QCOMPARE(rnrOut.engine().inspect("A/qp16")["completer"]["rnr_retry_left"], Json(0));
        const Run wimm = run(load("write_with_imm.json"));
        QCOMPARE(wimm.completion("B", 7)["imm_data"], Json(0xcafe));
        QCOMPARE(wimm.completion("B", 7)["opcode"], Json("IBV_WC_RECV_RDMA_WITH_IMM"));
    }

    void defaultScriptForEveryOpcodeKeepsTheInvariants() {
        for (const auto& op : wrOpcodeNames())
            for (const char* mtu : {"256", "4096"}) {
                sim::ParamValues v = sim::defaults(rdmaParams());
                v["opcode"] = op;
                v["path_mtu"] = mtu;
                v["message_size"] = 5000;
                auto setup = rdmaSetupFrom(v, std::nullopt);
                QVERIFY(setup.ok());
                const Run r = run(defaultScenario(v), 100000, checkInvariants);
                QVERIFY(r.done);
                for (const auto& c : r.summary["completions"]) QCOMPARE(c["status"], Json("IBV_WC_SUCCESS"));
                QVERIFY(!r.summary["completions"].empty());
                checkPsnsMonotonic(r);
            }
    }

    void sameScenarioTwiceGivesIdenticalEvents() {
        for (const char* f : {"rc_pingpong.json", "packet_loss.json", "rnr.json"}) {
            const Run a = run(load(f));
            const Run b = run(load(f));
            QCOMPARE(summaryJson(a), summaryJson(b));
            QCOMPARE(a.summary, b.summary);
        }
        // seeded PSNs: same seed same PSNs, another seed other PSNs
        sim::ParamValues v = sim::defaults(rdmaParams());
        const Run one = run(defaultScenario(v));
        v["seed"] = 99;
        const Run two = run(defaultScenario(v));
        QVERIFY(one.kind("packet_sent")[0].fields["psn"] != two.kind("packet_sent")[0].fields["psn"]);
    }

    void sessionSeeksBackAndForth() {
        auto model = sceneModel();
        QCOMPARE(model.id, std::string("rdma"));
        auto built = model.build(sim::defaults(model.params), load("packet_loss.json"));
        QVERIFY(built.ok());
        auto& session = *built.value();
        const std::size_t end = session.runToEnd(model.stepCap);
        QVERIFY(session.atEnd());
        const Json final = session.summary();
        session.seek(20);
        QCOMPARE(session.cursor(), std::size_t(20));
        const Json at20 = session.summary();
        session.seek(end);
        QCOMPARE(session.summary(), final);
        QVERIFY(!session.inspect("pkt/1").is_null());
        session.seek(20);
        QCOMPARE(session.summary(), at20);
        QVERIFY(!session.inspect("A/qp16").is_null());
        QVERIFY(!session.inspect("A/mr/bufA").is_null());
        QVERIFY(session.inspect("nothing/here").is_null());
        const auto& records = session.eventRecords(1);
        QVERIFY(!records.empty());
        QCOMPARE(records[0].kind, std::string("call_started"));
    }

    void everyEventHasAnAnchorAndKnownObjects() {
        const Run r = run(load("bad_rkey.json"));
        for (const auto& e : r.events) {
            QVERIFY2(!e.anchor.empty(), e.kind.c_str());
            QVERIFY(!e.kind.empty());
        }
        const Run wr = run(load("write.json"));
        for (const auto& e : wr.kind("wqe_written"))
            QVERIFY(!wr.engine().inspect(e.fields["wqe"]).is_null() ||
                    e.fields["wqe"].get<std::string>().find("/sq/") != std::string::npos);
    }

    void setOverridesApplyToScenarios() {
        sim::ParamValues v;  // no key set: send_recv keeps its path_mtu 4096
        auto keep = rdmaSetupFrom(v, load("send_recv.json"));
        QVERIFY(keep.ok());
        v["path_mtu"] = "256";
        auto small = rdmaSetupFrom(v, load("send_recv.json"));
        QVERIFY(small.ok());
        RdmaEngine a(keep.value()), b(small.value());
        while (!a.done()) a.step();
        while (!b.done()) b.step();
        QCOMPARE(a.summary()["packets"], Json(4));   // 3 + ACK
        QCOMPARE(b.summary()["packets"], Json(41));  // ceil(10000/256) = 40 packets + ACK
        v = sim::defaults(rdmaParams());
        v["drop_packet"] = 1;
        v["wire_latency_ns"] = 2000;
        auto drop = rdmaSetupFrom(v, load("write.json"));
        QVERIFY(drop.ok());
        QCOMPARE(drop.value().config.wireLatencyNs, std::uint64_t(2000));
        QCOMPARE(drop.value().script.calls[0].call, std::string("fault"));
        v["opcode"] = "IBV_WR_FOO";
        QVERIFY(!rdmaSetupFrom(v, std::nullopt).ok());
    }

    void malformedScriptsNameIndexCallFieldAndAllowed() {
        auto with = [](Json entry) { return scenario(append(preamble(), Json::array({entry}))); };
        // the same bound as the Parameters dock's link_gbps key (1 to 800)
        QVERIFY(parseError(scenario(preamble(), {{"link_gbps", 800}})).empty());
        QCOMPARE(parseError(scenario(preamble(), {{"link_gbps", 1600}})).find("from 1 to 800") != std::string::npos,
                 true);
        QCOMPARE(parseError(with(postSend("A", "qpA", {sendWr(1, "IBV_WR_FOO", Json::array())}))),
                 std::string("script[6] ibv_post_send: wr[0]: unknown opcode 'IBV_WR_FOO'; allowed IBV_WR_RDMA_WRITE, "
                             "IBV_WR_RDMA_WRITE_WITH_IMM, IBV_WR_SEND, IBV_WR_SEND_WITH_IMM, IBV_WR_RDMA_READ, "
                             "IBV_WR_ATOMIC_CMP_AND_SWP, IBV_WR_ATOMIC_FETCH_AND_ADD"));
        QVERIFY(parseError(with({{"host", "A"}, {"call", "ibv_frobnicate"}}))
                    .rfind("script[6]: unknown call 'ibv_frobnicate'; allowed ibv_reg_mr", 0) == 0);
        QCOMPARE(parseError(with({{"call", "ibv_poll_cq"}, {"cq", "cqA"}})),
                 std::string("script[6] ibv_poll_cq: missing 'host'"));
        QCOMPARE(parseError(with({{"host", "C"}, {"call", "ibv_poll_cq"}, {"cq", "cqA"}})),
                 std::string("script[6] ibv_poll_cq: unknown host 'C'; allowed A, B"));
        QCOMPARE(parseError(with(postSend("A", "qpZ", Json::array()))),
                 std::string("script[6] ibv_post_send: qp 'qpZ' is not created by an earlier call"));
        QCOMPARE(parseError(with(postSend("A", "qpB", Json::array()))),
                 std::string("script[6] ibv_post_send: qp 'qpB' belongs to host B, not A"));
        QVERIFY(
            parseError(with({{"host", "A"}, {"call", "ibv_poll_cq"}, {"cq", "cqA"}, {"mni", 1}}))
                .rfind("script[6] ibv_poll_cq: unknown field 'mni'; allowed call, host, comment, cq, num_entries, min",
                       0) == 0);
        QVERIFY(parseError(with(modify("A", "qpA", Json::object(), {"IBV_QP_STAT"})))
                    .rfind("script[6] ibv_modify_qp: unknown attr_mask 'IBV_QP_STAT'; allowed IBV_QP_STATE", 0) == 0);
        QVERIFY(parseError(with(regMr("A", "m", 8, Json(), {"IBV_ACCESS_ALL"})))
                    .rfind("script[6] ibv_reg_mr: unknown access 'IBV_ACCESS_ALL'; allowed IBV_ACCESS_LOCAL_WRITE",
                           0) == 0);
        QCOMPARE(parseError(with(regMr("A", "bufB", 8))),
                 std::string("script[6] ibv_reg_mr: name 'bufB' is already used by script[1]"));
        Json needsRemote = sendWr(1, "IBV_WR_RDMA_WRITE", Json::array());
        QCOMPARE(parseError(with(postSend("A", "qpA", {needsRemote}))),
                 std::string("script[6] ibv_post_send: wr[0]: opcode IBV_WR_RDMA_WRITE needs 'remote_mr' or 'rkey' "
                             "('remote_addr' is 0 when left out)"));
        Json hosts3 = scenario(preamble());
        hosts3["hosts"] = {"A", "B", "C"};
        QVERIFY(parseError(hosts3).find("exactly two host names") != std::string::npos);
        QVERIFY(parseError(scenario(Json("nope"))).find("\"script\" must be a list of calls") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestRdmaScenarios)
#include "tst_rdma_scenarios.moc"
