// Proves the Why-RDMA engine steps one stage of one message per step, races the
// lanes on one clock (or runs them one after the other), accumulates the
// copy / syscall / context-switch / interrupt counters of each path, and is a value type the Timeline can rewind.

#include <QtTest>

#include "rdma_vs_socket/rdma_vs_socket_engine.h"
#include "sim/timeline.h"

using namespace commviz;
using namespace commviz::rdma_vs_socket;

namespace {

Config config(std::int64_t bytes, int messages, VerbsOp op, Order order = Order::Race) {
    Config c;
    c.message_size = bytes;
    c.messages = messages;
    c.verbs_op = op;
    c.order = order;
    return c;
}

// The kinds of every event, step by step, until done (with a cap against hangs).
std::vector<std::string> runKinds(RdmaVsSocketEngine engine) {
    std::vector<std::string> kinds;
    for (int guard = 0; !engine.done() && guard < 10000; ++guard)
        for (const auto& e : engine.step()) kinds.push_back(RdmaVsSocketEngine::describe(e).kind);
    return kinds;
}

}  // namespace

class RdmaVsSocketEngineTest : public QObject {
    Q_OBJECT

private slots:
    void raceInterleavesTheLanesByTheirClocks() {
        // 32 B SEND. Setup first (4 steps, before the clock). Then at t = 0 both lanes
        // are ready: tie → socket (send_syscall, ends 300). Verbs at 0: post (ends 100),
        // DMA (100 → 582.56). Socket at 300: copy (→ 503.2), TCP/IP (503.2 → 2003.2).
        // Verbs at 582.56 … poll ends 1284.24 < 2003.2, so the whole verbs message
        // finishes before the socket lane leaves the sender's kernel.
        const std::vector<std::string> expected{"setup_open_device",
                                                "setup_reg_mr",
                                                "setup_create_cq_qp",
                                                "setup_connect_qp",
                                                "send_syscall",
                                                "post_send_doorbell",
                                                "nic_dma_from_user",
                                                "copy_user_to_skb",
                                                "tcp_ip_transmit",
                                                "transport_offload",
                                                "wire_roce",
                                                "nic_dma_to_user",
                                                "recv_cqe",
                                                "poll_cq",
                                                "message_done",
                                                "qdisc_driver_doorbell",
                                                "nic_dma_from_kernel",
                                                "wire_tcp",
                                                "nic_dma_to_kernel_ring",
                                                "interrupt_napi",
                                                "tcp_ip_receive_ack",
                                                "wake_reader",
                                                "recv_copy_to_user",
                                                "message_done"};
        QVERIFY(runKinds(RdmaVsSocketEngine(config(32, 1, VerbsOp::Send))) == expected);
    }

    void sequentialRunsTheSocketLaneFirst() {
        const auto kinds = runKinds(RdmaVsSocketEngine(config(32, 1, VerbsOp::Write, Order::Sequential)));
        QCOMPARE(kinds.size(), std::size_t(11 + 1 + 4 + 7 + 1));
        QCOMPARE(kinds[0], std::string("send_syscall"));
        QCOMPARE(kinds[10], std::string("recv_copy_to_user"));
        QCOMPARE(kinds[11], std::string("message_done"));
        QCOMPARE(kinds[12], std::string("setup_open_device"));
        QCOMPARE(kinds[16], std::string("post_send_doorbell"));
        QCOMPARE(kinds[21], std::string("ack_and_cqe"));
    }

    void eachStepRunsExactlyOneStage() {
        RdmaVsSocketEngine engine(config(4096, 2, VerbsOp::Write));
        int steps = 0;
        while (!engine.done()) {
            const auto events = engine.step();
            QVERIFY(!events.empty());
            QVERIFY(std::holds_alternative<StageEvent>(events.front()));
            for (std::size_t i = 1; i < events.size(); ++i) QVERIFY(std::holds_alternative<MessageDone>(events[i]));
            QVERIFY(++steps < 1000);
        }
        // 4 setup + 2 × 11 socket + 2 × 7 verbs = 40 steps.
        QCOMPARE(steps, 40);
        QVERIFY(engine.step().empty());  // stepping when done changes nothing
        QCOMPARE(steps, 40);
    }

