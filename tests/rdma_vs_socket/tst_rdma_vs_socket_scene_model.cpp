// Proves the rdma-vs-socket scene builds a TimelineSession from its keys and
// from its bundled scenario file, with --set values overriding the scenario,
// and rejects bad input with one line naming the key and what is allowed.

#include <QtTest>

#include "rdma_vs_socket/rdma_vs_socket_engine.h"
#include "rdma_vs_socket/rdma_vs_socket_scene_model.h"
#include "sim/scenario_file.h"
#include "sim/session.h"

using namespace commviz;
using namespace commviz::rdma_vs_socket;

namespace {

const RdmaVsSocketEngine& engineOf(const sim::Session& session) {
    return dynamic_cast<const sim::TimelineSession<RdmaVsSocketEngine>&>(session).engine();
}

sim::Json oneMessage() {
    auto doc = sim::readScenarioFile(COMMVIZ_SCENARIO_DIR "/one_message.json", "rdma-vs-socket");
    if (!doc) qFatal("%s", doc.error().message.c_str());
    return doc.value();
}

}  // namespace

class RdmaVsSocketSceneModelTest : public QObject {
    Q_OBJECT

private slots:
    void sceneHasItsIdAndKeys() {
        const auto model = sceneModel();
        QCOMPARE(model.id, std::string("rdma-vs-socket"));
        std::vector<std::string> keys;
        for (const auto& p : model.params) keys.push_back(p.key);
        QVERIFY((keys == std::vector<std::string>{"message_size", "messages", "verbs_op", "order"}));
        QCOMPARE(sim::findParam(model.params, "message_size")->max, 8388608.0);
    }

    void buildsWithDefaultsAndRunsToTheEnd() {
        auto session = sceneModel().build({}, std::nullopt);
        QVERIFY(session.ok());
        const auto reached = session.value()->runToEnd(sceneModel().stepCap);
        QCOMPARE(reached, std::size_t(4 + 11 + 7));
        QVERIFY(session.value()->atEnd());
        QCOMPARE(session.value()->summary()["socket"]["copies"].get<int>(), 2);
        QCOMPARE(session.value()->eventRecords(1).front().kind, std::string("setup_open_device"));
    }

    void bundledScenarioBuilds() {
        auto session = sceneModel().build({}, oneMessage());
        QVERIFY(session.ok());
        const Config& c = engineOf(*session.value()).config();
        QCOMPARE(c.message_size, std::int64_t(4096));
        QCOMPARE(c.messages, 1);
        QCOMPARE(c.verbs_op, VerbsOp::Write);
    }

    void setValuesOverrideTheScenario() {
        auto doc = oneMessage();
        doc["message_size"] = 64;
        doc["verbs_op"] = "send";
        sim::ParamValues values;
        QVERIFY(sim::applyAssignments(sceneModel().params, {"message_size=1048576", "messages=3"}, values).ok());
        auto session = sceneModel().build(values, doc);
        QVERIFY(session.ok());
        const Config& c = engineOf(*session.value()).config();
        QCOMPARE(c.message_size, std::int64_t(1048576));  // --set wins
        QCOMPARE(c.messages, 3);                          // --set wins
        QCOMPARE(c.verbs_op, VerbsOp::Send);              // from the scenario
        QCOMPARE(c.order, Order::Race);                   // default
    }

    void unknownScenarioFieldIsNamed() {
        auto doc = oneMessage();
        doc["msg_size"] = 10;
        auto session = sceneModel().build({}, doc);
        QVERIFY(!session.ok());
        QVERIFY(session.error().message.find("'msg_size'") != std::string::npos);
        QVERIFY(session.error().message.find("message_size") != std::string::npos);
    }

    void outOfRangeValuesAreRejected() {
        auto doc = oneMessage();
        doc["message_size"] = 0;
        auto fromFile = sceneModel().build({}, doc);
        QVERIFY(!fromFile.ok());
        QVERIFY(fromFile.error().message.find("message_size") != std::string::npos);

        sim::ParamValues values{{"verbs_op", "read"}};
        auto fromSet = sceneModel().build(values, std::nullopt);
        QVERIFY(!fromSet.ok());
        QVERIFY(fromSet.error().message.find("one of write, send") != std::string::npos);

        sim::ParamValues tooMany{{"messages", 65}};
        QVERIFY(!sceneModel().build(tooMany, std::nullopt).ok());
    }

    void sessionStepsBackToEarlierCounters() {
        auto session = sceneModel().build({}, oneMessage()).value();
        session->runToEnd(1000);
        session->seek(5);  // setup 4 + send_syscall
        QCOMPARE(session->summary()["socket"]["syscalls"].get<int>(), 1);
        QVERIFY(session->inspect("lane:socket")["stage"].get<int>() == 1);
        QVERIFY(session->stepBack());
        QCOMPARE(session->summary()["socket"]["syscalls"].get<int>(), 0);
    }
};

QTEST_APPLESS_MAIN(RdmaVsSocketSceneModelTest)
#include "tst_rdma_vs_socket_scene_model.moc"
