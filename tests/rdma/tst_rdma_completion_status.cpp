// Proves each ibv_wc_status the model can cause arrives where the hardware
// reports it (rdma-core libibverbs/man/ibv_poll_cq.3; IBTA spec vol 1 §10.7.3.1): the failing WR gets its status even
// when unsignaled, the QP goes to ERR, remote errors take both QPs to ERR, and the rest is flushed with
// IBV_WC_WR_FLUSH_ERR in order.

#include <QtTest>

#include "rdma_test_support.h"

using namespace commviz::rdma::testing;

namespace {
std::string status(const Run& r, const std::string& host, std::uint64_t id) {
    const Json c = r.completion(host, id);
    return c.is_null() ? "none" : c["status"].get<std::string>();
}
bool hasAsync(const Run& r, const std::string& host, const std::string& type, const std::string& object) {
    for (const auto& e : r.summary["async_events"])
        if (e["host"] == host && e["event_type"] == type && e["object"] == object) return true;
    return false;
}
}  // namespace

class TestRdmaCompletionStatus : public QObject {
    Q_OBJECT
private slots:
    void success() {
        Json s = append(preamble(), Json::array({connectQps(), postRecv("B", "qpB", {recvWr(1, {sge("bufB", 4096)})}),
                                                 postSend("A", "qpA", {sendWr(2, "IBV_WR_SEND", {sge("bufA", 100)})}),
                                                 pollCq("A", "cqA", 1), pollCq("B", "cqB", 1)}));
        const Run r = run(scenario(s));
        QCOMPARE(status(r, "A", 2), std::string("IBV_WC_SUCCESS"));
        QCOMPARE(r.completion("A", 2)["opcode"], Json("IBV_WC_SEND"));
        QCOMPARE(status(r, "B", 1), std::string("IBV_WC_SUCCESS"));
        QCOMPARE(r.completion("B", 1)["opcode"], Json("IBV_WC_RECV"));
        QCOMPARE(r.completion("B", 1)["byte_len"], Json(100));
    }

    void tooSmallReceiveIsLocLenAtReceiverRemInvReqAtSender() {
        Json s = append(
            preamble(),
            Json::array(
                {connectQps(), postRecv("B", "qpB", {recvWr(1, {sge("bufB", 1024)}), recvWr(2, {sge("bufB", 4096)})}),
                 postSend("A", "qpA",
                          {sendWr(3, "IBV_WR_SEND", {sge("bufA", 4096)}), sendWr(4, "IBV_WR_SEND", {sge("bufA", 8)})}),
                 pollCq("A", "cqA", 2), pollCq("B", "cqB", 2)}));
        const Run r = run(scenario(s));
        QCOMPARE(status(r, "B", 1), std::string("IBV_WC_LOC_LEN_ERR"));
        QCOMPARE(status(r, "B", 2), std::string("IBV_WC_WR_FLUSH_ERR"));
        QCOMPARE(status(r, "A", 3), std::string("IBV_WC_REM_INV_REQ_ERR"));
        QCOMPARE(status(r, "A", 4), std::string("IBV_WC_WR_FLUSH_ERR"));
        QCOMPARE(r.summary["qp_states"]["qpA"], Json("IBV_QPS_ERR"));
        QCOMPARE(r.summary["qp_states"]["qpB"], Json("IBV_QPS_ERR"));
        const auto naks = r.kind("nak_sent");
        QCOMPARE(naks.size(), std::size_t(1));
        QCOMPARE(naks[0].fields["syndrome"], Json("AETH_NAK_INVALID_REQ"));
    }

    void badLkeyIsLocProtErrEvenUnsignaled() {
        Json bad = sendWr(5, "IBV_WR_SEND", {{{"mr", "bufA"}, {"offset", 0}, {"length", 64}, {"lkey", 0x9999}}},
                          Json::array());
        Json s =
            append(preamble(),
                   Json::array({connectQps(), postSend("A", "qpA", {bad, sendWr(6, "IBV_WR_SEND", {sge("bufA", 8)})}),
                                pollCq("A", "cqA", 2)}));
        const Run r = run(scenario(s));
        QCOMPARE(status(r, "A", 5), std::string("IBV_WC_LOC_PROT_ERR"));  // an error always yields a CQE
        QCOMPARE(status(r, "A", 6), std::string("IBV_WC_WR_FLUSH_ERR"));
        // an error WC carries only wr_id, status, qp_num, vendor_err (rdma-core libibverbs/man/ibv_poll_cq.3)
        QVERIFY(r.completion("A", 5)["opcode"].is_null());
        QVERIFY(r.completion("A", 5)["byte_len"].is_null());
        QVERIFY(r.completion("A", 6)["opcode"].is_null());
        for (const auto& e : r.kind("wc_returned")) {
            QVERIFY(e.fields["opcode"].is_null());
            QVERIFY(e.fields["byte_len"].is_null());
        }
        QVERIFY(r.kind("packet_sent").empty());
        QCOMPARE(r.summary["qp_states"]["qpA"], Json("IBV_QPS_ERR"));
        QCOMPARE(r.summary["qp_states"]["qpB"], Json("IBV_QPS_RTS"));  // a local error stays local
    }

