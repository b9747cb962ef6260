// Proves the collectives scene builds a session from its keys, runs to the
// end with the summary fields of its command-line contract, and refuses bad
// keys with one line naming the key, the value and what is allowed.

#include "collectives/collectives_scene_model.h"
#include "collectives_test_support.h"
#include "sim/session.h"

using namespace commviz;
using namespace commviz::collectives;

namespace {

sim::Result<std::unique_ptr<sim::Session>> build(sim::ParamValues values) {
    return sceneModel().build(values, std::nullopt);
}

}  // namespace

class CollectivesSceneModelTest : public QObject {
    Q_OBJECT

private slots:
    void keysAreTheContract() {
        const auto model = sceneModel();
        QCOMPARE(model.id, std::string("collectives"));
        for (const char* key : {"collective", "library", "algorithm", "ranks", "bytes", "root", "op", "segsize",
                                "fanout", "radix", "nchannels", "protocol", "alpha_us", "beta_GBps", "gamma_GBps"})
            QVERIFY2(sim::findParam(model.params, key), key);
        QCOMPARE(sim::findParam(model.params, "ranks")->max, 4096.0);
        QCOMPARE(sim::findParam(model.params, "bytes")->max, double(std::int64_t(16) << 30));
    }

    void runsWithTheSummaryFields() {
        auto session = build({{"ranks", 4}, {"bytes", 4096}, {"algorithm", "ring"}});
        QVERIFY(session.ok());
        session.value()->runToEnd(sceneModel().stepCap);
        const auto summary = session.value()->summary();
        for (const char* field :
             {"algorithm", "algorithm_id", "rule", "redirected_from", "rounds", "messages", "bytes_sent_max",
              "bytes_sent_total", "time_us", "algbw_GBps", "busbw_GBps", "result_ok"})
            QVERIFY2(summary.contains(field), field);
        QCOMPARE(summary["rounds"].get<int>(), 6);
        const auto first = session.value()->eventRecords(1).front();
        QCOMPARE(first.kind, std::string("send"));
        // Round 0 of the ring: rank 0 sends its block 0 to rank 1, which adds it.
        QCOMPARE(first.fields["src"].get<int>(), 0);
        QCOMPARE(first.fields["dst"].get<int>(), 1);
        QCOMPARE(first.fields["bytes"].get<int>(), 1024);
        QCOMPARE(first.fields["blocks"], sim::Json::array({0}));
        QVERIFY(first.fields["reduce"].get<bool>());
    }

    void roundsDetailGivesOneEventPerRound() {
        auto session = build({{"ranks", 4}, {"bytes", 4096}, {"algorithm", "ring"}, {"detail", "rounds"}});
        session.value()->runToEnd(sceneModel().stepCap);
        const auto records = session.value()->eventRecords(1);
        QCOMPARE(records.size(), std::size_t(1));
        QCOMPARE(records.front().kind, std::string("round"));
        QCOMPARE(records.front().fields["messages"].get<int>(), 4);
    }

    void unknownAlgorithmListsTheAllowedOnes() {
        auto session = build({{"algorithm", "butterfly"}});
        QVERIFY(!session.ok());
        QCOMPARE(
            session.error().message,
            std::string("algorithm=butterfly is not an Open MPI allreduce algorithm; allowed: auto, basic_linear, "
                        "nonoverlapping, recursive_doubling, ring, segmented_ring, rabenseifner, allgather_reduce"));
    }

    void contradictoryKeysAreRefused() {
        auto root = build({{"ranks", 4}, {"root", 4}});
        QVERIFY(!root.ok());
        QVERIFY(root.error().message.find("root=4") == 0);
        auto datatype = build({{"bytes", 6}, {"datatype", "int32"}});
        QVERIFY(!datatype.ok());
        QVERIFY(datatype.error().message.find("bytes=6") == 0);
        QVERIFY(!build({{"ranks", 4097}}).ok());
    }

    void eventKindsAreSendAndRound() {
        QCOMPARE(CollectivesEngine::eventKinds(), (std::vector<std::string>{"send", "round"}));
    }
};

QTEST_GUILESS_MAIN(CollectivesSceneModelTest)
#include "tst_collectives_scene_model.moc"
