// The model's invariants, checked after every cycle of stepped runs over the
// router settings; the deadlock detector; determinism and value semantics.

#include <malloc.h>

#include <QtTest>
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>

#include "noc/noc_engine.h"
#include "noc/noc_report.h"
#include "noc_test_support.h"
#include "sim/timeline.h"

using namespace commviz::noc;

namespace {

void stepChecking(NocEngine& engine, int cycles) {
    for (int i = 0; i < cycles && !engine.done(); ++i) {
        engine.step();
        const std::vector<std::string> broken = engine.checkInvariants();
        if (!broken.empty()) QFAIL(qPrintable(QString("cycle %1: %2").arg(engine.time()).arg(broken.front().c_str())));
    }
}

// Every flit in the routers' input buffers, VC by VC from each head.
std::vector<Flit> bufferedFlits(const NocEngine& engine) {
    std::vector<Flit> flits;
    for (int r = 0; r < engine.network().nodes(); ++r)
        for (int p = 0; p < engine.network().ports(); ++p)
            for (int v = 0; v < engine.config().num_vcs; ++v)
                for (int i = 0; i < engine.inputVc(r, p, v).count; ++i)
                    flits.push_back(engine.bufferedFlit(r, p, v, i));
    return flits;
}

bool sameFlits(const std::vector<Flit>& a, const std::vector<Flit>& b) {
    const auto same = [](const Flit& x, const Flit& y) {
        return x.id == y.id && x.packet == y.packet && x.itime == y.itime && x.vc == y.vc && x.hops == y.hops &&
               x.head == y.head && x.tail == y.tail;
    };
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), same);
}

bool sameEvent(const NocEvent& a, const NocEvent& b) {
    return a.kind == b.kind && a.router == b.router && a.port == b.port && a.vc == b.vc && a.outPort == b.outPort &&
           a.outVc == b.outVc && a.flit == b.flit && a.packet == b.packet && a.value == b.value;
}

}  // namespace

class TstNocInvariants : public QObject {
    Q_OBJECT
private slots:
    void invariantsHoldEveryCycle_data() {
        QTest::addColumn<QStringList>("overrides");
        QTest::newRow("mesh near saturation") << QStringList{"injection_rate=0.42"};
        QTest::newRow("4-flit packets, 2 VCs x 2")
            << QStringList{"packet_size=4", "injection_rate=0.1", "num_vcs=2", "vc_buf_size=2"};
        QTest::newRow("torus dateline") << QStringList{"topology=torus", "routing_function=dim_order",
                                                       "injection_rate=0.4", "packet_size=3"};
        QTest::newRow("speculative look-ahead")
            << QStringList{"speculative=1", "routing_delay=0", "packet_size=2", "injection_rate=0.2", "credit_delay=2"};
        QTest::newRow("wait_for_tail_credit")
            << QStringList{"wait_for_tail_credit=1", "packet_size=2", "injection_rate=0.15"};
        QTest::newRow("slow stages") << QStringList{"vc_alloc_delay=2", "sw_alloc_delay=2", "st_final_delay=2",
                                                    "routing_delay=2",  "packet_size=2",    "injection_rate=0.1"};
        QTest::newRow("speedups") << QStringList{"input_speedup=2", "output_speedup=2", "internal_speedup=1.5",
                                                 "injection_rate=0.4"};
        QTest::newRow("3-D mesh") << QStringList{"k=4", "n=3", "injection_rate=0.2", "packet_size=2"};
    }

    void invariantsHoldEveryCycle() {
        QFETCH(QStringList, overrides);
        std::vector<std::string> keys{"sample_period=300", "max_samples=6"};
        for (const QString& o : overrides) keys.push_back(o.toStdString());
        NocEngine engine(noctest::config(keys));
        stepChecking(engine, 4000);
        QVERIFY(engine.flitsEjected() > 0);
    }

