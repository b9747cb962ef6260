// The `noc` scene model: keys with BookSim's names and defaults, one step =
// one cycle with that cycle's moves as events (a packet's life worked out by
// hand from IQRouter's pipeline, BookSim2 src/routers/iq_router.cpp), seek = straight run, bounded memory.

#include <QtTest>
#include <algorithm>
#include <fstream>
#include <sstream>

#include "noc/noc_config.h"
#include "noc/noc_engine.h"
#include "noc/noc_event_kinds.h"
#include "noc/noc_scene_model.h"
#include "sim/session.h"

using namespace commviz;
using noc::NocEngine;
using noc::NocEvent;
using noc::NocEventKind;

namespace {

using NocSession = sim::TimelineSession<NocEngine>;

std::unique_ptr<sim::Session> build(const sim::ParamValues& keys) {
    auto session = noc::sceneModel().build(keys, std::nullopt);
    if (!session) qFatal("%s", session.error().message.c_str());
    return std::move(session).value();
}

const NocSession& typed(const sim::Session& s) { return dynamic_cast<const NocSession&>(s); }

/// A bundled example scenario (resources/scenarios/noc/NAME.json) as a session.
std::unique_ptr<sim::Session> example(const std::string& name) {
    std::ifstream file(std::string(COMMVIZ_SOURCE_DIR) + "/resources/scenarios/noc/" + name + ".json");
    auto session = noc::sceneModel().build({}, sim::Json::parse(file));
    if (!session) qFatal("%s", session.error().message.c_str());
    return std::move(session).value();
}

/// Steps 1..last: the step of each event of `kind` at `router` that matches
/// `field == value` (no field: every one).
std::vector<int> stepsOf(sim::Session& session, int last, const std::string& kind, int router,
                         const std::string& field = {}, int value = 0) {
    std::vector<int> steps;
    for (int n = 1; n <= last && session.stepForward(); ++n)
        for (const auto& r : session.eventRecords(std::size_t(n)))
            if (r.kind == kind && r.fields.at("router").get<int>() == router &&
                (field.empty() || r.fields.at(field).get<int>() == value))
                steps.push_back(n);
    return steps;
}

struct Seen {
    NocEventKind kind;
    int router;
    int step;
};

}  // namespace

class TstNocSceneModel : public QObject {
    Q_OBJECT
private slots:
    void keysAreBookSimsWithItsDefaults() {
        const auto params = noc::nocParams();
        const auto get = [&](const char* key) { return sim::findParam(params, key); };
        // BookSim2 src/booksim_config.cpp's defaults
        QCOMPARE(get("topology")->defaultValue, sim::Json("torus"));
        QCOMPARE(get("k")->defaultValue, sim::Json(8));
        QCOMPARE(get("n")->defaultValue, sim::Json(2));
        QCOMPARE(get("num_vcs")->defaultValue, sim::Json(16));
        QCOMPARE(get("vc_buf_size")->defaultValue, sim::Json(8));
        QCOMPARE(get("routing_delay")->defaultValue, sim::Json(1));
        QCOMPARE(get("injection_rate")->defaultValue.get<double>(), 0.1);
        QCOMPARE(get("sample_period")->defaultValue, sim::Json(1000));
        QCOMPARE(get("latency_thres")->defaultValue.get<double>(), 500.0);
        QCOMPARE(get("speculative")->defaultValue, sim::Json(false));
        QVERIFY(!get("num_vc"));
        // Every default together is a runnable config (BookSim's own `none` routing is not).
        auto config = noc::configFromKeys(sim::defaults(params));
        QVERIFY(config.ok());
        QCOMPARE(config.value().num_vcs, 16);
        QCOMPARE(int(config.value().topology), int(noc::Topology::Torus));
    }

    void switchHoldReachesTheEngineFromAConfigText() {
        // the GUI keeps only keys it has a ParamSpec for, so the hold must be one
        QCOMPARE(sim::findParam(noc::nocParams(), "hold_switch_for_packet")->defaultValue, sim::Json(false));
        const sim::Json scenario{{"scene", "noc"},
                                 {"format", 1},
                                 {"booksim_config",
                                  "topology = mesh; k = 4; n = 2; routing_function = dor;\n"
                                  "hold_switch_for_packet = 1;\n"}};
        auto keys = noc::scenarioKeys(scenario);
        QVERIFY(keys.ok());
        QCOMPARE(keys.value().at("hold_switch_for_packet"), sim::Json(true));
        auto config = noc::configFromKeys(keys.value());
        QVERIFY(config.ok());
        QVERIFY(config.value().hold_switch_for_packet);
        QVERIFY(!noc::configFromKeys({}).value().hold_switch_for_packet);
    }

