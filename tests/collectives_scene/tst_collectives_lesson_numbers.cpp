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

    // Every lesson step opens one of these scenarios at a step the run has.
    void lessonStepsPointAtStepsTheScenariosHave() {
        int checked = 0;
        for (const char* lesson :
             {"allreduce_algorithms", "ring_allreduce", "recursive_doubling", "double_binary_tree", "algbw_busbw"}) {
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
        QVERIFY(checked >= 29);  // 5 lessons, 34 steps, 5 of them on the tree
    }
};

QTEST_MAIN(CollectivesLessonNumbersTest)
#include "tst_collectives_lesson_numbers.moc"
