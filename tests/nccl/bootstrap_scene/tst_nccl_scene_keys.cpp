// Proves the nccl-bootstrap scene merges its keys by the one rule every scene
// follows (sim::makeSceneModel): a key a person set wins over the scenario's
// field, which wins over the default; the scenario envelope (title, description,
// notes) is accepted, and an unknown field is refused in the words the other
// scenes use.

#include "nccl/bootstrap_scene/nccl_scene_model.h"
#include "nccl_test_support.h"
#include "sim/session.h"

using namespace nccltest;
using sim::Json;

namespace {

Json envelope() { return {{"scene", "nccl-bootstrap"}, {"format", 1}}; }

const Config& configOfSession(const sim::Session& session) {
    return dynamic_cast<const sim::TimelineSession<NcclEngine>&>(session).engine().config();
}

sim::ParamValues set(const std::vector<std::string>& assignments) {
    sim::ParamValues values;
    const auto status = sim::applyAssignments(sceneModel().params, assignments, values);
    if (!status) qFatal("%s", status.error().message.c_str());
    return values;
}

}  // namespace

class NcclSceneKeysTest : public QObject {
    Q_OBJECT

private slots:
    void envelopeFieldsAreAccepted() {
        Json doc = envelope();
        doc["title"] = "Three ranks";
        doc["description"] = "A short ring";
        doc["notes"] = "Written for the course, week 3";
        doc["nranks"] = 3;
        auto session = sceneModel().build({}, doc);
        QVERIFY2(session.ok(), session ? "" : session.error().message.c_str());
        QCOMPARE(configOfSession(*session.value()).nranks, 3);
    }

    void setBeatsScenarioBeatsDefault() {
        Json doc = envelope();
        doc["nranks"] = 6;
        doc["version"] = "2.30";
        doc["seed"] = 7;
        doc["log_rank"] = 2;
        // seed=1 is the key's default: set by a person, it still beats the scenario's 7.
        auto session = sceneModel().build(set({"nranks=5", "seed=1"}), doc);
        QVERIFY2(session.ok(), session ? "" : session.error().message.c_str());
        const Config& c = configOfSession(*session.value());
        QCOMPARE(c.nranks, 5);                                       // --set
        QCOMPARE(c.seed, std::uint64_t(1));                          // --set, at its default
        QCOMPARE(c.version, Version::V2_30);                         // scenario
        QCOMPARE(c.log_rank, 2);                                     // scenario
        QCOMPARE(c.nroots, 1);                                       // default
        QCOMPARE(c.gpus_per_node, 8);                                // default
        QCOMPARE(c.interfaces, std::string("ib0,eth0,docker0,lo"));  // default

        // The Parameters dock reads the same merge (sim::resolveKeys) and where each value came from.
        auto keys = sim::resolveKeys(sceneModel(), set({"nranks=5", "seed=1"}), doc);
        QVERIFY(keys.ok());
        QCOMPARE(keys->sources.at("nranks"), sim::KeySource::Person);
        QCOMPARE(keys->sources.at("seed"), sim::KeySource::Person);
        QCOMPARE(keys->sources.at("version"), sim::KeySource::Scenario);
        QCOMPARE(keys->sources.at("nroots"), sim::KeySource::Default);
        QCOMPARE(keys->at("log_rank"), Json(2));
    }

    void crossKeyRulesSeeTheMergedValues() {
        // The scenario's 4 ranks make its missing_rank 5 out of range, unless --set adds ranks.
        Json doc = envelope();
        doc["nranks"] = 4;
        doc["missing_rank"] = 5;
        auto refused = sceneModel().build({}, doc);
        QVERIFY(!refused.ok());
        QCOMPARE(QString::fromStdString(refused.error().message),
                 QString("invalid value '5' for key 'missing_rank': allowed -1 (off) or a rank from 0 to 3"));
        auto accepted = sceneModel().build(set({"nranks=8"}), doc);
        QVERIFY(accepted.ok());
        QCOMPARE(configOfSession(*accepted.value()).missing_rank, 5);
    }

    void unknownFieldIsRefusedLikeEveryScene() {
        Json doc = envelope();
        doc["nrank"] = 4;
        const QString expected =
            "unknown scenario field 'nrank' for scene nccl-bootstrap: allowed nranks, version, nroots, detail, "
            "distribution, missing_rank, bad_magic_rank, nranks_mismatch_rank, duplicate_rank, root_unreachable, "
            "log, log_rank, graph_log, runtime_connect, nodes, gpus_per_node, nics_per_node, topo_file, nvlink, "
            "gpu_sm, interfaces, socket_ifname, comm_id, stagger_threshold, seed";
        auto session = sceneModel().build({}, doc);
        QVERIFY(!session.ok());
        QCOMPARE(QString::fromStdString(session.error().message), expected);
        // configFrom (the engine tests' path) applies the same rule.
        auto config = configFrom({}, doc);
        QVERIFY(!config.ok());
        QCOMPARE(QString::fromStdString(config.error().message), expected);
    }

    void badScenarioValueNamesTheKey() {
        Json doc = envelope();
        doc["version"] = "2.23";
        auto session = sceneModel().build({}, doc);
        QVERIFY(!session.ok());
        QCOMPARE(QString::fromStdString(session.error().message),
                 QString("invalid value '2.23' for key 'version': allowed one of classic, 2.30"));
    }
};

QTEST_APPLESS_MAIN(NcclSceneKeysTest)
#include "tst_nccl_scene_keys.moc"
