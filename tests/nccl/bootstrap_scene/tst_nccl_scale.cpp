// Proves the NCCL bootstrap at 131,072 ranks: the key limits (nranks
// 131,072, nroots 1,024) and the messages naming key, value and range; a whole run
// in which every rank ends knowing the neighbours the ring gives it; allgather
// steps that cover a span of rounds above kMaxRoundSteps, with the knowledge a span
// brings worked out by hand; the fault cases at that size; and output that grows
// no faster than n (the known-address table only for chosen ranks above 64).

#include "nccl/bootstrap_scene/nccl_scene_model.h"
#include "nccl_test_support.h"
#include "sim/timeline.h"

using namespace nccltest;

namespace {

constexpr int kN = 131072;

std::string buildError(const sim::ParamValues& values) {
    auto session = sceneModel().build(values, std::nullopt);
    return session ? std::string() : session.error().message;
}

std::string parseError(const char* key, const char* value) {
    const auto params = sceneModel().params;
    auto parsed = sim::parseParam(*sim::findParam(params, key), value);
    return parsed ? std::string() : parsed.error().message;
}

/// Bytes of every described event of a whole run plus its summary, as `run --json` prints them.
std::size_t outputBytes(const sim::ParamValues& values) {
    NcclEngine engine(config(values));
    std::size_t bytes = 0;
    while (!engine.done())
        for (const auto& event : engine.step()) bytes += NcclEngine::describe(event).fields.dump().size();
    return bytes + engine.summary().dump().size();
}

/// Steps until the engine has sent its first allgather messages.
std::vector<NcclEngine::Event> stepToFirstAllGather(NcclEngine& engine) {
    while (!engine.done()) {
        auto events = engine.step();
        if (engine.messages(MessageKind::AllGather) > 0) return events;
    }
    return {};
}

}  // namespace

class NcclScaleTest : public QObject {
    Q_OBJECT

private slots:
    void limits() {
        QCOMPARE(parseError("nranks", "131072"), std::string());
        QCOMPARE(parseError("nranks", "131073"),
                 std::string("invalid value '131073' for key 'nranks': allowed an integer from 1 to 131072"));
        QCOMPARE(parseError("nroots", "1024"), std::string());
        QCOMPARE(parseError("nroots", "1025"),
                 std::string("invalid value '1025' for key 'nroots': allowed an integer from 1 to 1024"));
        QCOMPARE(buildError({{"nranks", kN}, {"version", "2.30"}, {"nroots", 1024}}), std::string());
        // The existing rules still hold: nroots ≤ nranks, several roots need 2.30, fault ranks below nranks.
        QCOMPARE(buildError({{"nranks", 1000}, {"version", "2.30"}, {"nroots", 1001}}),
                 std::string("invalid value '1001' for key 'nroots': allowed 1 to nranks (1000)"));
        QVERIFY(buildError({{"nranks", kN}, {"nroots", 2}}).find("several roots need version=2.30") !=
                std::string::npos);
        QCOMPARE(buildError({{"nranks", 100000}, {"missing_rank", 100000}}),
                 std::string("invalid value '100000' for key 'missing_rank': allowed -1 (off) or a rank from 0 to "
                             "99999"));
        QCOMPARE(parseError("missing_rank", "131072"),
                 std::string("invalid value '131072' for key 'missing_rank': allowed an integer from -1 to 131071"));
        QVERIFY(buildError({{"nranks", kN}, {"missing_rank", kN - 1}}).empty());
    }