    void countersScaleWithMessages() {
        RdmaVsSocketEngine engine(config(1000, 3, VerbsOp::Send));
        while (!engine.done()) engine.step();
        const Counters& socket = engine.lane(Lane::Socket).totals;
        QCOMPARE(socket.copies, 6);
        QCOMPARE(socket.syscalls, 6);
        QCOMPARE(socket.context_switches, 3);
        QCOMPARE(socket.interrupts, 3);
        QCOMPARE(socket.cpu_copied_bytes, std::int64_t(6000));
        const LaneState& verbs = engine.lane(Lane::Verbs);
        QCOMPARE(verbs.totals.copies + verbs.totals.syscalls + verbs.totals.context_switches + verbs.totals.interrupts,
                 0);
        QCOMPARE(verbs.setup.syscalls, 18);  // paid once, not per message
        QCOMPARE(verbs.message, 3);
    }

    void messagesGoOneAtATimeOnEachLane() {
        RdmaVsSocketEngine engine(config(4096, 3, VerbsOp::Write));
        while (!engine.done()) engine.step();
        for (Lane lane : {Lane::Socket, Lane::Verbs}) {
            const auto& timings = engine.lane(lane).timings;
            QCOMPARE(timings.size(), std::size_t(3));
            QCOMPARE(timings[0].start_ns, 0.0);
            for (std::size_t i = 1; i < timings.size(); ++i) QCOMPARE(timings[i].start_ns, timings[i - 1].completed_ns);
            for (const auto& t : timings) {
                QVERIFY(t.delivered_ns > t.start_ns);
                QVERIFY(t.completed_ns >= t.delivered_ns);
                QVERIFY(std::abs((t.delivered_ns - t.start_ns) - engine.modelLatencyNs(lane)) < 1e-6);
            }
        }
        // WRITE is delivered at the remote DMA, then the ACK/CQE and the poll follow.
        const auto& w = engine.lane(Lane::Verbs).timings[0];
        QVERIFY(w.completed_ns > w.delivered_ns);
    }

    void countersNeverDecreaseAndClocksNeverGoBack() {
        RdmaVsSocketEngine engine(config(65536, 4, VerbsOp::Send));
        Counters previous[2];
        double clocks[2] = {0, 0};
        while (!engine.done()) {
            const auto events = engine.step();
            const auto& ev = std::get<StageEvent>(events.front());
            const int i = ev.lane == Lane::Socket ? 0 : 1;
            QVERIFY(ev.totals.copies >= previous[i].copies);
            QVERIFY(ev.totals.syscalls >= previous[i].syscalls);
            QVERIFY(ev.totals.interrupts >= previous[i].interrupts);
            QVERIFY(ev.totals.context_switches >= previous[i].context_switches);
            QVERIFY(ev.start_ns >= clocks[i] - 1e-9 || ev.def.setup);
            QVERIFY(ev.end_ns >= ev.start_ns);
            QVERIFY(ev.totals == engine.lane(ev.lane).totals);
            previous[i] = ev.totals;
            clocks[i] = ev.end_ns;
        }
    }

    void describeGivesWhereAnchorCountersAndTimes() {
        RdmaVsSocketEngine engine(config(32, 1, VerbsOp::Send));
        for (int i = 0; i < 4; ++i) engine.step();  // setup
        const auto record = RdmaVsSocketEngine::describe(engine.step().front());
        QCOMPARE(record.kind, std::string("send_syscall"));
        QVERIFY(record.anchor.find("send(2)") != std::string::npos);
        QCOMPARE(record.fields["lane"].get<std::string>(), std::string("socket"));
        QCOMPARE(record.fields["where"]["host"].get<std::string>(), std::string("host_a"));
        QCOMPARE(record.fields["where"]["domain"].get<std::string>(), std::string("kernel"));
        QCOMPARE(record.fields["from"]["domain"].get<std::string>(), std::string("user"));
        QCOMPARE(record.fields["delta"]["syscalls"].get<int>(), 1);
        QCOMPARE(record.fields["totals"]["syscalls"].get<int>(), 1);
        QCOMPARE(record.fields["cost_ns"].get<double>(), 300.0);
        QVERIFY(record.fields["illustrative"].get<bool>());
        QVERIFY(std::find(record.objects.begin(), record.objects.end(), "message:socket:0") != record.objects.end());
    }

