// Proves NCCL's ring allreduce moves the chunks of runRing's table round by
// round (p = 4: RS1 rank r sends chunk r-1, AG1 chunk r), sends 2(p-1)/p of
// the buffer per rank, splits over channels, and that LL / LL128 lower the
// useful bandwidth.

#include "collectives_test_support.h"

using namespace commviz;
using namespace commviz::collectives;
using namespace commviz::collectives::test;

namespace {

Config ncclConfig(int ranks, std::int64_t bytes) {
    Config config = configFor(Collective::Allreduce, "ring", ranks, bytes);
    config.library = Library::Nccl;
    return config;
}

std::vector<int> chunksSent(const std::vector<CollectivesEvent>& events) {
    std::vector<int> chunks;
    for (const auto& event : events) chunks.push_back(std::get<SendEvent>(event).message.blocks.front().first);
    return chunks;
}

}  // namespace

class NcclRingTest : public QObject {
    Q_OBJECT

private slots:
    void chunksFollowRunRing() {
        auto engine = CollectivesEngine::create(ncclConfig(4, 4000)).value();
        QCOMPARE(chunksSent(engine.step()), (std::vector<int>{3, 0, 1, 2}));  // RS1
        QCOMPARE(chunksSent(engine.step()), (std::vector<int>{2, 3, 0, 1}));  // RS2
        QCOMPARE(chunksSent(engine.step()), (std::vector<int>{1, 2, 3, 0}));  // RS3: rank r holds the final chunk r
        QCOMPARE(chunksSent(engine.step()), (std::vector<int>{0, 1, 2, 3}));  // AG1
        engine.step();
        QCOMPARE(chunksSent(engine.step()), (std::vector<int>{2, 3, 0, 1}));  // AG3
        QVERIFY(engine.done());
        const auto summary = engine.summary();
        QCOMPARE(summary["bytes_sent_max"].get<std::int64_t>(), std::int64_t(6000));  // 2(p-1)/p x 4000
        QVERIFY(summary["algorithm_id"].is_null());
        QVERIFY(summary["result_ok"].get<bool>());
    }

    void everyRankCountIsCorrect() {
        for (int p : {1, 2, 3, 4, 5, 6, 7, 8, 16})
            for (int channels : {1, 2, 4}) {
                auto config = ncclConfig(p, 100003);
                config.nchannels = channels;
                const auto summary = runToEnd(config);
                QCOMPARE(summary["rounds"].get<int>(), 2 * (p - 1));
                QCOMPARE(summary["messages"].get<std::int64_t>(), 2LL * p * (p - 1) * channels);
                QCOMPARE(summary["bytes_sent_total"].get<std::int64_t>(), 2LL * (p - 1) * 100003);
                QVERIFY(summary["result_ok"].get<bool>());
            }
    }

    void protocolsLowerTheBandwidth() {
        // p = 2, 2000 B, chunks of 1000 B. Simple: RS 1 + 1 + 0.5, AG 1 + 1 = 4.5 µs.
        // LL halves β: RS 1 + 2 + 0.5, AG 1 + 2 = 6.5 µs. LL128: 1000 B take 1000/(0.9375 x 1000) µs.
        auto config = ncclConfig(2, 2000);
        QCOMPARE(runToEnd(config)["time_us"].get<double>(), 4.5);
        config.protocol = NcclProtocol::Ll;
        QCOMPARE(runToEnd(config)["time_us"].get<double>(), 6.5);
        config.protocol = NcclProtocol::Ll128;
        QVERIFY(qFuzzyCompare(runToEnd(config)["time_us"].get<double>(), 4.5 + 2 * (1.0 / 0.9375 - 1.0)));
    }

    void openMpiNamesAreRefused() {
        auto config = ncclConfig(4, 4000);
        config.algorithm = "rabenseifner";
        auto refused = CollectivesEngine::create(config);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().message,
                 std::string("algorithm=rabenseifner is not an NCCL allreduce algorithm; allowed: auto, tree, ring"));
    }
};

QTEST_GUILESS_MAIN(NcclRingTest)
#include "tst_collectives_nccl_ring.moc"