    void everyRankEndsKnowingItsRing_data() {
        QTest::addColumn<QString>("version");
        QTest::addColumn<int>("steps");
        QTest::addColumn<quint64>("allgather");
        // Classic: id, bcast, check-ins, ring connect, 3 gathers × ⌈131071 / 128⌉ = 1024 spans, 10 init stages.
        QTest::newRow("classic") << "classic" << 2 + 1 + 1 + 3 * 1024 + 10 << quint64(3) * kN * (kN - 1);
        // 2.30: one gather of 65,536 rounds in spans of 64.
        QTest::newRow("2.30") << "2.30" << 2 + 1 + 1 + 1024 + 10 << quint64(kN) * (kN - 1);
    }
    void everyRankEndsKnowingItsRing() {
        QFETCH(QString, version);
        QFETCH(int, steps);
        QFETCH(quint64, allgather);
        NcclEngine engine(config({{"nranks", kN}, {"version", version.toStdString()}}));
        runAll(engine);
        QVERIFY(engine.complete());
        QCOMPARE(engine.steps(), std::uint32_t(steps));
        QCOMPARE(engine.messages(MessageKind::ExtInfo), std::uint64_t(kN));
        QCOMPARE(engine.messages(MessageKind::NextAddr), std::uint64_t(kN));
        QCOMPARE(engine.messages(MessageKind::RingConnect), std::uint64_t(kN));
        QCOMPARE(engine.messages(MessageKind::AllGather), std::uint64_t(allgather));
        int wrong = 0;
        for (int r = 0; r < kN; ++r) {
            const int next = (r + 1) % kN, prev = (r + kN - 1) % kN;
            const bool ok = engine.gotReply(r) && engine.ringConnected(r) && engine.knows(r, next) &&
                            engine.knows(r, prev) && engine.knows(r, (r + kN / 2) % kN) &&
                            engine.known(r).count() == kN;
            wrong += ok ? 0 : 1;
        }
        QCOMPARE(wrong, 0);
        // The summary's table: rank 0 (no log rank) and its ring neighbours 131071 and 1.
        const sim::Json tables = engine.summary()["tables"];
        QCOMPARE(int(tables.size()), 3);
        QCOMPARE(tables[0]["rank"].get<int>(), kN - 1);
        QCOMPARE(tables[0]["next"]["rank"].get<int>(), 0);
        QCOMPARE(tables[1]["rank"].get<int>(), 0);
        QCOMPARE(tables[1]["prev"]["rank"].get<int>(), kN - 1);
        QCOMPARE(tables[1]["next"]["address"], sim::Json(engine.world().listenAddress(1)));
        QCOMPARE(tables[2]["known"].get<int>(), kN);
    }

    void aSpanOfRoundsBringsItsSlices() {
        // Classic: the first step of the peer-address gather is rounds 0 … 127, 128 × n messages;
        // afterwards rank r holds slices r − 128 … r, nothing ahead of it.
        NcclEngine classic(config({{"nranks", kN}, {"log_rank", 70000}}));
        QCOMPARE(classic.roundsPerStep(), 128);
        auto events = stepToFirstAllGather(classic);
        QCOMPARE(int(events.size()), 1);
        const auto& batch = std::get<MessageBatch>(events[0]);
        QCOMPARE(batch.round, 0);
        QCOMPARE(batch.rounds, 128);
        QCOMPARE(batch.count, 128 * kN);
        const auto record = NcclEngine::describe(events[0]);
        QCOMPARE(record.kind, std::string("allgather"));
        QCOMPARE(record.fields["round_last"].get<int>(), 127);
        QCOMPARE(classic.known(70000).back, 128);
        QCOMPARE(classic.known(70000).forward, 0);
        QVERIFY(classic.knows(70000, 70000 - 128));
        QVERIFY(!classic.knows(70000, 70000 - 129));
        QVERIFY(!classic.knows(70000, 70001));  // next's address came from the root, not from this gather
        // The summary's rows: the log rank and its neighbours, with the ring range of slices each holds.
        const sim::Json tables = classic.summary()["tables"];
        QCOMPARE(tables[1]["rank"].get<int>(), 70000);
        QCOMPARE(tables[1]["slices"], (sim::Json{{"from", 70000 - 128}, {"to", 70000}}));
        QCOMPARE(tables[1]["prev"]["address"], sim::Json(classic.world().listenAddress(69999)));
        QCOMPARE(tables[1]["next"]["address"], sim::Json());
        QCOMPARE(tables[2]["rank"].get<int>(), 70001);
        // The last span of a gather is what is left: 131,071 = 1023 × 128 + 127.
        MessageBatch last;
        while (classic.gather() == 0 && classic.phase() == Phase::AllGather)
            last = std::get<MessageBatch>(classic.step().front());
        QCOMPARE(last.round, 1023 * 128);
        QCOMPARE(last.rounds, 127);

        // 2.30: spans of 64 rounds each way; rank r then holds r − 64 … r + 64.
        NcclEngine v230(config({{"nranks", kN}, {"version", "2.30"}}));
        stepToFirstAllGather(v230);
        QCOMPARE(v230.messages(MessageKind::AllGather), std::uint64_t(64) * 2 * kN);
        QVERIFY(v230.knows(5, 5 + 64) && v230.knows(5, kN + 5 - 64));
        QVERIFY(!v230.knows(5, 5 + 65) && !v230.knows(5, kN + 5 - 65));
        // Up to 1,024 rounds a gather, one step is still one round.
        NcclEngine small(config({{"nranks", 1025}}));
        QCOMPARE(small.roundsPerStep(), 1);
    }