    // Every allocation timing BookSim's iq router has (speculative switch
    // allocation, two-cycle VA / SA, look-ahead routing), alone and with the
    // credit and crossbar knobs: a grant started in one cycle and completing in
    // the next must be re-checked for its credit (the 8x8 run at 0.3 with
    // speculative=1, vc_alloc_delay=2, sw_alloc_delay=2 once sent a fifth flit
    // into a 4-flit VC at cycle 24 without that re-check).
    void allocationTimingsKeepCreditsInRange_data() {
        QTest::addColumn<QStringList>("overrides");
        for (int spec = 0; spec <= 1; ++spec)
            for (int va = 1; va <= 2; ++va)
                for (int sa = 1; sa <= 2; ++sa)
                    for (int rd = 0; rd <= 1; ++rd)
                        QTest::addRow("spec=%d va=%d sa=%d rd=%d", spec, va, sa, rd)
                            << QStringList{QString("speculative=%1").arg(spec), QString("vc_alloc_delay=%1").arg(va),
                                           QString("sw_alloc_delay=%1").arg(sa), QString("routing_delay=%1").arg(rd)};
        const QStringList slow{"speculative=1", "vc_alloc_delay=2", "sw_alloc_delay=2"};
        QTest::newRow("slow + st_final_delay=2, credit_delay=2")
            << slow + QStringList{"st_final_delay=2", "credit_delay=2"};
        QTest::newRow("slow + wait_for_tail_credit") << slow + QStringList{"wait_for_tail_credit=1"};
        QTest::newRow("slow + speedups") << slow + QStringList{"input_speedup=2", "output_speedup=2",
                                                               "internal_speedup=1.5"};
        QTest::newRow("spec sa=2 + speedups, look-ahead")
            << QStringList{"speculative=1",   "sw_alloc_delay=2", "routing_delay=0",
                           "input_speedup=2", "output_speedup=2", "credit_delay=1"};
    }

    void allocationTimingsKeepCreditsInRange() {
        QFETCH(QStringList, overrides);
        std::vector<std::string> keys{"sample_period=500", "max_samples=4", "packet_size=2", "injection_rate=0.17"};
        for (const QString& o : overrides) keys.push_back(o.toStdString());
        NocEngine engine(noctest::config(keys), false);
        stepChecking(engine, 1500);
        QVERIFY(engine.flitsEjected() > 0);
        // the 1-flit run of the original failure, at 0.3 packets/node/cycle
        keys[2] = "packet_size=1";
        keys[3] = "injection_rate=0.3";
        NocEngine single(noctest::config(keys), false);
        stepChecking(single, 600);
    }

    // hold_switch_for_packet over BookSim's allocation timings and the crossbar and credit
    // knobs, with 4-flit packets near saturation so connections are held, lose their credit
    // and are given up: every cycle the usual invariants and the hold's own (checkInvariants:
    // a held VC is active with flits, queued once, and the input and output tables agree).
    void switchHoldKeepsItsInvariants_data() {
        QTest::addColumn<QStringList>("overrides");
        for (int spec = 0; spec <= 1; ++spec)
            for (int sa = 1; sa <= 2; ++sa)
                for (int rd = 0; rd <= 1; ++rd)
                    QTest::addRow("spec=%d sa=%d rd=%d", spec, sa, rd)
                        << QStringList{QString("speculative=%1").arg(spec), QString("sw_alloc_delay=%1").arg(sa),
                                       QString("routing_delay=%1").arg(rd)};
        QTest::newRow("spec, va=2 sa=2") << QStringList{"speculative=1", "vc_alloc_delay=2", "sw_alloc_delay=2"};
        QTest::newRow("speedups, output buffer 2")
            << QStringList{"input_speedup=2", "output_speedup=2", "output_buffer_size=2"};
        QTest::newRow("internal_speedup=1.5, credit_delay=2")
            << QStringList{"internal_speedup=1.5", "credit_delay=2", "st_final_delay=2"};
        QTest::newRow("wait_for_tail_credit, 2 VCs x 2")
            << QStringList{"wait_for_tail_credit=1", "num_vcs=2", "vc_buf_size=2"};
        QTest::newRow("torus") << QStringList{"topology=torus", "routing_function=dim_order"};
    }

