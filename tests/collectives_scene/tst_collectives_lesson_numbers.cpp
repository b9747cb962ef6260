// Every number the collectives lessons state, worked by hand and checked
// against the engine run from the lesson's own scenario file: who sends which
// block in which round, rounds, messages, bytes per rank, times (ib400: α = 2 µs,
// 50 GB/s, reductions at 100 GB/s) and algbw / busbw. A lesson whose scenario
// or engine changes fails here rather than telling the reader something the
// window does not show. Rounds are counted from 1, as the lessons and the
// window count them: round k is step k.

#include <cmath>
#include <fstream>
#include <memory>

#include "collectives_scene/collectives_scene_model.h"
#include "collectives_test_support.h"
#include "sim/session.h"
#include "sim/session_access.h"

using namespace commviz;

namespace {

sim::Json readJson(const std::string& path) {
    std::ifstream in(path);
    if (!in) qFatal("cannot read %s", path.c_str());
    return sim::Json::parse(in);
}

std::string scenarioPath(const std::string& name) {
    return std::string(COMMVIZ_SOURCE_DIR) + "/resources/scenarios/collectives/" + name + ".json";
}

/// The lesson's scenario run to its end, with `values` set over it as `--set` would.
std::unique_ptr<sim::Session> runScenario(const std::string& name, const sim::ParamValues& values = {}) {
    auto model = collectives::sceneModel();
    auto session = model.build(values, readJson(scenarioPath(name)));
    if (!session) qFatal("%s: %s", name.c_str(), session.error().message.c_str());
    session.value()->runToEnd(model.stepCap);
    return std::move(session).value();
}

/// "src>dst:blocks" of every message of round k, e.g. "0>1:7" or "4>0:4,5"; "+" marks a reduction.
QStringList roundText(const sim::Session& session, std::size_t round) {
    QStringList out;
    for (const auto& record : session.eventRecords(round)) {
        QStringList blocks;
        for (const auto& block : record.fields["blocks"]) blocks << QString::number(block.get<int>());
        out << QStringLiteral("%1>%2%3:%4")
                   .arg(record.fields["src"].get<int>())
                   .arg(record.fields["dst"].get<int>())
                   .arg(record.fields["reduce"].get<bool>() ? QStringLiteral("+") : QString())
                   .arg(blocks.join(QLatin1Char(',')));
    }
    return out;
}

bool near(double value, double expected) { return std::abs(value - expected) < 1e-6 * std::max(1.0, expected); }
bool near(double value, double expected, double tolerance) { return std::abs(value - expected) < tolerance; }

void checkTotals(const sim::Json& summary, int rounds, std::int64_t messages, std::int64_t sentMax, double timeUs) {
    QCOMPARE(summary["rounds"].get<int>(), rounds);
    QCOMPARE(summary["messages"].get<std::int64_t>(), messages);
    QCOMPARE(summary["bytes_sent_max"].get<std::int64_t>(), sentMax);
    QVERIFY2(near(summary["time_us"].get<double>(), timeUs), summary["time_us"].dump().c_str());
    QVERIFY(summary["result_ok"].get<bool>());
}

/// Contributions held in `block` by `rank` at the session's cursor.
int contributions(const sim::Session& session, int rank, int block) {
    const sim::Json buffer = session.inspect("rank:" + std::to_string(rank));
    for (const auto& held : buffer["blocks"])
        if (held["block"].get<int>() == block) return held["contributions"].get<int>();
    return -1;
}

/// The candidate `algorithm`/`protocol` of an NCCL run's summary, or null.
sim::Json candidate(const sim::Json& summary, const std::string& algorithm, const std::string& protocol) {
    for (const auto& c : summary["candidates"])
        if (c["algorithm"] == algorithm && c["protocol"] == protocol) return c;
    return {};
}

/// Within float precision (the tuner computes in float, as NCCL does).
bool close(double value, double expected) {
    return std::abs(value - expected) < 2e-5 * std::max(1.0, std::abs(expected));
}

/// The candidate's latency and bandwidth are `latency` µs and `bandwidth` GB/s, and its time for `bytes`
/// is latency × `latScale` + bytes / (1000 × bandwidth × `bwScale`) µs.
void checkCandidate(const sim::Json& summary, const std::string& algorithm, const std::string& protocol, double latency,
                    double bandwidth, double latScale = 1, double bwScale = 1) {
    const sim::Json c = candidate(summary, algorithm, protocol);
    const std::string what = algorithm + "/" + protocol + ": " + c.dump();
    QVERIFY2(!c.is_null(), what.c_str());
    QVERIFY2(close(c["latency_us"].get<double>(), latency), what.c_str());
    QVERIFY2(close(c["bandwidth_GBps"].get<double>(), bandwidth), what.c_str());
    const double bytes = double(summary["bytes"].get<std::int64_t>());
    QVERIFY2(close(c["time_us"].get<double>(), latency * latScale + bytes / (1000 * bandwidth * bwScale)),
             what.c_str());
}

}  // namespace

