// Proves that a pending RDMA READ is acknowledged only by its own responses
// (IBTA spec vol 1 §9.7.5; Linux drivers/infiniband/sw/rxe/rxe_comp.c, check_psn): a lost READ response is
// retried, never completed with missing bytes, never skipped by a later ACK or
// NAK. Expectations are worked out by hand from those sources; the packet
// numbers are the order packets enter the wire (1 = the READ request).

#include <QtTest>

#include "rdma_test_support.h"

using namespace commviz::rdma;
using namespace commviz::rdma::testing;

namespace {
Json fault(int drop) { return {{"call", "fault"}, {"drop_packet", {drop}}}; }
}  // namespace

class TestRdmaReadRetry : public QObject {
    Q_OBJECT
private slots:
    void lostMiddleResponseIsRetriedAndAllBytesLand() {
        // 3000 B at MTU 1024: the READ reserves PSNs 100..102 (FIRST/MIDDLE/LAST). Packet 3 is
        // the MIDDLE. A places FIRST (comp.psn 101); LAST (102) shows a gap, so A goes back to
        // 101 — the model re-requests the whole READ — and B replays FIRST/MIDDLE/LAST from its
        // saved resource. A drops the duplicate FIRST and places MIDDLE and LAST: SUCCESS,
        // 3000 bytes, every one equal to B's buffer. One retry, no timeout.
        Json s = append(
            preamble(),
            Json::array({connectQps({{"sq_psn", 100}, {"timeout", 4}}), fault(3),
                         postSend("A", "qpA", {withRemote(sendWr(1, "IBV_WR_RDMA_READ", {sge("bufA", 3000)}), "bufB")}),
                         pollCq("A", "cqA", 1)}));
        const Run r = run(scenario(s));
        QCOMPARE(r.sentBy("B")[1]["opcode"], Json("RDMA_READ_RESPONSE_MIDDLE"));
        QCOMPARE(r.completion("A", 1)["status"], Json("IBV_WC_SUCCESS"));
        QCOMPARE(r.completion("A", 1)["byte_len"], Json(3000));
        const auto& a = r.engine().hosts()[0].mrByName("bufA")->bytes;
        const auto& b = r.engine().hosts()[1].mrByName("bufB")->bytes;
        QVERIFY(std::equal(a.begin(), a.begin() + 3000, b.begin()));
        QCOMPARE(a[1500], static_cast<std::uint8_t>(std::string("B memory. ")[1500 % 10]));
        QCOMPARE(r.kind("retransmit").size(), std::size_t(1));
        QCOMPARE(r.kind("retransmit")[0].fields["reason"], Json("missing_read_response"));
        QCOMPARE(r.kind("retransmit")[0].anchor, std::string("rxe_completer: COMPST_ERROR_RETRY"));
        QCOMPARE(r.kind("timeout").size(), std::size_t(0));
    }

    void ackBeyondALostReadResponseRetriesTheRead() {
        // READ 100 B (PSN 0) then SEND 8 B (PSN 1); packet 3 is the READ_RESPONSE_ONLY. The ACK
        // for PSN 1 acks only earlier SEND/WRITEs, and PSN 1 is past the READ's last PSN 0: the
        // response was lost, so A retries the READ (and resends the SEND behind it) at once —
        // no false RETRY_EXC_ERR. B replays the READ and only re-ACKs the duplicate SEND.
        Json s = append(
            preamble(),
            Json::array({connectQps({{"timeout", 4}}), fault(3), postRecv("B", "qpB", {recvWr(7, {sge("bufB", 200)})}),
                         postSend("A", "qpA",
                                  {withRemote(sendWr(1, "IBV_WR_RDMA_READ", {sge("bufA", 100)}), "bufB"),
                                   sendWr(2, "IBV_WR_SEND", {sge("bufA", 8, 2000)})}),
                         pollCq("A", "cqA", 2)}));
        const Run r = run(scenario(s));
        QCOMPARE(r.sentBy("B")[0]["opcode"], Json("RDMA_READ_RESPONSE_ONLY"));
        QCOMPARE(r.completion("A", 1)["status"], Json("IBV_WC_SUCCESS"));
        QCOMPARE(r.completion("A", 1)["byte_len"], Json(100));
        QCOMPARE(r.completion("A", 2)["status"], Json("IBV_WC_SUCCESS"));
        QCOMPARE(r.kind("retransmit").size(), std::size_t(1));
        QCOMPARE(r.kind("retransmit")[0].fields["reason"], Json("missing_read_response"));
        QCOMPARE(r.kind("timeout").size(), std::size_t(0));
        QCOMPARE(r.kind("recv_wqe_consumed").size(), std::size_t(1));  // the SEND executed once
        QCOMPARE(r.summary["qp_states"]["qpA"], Json("IBV_QPS_RTS"));
    }

    void nakBeyondALostReadResponseDoesNotBlameTheRead() {
        // READ 100 B (PSN 0), then WRITE with a bad rkey (PSN 1); packet 3 is the READ response.
        // B NAKs the WRITE (Remote Access Error) and, as for every REM_* error, moves its own QP
        // to ERR (rdma-core libibverbs/man/ibv_get_async_event.3: IBV_EVENT_QP_ACCESS_ERR). At A the NAK's PSN 1 is
        // past the pending READ's last PSN 0, so per rxe check_psn it means "READ response lost" and is not acted on
        // (COMPST_ERROR_RETRY): the READ is not failed with REM_ACCESS_ERR. A resends READ+WRITE, but B is in ERR and
        // drops everything, so the WRITE's NAK can never come back: the retry plus 6 timeouts use up retry_cnt 7 and
        // the 7th timeout fails the oldest WR — the READ — with RETRY_EXC_ERR; the WRITE is flushed. (Had B survived,
        // the replayed READ would complete and the WRITE then fail with REM_ACCESS_ERR.)
        Json bad = withRemote(sendWr(2, "IBV_WR_RDMA_WRITE", {sge("bufA", 100)}), "bufB");
        bad["rkey"] = 0xdead;
        Json s = append(
            preamble(),
            Json::array(
                {connectQps({{"timeout", 4}}), fault(3),
                 postSend("A", "qpA", {withRemote(sendWr(1, "IBV_WR_RDMA_READ", {sge("bufA", 100)}), "bufB"), bad}),
                 pollCq("A", "cqA", 2)}));
        const Run r = run(scenario(s));
        QCOMPARE(r.kind("nak_sent").size(), std::size_t(1));
        QCOMPARE(r.kind("nak_sent")[0].anchor, std::string("rxe_responder: check_rkey"));
        QCOMPARE(r.completion("A", 1)["status"], Json("IBV_WC_RETRY_EXC_ERR"));
        QCOMPARE(r.completion("A", 2)["status"], Json("IBV_WC_WR_FLUSH_ERR"));
        QCOMPARE(r.kind("retransmit").size(), std::size_t(7));
        QCOMPARE(r.kind("retransmit")[0].fields["reason"], Json("missing_read_response"));
        QCOMPARE(r.kind("timeout").size(), std::size_t(7));
        QCOMPARE(r.summary["retransmissions"], Json(14));  // 7 retries x (READ + WRITE)
        QCOMPARE(r.summary["qp_states"]["qpA"], Json("IBV_QPS_ERR"));
        QCOMPARE(r.summary["qp_states"]["qpB"], Json("IBV_QPS_ERR"));
    }
};

QTEST_GUILESS_MAIN(TestRdmaReadRetry)
#include "tst_rdma_read_retry.moc"