    void switchHoldKeepsItsInvariants() {
        QFETCH(QStringList, overrides);
        std::vector<std::string> keys{"sample_period=500",           "max_samples=4",       "packet_size=4",
                                      "injection_rate_uses_flits=1", "injection_rate=0.36", "hold_switch_for_packet=1"};
        for (const QString& o : overrides) keys.push_back(o.toStdString());
        NocEngine engine(noctest::config(keys));
        int heldTraversals = 0;
        int inspected = 0;
        for (int i = 0; i < 1500 && !engine.done(); ++i) {
            for (const NocEvent& e : engine.step())
                heldTraversals += e.kind == NocEventKind::SwitchAllocated && e.value == 1;
            const std::vector<std::string> broken = engine.checkInvariants();
            if (!broken.empty())
                QFAIL(qPrintable(QString("cycle %1: %2").arg(engine.time()).arg(broken.front().c_str())));
            // inspect names each held connection, and the input VC says it holds the crossbar
            for (int r = 0; r < engine.network().nodes() && inspected < 50; ++r) {
                const commviz::sim::Json router = engine.inspect("router/" + std::to_string(r));
                for (const auto& held : router["held_connections"]) {
                    const std::string vc =
                        "router/" + std::to_string(r) + "/in/" + held["in_port"].dump() + "/vc/" + held["in_vc"].dump();
                    const auto record = engine.inspect(vc);
                    QCOMPARE(record["switch_held"].get<bool>(), true);
                    QCOMPARE(record["out_port"].get<int>(), held["out_port"].get<int>());
                    QVERIFY(record["flits"].size() > 0);
                    ++inspected;
                }
            }
        }
        QVERIFY(engine.flitsEjected() > 0);
        QVERIFY(heldTraversals > 100);
        QCOMPARE(inspected, 50);
    }

    void singleFlitPacketsNeverHoldTheSwitch() {
        // every flit is a tail, so no connection is ever held: the run is the unheld one
        // (BookSim2 prints the same figures with and without the key there, 33.7849 at 0.1)
        const NocReport plain = runNocBatch(noctest::config({"injection_rate=0.35", "max_samples=4"}));
        const NocReport held =
            runNocBatch(noctest::config({"injection_rate=0.35", "max_samples=4", "hold_switch_for_packet=1"}));
        QCOMPARE(held.overall.plat.sum, plain.overall.plat.sum);
        QCOMPARE(held.overall.acceptedFlits.average, plain.overall.acceptedFlits.average);
        QCOMPARE(held.overall.timeTaken, plain.overall.timeTaken);
        NocEngine engine(noctest::config({"injection_rate=0.35", "hold_switch_for_packet=1"}));
        for (int i = 0; i < 300; ++i) {
            engine.step();
            for (int r = 0; r < engine.network().nodes(); ++r) {
                const commviz::sim::Json router = engine.inspect("router/" + std::to_string(r));
                QVERIFY(router.at("held_connections").empty());
            }
        }
    }

    // BookSim2 src/vc.hpp: a VC's route is known from vc_alloc on and its output
    // VC is held only while active; the Inspector shows neither before that.
    void inspectShowsTheOutputVcOnlyWhileHeld() {
        NocEngine engine(noctest::config({"injection_rate=0.3"}));
        std::map<std::string, int> seen;
        for (int cycle = 0; cycle < 400; ++cycle) {
            engine.step();
            for (int router = 0; router < engine.network().nodes(); router += 7) {
                for (int port = 0; port < 5; ++port)
                    for (int vc = 0; vc < 4; ++vc) {
                        const auto record = engine.inspect("router/" + std::to_string(router) + "/in/" +
                                                           std::to_string(port) + "/vc/" + std::to_string(vc));
                        const std::string state = record.at("state").get<std::string>();
                        ++seen[state];
                        QCOMPARE(record.contains("out_vc"), state == "active");
                        QCOMPARE(record.contains("out_port"), state == "active" || state == "vc_alloc");
                    }
            }
        }
        QVERIFY(seen["idle"] > 0 && seen["active"] > 0);
    }

