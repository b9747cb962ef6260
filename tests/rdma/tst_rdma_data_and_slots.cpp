// Proves data really moves (WRITE changes the peer's bytes, READ brings them
// back, atomics return the original 8 bytes exactly once) and that unsignaled
// SQ slots are handed back only when a later signaled CQE is polled (mlx5
// rule), so never signaling ends in ENOMEM.

#include <QtTest>
#include <algorithm>
#include <set>

#include "rdma/verbs_driver.h"
#include "rdma_test_support.h"

using namespace commviz::rdma;
using namespace commviz::rdma::testing;

namespace {
const PagedBytes& bytes(const Run& r, std::size_t host, const std::string& mr) {
    return r.engine().hosts()[host].mrByName(mr)->bytes;
}
std::uint8_t patternA(std::size_t i) { return static_cast<std::uint8_t>(std::string("Hello from A! ")[i % 14]); }
std::uint8_t patternB(std::size_t i) { return static_cast<std::uint8_t>(std::string("B memory. ")[i % 10]); }
}  // namespace

class TestRdmaDataAndSlots : public QObject {
    Q_OBJECT
private slots:
    void writeChangesOnlyTheTargetRange() {
        Json s = postOneFromA(withRemote(sendWr(1, "IBV_WR_RDMA_WRITE", {sge("bufA", 2048)}), "bufB", 1024));
        const Run r = run(scenario(s));
        const auto& b = bytes(r, 1, "bufB");
        for (std::size_t i = 0; i < 1024; ++i) QCOMPARE(b[i], patternB(i));
        for (std::size_t i = 0; i < 2048; ++i) QCOMPARE(b[1024 + i], patternA(i));
        for (std::size_t i = 3072; i < 4096; ++i) QCOMPARE(b[i], patternB(i));
        QVERIFY(r.kind("recv_wqe_consumed").empty());  // silent to B's CPU
        QCOMPARE(r.engine().hosts()[1].cqs[0].head, std::uint64_t(0));
    }

    void readBringsTheBytesBack() {
        Json s = postOneFromA(withRemote(sendWr(2, "IBV_WR_RDMA_READ", {sge("bufA", 3000)}), "bufB"));
        const Run r = run(scenario(s));
        QCOMPARE(r.completion("A", 2)["opcode"], Json("IBV_WC_RDMA_READ"));
        const auto& a = bytes(r, 0, "bufA");
        for (std::size_t i = 0; i < 3000; ++i) QCOMPARE(a[i], patternB(i));
        for (std::size_t i = 3000; i < 4096; ++i) QCOMPARE(a[i], patternA(i));
    }

    void atomicsReturnTheOriginalValue() {
        Json s = Json::array({regMr("A", "res", 16, 0), regMr("B", "counter", 8, 100), createCq("A", "cqA", 8),
                              createCq("B", "cqB", 8), createQp("A", "qpA", "cqA"), createQp("B", "qpB", "cqB"),
                              connectQps()});
        Json fadd = withRemote(sendWr(3, "IBV_WR_ATOMIC_FETCH_AND_ADD", {sge("res", 8)}), "counter");
        fadd["compare_add"] = 5;
        Json cas = withRemote(sendWr(4, "IBV_WR_ATOMIC_CMP_AND_SWP", {sge("res", 8, 8)}), "counter");
        cas["compare_add"] = 105;
        cas["swap"] = 7;
        Json casMiss = withRemote(sendWr(5, "IBV_WR_ATOMIC_CMP_AND_SWP", {sge("res", 8)}), "counter");
        casMiss["compare_add"] = 999;
        casMiss["swap"] = 1;
        s.push_back(postSend("A", "qpA", {fadd, cas}));
        s.push_back(pollCq("A", "cqA", 2));
        const Run r = run(scenario(s));
        QCOMPARE(r.completion("A", 3)["opcode"], Json("IBV_WC_FETCH_ADD"));
        QCOMPARE(r.completion("A", 4)["opcode"], Json("IBV_WC_COMP_SWAP"));
        QCOMPARE(loadU64(bytes(r, 0, "res"), 0), std::uint64_t(100));  // FETCH_ADD saw 100
        QCOMPARE(loadU64(bytes(r, 0, "res"), 8), std::uint64_t(105));  // CMP_AND_SWP saw 105
        QCOMPARE(loadU64(bytes(r, 1, "counter"), 0), std::uint64_t(7));

        s.push_back(postSend("A", "qpA", {casMiss}));
        s.push_back(pollCq("A", "cqA", 1));
        const Run miss = run(scenario(s));
        QCOMPARE(loadU64(bytes(miss, 0, "res"), 0), std::uint64_t(7));      // returned the value it compared against
        QCOMPARE(loadU64(bytes(miss, 1, "counter"), 0), std::uint64_t(7));  // no swap
    }

    void sendPlacesTheBytesAndImmediateArrives() {
        Json wr = sendWr(6, "IBV_WR_SEND_WITH_IMM", {sge("bufA", 300)});
        wr["imm_data"] = 0xabcd;
        Json s =
            append(preamble(), Json::array({connectQps(), postRecv("B", "qpB", {recvWr(7, {sge("bufB", 3996, 100)})}),
                                            postSend("A", "qpA", {wr}), pollCq("B", "cqB", 1)}));
        const Run r = run(scenario(s));
        QCOMPARE(r.completion("B", 7)["imm_data"], Json(0xabcd));
        QCOMPARE(r.completion("B", 7)["byte_len"], Json(300));
        const auto& b = bytes(r, 1, "bufB");
        for (std::size_t i = 0; i < 100; ++i) QCOMPARE(b[i], patternB(i));
        for (std::size_t i = 0; i < 300; ++i) QCOMPARE(b[100 + i], patternA(i));
    }

