// Proves the posting rules of ibv_post_send / ibv_post_recv (rdma-core
// libibverbs/man/ibv_post_send.3, ibv_post_recv.3): EINVAL in a wrong state, ENOMEM
// on a full queue, EINVAL for too many SGEs / too much inline data / bad
// atomics, bad_wr pointing at the first WR not posted (the ones before it are
// posted and complete), and posts in ERR accepted and flushed.

#include <QtTest>

#include "rdma_test_support.h"

using namespace commviz::rdma::testing;

namespace {
Json send1(std::uint64_t id, int len = 64) { return sendWr(id, "IBV_WR_SEND", {sge("bufA", len)}); }
Json recv1(std::uint64_t id, int len = 4096) { return recvWr(id, {sge("bufB", len)}); }
}  // namespace

class TestRdmaPostingRules : public QObject {
    Q_OBJECT
private slots:
    void postSendBeforeRtsIsEinvalWithBadWrFirst() {
        Json s = preamble();
        s.push_back(postSend("A", "qpA", {send1(11), send1(12)}));  // RESET
        s.push_back(toInit("A", "qpA"));
        s.push_back(postSend("A", "qpA", {send1(13)}));  // INIT
        s.push_back(toRtr("A", "qpA", "qpB", 0));
        s.push_back(postSend("A", "qpA", {send1(14)}));  // RTR
        const Run r = run(scenario(s));
        QVERIFY(r.done);
        QCOMPARE(r.call(6)["ret"], Json("EINVAL"));
        QCOMPARE(r.call(6)["bad_wr"], Json(11));
        QCOMPARE(r.call(8)["ret"], Json("EINVAL"));
        QCOMPARE(r.call(8)["bad_wr"], Json(13));
        QCOMPARE(r.call(10)["ret"], Json("EINVAL"));
        QCOMPARE(r.call(10)["bad_wr"], Json(14));
        QVERIFY(r.kind("wqe_written").empty());
        QVERIFY(r.kind("doorbell").empty());
    }

    void postRecvFromInitOn() {
        Json s = preamble();
        s.push_back(postRecv("B", "qpB", {recv1(1)}));  // RESET: EINVAL
        s.push_back(toInit("B", "qpB"));
        s.push_back(postRecv("B", "qpB", {recv1(2)}));  // INIT: fine, queued not consumed
        const Run r = run(scenario(s));
        QCOMPARE(r.call(6)["ret"], Json("EINVAL"));
        QCOMPARE(r.call(6)["bad_wr"], Json(1));
        QCOMPARE(r.call(8)["ret"], Json(0));
        QCOMPARE(r.call(8)["bad_wr"], Json());
        QCOMPARE(r.kind("wqe_written").size(), std::size_t(1));
        QCOMPARE(r.engine().hosts()[1].qps[0].rq.occupancy(), std::uint64_t(1));
    }

    void fullSendQueueIsEnomemAndEarlierWrsArePosted() {
        Json s =
            append(preamble(4096, 16, 2, 8), Json::array({connectQps(), postRecv("B", "qpB", {recv1(1), recv1(2)})}));
        s.push_back(postSend("A", "qpA", {send1(21), send1(22), send1(23)}));
        s.push_back(pollCq("A", "cqA", 2));
        const Run r = run(scenario(s));
        QVERIFY(r.done);
        QCOMPARE(r.call(8)["ret"], Json("ENOMEM"));
        QCOMPARE(r.call(8)["bad_wr"], Json(23));
        QCOMPARE(r.kind("wqe_written").size(), std::size_t(4));  // 2 receives + 2 sends
        QCOMPARE(r.completion("A", 21)["status"], Json("IBV_WC_SUCCESS"));
        QCOMPARE(r.completion("A", 22)["status"], Json("IBV_WC_SUCCESS"));
        QCOMPARE(r.completion("A", 23), Json());
        QCOMPARE(r.kind("doorbell").size(), std::size_t(2));  // one per post call that posted something
    }

    void fullReceiveQueueIsEnomem() {
        Json s = append(preamble(4096, 16, 8, 2), Json::array({toInit("B", "qpB")}));
        s.push_back(postRecv("B", "qpB", {recv1(1), recv1(2), recv1(3), recv1(4)}));
        const Run r = run(scenario(s));
        QCOMPARE(r.call(7)["ret"], Json("ENOMEM"));
        QCOMPARE(r.call(7)["bad_wr"], Json(3));
    }

    void tooManySgesIsEinval() {
        Json s = append(preamble(), Json::array({connectQps(), postRecv("B", "qpB", {recv1(1)})}));
        s.push_back(postSend("A", "qpA", {send1(31), sendWr(32, "IBV_WR_SEND", {sge("bufA", 8), sge("bufA", 8, 8)})}));
        s.push_back(postRecv("B", "qpB", {recvWr(33, {sge("bufB", 8), sge("bufB", 8, 8)})}));
        const Run r = run(scenario(s));
        QCOMPARE(r.call(8)["ret"], Json("EINVAL"));
        QCOMPARE(r.call(8)["bad_wr"], Json(32));
        QCOMPARE(r.call(9)["ret"], Json("EINVAL"));
        QCOMPARE(r.call(9)["bad_wr"], Json(33));
    }

