// Proves the RC wire behaviour (IBTA spec vol 1 §9.7; Linux drivers/infiniband/sw/rxe/
// rxe_req.c, rxe_resp.c, rxe_comp.c): segmentation by path MTU, one
// PSN per packet with 24-bit wrap, READ reserving a PSN per response, AckReq on
// the last packet, go-back-N after a lost packet, duplicates re-ACKed and not
// re-executed, RNR back-off with rnr_retry, and retry_cnt 7 meaning exactly
// eight transmissions before IBV_WC_RETRY_EXC_ERR.

#include <QtTest>

#include "rdma/psn.h"
#include "rdma/verbs_driver.h"
#include "rdma_test_support.h"

using namespace commviz::rdma;
using namespace commviz::rdma::testing;

namespace {
Json fault(Json drops) { return {{"call", "fault"}, {"drop_packet", drops}}; }
}  // namespace

class TestRdmaWireProtocol : public QObject {
    Q_OBJECT
private slots:
    void tenThousandByteSendAtMtu4096() {
        Json s = preamble(16384);
        s = append(s, Json::array({connectQps({{"path_mtu", 4096}, {"sq_psn", 1000}}),
                                   postRecv("B", "qpB", {recvWr(1, {sge("bufB", 16384)})}),
                                   postSend("A", "qpA", {sendWr(2, "IBV_WR_SEND", {sge("bufA", 10000)})}),
                                   pollCq("A", "cqA", 1), pollCq("B", "cqB", 1)}));
        const Run r = run(scenario(s));
        const auto a = r.sentBy("A");
        QCOMPARE(a.size(), std::size_t(3));
        QCOMPARE(a[0]["opcode"], Json("SEND_FIRST"));
        QCOMPARE(a[0]["payload_bytes"], Json(4096));
        QCOMPARE(a[0]["psn"], Json(1000));
        QCOMPARE(a[1]["opcode"], Json("SEND_MIDDLE"));
        QCOMPARE(a[1]["payload_bytes"], Json(4096));
        QCOMPARE(a[1]["psn"], Json(1001));
        QCOMPARE(a[2]["opcode"], Json("SEND_LAST"));
        QCOMPARE(a[2]["payload_bytes"], Json(1808));
        QCOMPARE(a[2]["psn"], Json(1002));
        QCOMPARE(a[0]["ack_req"], Json(false));
        QCOMPARE(a[1]["ack_req"], Json(false));
        QCOMPARE(a[2]["ack_req"], Json(true));
        const auto b = r.sentBy("B");  // one cumulative ACK for the whole message
        QCOMPARE(b.size(), std::size_t(1));
        QCOMPARE(b[0]["opcode"], Json("ACKNOWLEDGE"));
        QCOMPARE(b[0]["psn"], Json(1002));
        QCOMPARE(r.completion("B", 1)["byte_len"], Json(10000));
    }

    void smallAndEmptyMessagesAreOnly() {
        Json s = append(
            preamble(),
            Json::array(
                {connectQps(), postRecv("B", "qpB", {recvWr(1, {sge("bufB", 64)}), recvWr(2, Json::array())}),
                 postSend("A", "qpA",
                          {sendWr(3, "IBV_WR_SEND", {sge("bufA", 64)}), sendWr(4, "IBV_WR_SEND", Json::array())}),
                 pollCq("B", "cqB", 2)}));
        const Run r = run(scenario(s));
        const auto a = r.sentBy("A");
        QCOMPARE(a.size(), std::size_t(2));
        QCOMPARE(a[0]["opcode"], Json("SEND_ONLY"));
        QCOMPARE(a[1]["opcode"], Json("SEND_ONLY"));
        QCOMPARE(a[1]["payload_bytes"], Json(0));
        QCOMPARE(r.completion("B", 2)["byte_len"], Json(0));
    }

    void psnWrapsAt24Bits() {
        Json s = append(preamble(), Json::array({connectQps({{"sq_psn", {0xfffffe, 5}}}),
                                                 postRecv("B", "qpB", {recvWr(1, {sge("bufB", 4096)})}),
                                                 postSend("A", "qpA", {sendWr(2, "IBV_WR_SEND", {sge("bufA", 4000)})}),
                                                 pollCq("A", "cqA", 1), pollCq("B", "cqB", 1)}));
        const Run r = run(scenario(s));
        const auto a = r.sentBy("A");
        QCOMPARE(a.size(), std::size_t(4));
        QCOMPARE(a[0]["psn"], Json(0xfffffe));
        QCOMPARE(a[1]["psn"], Json(0xffffff));
        QCOMPARE(a[2]["psn"], Json(0));
        QCOMPARE(a[3]["psn"], Json(1));
        QCOMPARE(r.sentBy("B")[0]["psn"], Json(1));
        QCOMPARE(r.completion("A", 2)["status"], Json("IBV_WC_SUCCESS"));
        QCOMPARE(r.engine().hosts()[1].qps[0].resp.psn, 2u);
    }

