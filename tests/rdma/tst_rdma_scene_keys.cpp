// Proves the rdma scene's keys follow the one merge rule: a key a person set
// (--set, the Parameters dock) wins over the scenario even when it equals the
// key's default, and Save Scenario As writes those keys into the document the
// way build applies them.

#include <QtTest>
#include <fstream>
#include <sstream>

#include "rdma/rdma_scene_model.h"
#include "rdma/script.h"
#include "sim/scene_model.h"

using namespace commviz;
using namespace commviz::rdma;
using sim::Json;

namespace {

Json load(const std::string& name) {
    std::ifstream in(std::string(COMMVIZ_RDMA_SCENARIO_DIR) + "/" + name);
    std::stringstream text;
    text << in.rdbuf();
    return Json::parse(text.str());
}

const ConnectCall* firstConnect(const RdmaSetup& setup) {
    for (const auto& call : setup.script.calls)
        if (const auto* c = std::get_if<ConnectCall>(&call.args)) return c;
    return nullptr;
}

const Json* connectAttr(const Json& doc) {
    for (const auto& call : doc["script"])
        if (call.value("call", "") == "connect") return &call["attr"];
    return nullptr;
}

}  // namespace

class RdmaSceneKeysTest : public QObject {
    Q_OBJECT

private slots:
    void timeoutSetToItsDefaultBeatsTheScenario() {
        // packet_loss.json connects with "timeout": 10; 14 is the key's default.
        const Json scenario = load("packet_loss.json");
        auto kept = rdmaSetupFrom(sim::ParamValues{}, scenario);
        QVERIFY(kept.ok());
        QCOMPARE(firstConnect(kept.value())->attr.timeout, 10u);
        auto set = rdmaSetupFrom(sim::ParamValues{{"timeout", 14}}, scenario);
        QVERIFY(set.ok());
        QCOMPARE(firstConnect(set.value())->attr.timeout, 14u);
    }

    void seedAtItsDefaultBeatsTheScenarioSeed() {
        Json scenario = load("write.json");
        scenario["seed"] = 7;
        auto set = rdmaSetupFrom(sim::ParamValues{{"seed", 1}}, scenario);
        QVERIFY(set.ok());
        QCOMPARE(set.value().config.seed, std::uint64_t(1));
        auto kept = rdmaSetupFrom(sim::ParamValues{}, scenario);
        QCOMPARE(kept.value().config.seed, std::uint64_t(7));
    }

    void scenarioKeysShowWhatTheScenarioSays() {
        const auto model = sceneModel();
        const auto keys = sim::resolveKeys(model, {}, load("packet_loss.json"));
        QVERIFY(keys.ok());
        QCOMPARE(keys->at("timeout"), Json(10));
        QCOMPARE(keys->sources.at("timeout"), sim::KeySource::Scenario);
        QCOMPARE(keys->at("retry_cnt"), Json(7));  // not in the file: the default
        QCOMPARE(keys->sources.at("retry_cnt"), sim::KeySource::Default);
    }