    // A key set twice takes its last value, as BookSim reads it; k = 0 on
    // its own would be refused.
    void aScenarioConfigKeySetTwiceTakesItsLastValue() {
        const sim::Json scenario{
            {"scene", "noc"},
            {"format", 1},
            {"booksim_config", "topology = mesh; k = 0; n = 2; routing_function = dor;\nk = 4;\n"}};
        auto keys = noc::scenarioKeys(scenario);
        QVERIFY2(keys.ok(), keys.ok() ? "" : keys.error().message.c_str());
        QCOMPARE(keys.value().at("k"), sim::Json(4));
    }

    void badValuesNameTheKeyTheValueAndWhatIsAllowed() {
        auto bad = noc::sceneModel().build({{"num_vcs", 3}}, std::nullopt);
        QVERIFY(!bad);
        QVERIFY(bad.error().message.find("num_vcs = 3") != std::string::npos);
        QVERIFY(bad.error().message.find("even") != std::string::npos);
        auto range = noc::sceneModel().build({{"k", 0}}, std::nullopt);
        QVERIFY(!range);
        QVERIFY(range.error().message.find("'k'") != std::string::npos);
    }

    // One packet at zero load on a 4-router line, followed cycle by cycle.
    // BookSim2 src/routers/iq_router.cpp, _InternalStep: t_router = routing_delay + vc_alloc_delay +
    // sw_alloc_delay + st_final_delay = 4 with the defaults, so the head is
    // routed in the cycle it is written into the input buffer (RC), allocated
    // a VC the next cycle (VA), wins the switch the cycle after (SA; its slot's
    // credit goes upstream then) and enters the output channel one cycle later
    // (ST). A channel of latency t_link delivers t_link + 1 cycles after the
    // flit was written (written at the end of a cycle, read at the start of
    // one), so T0 = 2 (injection) + 3H + (t_link + 1)(H - 1) + 2 (ejection)
    // = 5H + 2 on a mesh, 6H + 1 on a torus: the sheet's formulas.
    void zeroLoadLifeOfOnePacket_data() {
        QTest::addColumn<QString>("topology");
        QTest::addColumn<int>("tLink");
        QTest::newRow("mesh") << "mesh" << 1;
        QTest::newRow("torus, 2-cycle links") << "torus" << 2;
    }
    void zeroLoadLifeOfOnePacket() {
        QFETCH(QString, topology);
        QFETCH(int, tLink);
        auto session = build({{"topology", topology.toStdString()},
                              {"k", 4},
                              {"n", 1},
                              {"num_vcs", 2},
                              {"vc_buf_size", 4},
                              {"injection_rate", 0.002}});
        int slot = -1, src = -1, dst = -1;
        std::vector<Seen> life;
        for (int step = 1; step < 3000 && (life.empty() || life.back().kind != NocEventKind::FlitEjected); ++step) {
            QVERIFY(session->stepForward());
            for (const NocEvent& e : typed(*session).timeline().events(std::size_t(step))) {
                if (slot < 0 && e.kind == NocEventKind::PacketCreated && e.router != e.value &&
                    std::abs(e.router - int(e.value)) == 2) {
                    slot = e.packet, src = e.router, dst = int(e.value);
                }
                if (slot >= 0 && e.packet == slot && e.kind != NocEventKind::PacketCreated)
                    life.push_back({e.kind, e.router, step});
                if (slot >= 0 && e.kind == NocEventKind::PacketCreated && e.packet != slot && life.size() < 14)
                    QSKIP("another packet was created during this one's life (not zero load)");
            }
        }
        QVERIFY2(slot >= 0, "no packet travelling two hops was created");
        // On a torus line of 4 a 2-hop trip may go either way; on the mesh it goes straight.
        const int dir =
            topology == "mesh" ? (dst > src ? 1 : -1) : (life.size() > 6 && life[6].router == (src + 1) % 4 ? 1 : -1);
        const int t0 = life.front().step;  // FlitInjected
        using K = NocEventKind;
        std::vector<Seen> expected = {{K::FlitInjected, src, t0}};
        int at = t0 + 2;  // through the injection channel
        for (int hop = 0, r = src; hop < 3; ++hop, r = (r + dir + 4) % 4) {
            expected.push_back({K::FlitBuffered, r, at});
            expected.push_back({K::RouteComputed, r, at});
            expected.push_back({K::VcAllocated, r, at + 1});
            expected.push_back({K::SwitchAllocated, r, at + 2});
            expected.push_back({K::FlitSent, r, at + 3});
            at += 3 + (hop < 2 ? tLink + 1 : 0);
        }
        expected.push_back({K::FlitEjected, dst, at + 2});
        QCOMPARE(life.size(), expected.size());
        for (std::size_t i = 0; i < life.size(); ++i) {
            QCOMPARE(int(life[i].kind), int(expected[i].kind));
            QCOMPARE(life[i].router, expected[i].router);
            QCOMPARE(life[i].step, expected[i].step);
        }
        const int h = 3;
        const int t0Formula = tLink == 1 ? 5 * h + 2 : 6 * h + 1;
        QCOMPARE(life.back().step - t0, t0Formula);
    }