    void longSendAsksForAnAckEvery64PacketsAndKeeps128InFlight() {
        // 256 KiB at MTU 1024 = 256 packets, PSNs 0..255. AckReq on every 64th packet without one
        // (RXE_MAX_PKT_PER_ACK; see hca_requester.cpp for rxe's off-by-two) and on the last: the
        // packets numbered 64, 128, 192, 256 (first PSN + 63, 127, 191, 255). The requester never has
        // more than 128 PSNs unacked (RXE_MAX_UNACKED_PSNS), checked before every packet, so it
        // pauses at first PSN + 128 until the ACK for + 63 comes back.
        const int len = 256 * 1024;
        Json s = Json::array({regMr("A", "bufA", len, "x"), regMr("B", "bufB", len), createCq("A", "cqA", 16),
                              createCq("B", "cqB", 16), createQp("A", "qpA", "cqA"), createQp("B", "qpB", "cqB"),
                              connectQps(), postRecv("B", "qpB", {recvWr(1, {sge("bufB", len)})}),
                              postSend("A", "qpA", {sendWr(2, "IBV_WR_SEND", {sge("bufA", len)})}),
                              pollCq("A", "cqA", 1), pollCq("B", "cqB", 1)});
        std::int32_t maxUnacked = 0;
        // a 50 us wire: the ACK for the 64th packet is far away when the 128th has gone
        const Run r = run(scenario(s, {{"wire_latency_ns", 50000}}), 200000, [&](const RdmaEngine& e) {
            if (e.hosts()[0].qps.empty()) return;
            const auto& qp = e.hosts()[0].qps[0];
            maxUnacked = std::max(maxUnacked, psnDiff(qp.req.psn, qp.comp.psn));
        });
        QVERIFY(r.done);
        const auto a = r.sentBy("A");
        QCOMPARE(a.size(), std::size_t(256));
        std::vector<int> withAckReq;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (a[i]["ack_req"].get<bool>()) withAckReq.push_back(static_cast<int>(i) + 1);
        QCOMPARE(withAckReq, (std::vector<int>{64, 128, 192, 256}));
        QCOMPARE(psnDiff(a[63]["psn"].get<std::uint32_t>(), a[0]["psn"].get<std::uint32_t>()), 63);
        QCOMPARE(maxUnacked, 128);
        QCOMPARE(r.completion("A", 2)["status"], Json("IBV_WC_SUCCESS"));
        QCOMPARE(r.completion("B", 1)["byte_len"], Json(len));
        QCOMPARE(r.summary["retransmissions"], Json(0));
    }

    void readReservesOnePsnPerResponse() {
        Json s =
            append(preamble(),
                   Json::array({connectQps({{"sq_psn", 100}}), postRecv("B", "qpB", {recvWr(9, {sge("bufB", 64)})}),
                                postSend("A", "qpA",
                                         {withRemote(sendWr(1, "IBV_WR_RDMA_READ", {sge("bufA", 3000)}), "bufB"),
                                          sendWr(2, "IBV_WR_SEND", {sge("bufA", 8)})}),
                                pollCq("A", "cqA", 2)}));
        const Run r = run(scenario(s));
        const auto a = r.sentBy("A");
        QCOMPARE(a[0]["opcode"], Json("RDMA_READ_REQUEST"));
        QCOMPARE(a[0]["psn"], Json(100));
        QCOMPARE(a[1]["opcode"], Json("SEND_ONLY"));
        QCOMPARE(a[1]["psn"], Json(103));
        const auto b = r.sentBy("B");
        QCOMPARE(b[0]["opcode"], Json("RDMA_READ_RESPONSE_FIRST"));
        QCOMPARE(b[0]["psn"], Json(100));
        QCOMPARE(b[1]["opcode"], Json("RDMA_READ_RESPONSE_MIDDLE"));
        QCOMPARE(b[2]["opcode"], Json("RDMA_READ_RESPONSE_LAST"));
        QCOMPARE(b[2]["psn"], Json(102));
        QCOMPARE(b[2]["payload_bytes"], Json(3000 - 2048));
    }