    void heldConnectionsAreCopiedWithTheEngine() {
        const NocConfig cfg = noctest::config(
            {"injection_rate=0.3", "packet_size=5", "injection_rate_uses_flits=1", "hold_switch_for_packet=1"});
        NocEngine engine(cfg);
        for (int i = 0; i < 1200; ++i) engine.step();
        NocEngine copy = engine;  // a timeline keyframe: the held connections and their queue come along
        for (int i = 0; i < 500; ++i) {
            const std::vector<NocEvent> a = copy.step();
            const std::vector<NocEvent> b = engine.step();
            QCOMPARE(a.size(), b.size());
            for (std::size_t j = 0; j < a.size(); ++j) QVERIFY(a[j].kind == b[j].kind && a[j].value == b[j].value);
        }
        QCOMPARE(copy.flitsEjected(), engine.flitsEjected());
        NocEvent e;
        e.kind = NocEventKind::SwitchAllocated;
        e.value = 1;
        QCOMPARE(NocEngine::describe(e).anchor, std::string("IQRouter::_SWHoldUpdate"));
    }

    void runsDrainToAnEmptyNetwork() {
        NocEngine engine(noctest::config({"injection_rate=0.2", "sample_period=200"}));
        stepChecking(engine, 100000);
        QVERIFY(engine.done());
        QCOMPARE(engine.report().outcome, NocOutcome::Completed);
        QCOMPARE(engine.flitsInNetwork(), std::int64_t(0));
        QCOMPARE(engine.flitsInjected(), engine.flitsEjected());
        QCOMPARE(engine.report().overall.timeTaken, engine.time());
    }

    void torusWithoutDatelineDeadlocksAndTheCycleIsReported() {
        NocEngine engine(
            noctest::config({"topology=torus", "routing_function=dim_order", "dateline=0", "injection_rate=0.6"}));
        while (!engine.done()) engine.step();
        const NocReport& r = engine.report();
        QCOMPARE(r.outcome, NocOutcome::Deadlocked);
        QVERIFY(r.deadlockCycle.size() >= 2);
        const std::string text = formatBookSimReport(r);
        QVERIFY(text.find("Deadlock: a cycle of virtual channels") != std::string::npos);
        // every VC of the cycle is stuck: holding flits and not idle
        for (const std::string& id : r.deadlockCycle) QVERIFY(engine.inspect(id)["flits"].size() > 0);
    }

    void datelineClassesPreventTheDeadlock() {
        const NocReport r =
            runNocBatch(noctest::config({"topology=torus", "routing_function=dim_order", "injection_rate=0.6",
                                         "max_samples=4", "sim_type=throughput"}));
        QCOMPARE(r.outcome, NocOutcome::Completed);
    }

    void sameSeedSameRunAndCopiesReplay() {
        const NocConfig cfg = noctest::config({"injection_rate=0.3", "max_samples=4"});
        const NocReport a = runNocBatch(cfg);
        const NocReport b = runNocBatch(cfg);
        QCOMPARE(a.overall.plat.average(), b.overall.plat.average());
        QCOMPARE(a.overall.timeTaken, b.overall.timeTaken);
        NocConfig other = cfg;
        other.seed = 7;
        QVERIFY(runNocBatch(other).overall.plat.sum != a.overall.plat.sum);

        NocEngine engine(cfg);
        for (int i = 0; i < 1500; ++i) engine.step();
        NocEngine copy = engine;  // a snapshot continues exactly like the original
        for (int i = 0; i < 500; ++i) QCOMPARE(copy.step().size(), engine.step().size());
        QCOMPARE(copy.flitsEjected(), engine.flitsEjected());
        QVERIFY(engine.footprintBytes() > 0);
    }