class CollectivesLessonNumbersTest : public QObject {
    Q_OBJECT

private slots:
    // Lesson "why allreduce has seven algorithms".
    void autoBelowTheThresholdIsRecursiveDoubling() {
        const auto session = runScenario("auto_allreduce_8_below_8k");
        const auto summary = session->summary();
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("recursive_doubling"));
        QCOMPARE(summary["rule"].get<std::string>(), std::string("p < 16: S < 8K -> 3"));
        QVERIFY(roundText(*session, 1).contains("0>1+:0") && roundText(*session, 1).contains("1>0+:0"));
        QVERIFY(roundText(*session, 2).contains("0>2+:0"));
        QVERIFY(roundText(*session, 3).contains("0>4+:0"));
        // 3 rounds of 2 + 8191/50000 + 8191/100000 µs; 3 x 8191 bytes per rank.
        checkTotals(summary, 3, 24, 3 * 8191, 3 * (2 + 8191 / 50e3 + 8191 / 100e3));
        // algbw = S / t, busbw x 2(p-1)/p; the links carried 3S / t.
        QVERIFY(near(summary["algbw_GBps"].get<double>(), 8191 / 6.73719 / 1e3));
        QVERIFY(near(summary["busbw_GBps"].get<double>(), 8191 / 6.73719 / 1e3 * 14 / 8));
    }

    void atTheThresholdRabenseifnerHalves() {
        const auto session = runScenario("auto_allreduce_8_at_8k");
        const auto summary = session->summary();
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("rabenseifner"));
        QCOMPARE(summary["rule"].get<std::string>(), std::string("p < 16: S >= 8K -> 6"));
        QVERIFY(roundText(*session, 1).contains("0>1+:4,5,6,7") && roundText(*session, 1).contains("1>0+:0,1,2,3"));
        QCOMPARE(session->eventRecords(1).front().fields["bytes"].get<int>(), 4096);
        QVERIFY(roundText(*session, 6).contains("0>1:0,1,2,3") && roundText(*session, 6).contains("1>0:4,5,6,7"));
        // Halving 4096 + 2048 + 1024 (reduced), doubling 1024 + 2048 + 4096.
        const double halving = 3 * 2 + 7168 / 50e3 + 7168 / 100e3, doubling = 3 * 2 + 7168 / 50e3;
        checkTotals(summary, 6, 48, 14336, halving + doubling);
        QVERIFY(near(halving + doubling, 12.3584));
    }

    void basicLinearQueuesAtRankZero() {
        const auto session = runScenario("basic_linear_8");
        const auto first = session->eventRecords(1);
        QCOMPARE(roundText(*session, 1).first(), QStringLiteral("7>0+:0"));
        QCOMPARE(roundText(*session, 1).last(), QStringLiteral("1>0+:0"));
        const double message = 2 + 8192 / 50e3 + 8192 / 100e3;  // 2.24576 µs, one after another
        QVERIFY(near(first.front().fields["end_us"].get<double>(), message));
        QVERIFY(near(first.back().fields["end_us"].get<double>(), 7 * message));
        QVERIFY(near(7 * message, 15.72032));
    }

    // Lessons "ring allreduce chunk by chunk" and "what algbw and busbw mean".
    void openMpiRingOfSixteen() {
        const auto session = runScenario("ring_allreduce_16");
        const QStringList first = roundText(*session, 1);
        QVERIFY(first.contains("0>1+:0") && first.contains("15>0+:15"));
        QVERIFY(roundText(*session, 2).contains("1>2+:0"));
        QVERIFY(roundText(*session, 3).contains("0>1+:14"));
        QVERIFY(roundText(*session, 16).contains("0>1:1"));
        session->seek(2);
        QCOMPARE(contributions(*session, 2, 0), 3);  // ranks 0, 1 and 2
        session->seek(15);
        for (int rank = 0; rank < 16; ++rank) QCOMPARE(contributions(*session, rank, (rank + 1) % 16), 16);
        QCOMPARE(contributions(*session, 0, 0), 1);
        session->seek(30);
        // 15 rounds of 2 + 4096/50000 + 4096/100000 µs, 15 of 2 + 4096/50000: 60 µs of start-ups.
        const double time = 15 * (2 + 4096 / 50e3 + 4096 / 100e3) + 15 * (2 + 4096 / 50e3);
        checkTotals(session->summary(), 30, 480, 30 * 4096, time);
        QVERIFY(near(time, 63.072));
    }

    void openMpiRingOfSixteenOnOneMebibyte() {
        const auto session = runScenario("ring_allreduce_16_1mib");
        // 15 rounds of 2 + 65536/50000 + 65536/100000 µs, 15 of 2 + 65536/50000.
        const double time = 15 * (2 + 65536 / 50e3 + 65536 / 100e3) + 15 * (2 + 65536 / 50e3);
        checkTotals(session->summary(), 30, 480, 30 * 65536, time);
        QVERIFY(near(time, 60 + 1966080 / 50e3 + 15 * 65536 / 100e3));
        QVERIFY(near(session->summary()["algbw_GBps"].get<double>(), 1048576 / time / 1e3));
        QVERIFY(near(session->summary()["busbw_GBps"].get<double>(), 1966080 / time / 1e3));
    }

    void ncclRingOfEightOnTwoChannels() {
        const auto session = runScenario("nccl_ring_allreduce_2ch");
        QVERIFY(roundText(*session, 1).contains("0>1+:7") && roundText(*session, 1).contains("0>1+:15"));
        QVERIFY(roundText(*session, 7).contains("7>0+:0") && roundText(*session, 7).contains("7>0+:8"));
        QVERIFY(roundText(*session, 8).contains("0>1:0") && roundText(*session, 8).contains("0>1:8"));
        const auto summary = session->summary();
        QCOMPARE(summary["rounds"].get<int>(), 14);
        QCOMPARE(summary["messages"].get<std::int64_t>(), 8 * 2 * 14);
        QCOMPARE(summary["bytes_sent_max"].get<std::int64_t>(), 28 * 65536);
        QVERIFY(summary["result_ok"].get<bool>());
    }

    void rabenseifnerOfEightAgainstTheRing() {
        const auto session = runScenario("rabenseifner_8");
        const double rabenseifner = 6 * 2 + 2 * 917504 / 50e3 + 917504 / 100e3;  // 7/8 MiB halved and doubled
        checkTotals(session->summary(), 6, 48, 1835008, rabenseifner);
        QVERIFY(near(rabenseifner, 57.8752));
        QVERIFY(near(session->summary()["busbw_GBps"].get<double>(), 1048576 / rabenseifner / 1e3 * 14 / 8));
        const auto ring = runScenario("rabenseifner_8", {{"algorithm", "ring"}});
        checkTotals(ring->summary(), 14, 112, 1835008, rabenseifner + 8 * 2);
    }

    // Lesson "recursive doubling and the extra ranks".
    void binomialBroadcastDoublesTheHolders() {
        const auto session = runScenario("bcast_binomial_8");
        QCOMPARE(roundText(*session, 1), QStringList({"0>1:0"}));
        QCOMPARE(roundText(*session, 2), QStringList({"0>2:0", "1>3:0"}));
        QCOMPARE(roundText(*session, 3), QStringList({"0>4:0", "1>5:0", "2>6:0", "3>7:0"}));
        checkTotals(session->summary(), 3, 7, 3 * 65536, 3 * (2 + 65536 / 50e3));
        QVERIFY(near(session->summary()["busbw_GBps"].get<double>(), 65536 / 9.93216 / 1e3));
    }

    void recursiveDoublingFoldsTwoExtraRanks() {
        const auto session = runScenario("recursive_doubling_6");
        QCOMPARE(roundText(*session, 1), QStringList({"0>1+:0", "2>3+:0"}));
        QCOMPARE(roundText(*session, 2), QStringList({"1>3+:0", "3>1+:0", "4>5+:0", "5>4+:0"}));
        QCOMPARE(roundText(*session, 3), QStringList({"1>4+:0", "3>5+:0", "4>1+:0", "5>3+:0"}));
        QCOMPARE(roundText(*session, 4), QStringList({"1>0:0", "3>2:0"}));
        // Ranks 1 and 3: three reduced rounds and one copy of 4 KiB.
        checkTotals(session->summary(), 4, 12, 3 * 4096, 3 * (2 + 4096 / 50e3 + 4096 / 100e3) + 2 + 4096 / 50e3);
        QVERIFY(near(session->summary()["time_us"].get<double>(), 8.45056));
    }

    void allgatherRecursiveDoublingRedirectsToBruck() {
        const auto session = runScenario("allgather_recursive_doubling_6");
        const auto summary = session->summary();
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("bruck"));
        QCOMPARE(summary["algorithm_id"].get<int>(), 2);
        QCOMPARE(summary["redirected_from"].get<std::string>(), std::string("recursive_doubling"));
        QVERIFY(roundText(*session, 1).contains("1>0:1"));
        QVERIFY(roundText(*session, 2).contains("2>0:2,3"));
        QVERIFY(roundText(*session, 3).contains("4>0:4,5"));
        const double time = 2 + 1024 / 50e3 + 2 * (2 + 2048 / 50e3);
        checkTotals(summary, 3, 18, 5 * 1024, time);
        QVERIFY(near(summary["algbw_GBps"].get<double>(), 6144 / time / 1e3));
        QVERIFY(near(summary["busbw_GBps"].get<double>(), 5120 / time / 1e3));
    }

    // Lesson "the double binary tree": runs once NCCL's tree is an algorithm of the scene.
    void doubleBinaryTreeOfEight() {
        auto model = collectives::sceneModel();
        auto built = model.build({}, readJson(scenarioPath("nccl_tree_allreduce_8")));
        if (!built) QSKIP("library=nccl algorithm=tree is not modelled on this branch");
        auto& session = *built.value();
        session.runToEnd(model.stepCap);
        // Tree 0: 0-4, 4-2/6, 2-1/3, 6-5/7 (blocks 0-3); tree 1, its mirror: 7-3, 3-5/1, 5-6/4, 1-2/0 (blocks 4-7).
        QCOMPARE(roundText(session, 1).size(), 8);
        for (const char* leafUp : {"1>2+:0", "3>2+:0", "5>6+:0", "7>6+:0", "0>1+:4", "2>1+:4", "4>5+:4", "6>5+:4"})
            QVERIFY2(roundText(session, 1).contains(leafUp), leafUp);
        for (const char* toRoot : {"4>0+:0", "3>7+:4", "2>4+:1", "1>2+:2"})
            QVERIFY2(roundText(session, 3).contains(toRoot), toRoot);
        for (const char* down : {"0>4:0", "7>3:4", "1>2+:3"}) QVERIFY2(roundText(session, 4).contains(down), down);
        const auto summary = session.summary();
        QCOMPARE(summary["rounds"].get<int>(), 4 + 2 * 3 - 1);
        QCOMPARE(summary["messages"].get<std::int64_t>(), 4 * 2 * 14);
        QCOMPARE(summary["bytes_sent_max"].get<std::int64_t>(), 16 * 524288);
        QVERIFY(summary["result_ok"].get<bool>());
    }

    // Lesson "a ring allreduce is a pipeline, not a march": one DGX H100, 8 ranks, 16 MiB, Ring/Simple. A channel
    // carries 12 x 30 / 24 = 15 GB/s; 1 MiB slices take 1048576 / 15000 µs on the wire, 3.4 µs of NVLink latency.
    void ringPipelineOnOneDgxH100() {
        const double wire = 1048576 / 15000.0;
        auto model = collectives::sceneModel();
        auto one = model.build({}, readJson(scenarioPath("nccl_pipeline_8_1ch_16m")));
        QVERIFY(one);
        one.value()->runToEnd(model.stepCap);
        QVERIFY(near(one.value()->summary()["time_us"].get<double>(), 8.4 + 28 * wire + 3.4));
        QVERIFY(near(8.4 + 14 * (2 * wire + 3.4) - (8.4 + 28 * wire + 3.4), 13 * 3.4));  // the march's extra
        // 24 channels: 87,381-byte messages in slices of 43,696 bytes; a round waits for its data (wire + 3.4).
        auto all = model.build({}, readJson(scenarioPath("nccl_pipeline_8_16m")));
        QVERIFY(all);
        all.value()->runToEnd(model.stepCap);
        const double slice = 43696 / 15000.0;
        QVERIFY(
            near(all.value()->summary()["time_us"].get<double>(), 8.4 + 13 * (slice + 3.4) + 2 * slice + 3.4, 0.01));
        QVERIFY(near(all.value()->summary()["model_time_us"].get<double>(),
                     8.4 + 14 * 3.4 + 14.0 / 8 * 16777216 / 360e3, 0.01));
    }

    // Lesson "why one slow NET hop sets the pace": two DGX H100, 16 channels, 16 MiB. A channel carries 48 x 8 / 16 =
    // 24 GB/s, so a 32 KiB slice is 32768 / 24000 µs on the wire; a step costs 3.4 µs on NVLink, 14 µs on NET.
    void netHopSetsThePace() {
        const double slice = 32768 / 24000.0;
        auto model = collectives::sceneModel();
        auto built = model.build({}, readJson(scenarioPath("nccl_pipeline_2nodes_16m")));
        QVERIFY(built);
        auto& session = *built.value();
        const auto firstSlice = [&session](std::size_t step, int src) {
            const auto access = sim::SessionAccess<collectives::CollectivesEngine>::of(&session);
            for (const auto& event : *access->events(step)) {
                const auto& send = std::get<collectives::SendEvent>(event);
                if (send.message.channel == 0 && send.message.src == src) return send.timing->slices[0];
            }
            return collectives::PipelineSlice{};
        };
        session.seek(3);
        QVERIFY(near(firstSlice(1, 1).endUs, 8.4 + slice + 14, 1e-3));    // over NET: 23.8 µs
        QVERIFY(near(firstSlice(1, 0).endUs, 8.4 + slice + 3.4, 1e-3));   // over NVLink: 13.2 µs
        QVERIFY(near(firstSlice(2, 9).startUs, 8.4 + slice + 14, 1e-3));  // rank 9 waits for the NET slice
        QVERIFY(near(firstSlice(2, 10).startUs, 8.4 + slice + 3.4, 1e-3));
        const collectives::PipelineSlice waiting = firstSlice(3, 1);
        QCOMPARE(waiting.boundBy, collectives::PipelineWait::Slot);
        QVERIFY(near(waiting.startUs, 8.4 + slice + 14 + slice, 1e-3));  // rank 9's forward of steps 0-1 ends
    }

    // Lesson "channels: many rings at once": on two DGX H100 channel 2k crosses the network at GPU 2k+1 (1 -> 9,
    // 3 -> 11, 5 -> 13, 7 -> 15), channel 2k+1 runs it backwards, channels 8-15 repeat 0-7, so every GPU sends over
    // the network in exactly 2 channels and receives in 2.
    void channelsCrossAtEveryGpu() {
        auto model = collectives::sceneModel();
        auto built = model.build({}, readJson(scenarioPath("nccl_pipeline_2nodes_16m")));
        QVERIFY(built);
        const auto* engine = sim::engineOf<collectives::CollectivesEngine>(built.value().get());
        QVERIFY(engine && engine->ringPipeline());
        const auto& channels = engine->config().topology->comm.channels;
        QCOMPARE(int(channels.size()), 16);
        std::vector<int> sends(16, 0), receives(16, 0);
        for (std::size_t c = 0; c < channels.size(); ++c) {
            const auto& ring = channels[c].ring;
            QCOMPARE(ring, channels[c % 8].ring);
            for (std::size_t i = 0; i < ring.size(); ++i) {
                const int from = ring[i], to = ring[(i + 1) % ring.size()];
                if (from / 8 == to / 8) continue;
                ++sends[std::size_t(from)];
                ++receives[std::size_t(to)];
                if (c % 2 == 0 && from < 8)
                    QCOMPARE(std::make_pair(from, to), std::make_pair(int(c % 8) + 1, int(c % 8) + 9));
            }
        }
        QCOMPARE(sends, std::vector<int>(16, 2));
        QCOMPARE(receives, std::vector<int>(16, 2));
    }

    // Lesson "LL, LL128 and Simple: why three protocols": one DGX H100, 8 ranks, the ring only, NCCL 2.22.3's
    // tuner. Ring graph 12 channels x 30 GB/s = 360 GB/s of bus bandwidth; 2(8-1) = 14 steps over NVLink.
    void ringProtocolsOnOneDgxH100() {
        const double ll = std::min(141.0, 360 * 0.5) * 8 / 14;          // llMaxBws[Hopper][1 node]
        const double ll128 = std::min(360 * 0.92, 12 * 36.7) * 8 / 14;  // perChMaxRingLL128Bws[Hopper]
        const double simple = 360.0 * 8 / 14;
        const double latLL = 6.6 + 14 * 0.6, latLL128 = 14.0 + 14 * 1.9, latSimple = 8.4 + 14 * 3.4;
        QVERIFY(near(latLL, 15.0) && near(latLL128, 40.6) && near(latSimple, 56.0));
        struct Case {
            const char* scenario;
            const char* protocol;
            const char* rule;
        };
        for (const Case& c :
             {Case{"nccl_ring_protocols_4k", "LL",
                   "Ring/LL: 15.1 µs, ahead of Ring/LL128 at 40.6 µs; LL128 needs 3.43 MiB to win"},
              Case{"nccl_ring_protocols_4m", "LL128",
                   "Ring/LL128: 62.8 µs, ahead of Ring/LL at 67.1 µs; Simple needs 34.7 MiB to win"},
              Case{"nccl_ring_protocols_64m", "Simple",
                   "Ring/Simple: 382.2 µs, ahead of Ring/LL128 at 395.2 µs; no other pair wins up to 16 GiB"}}) {
            auto model = collectives::sceneModel();
            auto built = model.build({}, readJson(scenarioPath(c.scenario)));
            QVERIFY2(built, c.scenario);
            const auto summary = built.value()->summary();
            QCOMPARE(summary["protocol"].get<std::string>(), std::string(c.protocol));
            QCOMPARE(summary["rule"].get<std::string>(), std::string(c.rule));
            // enqueue.cc: one channel fewer while nBytes < nc x nThreads x threshold. 4 KiB on Ring/LL (512
            // threads x 8 B x 8 ranks = 32 KiB a channel) keeps one; 4 MiB on LL128 (640 x 8 B) and 64 MiB on
            // Simple (512 x 64 B) keep all 24.
            QCOMPARE(summary["comm_nchannels"].get<int>(), 24);
            QCOMPARE(summary["nchannels"].get<int>(), std::string(c.protocol) == "LL" ? 1 : 24);
            QCOMPARE(summary["candidates"].size(), std::size_t(3));
            checkCandidate(summary, "Ring", "LL", latLL, ll);
            checkCandidate(summary, "Ring", "LL128", latLL128, ll128);
            checkCandidate(summary, "Ring", "Simple", latSimple, simple);
        }
        QVERIFY(std::abs(ll - 80.571) < 1e-3 && std::abs(ll128 - 189.257) < 1e-3 && std::abs(simple - 205.714) < 1e-3);
        // The crossovers the lesson's question asks for: 3.43 MiB and 34.7 MiB.
        QVERIFY(std::abs((latLL128 - latLL) / (1 / ll - 1 / ll128) * 1000 / 1048576 - 3.4254) < 1e-3);
        QVERIFY(std::abs((latSimple - latLL128) / (1 / ll128 - 1 / simple) * 1000 / 1048576 - 34.744) < 1e-3);
    }

    // Lessons "why NCCL switches from tree to ring" and "reading the tuning table of your log": two DGX H100,
    // 16 ranks. Ring and tree graphs 8 channels x 48 GB/s = 384; comm->nChannels 16; 2.22: nInter = 2 nNodes = 4.
    void treeToRingOnTwoDgxH100() {
        const double ringLL = std::min(39.0, 384 * 0.5) * 16 / 30;  // llMaxBws[Intel][2 nodes]
        const double ringLL128 = std::min(384 * 0.92, 8 * 36.7) * 16 / 30;
        const double ringSimple = 384.0 * 16 / 30;
        const double treeBus = std::min(384 * 0.92, 8 * 41.4);  // perChMaxTreeBws[Hopper][2 nodes]
        const double treeLL = std::min(treeBus / 3.8, 39.0) * 0.85 * 0.5;
        const double treeLL128 = std::min(treeBus * 120 / 128, 8 * 36.7) * 0.85 * 0.5;
        const double treeSimple = treeBus * 0.85 * 0.5;
        // Tree: 2 x ((8 - 1) intra + log2(2) x NET); ring: 26 steps at max(NVLink, net overhead), 4 across NET.
        const double tLL = 6.8 + 2 * (7 * 0.6 + 5.0), tLL128 = 14.0 + 2 * (7 * 1.25 + 8.5),
                     tSimple = 2 * (7 * 28 + 28.0);
        const double rLL = 6.6 + 26 * 1.0 + 4 * 2.7, rLL128 = 14.0 + 26 * 1.9 + 4 * 4.0,
                     rSimple = 8.4 + 26 * 3.4 + 4 * 14;
        QVERIFY(near(tLL, 25.2) && near(tLL128, 48.5) && near(tSimple, 448) && near(rLL, 43.4) && near(rLL128, 79.4) &&
                near(rSimple, 152.8));
        QVERIFY(std::abs(treeLL128 - 124.78) < 1e-9 && std::abs(ringLL128 - 156.5867) < 1e-4);
        struct Case {
            const char* scenario;
            const char* pick;
            const char* rule;
            double llFactor, ll128Factor, simpleFactor;  // treeCorrectionFactor[p][log2(bytes / 64)]
        };
        for (const Case& c :
             {Case{"nccl_auto_2nodes_64k", "tree LL",
                   "Tree/LL: 31.8 µs, ahead of Ring/LL at 46.6 µs; LL128 needs 212 KiB to win", .6, .6, .6},
              Case{"nccl_auto_2nodes_11m", "tree LL128",
                   "Tree/LL128: 151.2 µs, ahead of Ring/LL128 at 153.1 µs; Ring needs 11.7 MiB to win", .8, .9, .8},
              Case{"nccl_auto_2nodes_12m", "ring LL128",
                   "Ring/LL128: 159.8 µs, ahead of Tree/LL128 at 160.5 µs; Simple needs 85.3 MiB to win", .8, .9, .8},
              Case{"nccl_auto_2nodes_64m", "ring LL128",
                   "Ring/LL128: 508.0 µs, ahead of Ring/Simple at 541.6 µs; Simple needs 85.3 MiB to win", 1.0, .9,
                   .8}}) {
            auto model = collectives::sceneModel();
            auto built = model.build({}, readJson(scenarioPath(c.scenario)));
            QVERIFY2(built, c.scenario);
            const auto summary = built.value()->summary();
            QCOMPARE(summary["algorithm"].get<std::string>() + " " + summary["protocol"].get<std::string>(),
                     std::string(c.pick));
            QCOMPARE(summary["rule"].get<std::string>(), std::string(c.rule));
            QCOMPARE(summary["comm_nchannels"].get<int>(), 16);
            QCOMPARE(summary["candidates"].size(), std::size_t(6));
            checkCandidate(summary, "Tree", "LL", tLL, treeLL, 1, c.llFactor);
            checkCandidate(summary, "Tree", "LL128", tLL128, treeLL128, 1, c.ll128Factor);
            checkCandidate(summary, "Tree", "Simple", tSimple, treeSimple, 1, c.simpleFactor);
            checkCandidate(summary, "Ring", "LL", rLL, ringLL);
            checkCandidate(summary, "Ring", "LL128", rLL128, ringLL128);
            // Every size here gives each of the 16 channels and 16 ranks >= 64 bytes: Hopper's plateau x 1.4.
            checkCandidate(summary, "Ring", "Simple", rSimple, ringSimple, 1.4);
        }
        // The crossovers the lessons name: 212 KiB (tree LL -> LL128), 11.7 MiB (tree -> ring), 85.3 MiB (-> Simple).
        const auto mib = [](double kB) { return kB * 1000 / 1048576; };
        QVERIFY(std::abs(mib((tLL128 - tLL) / (1 / (treeLL * .5) - 1 / (treeLL128 * .6))) * 1024 - 212.05) < 0.1);
        QVERIFY(std::abs(mib((rLL128 - tLL128) / (1 / (treeLL128 * .9) - 1 / ringLL128)) - 11.7016) < 1e-3);
        QVERIFY(std::abs(mib((rSimple * 1.4 - rLL128) / (1 / ringLL128 - 1 / ringSimple)) - 85.331) < 1e-2);
        // Four servers: Tree/LL 35.2 µs, Ring/LL 82.2 µs (62 steps, 8 across the network).
        auto model = collectives::sceneModel();
        auto four = model.build({{"nnodes", 4}, {"ranks", 32}, {"bytes", 1024}},
                                readJson(scenarioPath("nccl_auto_2nodes_64k")));
        QVERIFY2(four, four ? "" : four.error().message.c_str());
        const auto summary = four.value()->summary();
        QVERIFY(close(candidate(summary, "Tree", "LL")["latency_us"].get<double>(), 6.8 + 2 * (7 * 0.6 + 2 * 5.0)));
        QVERIFY(close(candidate(summary, "Ring", "LL")["latency_us"].get<double>(), 6.6 + 54 * 1.0 + 8 * 2.7));
        QVERIFY(near(6.8 + 2 * (7 * 0.6 + 2 * 5.0), 35.2) && near(6.6 + 54 * 1.0 + 8 * 2.7, 82.2));
    }

    // The tuning-table lesson: on two DGX H100 the NVLSTree / Simple cell reads 53.0/ 266.7 (8 heads × 40 GB/s
    // = 320, × 5/6; 25 µs inside the server + 2 × log2(2) × 14 across), and it competes only for types the
    // switch reduces: int8 (the scene's default) leaves six AllReduce candidates, float seven.
    void tuningTableNvlsTreeCell() {
        auto model = collectives::sceneModel();
        auto int8 = model.build({}, readJson(scenarioPath("nccl_auto_2nodes_64m")));
        QVERIFY2(int8, int8 ? "" : int8.error().message.c_str());
        QCOMPARE(int8.value()->summary()["candidates"].size(), std::size_t(6));
        auto floats = model.build({{"datatype", "float"}}, readJson(scenarioPath("nccl_auto_2nodes_64m")));
        QVERIFY2(floats, floats ? "" : floats.error().message.c_str());
        const auto summary = floats.value()->summary();
        QCOMPARE(summary["candidates"].size(), std::size_t(7));
        QVERIFY(close(candidate(summary, "NVLSTree", "Simple")["latency_us"].get<double>(), 25.0 + 2 * 14.0));
        QVERIFY(close(candidate(summary, "NVLSTree", "Simple")["bandwidth_GBps"].get<double>(), 320.0 * 5 / 6));
    }

    // The NVLS example's description: 25 + 67,108,864 / 266,667 = 276.7 µs against Ring/Simple's
    // 56.0 + 67,108,864 / 205,714 = 382.2 µs; the scene runs the ring.
    void nvlsPickExample() {
        const auto session = runScenario("nccl_nvls_pick_64m");
        const auto summary = session->summary();
        QCOMPARE(summary["nccl_pick"].get<std::string>(), std::string("NVLS/Simple"));
        QCOMPARE(summary["algorithm"].get<std::string>(), std::string("nvls"));
        QVERIFY(std::abs(25.0 + 67108864 / (320.0 * 5 / 6 * 1000) - 276.66) < 0.01);
        QVERIFY(std::abs(56.0 + 67108864 / (360.0 * 8 / 14 * 1000) - 382.22) < 0.01);
        QVERIFY(std::abs(summary["model_time_us"].get<double>() - 276.66) < 0.01);
        QVERIFY(summary["rule"].get<std::string>().rfind("NVLS/Simple: 276.7 µs, ahead of Ring/Simple at 382.2 µs",
                                                         0) == 0);
        // 16 NVLS channels of 4 MiB; 4 MiB is not under 8 loops of 8 heads x 64 KiB, so chunks of 64 KiB, loops
        // of 512 KiB: 8 loops, a load round and a store round each; 16 channels x 8 heads x 7 other ranks a round.
        QCOMPARE(summary["nchannels"].get<int>(), 16);
        QCOMPARE(summary["rounds"].get<int>(), 16);
        QCOMPARE(summary["messages"].get<std::int64_t>(), std::int64_t(16 * 16 * 8 * 7));
        QCOMPARE(summary["result_ok"].get<bool>(), true);
        // A GPU's link carries 266.7 x 9/8 = 300 GB/s, 18.75 GB/s a channel; a loop moves its 512 KiB plus the
        // GPU's own 64 KiB sum: 589,824 B / 18.75 GB/s = 31.457 µs, eight of them after the 25 µs launch.
        QVERIFY(std::abs(summary["time_us"].get<double>() - (25.0 + 8 * 589824 / 18750.0)) < 0.01);
        QCOMPARE(summary["pipeline"]["max_steps_ahead"].get<int>(), 8);
        // Lesson "NVLS: the switch does the adding": loop 0 at 25 + 31.46 µs; algbw 64 MiB / 276.66 µs, busbw x 2 x
        // 7/8.
        QVERIFY(std::abs(25.0 + 589824 / 18750.0 - 56.46) < 0.005);
        QVERIFY(std::abs(summary["algbw_GBps"].get<double>() - 242.57) < 0.01);
        QVERIFY(std::abs(summary["busbw_GBps"].get<double>() - 424.50) < 0.01);
        QVERIFY(std::abs(double(16 * 8 * 9 * 65536) / 1048576 - 72.0) < 1e-9);  // 72 MiB each way a GPU
    }

    // Every lesson step opens one of these scenarios at a step the run has.
    void lessonStepsPointAtStepsTheScenariosHave() {
        int checked = 0;
        for (const char* lesson :
             {"allreduce_algorithms", "ring_allreduce", "recursive_doubling", "double_binary_tree", "algbw_busbw",
              "nccl_protocols", "nccl_tree_to_ring", "nccl_tuning_table", "nccl_nvls"}) {
            const auto json =
                readJson(std::string(COMMVIZ_SOURCE_DIR) + "/resources/lessons/collectives_" + lesson + ".json");
            QCOMPARE(json["scene"].get<std::string>(), std::string("collectives"));
            std::string scenario;
            for (const auto& step : json["steps"]) {
                if (step.contains("scenario")) scenario = step["scenario"].get<std::string>();
                const std::string prefix = ":/scenarios/collectives/";
                QVERIFY2(scenario.rfind(prefix, 0) == 0, scenario.c_str());
                const std::string name = scenario.substr(prefix.size(), scenario.size() - prefix.size() - 5);
                auto built = collectives::sceneModel().build({}, readJson(scenarioPath(name)));
                if (!built) continue;  // the tree lesson before NCCL's tree is merged
                QVERIFY2(step["step"].get<int>() <= built.value()->summary()["rounds"].get<int>(), name.c_str());
                ++checked;
            }
        }
        QVERIFY(checked >= 44);  // 9 lessons, 49 steps, 5 of them on the tree
    }
};

QTEST_MAIN(CollectivesLessonNumbersTest)
#include "tst_collectives_lesson_numbers.moc"