    void everyStepIsOneCycle() {
        auto session = build({{"topology", "mesh"}, {"k", 4}, {"injection_rate", 0.2}});
        for (int i = 0; i < 50; ++i) session->stepForward();
        QCOMPARE(typed(*session).engine().time(), std::int64_t(50));
    }

    void seekEqualsStraightRun() {
        auto session = build({{"topology", "mesh"}, {"k", 4}, {"injection_rate", 0.3}, {"packet_size", 4}});
        // A small budget makes the timeline thin keyframes and drop events, so
        // seeks replay across dropped chunks.
        session->setMemoryBudget(std::size_t(2) << 20);
        QCOMPARE(session->runToEnd(2500), std::size_t(2500));
        QVERIFY(session->memoryUsed() <= session->memoryBudget());
        auto straight = build({{"topology", "mesh"}, {"k", 4}, {"injection_rate", 0.3}, {"packet_size", 4}});
        NocEngine engine = typed(*straight).engine();
        for (const std::size_t target : {std::size_t(1777), std::size_t(3), std::size_t(2500), std::size_t(640)}) {
            NocEngine reference = typed(*straight).engine();
            std::vector<NocEvent> last;
            for (std::size_t i = 0; i < target; ++i) last = reference.step();
            QCOMPARE(session->seek(target), target);
            const NocEngine& at = typed(*session).engine();
            QCOMPARE(at.time(), reference.time());
            QCOMPARE(at.flitsInjected(), reference.flitsInjected());
            QCOMPARE(at.flitsEjected(), reference.flitsEjected());
            QCOMPARE(at.summary(), reference.summary());
            for (int r = 0; r < 16; ++r)
                for (int p = 0; p < 5; ++p)
                    for (int v = 0; v < at.config().num_vcs; ++v) {
                        QCOMPARE(at.inputVc(r, p, v).count, reference.inputVc(r, p, v).count);
                        QCOMPARE(int(at.inputVc(r, p, v).state), int(reference.inputVc(r, p, v).state));
                    }
            const auto records = session->eventRecords(target);
            QCOMPARE(records.size(), last.size());
            for (std::size_t i = 0; i < last.size(); ++i)
                QCOMPARE(records[i].fields, NocEngine::describe(last[i]).fields);
        }
    }