    void faultsAtFullSize() {
        // A missing last rank: the root waits for it, every other rank waits for the root's reply.
        NcclEngine missing(config({{"nranks", kN}, {"missing_rank", kN - 1}}));
        runAll(missing);
        sim::Json s = missing.summary();
        QCOMPARE(s["phase"], "finished");
        QCOMPARE(s["complete"], false);
        QCOMPARE(s["blocked_count"].get<int>(), 1 + (kN - 1));
        QCOMPARE(s["blocked"][0]["waits_on"], sim::Json::array({kN - 1}));
        QCOMPARE(int(s["blocked"].size()), 64);  // the list is cut, the count is not

        // A duplicate of rank 5: the root stops at the second check-in; the 131,066 later
        // ones are dropped, counted in one batch rather than listed one by one.
        NcclEngine duplicate(config({{"nranks", kN}, {"duplicate_rank", 5}}));
        std::vector<NcclEngine::Event> checkIn;
        while (duplicate.phase() != Phase::RingConnect && !duplicate.done()) checkIn = duplicate.step();
        QCOMPARE(int(checkIn.size()), 3);
        QCOMPARE(std::get<MessageBatch>(checkIn[0]).count, 6);  // ranks 0 … 5
        QCOMPARE(std::get<ExtInfoSent>(checkIn[1]).outcome, Outcome::RootWarn);
        const auto& dropped = std::get<MessageBatch>(checkIn[2]);
        QCOMPARE(dropped.count, kN - 6);
        QCOMPARE(dropped.outcome, Outcome::Dropped);
        QCOMPARE(NcclEngine::describe(checkIn[2]).fields["outcome"], "dropped");

        // A stale client before rank 70,000: dropped, and the run completes.
        NcclEngine stale(config({{"nranks", kN}, {"bad_magic_rank", 70000}}));
        runAll(stale);
        QVERIFY(stale.complete());
        QCOMPARE(stale.messages(MessageKind::BadMagic), std::uint64_t(1));

        // The last rank reports nranks + 1: the root's WARN comes at the very end.
        NcclEngine mismatch(config({{"nranks", kN}, {"nranks_mismatch_rank", kN - 1}}));
        runAll(mismatch);
        QCOMPARE(mismatch.root(0).status, RootStatus::Stopped);
        QVERIFY(!mismatch.gotReply(0));

        // 1,024 roots of 128 ranks; rank 65,536 (first of root 512, and the extra check-in of
        // root 511) never comes: those two roots wait for it.
        NcclEngine roots(config({{"nranks", kN}, {"version", "2.30"}, {"nroots", 1024}, {"missing_rank", 65536}}));
        runAll(roots);
        s = roots.summary();
        QCOMPARE(s["blocked"][0]["who"], "root511");
        QCOMPARE(s["blocked"][0]["waits_on"], sim::Json::array({65536}));
        QCOMPARE(s["blocked"][1]["who"], "root512");
        QCOMPARE(roots.root(0).status, RootStatus::Finished);

        // Nobody reaches the root: every rank fails.
        NcclEngine unreachable(config({{"nranks", kN}, {"root_unreachable", true}}));
        runAll(unreachable);
        QCOMPARE(unreachable.summary()["failed_count"].get<int>(), kN);
    }

    void outputGrowsNoFasterThanN() {
        // Twice the ranks: at most about twice the bytes (never 4×, as an n × n table would).
        for (const char* version : {"classic", "2.30"}) {
            const std::size_t a = outputBytes({{"nranks", 4096}, {"version", version}});
            const std::size_t b = outputBytes({{"nranks", 8192}, {"version", version}});
            QVERIFY2(b <= a * 22 / 10, version);
            QVERIFY2(b >= a, version);
        }
        NcclEngine small(config({{"nranks", 64}}));
        runAll(small);
        QCOMPARE(int(small.summary()["tables"][63]["addresses"].size()), 64);  // every rank's row up to 64 ranks
        NcclEngine big(config({{"nranks", 65}, {"log_rank", 10}}));
        runAll(big);
        const sim::Json tables = big.summary()["tables"];
        QCOMPARE(int(tables.size()), 3);
        QCOMPARE(tables[0]["rank"].get<int>(), 9);
        QVERIFY(!tables[0].contains("addresses"));
    }

    void keyframesStayWithinTheBudget() {
        // The Timeline keeps keyframes of an O(n) engine: 131,072 ranks to the end under 256 MiB.
        const NcclEngine start(config({{"nranks", kN}}));
        QVERIFY(start.footprintBytes() < 2 * std::size_t(kN) + 64 * 1024);
        sim::Timeline<NcclEngine> timeline(start);
        timeline.runToEnd(100000);
        QVERIFY(timeline.current().complete());
        QVERIFY(timeline.memoryUsed() <= sim::kDefaultMemoryBudgetBytes);
        timeline.seek(1500);
        NcclEngine straight = start;
        while (straight.steps() < 1500) straight.step();
        QVERIFY(timeline.current() == straight);
    }
};

QTEST_GUILESS_MAIN(NcclScaleTest)
#include "tst_nccl_scale.moc"