    void lostMiddlePacketIsNakedAndResentGoBackN() {
        Json s = append(preamble(), Json::array({connectQps({{"sq_psn", 50}}), fault(2),
                                                 postRecv("B", "qpB", {recvWr(1, {sge("bufB", 4096)})}),
                                                 postSend("A", "qpA", {sendWr(2, "IBV_WR_SEND", {sge("bufA", 3000)})}),
                                                 pollCq("A", "cqA", 1), pollCq("B", "cqB", 1)}));
        const Run r = run(scenario(s));
        const auto a = r.sentBy("A");
        std::vector<int> psns;
        std::vector<bool> retx;
        for (const auto& p : a) {
            psns.push_back(p["psn"].get<int>());
            retx.push_back(p["retransmission"].get<bool>());
        }
        QCOMPARE(psns, (std::vector<int>{50, 51, 52, 51, 52}));
        QCOMPARE(retx, (std::vector<bool>{false, false, false, true, true}));
        const auto naks = r.kind("nak_sent");
        QCOMPARE(naks.size(), std::size_t(1));
        QCOMPARE(naks[0].fields["syndrome"], Json("AETH_NAK_PSN_SEQ_ERROR"));
        QCOMPARE(naks[0].fields["psn"], Json(51));
        QCOMPARE(r.kind("retransmit")[0].fields["reason"], Json("psn_seq_nak"));
        QCOMPARE(r.completion("B", 1)["byte_len"], Json(3000));
        QCOMPARE(r.summary["completions"].size(), std::size_t(2));
        QCOMPARE(r.summary["retransmissions"], Json(2));
        const auto& b = r.engine().hosts()[1].mrByName("bufB")->bytes;
        QCOMPARE(b[1500], static_cast<std::uint8_t>(std::string("Hello from A! ")[1500 % 14]));
    }

    void lostAckMeansTimeoutAndADuplicateThatIsOnlyReAcked() {
        Json s =
            append(preamble(),
                   Json::array({connectQps({{"timeout", 4}}), fault(2),
                                postRecv("B", "qpB", {recvWr(1, {sge("bufB", 4096)}), recvWr(3, {sge("bufB", 4096)})}),
                                postSend("A", "qpA", {sendWr(2, "IBV_WR_SEND", {sge("bufA", 64)})}),
                                pollCq("A", "cqA", 1), pollCq("B", "cqB", 1)}));
        const Run r = run(scenario(s));
        QCOMPARE(r.kind("timeout").size(), std::size_t(1));
        QCOMPARE(r.sentBy("A").size(), std::size_t(2));
        const auto acks = r.kind("ack_sent");
        QCOMPARE(acks.size(), std::size_t(2));
        QCOMPARE(acks[1].fields["duplicate"], Json(true));
        QCOMPARE(r.kind("recv_wqe_consumed").size(), std::size_t(1));  // not executed twice
        QCOMPARE(r.summary["completions"].size(), std::size_t(2));
        QCOMPARE(r.summary["qp_states"]["qpB"], Json("IBV_QPS_RTS"));
    }

    void duplicateAtomicReturnsTheSavedValue() {
        Json fadd = withRemote(sendWr(1, "IBV_WR_ATOMIC_FETCH_AND_ADD", {sge("res", 8)}), "counter");
        fadd["compare_add"] = 5;
        Json s =
            Json::array({regMr("A", "res", 8, 0), regMr("B", "counter", 8, 100), createCq("A", "cqA", 8),
                         createCq("B", "cqB", 8), createQp("A", "qpA", "cqA"), createQp("B", "qpB", "cqB"),
                         connectQps({{"timeout", 4}}), fault(2), postSend("A", "qpA", {fadd}), pollCq("A", "cqA", 1)});
        const Run r = run(scenario(s));
        QCOMPARE(r.sentBy("A").size(), std::size_t(2));             // FETCH_ADD sent twice
        QCOMPARE(r.kind("memory_written").size(), std::size_t(2));  // executed once at B, result landed once at A
        QCOMPARE(loadU64(r.engine().hosts()[1].mrByName("counter")->bytes, 0), std::uint64_t(105));
        QCOMPARE(loadU64(r.engine().hosts()[0].mrByName("res")->bytes, 0), std::uint64_t(100));
    }