    // The Timeline keeps copies under a memory budget by the engine's own
    // count, so the count must be what a copy really takes from the heap
    // (glibc's mallinfo2 sees every block, headers and rounding included).
    void footprintIsWhatACopyTakes_data() {
        QTest::addColumn<QStringList>("overrides");
        QTest::newRow("8x8 at 0.3") << QStringList{"injection_rate=0.3"};
        QTest::newRow("8x8 held, 4-flit packets")
            << QStringList{"injection_rate=0.4", "packet_size=4", "hold_switch_for_packet=1"};
        QTest::newRow("16x16 at 0.1, 2 VCs") << QStringList{"k=16", "injection_rate=0.1", "num_vcs=2"};
        // the matrix arbiters' orders and the other allocators' scratch are counted too
        QTest::newRow("8x8 at 0.3, matrix VA, wavefront SA") << QStringList{
            "injection_rate=0.3", "vc_allocator=separable_input_first(matrix)", "sw_allocator=wavefront"};
    }
    void footprintIsWhatACopyTakes() {
#if defined(COMMVIZ_SANITIZED)
        QSKIP("the sanitizers' allocator is not glibc's");
#else
        const char* tunables = std::getenv("GLIBC_TUNABLES");
        if (!tunables || !std::strstr(tunables, "tcache_count=0"))
            QSKIP("mallinfo2 counts every block only without the thread cache: run it under ctest");
        QFETCH(QStringList, overrides);
        std::vector<std::string> keys;
        for (const QString& key : overrides) keys.push_back(key.toStdString());
        NocEngine engine(noctest::config(keys));
        for (int i = 0; i < 1500; ++i) engine.step();
        // What a copy adds to the heap, the least of three tries: another thread
        // (QtTest's watchdog) allocating meanwhile can only add.
        const auto heapTakenBy = [](auto make) {
            std::size_t least = SIZE_MAX;
            for (int i = 0; i < 3; ++i) {
                const std::size_t before = mallinfo2().uordblks;
                auto* made = make();
                least = std::min(least, mallinfo2().uordblks - before);
                delete made;
            }
            return least;
        };
        const std::size_t taken = heapTakenBy([&] { return new NocEngine(engine); });
        const std::size_t counted = NocEngine(engine).footprintBytes();  // a copy's vectors hold no spare room
        QVERIFY2(counted >= taken * 97 / 100 && counted <= taken * 103 / 100,
                 qPrintable(QString("counted %1 bytes, a copy took %2").arg(counted).arg(taken)));
        // A keyframe the same way (making it copies the engine for a moment; what stays is counted).
        const std::size_t keyTaken = heapTakenBy([&] { return new NocKeyframe(engine.keyframe()); });
        const std::size_t keyCounted = engine.keyframe().footprintBytes();
        QVERIFY2(keyCounted >= keyTaken * 97 / 100 && keyCounted <= keyTaken * 103 / 100,
                 qPrintable(QString("counted %1 bytes, a keyframe took %2").arg(keyCounted).arg(keyTaken)));
#endif
    }