    void badLkeyBehindAnOutstandingSendCompletesOnceThatIsAcked() {
        // The requester stops at the bad-lkey WR (nothing of it goes on the wire) while the SEND
        // before it waits for its ACK. The ACK retires that SEND (SUCCESS); the failed WR is then
        // the oldest and completes, unsignaled or not, with LOC_PROT_ERR; the QP goes to ERR and
        // the WR after it, never sent, is flushed (IBTA spec vol 1 §10.7.3.1; IBV_WC_WR_FLUSH_ERR in ibv_poll_cq.3).
        Json bad =
            sendWr(22, "IBV_WR_SEND", {{{"mr", "bufA"}, {"offset", 0}, {"length", 8}, {"lkey", 12345}}}, Json::array());
        Json s = append(preamble(),
                        Json::array({connectQps(),
                                     postRecv("B", "qpB", {recvWr(1, {sge("bufB", 64)}), recvWr(2, {sge("bufB", 64)})}),
                                     postSend("A", "qpA",
                                              {sendWr(21, "IBV_WR_SEND", {sge("bufA", 8)}), bad,
                                               sendWr(23, "IBV_WR_SEND", {sge("bufA", 8)})}),
                                     pollCq("A", "cqA", 3), pollCq("B", "cqB", 1)}));
        const Run r = run(scenario(s));
        QCOMPARE(status(r, "A", 21), std::string("IBV_WC_SUCCESS"));
        QCOMPARE(status(r, "A", 22), std::string("IBV_WC_LOC_PROT_ERR"));
        QCOMPARE(status(r, "A", 23), std::string("IBV_WC_WR_FLUSH_ERR"));
        std::vector<std::uint64_t> order;
        for (const auto& c : r.summary["completions"])
            if (c["host"] == "A") order.push_back(c["wr_id"].get<std::uint64_t>());
        QCOMPARE(order, (std::vector<std::uint64_t>{21, 22, 23}));
        QCOMPARE(r.summary["qp_states"]["qpA"], Json("IBV_QPS_ERR"));
        QCOMPARE(r.summary["qp_states"]["qpB"], Json("IBV_QPS_RTS"));
        QCOMPARE(status(r, "B", 1), std::string("IBV_WC_SUCCESS"));
    }

    void receiveBufferWithoutLocalWriteIsLocProtAndRemOp() {
        Json s = preamble();
        s.push_back(regMr("B", "ro", 4096, Json(), {"IBV_ACCESS_REMOTE_READ"}));
        s = append(s, Json::array({connectQps(), postRecv("B", "qpB", {recvWr(1, {sge("ro", 4096)})}),
                                   postSend("A", "qpA", {sendWr(2, "IBV_WR_SEND", {sge("bufA", 64)})}),
                                   pollCq("A", "cqA", 1), pollCq("B", "cqB", 1)}));
        const Run r = run(scenario(s));
        QCOMPARE(status(r, "B", 1), std::string("IBV_WC_LOC_PROT_ERR"));
        QCOMPARE(status(r, "A", 2), std::string("IBV_WC_REM_OP_ERR"));
        QCOMPARE(r.summary["qp_states"]["qpB"], Json("IBV_QPS_ERR"));
    }

    void malformedAtomicWqeIsLocQpOpErr() {
        Json s = append(
            preamble(),
            Json::array({connectQps(),
                         postSend("A", "qpA",
                                  {withRemote(sendWr(7, "IBV_WR_ATOMIC_FETCH_AND_ADD", {sge("bufA", 16)}), "bufB")}),
                         pollCq("A", "cqA", 1)}));
        const Run r = run(scenario(s));
        QCOMPARE(status(r, "A", 7), std::string("IBV_WC_LOC_QP_OP_ERR"));
    }