    void duplicateReadIsReplayed() {
        Json s = append(
            preamble(),
            Json::array({connectQps({{"timeout", 4}}), fault(2),
                         postSend("A", "qpA", {withRemote(sendWr(1, "IBV_WR_RDMA_READ", {sge("bufA", 100)}), "bufB")}),
                         pollCq("A", "cqA", 1)}));
        const Run r = run(scenario(s));
        const auto b = r.sentBy("B");
        QCOMPARE(b.size(), std::size_t(2));
        QCOMPARE(b[1]["opcode"], Json("RDMA_READ_RESPONSE_ONLY"));
        QCOMPARE(b[1]["retransmission"], Json(true));
        QCOMPARE(r.completion("A", 1)["status"], Json("IBV_WC_SUCCESS"));
        QCOMPARE(r.engine().hosts()[0].mrByName("bufA")->bytes[5], static_cast<std::uint8_t>('o'));  // "B memory. "[5]
    }

    void retryCnt7IsEightTransmissions() {
        for (int retry : {7, 0, 3}) {
            Json s =
                append(preamble(),
                       Json::array({toInit("A", "qpA"), toRtr("A", "qpA", "qpB", 0), toRts("A", "qpA", 0, 2, retry),
                                    postSend("A", "qpA", {sendWr(1, "IBV_WR_SEND", {sge("bufA", 64)})}),
                                    pollCq("A", "cqA", 1)}));
            const Run r = run(scenario(s));
            QCOMPARE(r.sentBy("A").size(), std::size_t(retry + 1));
            QCOMPARE(r.kind("timeout").size(), std::size_t(retry + 1));
            QCOMPARE(r.completion("A", 1)["status"], Json("IBV_WC_RETRY_EXC_ERR"));
            // each wait is 4.096 us * 2^2 = 16384 ns
            const std::uint64_t t = 16384;
            QVERIFY(r.summary["sim_time_ns"].get<std::uint64_t>() >= (retry + 1) * t);
            QVERIFY(r.summary["sim_time_ns"].get<std::uint64_t>() < (retry + 2) * t);
        }
    }

    void rnrBackOffThenSuccessAndExhaustion() {
        // rnr_retry 7: forever; B posts after 30 us. min_rnr_timer 1 = 0.01 ms.
        Json ok = append(preamble(), Json::array({connectQps({{"min_rnr_timer", 1}}),
                                                  postSend("A", "qpA", {sendWr(1, "IBV_WR_SEND", {sge("bufA", 64)})}),
                                                  {{"host", "B"}, {"call", "usleep"}, {"usec", 30}},
                                                  postRecv("B", "qpB", {recvWr(2, {sge("bufB", 64)})}),
                                                  pollCq("A", "cqA", 1),
                                                  pollCq("B", "cqB", 1)}));
        const Run r = run(scenario(ok));
        const auto waits = r.kind("rnr_wait");
        QVERIFY(waits.size() >= 2);
        QCOMPARE(waits[0].fields["wait_ns"], Json(10000));
        QCOMPARE(waits[0].fields["rnr_retry_left"], Json("infinite"));
        QCOMPARE(r.kind("nak_sent")[0].fields["syndrome"], Json("AETH_RNR_NAK"));
        QCOMPARE(r.completion("A", 1)["status"], Json("IBV_WC_SUCCESS"));
        QCOMPARE(r.completion("B", 2)["status"], Json("IBV_WC_SUCCESS"));

        // rnr_retry 2: the first send and two retries, then RNR_RETRY_EXC_ERR.
        Json bad = append(preamble(), Json::array({connectQps({{"min_rnr_timer", 14}, {"rnr_retry", 2}}),
                                                   postSend("A", "qpA", {sendWr(1, "IBV_WR_SEND", {sge("bufA", 64)})}),
                                                   pollCq("A", "cqA", 1)}));
        const Run e = run(scenario(bad));
        QCOMPARE(e.sentBy("A").size(), std::size_t(3));
        QCOMPARE(e.kind("rnr_wait").size(), std::size_t(2));
        QCOMPARE(e.kind("rnr_wait")[0].fields["wait_ns"], Json(1280000));  // code 14 = 1.28 ms
        QCOMPARE(e.completion("A", 1)["status"], Json("IBV_WC_RNR_RETRY_EXC_ERR"));
    }
};

QTEST_APPLESS_MAIN(TestRdmaWireProtocol)
#include "tst_rdma_wire_protocol.moc"
