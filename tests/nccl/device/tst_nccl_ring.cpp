// Proves NCCL's ring allreduce moves the chunks of runRing's table round by
// round (p = 4: RS1 rank r sends chunk r-1, AG1 chunk r), sends 2(p-1)/p of
// the buffer per rank, splits over channels and loops over big buffers, that
// LL / LL128 lower the useful bandwidth and bring NCCL's own latencies, and
// that broadcast, reduce, allgather and reduce_scatter follow their rings.

#include "collectives_scene/collectives_scene_model.h"
#include "collectives_test_support.h"
#include "sim/session.h"

using namespace commviz;
using namespace commviz::collectives;
using namespace commviz::collectives::test;

namespace {

Config ncclConfig(int ranks, std::int64_t bytes, Collective collective = Collective::Allreduce) {
    Config config = configFor(collective, "ring", ranks, bytes);
    config.library = Library::Nccl;
    return config;
}

using Sends = std::vector<std::tuple<int, int, int>>;  // src, dst, first block

Sends roundSends(CollectivesEngine& engine) {
    Sends sends;
    for (const auto& event : engine.step()) {
        const Message& message = std::get<SendEvent>(event).message;
        sends.emplace_back(message.src, message.dst, message.blocks.front().first);
    }
    return sends;
}

double timeOfKeys(sim::ParamValues values) {
    values.emplace("library", "nccl");
    values.emplace("algorithm", "ring");
    values.emplace("ranks", 2);
    values.emplace("bytes", 2000);
    values.emplace("topo_file", "");  // no server: the link preset prices the ring, protocol=auto is Simple
    auto session = sceneModel().build(values, std::nullopt);
    if (!session) qFatal("%s", session.error().message.c_str());
    session.value()->runToEnd(sceneModel().stepCap);
    return session.value()->summary()["time_us"].get<double>();
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
    void sendsNameRunRingsPrimitives() {
        // all_reduce.h runRing, p = 4: step 0 sends the own chunk, steps 1-2 add and pass on, step 3 makes
        // the chunk final and passes it, steps 4-5 keep and pass; every rank calls the same primitive.
        auto engine = CollectivesEngine::create(ncclConfig(4, 4000)).value();
        for (const char* expected :
             {"directSend", "directRecvReduceDirectSend", "directRecvReduceDirectSend",
              "directRecvReduceCopyDirectSend", "directRecvCopyDirectSend", "directRecvCopyDirectSend"}) {
            const auto events = engine.step();
            QCOMPARE(events.size(), std::size_t(4));
            for (const auto& event : events) {
                QCOMPARE(std::get<SendEvent>(event).primitive, std::string_view(expected));
                QCOMPARE(CollectivesEngine::describe(event).anchor, std::string(expected));
            }
        }
        // Rooted rings (broadcast.h, reduce.h): the root copies and sends, the last hop of a reduce ends
        // at the root; allgather and reduce_scatter start like allreduce's two halves.
        const auto firstTwo = [](Collective collective) {
            Config config = ncclConfig(4, 4000, collective);
            config.root = 1;
            auto ring = CollectivesEngine::create(config).value();
            std::vector<std::string> names;
            for (int step = 0; step < 2; ++step)
                for (const auto& event : ring.step()) {
                    const auto& send = std::get<SendEvent>(event);
                    names.push_back(std::to_string(send.message.src) + ":" + std::string(send.primitive));
                }
            return names;
        };
        using Names = std::vector<std::string>;
        QCOMPARE(firstTwo(Collective::Bcast), (Names{"1:directCopySend", "2:directRecvCopyDirectSend"}));
        QCOMPARE(firstTwo(Collective::Reduce), (Names{"2:send", "3:recvReduceSend"}));
        QCOMPARE(firstTwo(Collective::Allgather).front(), std::string("0:directCopySend"));
        QCOMPARE(firstTwo(Collective::Allgather).back(), std::string("3:directRecvCopyDirectSend"));
        QCOMPARE(firstTwo(Collective::ReduceScatter).front(), std::string("0:send"));
        QCOMPARE(firstTwo(Collective::ReduceScatter).back(), std::string("3:recvReduceSend"));
    }

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

    void bigBuffersLoop() {
        // Simple rings of allreduce take 2 MiB chunks: p = 2 loops over 4 MiB, so 8 MiB + 3 is 3 loops.
        const std::int64_t bytes = (8 << 20) + 3;
        checkSchedule(runToEnd(ncclConfig(2, bytes)), 3 * 2, 3 * 2 * 2, bytes, 2 * bytes);
        // LL chunks carry 32 KiB: 1 MiB is 16 loops of 64 KiB.
        auto config = ncclConfig(2, 1 << 20);
        config.protocol = NcclProtocol::Ll;
        QCOMPARE(runToEnd(config)["rounds"].get<int>(), 16 * 2);
    }

    void protocolsBringNcclLatencies() {
        // ib400 (network, 50 GB/s; γ 100 GB/s), chunks of 1000 B. Simple: base 8.4, 14 µs per step:
        // RS 14 + 0.02 + 0.01, AG 14 + 0.02. LL: base 6.6, 2.7 µs per step, 25 GB/s. LL128: base 14,
        // 4 µs per step, 46.875 GB/s. NVLink Simple: base 8.4, 3.4 µs per step, 450 GB/s.
        QVERIFY(qFuzzyCompare(timeOfKeys({}), 8.4 + 28.05));
        QVERIFY(qFuzzyCompare(timeOfKeys({{"protocol", "ll"}}), 6.6 + 5.49));
        QVERIFY(qFuzzyCompare(timeOfKeys({{"protocol", "ll128"}}), 14 + 8 + 2 * 1000 / 46875.0 + 0.01));
        QVERIFY(qFuzzyCompare(timeOfKeys({{"link", "nvlink4"}}), 8.4 + 6.8 + 2 * 1000 / 450000.0 + 0.01));
        // A person's α replaces NCCL's latencies, base included.
        QVERIFY(qFuzzyCompare(timeOfKeys({{"alpha_us", 1.0}}), 2.05));
    }

    void broadcastIsAPipelinedChain() {
        // p = 4, root 1, 1 MiB in two 512 KiB chunks along 1 -> 2 -> 3 -> 0: 2 + 4 - 2 rounds.
        auto config = ncclConfig(4, 1 << 20, Collective::Bcast);
        config.root = 1;
        auto engine = CollectivesEngine::create(config).value();
        QCOMPARE(roundSends(engine), (Sends{{1, 2, 0}}));
        QCOMPARE(roundSends(engine), (Sends{{1, 2, 1}, {2, 3, 0}}));
        QCOMPARE(roundSends(engine), (Sends{{2, 3, 1}, {3, 0, 0}}));
        QCOMPARE(roundSends(engine), (Sends{{3, 0, 1}}));
        QVERIFY(engine.done());
        QVERIFY(engine.summary()["result_ok"].get<bool>());
    }

    void reduceEndsAtTheRoot() {
        // The same chain shifted one on: 2 -> 3 -> 0 -> 1, every receiver adding its own chunk.
        auto config = ncclConfig(4, 1 << 20, Collective::Reduce);
        config.root = 1;
        auto engine = CollectivesEngine::create(config).value();
        const auto first = engine.step();
        QCOMPARE(first.size(), std::size_t(1));
        QVERIFY(std::get<SendEvent>(first.front()).message.reduce);
        QCOMPARE(roundSends(engine), (Sends{{2, 3, 1}, {3, 0, 0}}));
        QCOMPARE(roundSends(engine), (Sends{{3, 0, 1}, {0, 1, 0}}));
        QCOMPARE(roundSends(engine), (Sends{{0, 1, 1}}));
        QVERIFY(engine.summary()["result_ok"].get<bool>());
    }

    void rootedRingsAtEveryRankCount() {
        // 1000 B on two channels, one chunk each: p-1 rounds, every rank but the last of the chain sends S.
        for (Collective collective : {Collective::Bcast, Collective::Reduce})
            for (int p : kRanks) {
                auto config = ncclConfig(p, 1000, collective);
                config.nchannels = 2;
                config.root = p - 1;
                checkSchedule(runToEnd(config), p - 1, 2LL * (p - 1), p > 1 ? 1000 : 0, (p - 1) * 1000LL);
            }
    }

    void allgatherForwardsEachRanksBlock() {
        // Round j: rank r sends rank r-j's block to r+1.
        auto engine = CollectivesEngine::create(ncclConfig(4, 1000, Collective::Allgather)).value();
        QCOMPARE(roundSends(engine), (Sends{{0, 1, 0}, {1, 2, 1}, {2, 3, 2}, {3, 0, 3}}));
        QCOMPARE(roundSends(engine), (Sends{{0, 1, 3}, {1, 2, 0}, {2, 3, 1}, {3, 0, 2}}));
        QCOMPARE(roundSends(engine), (Sends{{0, 1, 2}, {1, 2, 3}, {2, 3, 0}, {3, 0, 1}}));
        QVERIFY(engine.done());
        for (int p : kRanks) {
            auto config = ncclConfig(p, 1000, Collective::Allgather);
            config.nchannels = 2;
            checkSchedule(runToEnd(config), p - 1, 2LL * p * (p - 1), (p - 1) * 1000LL, p * (p - 1) * 1000LL);
        }
    }

    void reduceScatterLeavesRankRWithBlockR() {
        // Round s (from 1): rank r sends its partial sum of block r-s to r+1.
        auto engine = CollectivesEngine::create(ncclConfig(4, 4000, Collective::ReduceScatter)).value();
        QCOMPARE(roundSends(engine), (Sends{{0, 1, 3}, {1, 2, 0}, {2, 3, 1}, {3, 0, 2}}));
        QCOMPARE(roundSends(engine), (Sends{{0, 1, 2}, {1, 2, 3}, {2, 3, 0}, {3, 0, 1}}));
        QCOMPARE(roundSends(engine), (Sends{{0, 1, 1}, {1, 2, 2}, {2, 3, 3}, {3, 0, 0}}));
        for (int p : kRanks) {
            auto config = ncclConfig(p, 1680, Collective::ReduceScatter);  // 1680 = lcm(1..8, 16)
            config.nchannels = 2;
            checkSchedule(runToEnd(config), p - 1, 2LL * p * (p - 1), 1680 / p * (p - 1), 1680LL * (p - 1));
        }
    }

    void resultsAreCorrectForOddCounts() {
        for (Collective collective : {Collective::Allreduce, Collective::Bcast, Collective::Reduce,
                                      Collective::Allgather, Collective::ReduceScatter})
            for (int p : kRanks)
                for (std::int64_t bytes : {1, 3, 7, 1001, 4001})
                    for (int channels : {1, 3}) {
                        auto config = ncclConfig(p, bytes, collective);
                        config.nchannels = channels;
                        config.root = p / 2;
                        QVERIFY2(runToEnd(config)["result_ok"].get<bool>(), std::string(name(collective)).c_str());
                    }
    }

    void busbwAndClosedFormsPerCollective() {
        // p = 4, one channel, α = 1 µs, β = 1 GB/s, γ = 2 GB/s. Allgather of 1000 B blocks: 3 rounds of 2 µs,
        // algbw 4000 B / 6 µs, busbw x 3/4; closed form 3α + (3/4)·4000 B·β = 6 µs.
        auto gathered = runToEnd(ncclConfig(4, 1000, Collective::Allgather));
        QCOMPARE(gathered["time_us"].get<double>(), 6.0);
        QCOMPARE(gathered["algbw_GBps"].get<double>(), 4000 / 6e3);
        QCOMPARE(gathered["busbw_GBps"].get<double>(), 4000 / 6e3 * 0.75);
        QCOMPARE(gathered["closed_form_us"].get<double>(), 6.0);
        // Reduce_scatter of 4000 B: 3 rounds of 1 + 1 + 0.5 µs; closed form 3α + (3/4)n(β + γ).
        auto scattered = runToEnd(ncclConfig(4, 4000, Collective::ReduceScatter));
        QCOMPARE(scattered["time_us"].get<double>(), 7.5);
        QCOMPARE(scattered["busbw_GBps"].get<double>(), 4000 / 7.5e3 * 0.75);
        QCOMPARE(scattered["closed_form_us"].get<double>(), 7.5);
        // Broadcast of one 1000 B chunk: 3 hops of 2 µs, busbw = algbw; closed form (p-1)α + nβ = 4 µs.
        auto broadcast = runToEnd(ncclConfig(4, 1000, Collective::Bcast));
        QCOMPARE(broadcast["time_us"].get<double>(), 6.0);
        QCOMPARE(broadcast["busbw_GBps"].get<double>(), 1000 / 6e3);
        QCOMPARE(broadcast["closed_form_us"].get<double>(), 4.0);
        // Reduce: 3 hops of 2.5 µs; closed form (p-1)α + n(β + γ) = 4.5 µs.
        auto reduced = runToEnd(ncclConfig(4, 1000, Collective::Reduce));
        QCOMPARE(reduced["time_us"].get<double>(), 7.5);
        QCOMPARE(reduced["busbw_factor"].get<double>(), 1.0);
        QCOMPARE(reduced["closed_form_us"].get<double>(), 4.5);
        QCOMPARE(runToEnd(ncclConfig(4, 1000))["busbw_factor"].get<double>(), 1.5);
    }

    void collectivesWithoutNcclAlgorithms() {
        auto config = ncclConfig(4, 1000, Collective::Gather);
        auto refused = CollectivesEngine::create(config);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().message, std::string("algorithm=ring is not an NCCL gather algorithm; allowed: auto"));
        config.algorithm = "auto";
        QCOMPARE(CollectivesEngine::create(config).error().message,
                 std::string("no NCCL algorithm is modelled for gather"));
        // Without a server NCCL's tuner has nothing to read (tst_collectives_nccl_auto covers it with one).
        auto rule = ncclConfig(4, 1000, Collective::Allgather);
        rule.algorithm = "auto";
        const std::string refusal = CollectivesEngine::create(rule).error().message;
        QVERIFY2(
            refusal.find("needs a server") != std::string::npos && refusal.find("algorithm: ring") != std::string::npos,
            refusal.c_str());
    }

    void openMpiNamesAreRefused() {
        auto config = ncclConfig(4, 4000);
        config.algorithm = "rabenseifner";
        auto refused = CollectivesEngine::create(config);
        QVERIFY(!refused.ok());
        QCOMPARE(
            refused.error().message,
            std::string("algorithm=rabenseifner is not an NCCL allreduce algorithm; allowed: auto, tree, ring, nvls"));
    }
};

QTEST_GUILESS_MAIN(NcclRingTest)
#include "tst_nccl_ring.moc"