    void remoteOpNotEnabledOnTheQpIsRemInvReq() {
        Json s = append(
            preamble(),
            Json::array({connectQps({{"qp_access_flags", Json::array()}}),
                         postSend("A", "qpA", {withRemote(sendWr(8, "IBV_WR_RDMA_READ", {sge("bufA", 64)}), "bufB")}),
                         pollCq("A", "cqA", 1)}));
        const Run r = run(scenario(s));
        QCOMPARE(status(r, "A", 8), std::string("IBV_WC_REM_INV_REQ_ERR"));
        QVERIFY(hasAsync(r, "B", "IBV_EVENT_QP_REQ_ERR", "qpB"));
        QCOMPARE(r.summary["qp_states"]["qpB"], Json("IBV_QPS_ERR"));
    }

    void remoteAccessErrors() {
        Json s = preamble();
        s.push_back(regMr("B", "lw", 4096, Json(), {"IBV_ACCESS_LOCAL_WRITE"}));
        s.push_back(regMr("A", "bufA2", 64));
        s.push_back(regMr("B", "bufB2", 64));
        s.push_back(createCq("A", "cqA2", 8));
        s.push_back(createCq("B", "cqB2", 8));
        s.push_back(createQp("A", "qpA2", "cqA2"));
        s.push_back(createQp("B", "qpB2", "cqB2"));
        s.push_back({{"call", "connect"}, {"qps", {"qpA2", "qpB2"}}, {"attr", {{"qp_access_flags", kRemoteAccess}}}});
        Json wrongKey = withRemote(sendWr(9, "IBV_WR_RDMA_WRITE", {sge("bufA", 64)}), "bufB");
        wrongKey["rkey"] = 0xdead;
        s = append(
            s,
            Json::array({connectQps(), postSend("A", "qpA", {wrongKey}), pollCq("A", "cqA", 1),
                         // MR without REMOTE_WRITE, on the second connection
                         postSend("A", "qpA2", {withRemote(sendWr(10, "IBV_WR_RDMA_WRITE", {sge("bufA2", 64)}), "lw")}),
                         pollCq("A", "cqA2", 1)}));
        const Run r = run(scenario(s));
        QCOMPARE(status(r, "A", 9), std::string("IBV_WC_REM_ACCESS_ERR"));
        QVERIFY(hasAsync(r, "B", "IBV_EVENT_QP_ACCESS_ERR", "qpB"));  // no receive WQE to carry it
        QCOMPARE(status(r, "A", 10), std::string("IBV_WC_REM_ACCESS_ERR"));
        QCOMPARE(r.summary["qp_states"]["qpB2"], Json("IBV_QPS_ERR"));
    }

    void writeOutsideTheMrIsRemAccess() {
        Json s = postOneFromA(withRemote(sendWr(11, "IBV_WR_RDMA_WRITE", {sge("bufA", 512)}), "bufB", 4000));
        const Run r = run(scenario(s));
        QCOMPARE(status(r, "A", 11), std::string("IBV_WC_REM_ACCESS_ERR"));
    }

    void writeWithImmBadRkeyIsLocAccessAtReceiver() {
        Json wr = withRemote(sendWr(12, "IBV_WR_RDMA_WRITE_WITH_IMM", {sge("bufA", 64)}), "bufB");
        wr["rkey"] = 0xbad;
        wr["imm_data"] = 1;
        Json s =
            append(preamble(), Json::array({connectQps(), postRecv("B", "qpB", {recvWr(13, Json::array())}),
                                            postSend("A", "qpA", {wr}), pollCq("A", "cqA", 1), pollCq("B", "cqB", 1)}));
        const Run r = run(scenario(s));
        QCOMPARE(status(r, "B", 13), std::string("IBV_WC_LOC_ACCESS_ERR"));
        QCOMPARE(status(r, "A", 12), std::string("IBV_WC_REM_ACCESS_ERR"));
    }

    void rnrRetryExceeded() {
        Json s = append(preamble(), Json::array({connectQps({{"rnr_retry", 2}, {"min_rnr_timer", 1}}),
                                                 postSend("A", "qpA", {sendWr(14, "IBV_WR_SEND", {sge("bufA", 64)})}),
                                                 pollCq("A", "cqA", 1)}));
        const Run r = run(scenario(s));
        QCOMPARE(status(r, "A", 14), std::string("IBV_WC_RNR_RETRY_EXC_ERR"));
        QCOMPARE(r.summary["qp_states"]["qpA"], Json("IBV_QPS_ERR"));
        QCOMPARE(r.summary["qp_states"]["qpB"], Json("IBV_QPS_RTS"));  // RNR is not a responder error
    }

