// Proves the two lanes' stage plans follow the kernel TCP and verbs paths step by step:
// the socket path pays two copies, two syscalls, one context switch and one
// interrupt per message; the verbs data path pays none and only its setup goes
// through the kernel. Times are the documented illustrative constants, added up
// by hand below.

#include <QtTest>
#include <algorithm>

#include "perftest/perftest_model.h"
#include "rdma_vs_socket/socket_path.h"
#include "rdma_vs_socket/verbs_path.h"

using namespace commviz;
using namespace commviz::rdma_vs_socket;

namespace {

Counters sum(const std::vector<StageDef>& plan) {
    Counters total;
    for (const auto& s : plan) total += s.delta;
    return total;
}

double costUntilDelivery(const std::vector<StageDef>& plan) {
    double ns = 0;
    for (const auto& s : plan) {
        ns += s.cost_ns;
        if (s.delivers) break;
    }
    return ns;
}

std::vector<StageId> ids(const std::vector<StageDef>& plan) {
    std::vector<StageId> out;
    for (const auto& s : plan) out.push_back(s.id);
    return out;
}

}  // namespace

class RdmaVsSocketStagePlansTest : public QObject {
    Q_OBJECT

private slots:
    void socketPathHasTheElevenStagesOfTheReferenceInOrder() {
        const std::vector<StageId> expected{
            StageId::SendSyscall,         StageId::CopyUserToSkb,    StageId::TcpIpTransmit,
            StageId::QdiscDriverDoorbell, StageId::NicDmaFromKernel, StageId::WireTcp,
            StageId::NicDmaToKernelRing,  StageId::InterruptNapi,    StageId::TcpIpReceiveAck,
            StageId::WakeReader,          StageId::RecvCopyToUser};
        QVERIFY(ids(socketPlan(4096)) == expected);
    }

    void socketMessageCostsTwoCopiesTwoSyscallsOneSwitchOneInterrupt() {
        const Counters c = sum(socketPlan(4096));
        QCOMPARE(c.copies, 2);            // user → skb, kernel → user
        QCOMPARE(c.syscalls, 2);          // send(), recv()
        QCOMPARE(c.context_switches, 1);  // the reader is woken
        QCOMPARE(c.interrupts, 1);        // the receiving NIC's IRQ / NAPI
        QCOMPARE(c.cpu_copied_bytes, std::int64_t(2 * 4096));
    }

    void copiesHappenWhereTheReferenceSaysTheyDo() {
        const auto plan = socketPlan(100);
        const StageDef& copy1 = plan[1];
        QCOMPARE(copy1.id, StageId::CopyUserToSkb);
        QVERIFY((copy1.from == Place{Host::A, Domain::User}));
        QVERIFY((copy1.to == Place{Host::A, Domain::Kernel}));
        QVERIFY(copy1.cpu);
        const StageDef& copy2 = plan.back();
        QVERIFY((copy2.from == Place{Host::B, Domain::Kernel}));
        QVERIFY((copy2.to == Place{Host::B, Domain::User}));
        QVERIFY(copy2.delivers);
        // The NIC DMAs from the *kernel* buffer, not from the user's.
        QVERIFY((plan[4].from == Place{Host::A, Domain::Kernel}));
        QVERIFY(!plan[4].cpu);
    }

    void socketStagesNameTheRealKernelFunctions() {
        const auto plan = socketPlan(100);
        QVERIFY(plan[0].anchor.find("send(2)") != std::string_view::npos);
        QVERIFY(plan[0].anchor.find("tcp_sendmsg") != std::string_view::npos);
        QVERIFY(plan[7].anchor.find("napi_poll") != std::string_view::npos);
        QVERIFY(plan[10].anchor.find("skb_copy_datagram_iter") != std::string_view::npos);
        for (const auto& s : plan) QVERIFY(!s.anchor.empty());
    }

    void small32ByteSocketMessageTakesAbout11Microseconds() {
        // 300 (send) + 200 + 32/10 (copy #1 at 10 B/ns) + 1500 (TCP/IP) + 800 (qdisc/driver)
        // + 500 + 32/12.5 (DMA) + 200 + (32 + 90)/12.5 (wire) + 500 + 2.56 (DMA) + 2000 (IRQ/NAPI)
        // + 2000 (TCP rx) + 3000 (wake-up) + 500 + 3.2 (copy #2) = 11521.28 ns.
        QVERIFY(std::abs(costUntilDelivery(socketPlan(32)) - 11521.28) < 1e-6);
    }

