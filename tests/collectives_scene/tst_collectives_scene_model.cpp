// Proves the collectives scene builds a session from its keys, runs to the
// end with the summary fields of its command-line contract, and refuses bad
// keys with one line naming the key, the value and what is allowed.

#include "collectives_scene/collectives_scene_model.h"
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

    // MPI's and NCCL's words for two collectives read as Open MPI's names,
    // from --set and from a scenario alike, and the run names the canonical one.
    void collectiveTakesMpiAndNcclWords() {
        const sim::SceneModel model = sceneModel();
        const sim::ParamSpec& key = *sim::findParam(model.params, "collective");
        QCOMPARE(sim::parseParam(key, "broadcast").value(), sim::Json("bcast"));
        QCOMPARE(sim::parseParam(key, "reducescatter").value(), sim::Json("reduce_scatter"));
        QVERIFY(!sim::parseParam(key, "broadcasts").ok());
        QVERIFY(sim::describeAllowed(key).find("broadcast for bcast") != std::string::npos);
        auto session = build({{"collective", "broadcast"}, {"ranks", 4}, {"bytes", 4096}});
        QVERIFY(session.ok());
        QCOMPARE(session.value()->summary()["collective"], sim::Json("bcast"));
        const sim::Json scenario{{"scene", "collectives"}, {"format", 1}, {"collective", "reducescatter"}};
        auto fromFile = model.build({}, scenario);
        QVERIFY(fromFile.ok());
        QCOMPARE(fromFile.value()->summary()["collective"], sim::Json("reduce_scatter"));
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

    // 16 GiB of int8 cut into 1-byte segments is 2^34 segments: refused before
    // a schedule allocates them (the layout alone would be 128 GiB), naming
    // the algorithm and segsize. 2^34 / 2 ranks once truncated the segmented
    // ring's int phase count to 0 and divided by it.
    void tooManySegmentsAreRefusedBeforeAllocating() {
        const std::string limit =
            " with segsize=1 cuts the vector into 17179869184 segments; allowed: at most 4194304 (use a larger "
            "segsize)";
        const std::int64_t bytes = std::int64_t(16) << 30;
        auto ring = build({{"ranks", 2}, {"bytes", bytes}, {"segsize", 1}, {"algorithm", "segmented_ring"}});
        QVERIFY(!ring.ok());
        QCOMPARE(ring.error().message, "algorithm=segmented_ring" + limit);
        for (const char* algorithm : {"chain", "pipeline"}) {
            auto bcast = build(
                {{"collective", "bcast"}, {"ranks", 4}, {"bytes", bytes}, {"segsize", 1}, {"algorithm", algorithm}});
            QVERIFY(!bcast.ok());
            QCOMPARE(bcast.error().message, "algorithm=" + std::string(algorithm) + limit);
        }
        // 4,194,304 one-byte segments are still allowed.
        QVERIFY(
            build({{"collective", "bcast"}, {"ranks", 2}, {"bytes", 4194304}, {"segsize", 1}, {"algorithm", "chain"}})
                .ok());
    }

    // ompi_coll_tuned_bcast_intra_dec_fixed: under 4 ranks, 32 <= S < 256
    // picks algorithm 5 (binary tree), which auto now runs.
    void autoRunsTheBinaryTreePick() {
        auto session = build({{"collective", "bcast"}, {"ranks", 2}, {"bytes", 100}, {"algorithm", "auto"}});
        QVERIFY(session.ok());
        session.value()->runToEnd(sceneModel().stepCap);
        const auto summary = session.value()->summary();
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("binary_tree"));
        QCOMPARE(summary["rule"].get<std::string>(), std::string("p < 4: S < 256 -> 5"));
        QVERIFY(summary["result_ok"].get<bool>());
    }

    void eventKindsAreSendAndRound() {
        QCOMPARE(CollectivesEngine::eventKinds(), (std::vector<std::string>{"send", "round"}));
    }
};

QTEST_GUILESS_MAIN(CollectivesSceneModelTest)
#include "tst_collectives_scene_model.moc"