    void retryExceededWhenThePeerIsNotReady() {
        Json s = append(
            preamble(),
            Json::array({toInit("A", "qpA"), toRtr("A", "qpA", "qpB", 0), toRts("A", "qpA", 0, 1, 3),
                         postSend("A", "qpA", {sendWr(15, "IBV_WR_SEND", {sge("bufA", 64)})}), pollCq("A", "cqA", 1)}));
        const Run r = run(scenario(s));
        QCOMPARE(status(r, "A", 15), std::string("IBV_WC_RETRY_EXC_ERR"));
        QVERIFY(!r.kind("packet_dropped").empty());  // qpB is still RESET and drops every packet
    }

    void zeroLengthWriteAndReadSkipTheRkeyCheck() {
        // IBTA C9-88: a zero-byte RDMA WRITE/READ need not carry a valid rkey, so a bogus one
        // is not a Remote Access Error: both complete SUCCESS and both QPs stay in RTS.
        Json w = withRemote(sendWr(1, "IBV_WR_RDMA_WRITE", Json::array()), "bufB");
        w["rkey"] = 0xdead;
        Json rd = withRemote(sendWr(2, "IBV_WR_RDMA_READ", Json::array()), "bufB");
        rd["rkey"] = 0xbeef;
        Json s = append(preamble(), Json::array({connectQps(), postSend("A", "qpA", {w, rd}), pollCq("A", "cqA", 2)}));
        const Run r = run(scenario(s));
        QCOMPARE(status(r, "A", 1), std::string("IBV_WC_SUCCESS"));
        QCOMPARE(status(r, "A", 2), std::string("IBV_WC_SUCCESS"));
        QVERIFY(r.kind("nak_sent").empty());
        QCOMPARE(r.summary["qp_states"]["qpA"], Json("IBV_QPS_RTS"));
        QCOMPARE(r.summary["qp_states"]["qpB"], Json("IBV_QPS_RTS"));
    }

    void cqDepthIsRoundedUpLikeMlx5() {
        // mlx5: cq->cqe = align_queue_size(cqe + 1) - 1 (rdma-core providers/mlx5/verbs.c, create_cq: read back
        // cq->cqe)
        const std::vector<std::pair<int, std::uint32_t>> cases{{1, 1}, {2, 3}, {3, 3}, {4, 7}, {16, 31}, {100, 127}};
        for (const auto& [asked, granted] : cases) {
            const Run r = run(scenario(Json::array({createCq("A", "cq", asked)})));
            QCOMPARE(r.engine().hosts()[0].cqByName("cq")->depth, granted);
            QCOMPARE(r.call(0)["detail"], Json("cq->cqe = " + std::to_string(granted) + " (asked " +
                                               std::to_string(asked) + "; mlx5 rounds up to 2^n - 1)"));
        }
    }

    void cqOverflowRaisesCqErrAndErrsTheQp() {
        Json s = Json::array(
            {regMr("A", "bufA", 4096), regMr("B", "bufB", 4096), createCq("A", "cqA", 16), createCq("B", "cqB", 1),
             createQp("A", "qpA", "cqA"), createQp("B", "qpB", "cqB"), connectQps({{"timeout", 4}, {"retry_cnt", 1}}),
             postRecv("B", "qpB", {recvWr(1, {sge("bufB", 64)}), recvWr(2, {sge("bufB", 64, 64)})}),
             postSend("A", "qpA",
                      {sendWr(3, "IBV_WR_SEND", {sge("bufA", 64)}), sendWr(4, "IBV_WR_SEND", {sge("bufA", 64)})}),
             pollCq("A", "cqA", 2), pollCq("B", "cqB", 2)});
        const Run r = run(scenario(s));
        QVERIFY(r.done);
        QVERIFY(hasAsync(r, "B", "IBV_EVENT_CQ_ERR", "cqB"));
        QCOMPARE(r.summary["qp_states"]["qpB"], Json("IBV_QPS_ERR"));
        QCOMPARE(r.kind("cq_overflow").size(), std::size_t(1));
        QCOMPARE(status(r, "B", 1), std::string("IBV_WC_SUCCESS"));  // the one that fit
        QCOMPARE(status(r, "B", 2), std::string("none"));            // lost in the overrun
        QCOMPARE(status(r, "A", 3), std::string("IBV_WC_SUCCESS"));
        QCOMPARE(status(r, "A", 4), std::string("IBV_WC_RETRY_EXC_ERR"));  // B stopped answering
    }
};

QTEST_APPLESS_MAIN(TestRdmaCompletionStatus)
#include "tst_rdma_completion_status.moc"