    void scenarioFilesTakeEveryKeySetTakes() {
        // One set of keys everywhere: path_mtu at the top of a scenario file is
        // read as --set path_mtu reads it (a byte count, its text or an
        // IBV_MTU_ name) and applies to every connect; write.json connects at 1024.
        for (const Json& mtu : {Json(256), Json("256"), Json("IBV_MTU_256")}) {
            Json scenario = load("write.json");
            scenario["path_mtu"] = mtu;
            auto setup = rdmaSetupFrom(sim::ParamValues{}, scenario);
            QVERIFY2(setup.ok(), setup.ok() ? "" : setup.error().message.c_str());
            QCOMPARE(int(firstConnect(setup.value())->attr.pathMtu), int(Mtu::Mtu256));
            const auto keys = sim::resolveKeys(sceneModel(), {}, scenario);
            QVERIFY(keys.ok());
            QCOMPARE(keys->at("path_mtu"), Json("256"));
            QCOMPARE(keys->sources.at("path_mtu"), sim::KeySource::Scenario);
        }
        // The same values are refused, with the same words as --set.
        Json refused = load("write.json");
        refused["path_mtu"] = "999";
        auto bad = rdmaSetupFrom(sim::ParamValues{}, refused);
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().message,
                 std::string("invalid value '999' for key 'path_mtu': allowed one of 256, 512, 1024, 2048, 4096"));
        QVERIFY(!sim::parseParam(*sim::findParam(rdmaParams(), "path_mtu"), "999").ok());
        // Every key the scene lists is a field the reader takes.
        Json all = load("write.json");
        for (const auto& spec : rdmaParams()) all[spec.key] = spec.key == "path_mtu" ? Json("2048") : spec.defaultValue;
        auto everything = rdmaSetupFrom(sim::ParamValues{}, all);
        QVERIFY2(everything.ok(), everything.ok() ? "" : everything.error().message.c_str());
        QCOMPARE(int(firstConnect(everything.value())->attr.pathMtu), int(Mtu::Mtu2048));
        // A person's --set still wins over the file.
        auto set = rdmaSetupFrom(sim::ParamValues{{"path_mtu", "4096"}}, all);
        QVERIFY(set.ok());
        QCOMPARE(int(firstConnect(set.value())->attr.pathMtu), int(Mtu::Mtu4096));
    }

    void aScenarioWithoutAScriptIsTheKeysScript() {
        // Keys only, as --set gives them: the default script shaped by them.
        const Json keysOnly{{"scene", "rdma"}, {"format", 1}, {"path_mtu", "512"}, {"message_size", 2048}};
        auto setup = rdmaSetupFrom(sim::ParamValues{}, keysOnly);
        QVERIFY2(setup.ok(), setup.ok() ? "" : setup.error().message.c_str());
        auto same = rdmaSetupFrom(sim::ParamValues{{"path_mtu", "512"}, {"message_size", 2048}}, std::nullopt);
        QVERIFY(same.ok());
        QCOMPARE(int(firstConnect(setup.value())->attr.pathMtu), int(Mtu::Mtu512));
        QCOMPARE(setup.value().script.calls.size(), same.value().script.calls.size());
    }

    void saveScenarioAsKeepsTheKeysAPersonSet() {
        const auto model = sceneModel();
        const Json scenario = load("packet_loss.json");
        const sim::ParamValues set{{"timeout", 14}, {"wire_latency_ns", 2000}, {"path_mtu", "256"}, {"drop_packet", 3}};
        const Json saved = sim::scenarioFor(model, set, scenario);
        QCOMPARE((*connectAttr(saved))["timeout"], Json(14));
        QCOMPARE((*connectAttr(saved))["path_mtu"], Json(256));
        QCOMPARE(saved["wire_latency_ns"], Json(2000));
        QCOMPARE(saved["script"][0], (Json{{"call", "fault"}, {"drop_packet", 3}}));
        // Opening the saved file with no keys set gives the same setup as the run.
        auto reopened = rdmaSetupFrom(sim::ParamValues{}, saved);
        auto ran = rdmaSetupFrom(set, scenario);
        QVERIFY(reopened.ok() && ran.ok());
        QCOMPARE(firstConnect(reopened.value())->attr.timeout, firstConnect(ran.value())->attr.timeout);
        QCOMPARE(int(firstConnect(reopened.value())->attr.pathMtu), int(firstConnect(ran.value())->attr.pathMtu));
        QCOMPARE(reopened.value().config.wireLatencyNs, std::uint64_t(2000));
        QCOMPARE(reopened.value().script.calls.size(), ran.value().script.calls.size());
        // Keys nobody set leave the file as it was.
        QCOMPARE(sim::scenarioFor(model, {}, scenario), scenario);
    }
};

QTEST_APPLESS_MAIN(RdmaSceneKeysTest)
#include "tst_rdma_scene_keys.moc"