    void verbsDataPathHasNoCopySyscallSwitchOrInterrupt() {
        for (VerbsOp op : {VerbsOp::Write, VerbsOp::Send}) {
            const auto plan = verbsPlan(1 << 20, op);
            QCOMPARE(plan.size(), std::size_t(7));
            const Counters c = sum(plan);
            QCOMPARE(c.copies, 0);
            QCOMPARE(c.syscalls, 0);
            QCOMPARE(c.context_switches, 0);
            QCOMPARE(c.interrupts, 0);
            QCOMPARE(c.cpu_copied_bytes, std::int64_t(0));
            // Kernel bypass: no data-path stage runs in a kernel.
            for (const auto& s : plan) QVERIFY(s.where.domain != Domain::Kernel);
            QCOMPARE(plan.front().id, StageId::PostSendDoorbell);
            QVERIFY(plan.front().anchor.find("ibv_post_send") != std::string_view::npos);
            QVERIFY(plan.front().anchor.find("doorbell") != std::string_view::npos);
            QCOMPARE(plan.back().id, StageId::PollCq);
            QVERIFY(plan.back().anchor.find("ibv_poll_cq") != std::string_view::npos);
            // Zero copy: the NIC reads the registered *user* buffer.
            QVERIFY((plan[1].from == Place{Host::A, Domain::User}));
            QVERIFY(!plan[1].cpu);
        }
    }

    void setupIsTheOnlyKernelWorkOnTheVerbsLane() {
        const auto setup = verbsSetupPlan();
        QCOMPARE(setup.size(), std::size_t(4));
        // Per host: open + mmap + ALLOC_PD (3), REG_MR (1), CREATE_CQ + CREATE_QP (2),
        // MODIFY_QP ×3 (3) = 9; two hosts = 18.
        QCOMPARE(sum(setup).syscalls, 18);
        for (const auto& s : setup) {
            QVERIFY(s.setup);
            QCOMPARE(s.cost_ns, 0.0);
            QCOMPARE(s.where.domain, Domain::Kernel);
        }
        QVERIFY(setup[1].anchor.find("ibv_reg_mr") != std::string_view::npos);
    }

    void oneSidedWriteNeverTouchesTheReceiversCpu() {
        QCOMPARE(sum(verbsPlan(4096, VerbsOp::Write)).receiver_cpu_ns, 0.0);
        // SEND: the receiver polls its CQ (poll_ns = 50).
        QCOMPARE(sum(verbsPlan(4096, VerbsOp::Send)).receiver_cpu_ns, 50.0);
        // The socket receiver's CPU runs IRQ 2000 + TCP 2000 + wake 3000 + recv 500 + 4096/10 = 7909.6 ns.
        QVERIFY(std::abs(sum(socketPlan(4096)).receiver_cpu_ns - 7909.6) < 1e-6);
    }

    void writeIsDeliveredWhenTheRemoteDmaEnds() {
        const auto plan = verbsPlan(32, VerbsOp::Write);
        QVERIFY(plan[4].delivers);
        QCOMPARE(plan[4].id, StageId::NicDmaToUser);
        QVERIFY(plan[4].anchor.find("check_rkey") != std::string_view::npos);
        // post 100 + (fetch 480 + 32/12.5) + nic_tx 200 + (200 + (32 + 82 + RETH 16)/12.5)
        // + (nic_rx 140 + 2.56) = 100 + 482.56 + 200 + 210.4 + 142.56 = 1135.52 ns.
        QVERIFY(std::abs(costUntilDelivery(plan) - 1135.52) < 1e-6);
    }

    void singlePacketSendAgreesWithThePerftestModel() {
        // The scene's stages and perftest's store-and-forward formula are the same
        // sum for one packet without inline: 790 + 480 + 2.56 + 9.12 + 2.56 = 1284.24.
        perftest::LinkModel noInline;
        noInline.inline_send = 0;
        for (std::int64_t bytes : {32, 1024, 4096}) {
            const double scene = costUntilDelivery(verbsPlan(bytes, VerbsOp::Send));
            const double model = perftest::latency(noInline, perftest::Opcode::Send, bytes).total_ns;
            QVERIFY2(std::abs(scene - model) < 1e-6,
                     qPrintable(QString("%1 B: %2 vs %3").arg(bytes).arg(scene).arg(model)));
        }
        QVERIFY(std::abs(costUntilDelivery(verbsPlan(32, VerbsOp::Send)) - 1284.24) < 1e-6);
    }

    void verbsIsAnOrderOfMagnitudeFasterForSmallMessages() {
        // Reference §7 rule of thumb: RDMA ≈ 1–2 µs vs kernel TCP ≈ 10+ µs.
        const double verbs = costUntilDelivery(verbsPlan(32, VerbsOp::Send));
        const double socket = costUntilDelivery(socketPlan(32));
        QVERIFY(verbs >= 1000 && verbs <= 2000);
        QVERIFY(socket >= 10000);
        QVERIFY(socket / verbs > 5);
    }
};

QTEST_APPLESS_MAIN(RdmaVsSocketStagePlansTest)
#include "tst_rdma_vs_socket_stage_plans.moc"