    void writeWithImmConsumesAReceiveAndReportsTheWriteLength() {
        Json wr = withRemote(sendWr(8, "IBV_WR_RDMA_WRITE_WITH_IMM", {sge("bufA", 1500)}), "bufB");
        wr["imm_data"] = 77;
        Json s = append(preamble(), Json::array({connectQps(), postRecv("B", "qpB", {recvWr(9, Json::array())}),
                                                 postSend("A", "qpA", {wr}), pollCq("B", "cqB", 1)}));
        const Run r = run(scenario(s));
        QCOMPARE(r.completion("B", 9)["opcode"], Json("IBV_WC_RECV_RDMA_WITH_IMM"));
        QCOMPARE(r.completion("B", 9)["byte_len"], Json(1500));
        QCOMPARE(r.completion("B", 9)["imm_data"], Json(77));
        QCOMPARE(bytes(r, 1, "bufB")[1499], patternA(1499));
    }

    void dataMovesNameTheQpThatMovesThem() {
        // Traffic on each host's second QP: every DMA read and memory write must
        // name that QP (requester/completer on A, responder on B), not the first.
        Json s = append(
            preamble(),
            Json::array(
                {createQp("A", "qpA2", "cqA"),
                 createQp("B", "qpB2", "cqB"),
                 {{"call", "connect"}, {"qps", {"qpA2", "qpB2"}}, {"attr", {{"qp_access_flags", kRemoteAccess}}}},
                 postRecv("B", "qpB2", {recvWr(1, {sge("bufB", 64)})})}));
        Json fadd = withRemote(sendWr(5, "IBV_WR_ATOMIC_FETCH_AND_ADD", {sge("bufA", 8, 8)}), "bufB", 8);
        fadd["compare_add"] = 1;
        s.push_back(postSend("A", "qpA2",
                             {sendWr(2, "IBV_WR_SEND", {sge("bufA", 64)}),
                              withRemote(sendWr(3, "IBV_WR_RDMA_WRITE", {sge("bufA", 64)}), "bufB", 128),
                              withRemote(sendWr(4, "IBV_WR_RDMA_READ", {sge("bufA", 64, 256)}), "bufB"), fadd}));
        s.push_back(pollCq("A", "cqA", 4));
        const Run r = run(scenario(s));
        QVERIFY(r.done);
        QCOMPARE(r.completion("A", 5)["status"], Json("IBV_WC_SUCCESS"));
        const std::string qpA2 = r.engine().hosts()[0].qps[1].id, qpB2 = r.engine().hosts()[1].qps[1].id;
        QCOMPARE(r.engine().hosts()[0].qps[1].name, std::string("qpA2"));
        auto qpOn = [&](const Json& host) { return host == "A" ? qpA2 : qpB2; };
        std::set<std::string> seen;
        for (const char* kind : {"dma_read", "memory_written"})
            for (const auto& e : r.kind(kind)) {
                QCOMPARE(e.fields["qp"], Json(qpOn(e.fields["host"])));
                QVERIFY(std::find(e.objects.begin(), e.objects.end(), qpOn(e.fields["host"])) != e.objects.end());
                seen.insert(std::string(kind) + "@" + e.fields["host"].get<std::string>());
            }
        // A reads its gather lists, B reads for the READ; B writes SEND/WRITE/atomic data, A the READ/atomic results.
        QCOMPARE(seen, (std::set<std::string>{"dma_read@A", "dma_read@B", "memory_written@A", "memory_written@B"}));
    }

    void unsignaledSlotsFreeOnlyWithALaterSignaledPoll() {
        auto w = [](std::uint64_t id, bool signaled) {
            Json wr = sendWr(id, "IBV_WR_RDMA_WRITE", {sge("bufA", 64)},
                             signaled ? Json{"IBV_SEND_SIGNALED"} : Json::array());
            wr["remote_mr"] = "bufB";
            return wr;
        };
        Json s = append(preamble(4096, 16, 4, 4), Json::array({connectQps()}));
        s.push_back(postSend("A", "qpA", {w(1, false), w(2, false), w(3, false), w(4, true)}));
        s.push_back(pollCq("A", "cqA", 1));                                                       // 8
        s.push_back(postSend("A", "qpA", {w(5, false), w(6, false), w(7, false), w(8, false)}));  // 9
        s.push_back(pollCq("A", "cqA", 0));                                                       // 10: nothing to poll
        s.push_back(postSend("A", "qpA", {w(9, true)}));                                          // 11
        const Run r = run(scenario(s));
        QVERIFY(r.done);
        QCOMPARE(r.call(7)["ret"], Json(0));
        QCOMPARE(r.summary["completions"].size(), std::size_t(1));  // only the signaled WR
        const auto freed = r.kind("slot_freed");
        QCOMPARE(freed.size(), std::size_t(1));
        QCOMPARE(freed[0].fields["wqes"], Json({"A/qp16/sq/0", "A/qp16/sq/1", "A/qp16/sq/2", "A/qp16/sq/3"}));
        QCOMPARE(r.call(9)["ret"], Json(0));
        QCOMPARE(r.call(10)["ret"], Json(0));         // polled 0 WCs
        QCOMPARE(r.call(11)["ret"], Json("ENOMEM"));  // the four unsignaled WQEs still hold the SQ
        QCOMPARE(r.call(11)["bad_wr"], Json(9));
        QCOMPARE(r.engine().hosts()[0].qps[0].sq.occupancy(), std::uint64_t(4));
    }
};

QTEST_APPLESS_MAIN(TestRdmaDataAndSlots)
#include "tst_rdma_data_and_slots.moc"