    // A keyframe keeps only the flits in the buffers; restored into an engine
    // that has run on (its slots hold other flits), it continues exactly as the
    // engine it was made from: the same events every cycle, the same flits in
    // every buffer, the same summary.
    void restoredKeyframesContinueExactly_data() {
        QTest::addColumn<QStringList>("overrides");
        QTest::newRow("8x8 at 0.3") << QStringList{"injection_rate=0.3"};
        QTest::newRow("8x8 held, 4-flit packets")
            << QStringList{"injection_rate=0.4", "packet_size=4", "hold_switch_for_packet=1"};
        QTest::newRow("4x4 torus, min_adapt, 0.45")
            << QStringList{"k=4", "topology=torus", "routing_function=min_adapt", "injection_rate=0.45"};
        // matrix orders, wavefront's diagonal and PIM's draws come back with the keyframe
        QTest::newRow("8x8 at 0.35, matrix VA, pim SA")
            << QStringList{"injection_rate=0.35", "vc_allocator=separable_output_first(matrix)", "sw_allocator=pim"};
        QTest::newRow("8x8 at 0.35, wavefront VA, loa SA")
            << QStringList{"injection_rate=0.35", "vc_allocator=rr_wavefront", "sw_allocator=loa"};
    }
    void restoredKeyframesContinueExactly() {
        QFETCH(QStringList, overrides);
        std::vector<std::string> keys;
        for (const QString& key : overrides) keys.push_back(key.toStdString());
        NocEngine engine(noctest::config(keys));
        for (int i = 0; i < 700; ++i) engine.step();
        const NocKeyframe key = engine.keyframe();
        QVERIFY(sameFlits(key.flits, bufferedFlits(engine)));
        QVERIFY(!key.flits.empty());
        QVERIFY(key.footprintBytes() < engine.footprintBytes());
        NocEngine restored = engine;
        for (int i = 0; i < 400; ++i) restored.step();
        restored.restore(key);
        QCOMPARE(restored.time(), engine.time());
        for (int cycle = 0; cycle < 600 && !engine.done(); ++cycle) {
            const auto expected = engine.step();
            const auto events = restored.step();
            QCOMPARE(events.size(), expected.size());
            for (std::size_t i = 0; i < events.size(); ++i)
                QVERIFY2(sameEvent(events[i], expected[i]),
                         qPrintable(QString("cycle %1, event %2").arg(cycle).arg(i)));
        }
        QVERIFY(sameFlits(bufferedFlits(restored), bufferedFlits(engine)));
        QCOMPARE(restored.summary().dump(), engine.summary().dump());
        QVERIFY(restored.checkInvariants().empty());
    }

    void eventsDescribeACycleAndTheTimelineSeeks() {
        NocEngine engine(noctest::config({"injection_rate=0.3"}));
        bool sawTraversal = false;
        for (int i = 0; i < 50; ++i)
            for (const NocEvent& e : engine.step()) sawTraversal |= e.kind == NocEventKind::SwitchAllocated;
        QVERIFY(sawTraversal);
        NocEvent e;
        e.kind = NocEventKind::SwitchAllocated;
        e.router = 3;
        QCOMPARE(NocEngine::describe(e).anchor, std::string("IQRouter::_SWAllocUpdate"));

        commviz::sim::Timeline<NocEngine> timeline(NocEngine(noctest::config({"injection_rate=0.3"})), 64);
        timeline.seek(700);
        const std::int64_t ejected = timeline.current().flitsEjected();
        timeline.seek(123);
        QCOMPARE(timeline.current().time(), std::int64_t(123));
        timeline.seek(700);
        QCOMPARE(timeline.current().flitsEjected(), ejected);
    }

    void eventsNameBookSimPacketIds() {
        // BookSim numbers packets 0, 1, 2, ... in generation order (TrafficManager::_cur_pid) and
        // never reuses a number; the engine reuses packet slots, so events must carry the id.
        NocEngine engine(noctest::config({"injection_rate=0.3", "packet_size=2"}));
        std::map<int, int> firstFlit;  // pid -> its head flit id
        int next = 0;
        std::size_t ejected = 0;
        for (int i = 0; i < 400; ++i) {
            for (const NocEvent& e : engine.step()) {
                if (e.kind == NocEventKind::PacketCreated) {
                    QCOMPARE(e.packet, next++);
                    firstFlit[e.packet] = e.flit;  // flit ids are BookSim's too: 2 per packet here
                    QCOMPARE(e.flit, 2 * e.packet);
                } else if (e.kind == NocEventKind::FlitEjected) {
                    QVERIFY(firstFlit.count(e.packet));
                    QVERIFY(e.flit == firstFlit[e.packet] || e.flit == firstFlit[e.packet] + 1);
                    ++ejected;
                }
            }
        }
        QVERIFY(next > 1000);  // far more packets than live slots, so slots were reused
        QVERIFY(ejected > 1000);
    }

    void batchPathCollectsNoEvents() {
        NocEngine engine(noctest::config({"injection_rate=0.3"}), false);
        for (int i = 0; i < 100; ++i) QVERIFY(engine.step().empty());
        QVERIFY(engine.flitsEjected() > 0);
    }
};

QTEST_APPLESS_MAIN(TstNocInvariants)
#include "tst_noc_invariants.moc"