    void summaryHasPerLaneTotalsAndTheModelNote() {
        RdmaVsSocketEngine engine(config(32, 1, VerbsOp::Send));
        while (!engine.done()) engine.step();
        const auto s = engine.summary();
        QCOMPARE(s["socket"]["copies"].get<int>(), 2);
        QCOMPARE(s["socket"]["syscalls"].get<int>(), 2);
        QCOMPARE(s["socket"]["context_switches"].get<int>(), 1);
        QCOMPARE(s["socket"]["interrupts"].get<int>(), 1);
        QCOMPARE(s["verbs"]["copies"].get<int>(), 0);
        QCOMPARE(s["verbs"]["setup"]["syscalls"].get<int>(), 18);
        // 11521.28 / 1284.24 (worked out in tst_rdma_vs_socket_stage_plans) = 8.9713.
        QVERIFY(std::abs(s["latency_ratio"].get<double>() - 11521.28 / 1284.24) < 1e-9);
        QVERIFY(std::abs(s["socket"]["latency_us"].get<double>() - 11.52128) < 1e-9);
        QVERIFY(s["note"].get<std::string>().find("Illustrative") == 0);
    }

    void inspectFindsLanesStagesMessagesAndSetup() {
        RdmaVsSocketEngine engine(config(32, 1, VerbsOp::Write));
        for (int i = 0; i < 6; ++i) engine.step();
        QCOMPARE(engine.inspect("lane:verbs")["setup_done"].get<int>(), 4);
        QCOMPARE(engine.inspect("stage:socket:1")["kind"].get<std::string>(), std::string("copy_user_to_skb"));
        QCOMPARE(engine.inspect("stage:verbs:5")["kind"].get<std::string>(), std::string("ack_and_cqe"));
        QCOMPARE(engine.inspect("setup:1")["kind"].get<std::string>(), std::string("setup_reg_mr"));
        QVERIFY(engine.inspect("setup:1")["done"].get<bool>());
        QCOMPARE(engine.inspect("message:socket:0")["bytes"].get<int>(), 32);
        QVERIFY(engine.inspect("stage:socket:11").is_null());
        QVERIFY(engine.inspect("stage:socket:x").is_null());
        QVERIFY(engine.inspect("message:verbs:7").is_null());
        QVERIFY(engine.inspect("nothing").is_null());
    }

    void nextLaneAndNextStageLetAViewDrawAhead() {
        RdmaVsSocketEngine engine(config(32, 1, VerbsOp::Write));
        QCOMPARE(engine.nextLane(), std::optional<Lane>(Lane::Verbs));
        QCOMPARE(engine.nextStage(Lane::Verbs)->id, StageId::SetupOpenDevice);
        QCOMPARE(engine.nextStage(Lane::Socket)->id, StageId::SendSyscall);
        while (!engine.done()) engine.step();
        QVERIFY(!engine.nextLane());
        QVERIFY(engine.nextStage(Lane::Socket) == nullptr);
    }

    void copiesReplayIdentically() {
        RdmaVsSocketEngine a(config(8192, 2, VerbsOp::Send));
        for (int i = 0; i < 9; ++i) a.step();
        RdmaVsSocketEngine b = a;
        while (!a.done()) QVERIFY(a.step() == b.step());
        QVERIFY(a == b);
    }

    void timelineSeekRestoresCounters() {
        sim::Timeline<RdmaVsSocketEngine> timeline(RdmaVsSocketEngine(config(4096, 2, VerbsOp::Write)), 4);
        timeline.runToEnd(1000);
        QCOMPARE(timeline.cursor(), std::size_t(40));
        const RdmaVsSocketEngine end = timeline.current();
        timeline.seek(6);  // setup 4, send_syscall, post_send_doorbell
        QCOMPARE(timeline.current().lane(Lane::Socket).totals.syscalls, 1);
        QCOMPARE(timeline.current().lane(Lane::Socket).totals.copies, 0);
        timeline.seek(40);
        QVERIFY(timeline.current() == end);
    }
};

QTEST_APPLESS_MAIN(RdmaVsSocketEngineTest)
#include "tst_rdma_vs_socket_engine.moc"