    // resources/scenarios/noc: each BookSim config parses and runs as
    // `commviz noc` would, and its example scenario carries the same text.
    void bundledExamplesParseAndRun_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("outcome");
        QTest::newRow("mesh") << "mesh44"
                              << "completed";
        QTest::newRow("torus") << "torus44"
                               << "completed";
        QTest::newRow("tornado") << "tornado_mesh88"
                                 << "completed";
        QTest::newRow("hotspot") << "hotspot_mesh88"
                                 << "completed";
        QTest::newRow("deadlocking torus") << "deadlock_torus"
                                           << "deadlocked";
        QTest::newRow("min_adapt mesh") << "min_adapt_mesh88"
                                        << "completed";
        QTest::newRow("min_adapt torus") << "min_adapt_torus88"
                                         << "completed";
        QTest::newRow("valiant mesh") << "valiant_mesh88"
                                      << "completed";
        QTest::newRow("romm mesh") << "romm_mesh88"
                                   << "completed";
        QTest::newRow("randperm") << "randperm_mesh88"
                                  << "completed";
        QTest::newRow("on/off sources") << "onoff_mesh88"
                                        << "completed";
        QTest::newRow("butterfly") << "butterfly_fly42"
                                   << "completed";
        QTest::newRow("cmesh") << "cmesh44_bitcomp"
                               << "completed";
        // BookSim2's anynet example: its network file travels in the scenario's
        // network_files; with sample_period = 10000 it runs 60,001 cycles, past the cap.
        QTest::newRow("anynet") << "anynet_example"
                                << "running";
        QTest::newRow("flatfly") << "flatfly44_ran_min"
                                 << "completed";
        // BookSim2's fattree_config measures in periods of 10,000 cycles: past the cap it is still measuring.
        QTest::newRow("fat tree") << "fattree_k4n3"
                                  << "running";
        QTest::newRow("dragonfly bad_dragon min") << "dragonfly_bad_min"
                                                  << "unstable";
        QTest::newRow("dragonfly bad_dragon ugal") << "dragonfly_bad_ugal"
                                                   << "completed";
        // The lessons' scenarios. The dateline ring is overloaded (it drains
        // after 74,395 cycles), so within the 30,000-cycle cap it is still
        // running: what matters is that it never deadlocks.
        QTest::newRow("one packet") << "packet_life"
                                    << "completed";
        QTest::newRow("credits line") << "credits_line"
                                      << "completed";
        QTest::newRow("8x8 mesh at 0.1") << "mesh88_uniform"
                                         << "completed";
        QTest::newRow("8x8 mesh at 0.45") << "mesh88_saturated"
                                          << "unstable";
        QTest::newRow("dateline torus") << "dateline_torus"
                                        << "running";
        QTest::newRow("anynet paths") << "anynet_paths"
                                      << "completed";
    }
    void bundledExamplesParseAndRun() {
        QFETCH(QString, name);
        QFETCH(QString, outcome);
        const std::string base = std::string(COMMVIZ_SOURCE_DIR) + "/resources/scenarios/noc/" + name.toStdString();
        QVERIFY(noc::loadNocConfig(base + ".cfg").ok());
        std::ifstream cfgFile(base + ".cfg");
        std::stringstream cfgText;
        cfgText << cfgFile.rdbuf();
        std::ifstream jsonFile(base + ".json");
        const sim::Json scenario = sim::Json::parse(jsonFile);
        QCOMPARE(scenario.at("scene").get<std::string>(), std::string("noc"));
        QCOMPARE(scenario.at("booksim_config").get<std::string>(), cfgText.str());
        // Opened as a .cfg (File > Open), an anynet's network file, found beside it, is carried along.
        auto fromCfg = noc::scenarioFromBookSimConfig(cfgText.str(), base + ".cfg");
        QVERIFY2(fromCfg.ok(), fromCfg ? "" : fromCfg.error().message.c_str());
        QCOMPARE(fromCfg.value().contains("network_files"), scenario.contains("network_files"));
        if (scenario.contains("network_files"))
            QCOMPARE(fromCfg.value().at("network_files"), scenario.at("network_files"));
        auto session = noc::sceneModel().build({}, scenario);
        QVERIFY2(session.ok(), session ? "" : session.error().message.c_str());
        sim::BatchRequest request;
        request.maxSteps = 30000;
        const sim::BatchOutcome end = session.value()->runBatch(request);
        QCOMPARE(end.summary.at("outcome").get<std::string>(), outcome.toStdString());
    }

    // The NoC lessons narrate exact cycles of their scenarios. Worked out from
    // BookSim2 src/routers/iq_router.cpp: a mesh hop is RC, VA, SA, ST and a 1-cycle link (5 cycles),
    // zero-load latency 5H + 2 + (L - 1); the credit round trip with the default
    // delays is 1 + 1 + 1 + 1 + 2 + 1 + 0 = 7 cycles.
    void lessonCyclesHold() {
        // packet_life: node 1 creates a 4-flit packet for node 15 at cycle 9;
        // H = 6 routers (1, 2, 3, 7, 11, 15): the tail arrives at 9 + 30 + 2 + 3 = 44.
        QCOMPARE(stepsOf(*example("packet_life"), 12, "packet_created", 1, "value", 15), std::vector<int>{9});
        QCOMPARE(stepsOf(*example("packet_life"), 50, "flit_ejected", 15), (std::vector<int>{41, 42, 43, 44}));
        // XY: the head turns into +Y (port 2) at router 3, 2 hops x 5 cycles after router 1 routed it at 11.
        QCOMPARE(stepsOf(*example("packet_life"), 30, "route_computed", 3, "out_port", 2), std::vector<int>{21});
        // credits_line: 2 slots per VC, so router 3 switches the 8 flits in pairs, 7 cycles apart.
        QCOMPARE(stepsOf(*example("credits_line"), 90, "switch_allocated", 3, "out_port", 1),
                 (std::vector<int>{60, 61, 67, 68, 74, 75, 81, 82}));
        // mesh44: router 5's output 3 is granted round robin to inputs 0, 2, 4, 0 in cycles 38-41.
        auto busy = example("mesh44");
        std::vector<int> inputs;
        for (int n = 1; n <= 41 && busy->stepForward(); ++n)
            for (const auto& r : busy->eventRecords(std::size_t(n)))
                if (n >= 38 && r.kind == "switch_allocated" && r.fields.at("router") == 5 &&
                    r.fields.at("out_port") == 3)
                    inputs.push_back(r.fields.at("port").get<int>());
        QCOMPARE(inputs, (std::vector<int>{0, 2, 4, 0}));
        // anynet_paths (noc_anynet_paths.json): node i sits on router i, the routers a ring 0-1-2-3.
        // Dijkstra from router 0 by channel latency: router 1 directly 4, the other way round through
        // 3 and 2 1 + 1 + 1 = 3, so node 0's packet (created at 167) goes 0 -> 3 -> 2 -> 1, each router
        // 5 cycles after the last (4 + a 1-cycle channel): routed at 169 (port 2: node 0, router 1,
        // router 3), 174, 179, 184, ejected at 189, latency 4 * 4 + 3 + 3 = 22. Node 1's answer (274)
        // goes straight back over the 1-cycle reverse channel: routed at 276 to port 1, ejected at
        // 274 + 2 * 4 + 1 + 3 = 286. Node 3's packet to node 1 (created at 118) crosses routers 2 and 1
        // at 125 and 130.
        QCOMPARE(stepsOf(*example("anynet_paths"), 170, "packet_created", 0, "value", 1), std::vector<int>{167});
        QCOMPARE(stepsOf(*example("anynet_paths"), 170, "route_computed", 0, "out_port", 2), std::vector<int>{169});
        QCOMPARE(stepsOf(*example("anynet_paths"), 190, "route_computed", 3, "port", 1), std::vector<int>{174});
        QCOMPARE(stepsOf(*example("anynet_paths"), 190, "route_computed", 2), (std::vector<int>{125, 179}));
        QCOMPARE(stepsOf(*example("anynet_paths"), 190, "route_computed", 1), (std::vector<int>{130, 184}));
        QCOMPARE(stepsOf(*example("anynet_paths"), 190, "flit_ejected", 1, "value", 22), std::vector<int>{189});
        QCOMPARE(stepsOf(*example("anynet_paths"), 280, "packet_created", 1, "value", 0), std::vector<int>{274});
        QCOMPARE(stepsOf(*example("anynet_paths"), 280, "route_computed", 1, "out_port", 1), std::vector<int>{276});
        QCOMPARE(stepsOf(*example("anynet_paths"), 290, "flit_ejected", 0, "value", 12), std::vector<int>{286});
    }

    void everyEventKindIsListed() {
        const auto kinds = noc::NocEngine::eventKinds();
        QCOMPARE(kinds.size(), std::size_t(NocEventKind::Deadlock) + 1);
        NocEvent e;
        e.kind = NocEventKind::CreditSent;
        QCOMPARE(NocEngine::describe(e).kind, std::string(noc::kinds::kCreditSent));
    }
};

QTEST_APPLESS_MAIN(TstNocSceneModel)
#include "tst_noc_scene_model.moc"