    void inlineBeyondMaxInlineIsEinvalAndInlineSkipsTheDma() {
        Json s =
            Json::array({regMr("A", "bufA", 4096, "inline!"), regMr("B", "bufB", 4096), createCq("A", "cqA", 8),
                         createCq("B", "cqB", 8), createQp("A", "qpA", "cqA", 8, 8, 1, 64),
                         createQp("B", "qpB", "cqB", 8, 8, 1, 64), connectQps(), postRecv("B", "qpB", {recv1(1)})});
        s.push_back(postSend(
            "A", "qpA", {sendWr(41, "IBV_WR_SEND", {sge("bufA", 100)}, {"IBV_SEND_INLINE", "IBV_SEND_SIGNALED"})}));
        s.push_back(postSend("A", "qpA",
                             {sendWr(42, "IBV_WR_SEND", {sge("bufA", 64)}, {"IBV_SEND_INLINE", "IBV_SEND_SIGNALED"})}));
        s.push_back(pollCq("B", "cqB", 1));
        const Run r = run(scenario(s));
        QCOMPARE(r.call(8)["ret"], Json("EINVAL"));
        QCOMPARE(r.call(8)["bad_wr"], Json(41));
        QCOMPARE(r.call(9)["ret"], Json(0));
        QVERIFY(r.kind("dma_read").empty());  // the CPU copied the payload into the WQE
        QCOMPARE(r.completion("B", 1)["byte_len"], Json(64));
        QCOMPARE(r.summary["memory"]["bufB"].get<std::string>().substr(0, 14), std::string("696e6c696e6521"));
    }

    void badAtomicsAreEinval() {
        Json s = append(preamble(), Json::array({connectQps()}));
        Json shortBuf = sendWr(51, "IBV_WR_ATOMIC_FETCH_AND_ADD", {sge("bufA", 4)});
        shortBuf["remote_mr"] = "bufB";
        Json unaligned = sendWr(52, "IBV_WR_ATOMIC_CMP_AND_SWP", {sge("bufA", 8)});
        unaligned["remote_mr"] = "bufB";
        unaligned["remote_offset"] = 4;
        s.push_back(postSend("A", "qpA", {shortBuf}));
        s.push_back(postSend("A", "qpA", {unaligned}));
        const Run r = run(scenario(s));
        QCOMPARE(r.call(7)["ret"], Json("EINVAL"));
        QCOMPARE(r.call(7)["bad_wr"], Json(51));
        QCOMPARE(r.call(8)["ret"], Json("EINVAL"));
        QCOMPARE(r.call(8)["bad_wr"], Json(52));
    }

    // A zero-initialised ibv_send_wr has remote_addr 0, so a WR naming only an rkey is
    // posted as is: B finds no MR with that rkey (rxe check_rkey) and NAKs Remote Access
    // Error, and A's WR completes with IBV_WC_REM_ACCESS_ERR.
    void rkeyAloneMeansRemoteAddrZero() {
        Json wr = sendWr(71, "IBV_WR_RDMA_WRITE", {sge("bufA", 64)});
        wr["rkey"] = 0xdead;
        Json s = postOneFromA(wr);
        QCOMPARE(parseError(scenario(s)), std::string());
        const Run r = run(scenario(s));
        QCOMPARE(r.call(7)["ret"], Json(0));
        const Json posted = r.engine().inspect("A/wr/0")["fields"];
        QCOMPARE(posted["remote_addr"], Json("0x0"));
        QCOMPARE(posted["rkey"], Json("0xdead"));
        QCOMPARE(r.completion("A", 71)["status"], Json("IBV_WC_REM_ACCESS_ERR"));

        // remote_addr alone still names no remote buffer: refused, naming the keys.
        Json addrOnly = sendWr(72, "IBV_WR_RDMA_WRITE", {sge("bufA", 64)});
        addrOnly["remote_addr"] = 4096;
        QVERIFY(parseError(scenario(append(preamble(), Json::array({postSend("A", "qpA", {addrOnly})}))))
                    .find("needs 'remote_mr' or 'rkey'") != std::string::npos);
    }

    void postsInErrAreAcceptedAndFlushed() {
        Json s = append(preamble(), Json::array({connectQps()}));
        s.push_back(modify("A", "qpA", {{"qp_state", "IBV_QPS_ERR"}}, {"IBV_QP_STATE"}));
        s.push_back(postSend("A", "qpA", {send1(61), send1(62)}));
        s.push_back(postRecv("A", "qpA", {recvWr(63, {sge("bufA", 64)})}));
        s.push_back(pollCq("A", "cqA", 3));
        const Run r = run(scenario(s));
        QVERIFY(r.done);
        QCOMPARE(r.call(8)["ret"], Json(0));
        QCOMPARE(r.call(9)["ret"], Json(0));
        for (std::uint64_t id : {61, 62, 63}) QCOMPARE(r.completion("A", id)["status"], Json("IBV_WC_WR_FLUSH_ERR"));
        QVERIFY(r.kind("packet_sent").empty());
    }

    void creationLimits() {
        Json s = Json::array({regMr("A", "w", 64, Json(), {"IBV_ACCESS_REMOTE_WRITE"}),
                              regMr("A", "a", 64, Json(), {"IBV_ACCESS_REMOTE_ATOMIC"}),
                              regMr("A", "ok", 64, Json(), {"IBV_ACCESS_REMOTE_READ"}), createCq("A", "c0", 0),
                              createCq("A", "c1", 4), createQp("A", "big", "c1", 20000, 1)});
        const Run r = run(scenario(s));
        QCOMPARE(r.call(0)["ret"], Json("EINVAL"));  // REMOTE_WRITE needs LOCAL_WRITE
        QCOMPARE(r.call(1)["ret"], Json("EINVAL"));
        QCOMPARE(r.call(2)["ret"], Json(0));  // remote read alone is fine
        QCOMPARE(r.call(3)["ret"], Json("EINVAL"));
        QCOMPARE(r.call(4)["ret"], Json(0));
        QCOMPARE(r.call(5)["ret"], Json("EINVAL"));
    }
};

QTEST_APPLESS_MAIN(TestRdmaPostingRules)
#include "tst_rdma_posting_rules.moc"
