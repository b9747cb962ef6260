// Proves the nccl-bootstrap scene model: its keys, bad input named with key, value
// and what is allowed, the run --json event contract, determinism per
// seed, that the Timeline rewinds it exactly, and that 16,384 ranks run to the end
// with O(n) state.

#include "nccl/bootstrap_scene/nccl_scene_model.h"
#include "nccl_test_support.h"
#include "sim/timeline.h"

using namespace nccltest;

namespace {

std::string buildError(const sim::ParamValues& values) {
    auto session = sceneModel().build(values, std::nullopt);
    return session ? std::string() : session.error().message;
}

std::vector<sim::Json> records(const sim::ParamValues& values) {
    auto built = sceneModel().build(values, std::nullopt);
    if (!built) qFatal("%s", built.error().message.c_str());
    auto& session = *built.value();
    session.runToEnd(sceneModel().stepCap);
    std::vector<sim::Json> out;
    for (std::size_t n = 1; n <= session.cursor(); ++n)
        for (const auto& r : session.eventRecords(n)) {
            sim::Json j = r.fields;
            j["kind"] = r.kind;
            j["step"] = n;
            out.push_back(j);
        }
    out.push_back(session.summary());
    return out;
}

}  // namespace

class NcclSceneModelTest : public QObject {
    Q_OBJECT

private slots:
    void idAndKeys() {
        const auto model = sceneModel();
        QCOMPARE(model.id, std::string("nccl-bootstrap"));
        for (const char* key :
             {"nranks", "version", "nroots", "detail", "distribution", "missing_rank", "bad_magic_rank",
              "nranks_mismatch_rank", "duplicate_rank", "root_unreachable", "log", "log_rank", "nodes", "gpus_per_node",
              "nics_per_node", "interfaces", "socket_ifname", "comm_id", "seed"})
            QVERIFY2(sim::findParam(model.params, key), key);
    }

    void badInputNamesKeyValueAndAllowed_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("nranks=0") << "nranks"
                                  << "0"
                                  << "invalid value '0' for key 'nranks': allowed an integer from 1 to 131072";
        QTest::newRow("version") << "version"
                                 << "2.23"
                                 << "invalid value '2.23' for key 'version': allowed one of classic, 2.30";
        QTest::newRow("missing") << "missing_rank"
                                 << "4"
                                 << "invalid value '4' for key 'missing_rank': allowed -1 (off) or a rank from 0 to 3";
        QTest::newRow("nroots") << "nroots"
                                << "5"
                                << "invalid value '5' for key 'nroots': allowed 1 to nranks (4)";
    }
    void badInputNamesKeyValueAndAllowed() {
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        sim::ParamValues values{{"nranks", 4}, {"version", "2.30"}};
        const auto model = sceneModel();
        const sim::ParamSpec* spec = sim::findParam(model.params, key.toStdString());
        QVERIFY(spec);
        auto parsed = sim::parseParam(*spec, value.toStdString());
        if (!parsed) {
            QCOMPARE(QString::fromStdString(parsed.error().message), expected);
            return;
        }
        values[key.toStdString()] = parsed.value();
        QCOMPARE(QString::fromStdString(buildError(values)), expected);
    }

    void crossKeyRules() {
        QVERIFY(buildError({{"nranks", 4}, {"nroots", 2}}).find("several roots need version=2.30") !=
                std::string::npos);
        QVERIFY(buildError({{"nranks", 2000}, {"detail", "messages"}}).find("key 'detail'") != std::string::npos);
        QVERIFY(buildError({{"nranks", 16}, {"distribution", "init_all"}}).find("key 'distribution'") !=
                std::string::npos);
        QVERIFY(buildError({{"nranks", 4}, {"comm_id", "10.0.0:1"}}).find("key 'comm_id'") != std::string::npos);
        QVERIFY(buildError({{"nranks", 4}, {"missing_rank", 1}, {"duplicate_rank", 2}}).find("one fault at a time") !=
                std::string::npos);
        QVERIFY(buildError({{"nranks", 4}, {"interfaces", ""}}).find("key 'interfaces'") != std::string::npos);
        QVERIFY(buildError({{"nranks", 4}, {"bogus", 1}}).find("unknown key 'bogus'") != std::string::npos);
        QVERIFY(buildError({{"nranks", 16384}, {"version", "2.30"}, {"nroots", 1024}}).empty());
    }

    void runJsonContract() {
        // 3 ranks, 2.30: the kinds and fields `run --json` promises.
        const auto all = records({{"nranks", 3}, {"version", "2.30"}});
        std::map<std::string, int> kinds;
        for (std::size_t i = 0; i + 1 < all.size(); ++i) {
            const auto& e = all[i];
            const std::string kind = e["kind"];
            ++kinds[kind];
            if (kind == "extinfo") {
                QVERIFY(e["src"].is_number_integer());
                QCOMPARE(e["dst"], sim::Json("root"));
                QCOMPARE(e["extInfo"]["rank"], e["src"]);
                QCOMPARE(e["extInfo"]["nroots"], sim::Json(1));
                QCOMPARE(e["extInfo"]["offset"], sim::Json(0));
            } else if (kind == "next_addr") {
                QCOMPARE(e["src"], sim::Json("root"));
                QCOMPARE(e["peer"].get<int>(), (e["dst"].get<int>() + 1) % 3);
            } else if (kind == "ring_connect") {
                QCOMPARE(e["dst"].get<int>(), (e["src"].get<int>() + 1) % 3);
            } else if (kind == "allgather") {
                QVERIFY(e.contains("round") && e.contains("slice"));
                QVERIFY(e["direction"] == "next" || e["direction"] == "prev");
            }
        }
        QCOMPARE(kinds["extinfo"], 3);
        QCOMPARE(kinds["next_addr"], 3);
        QCOMPARE(kinds["ring_connect"], 3);
        QCOMPARE(kinds["allgather"], 6);
        const auto& summary = all.back();
        QCOMPARE(summary["complete"], true);
        QCOMPARE(summary["blocked"], sim::Json::array());
        QCOMPARE(summary["messages"]["allgather"].get<int>(), 6);
        QCOMPARE(int(summary["tables"].size()), 3);
        QVERIFY(!summary.contains("log"));
        // Several roots are "root0", "root1"…; classic allgathers carry no direction.
        for (const auto& e : records({{"nranks", 4}, {"version", "2.30"}, {"nroots", 2}}))
            if (e.contains("kind") && e["kind"] == "extinfo") QVERIFY(e["dst"] == "root0" || e["dst"] == "root1");
        for (const auto& e : records({{"nranks", 3}})) {
            if (e.contains("kind") && e["kind"] == "allgather") QVERIFY(!e.contains("direction"));
            if (e.contains("kind") && e["kind"] == "extinfo") QVERIFY(!e["extInfo"].contains("iroot"));
        }
        QVERIFY(records({{"nranks", 3}, {"log", "info"}}).back().contains("log"));
    }

    void detailChoosesMessagesOrRounds() {
        // Default: messages up to 64 ranks (one event per step), rounds above.
        NcclEngine small(config({{"nranks", 64}}));
        while (!small.done()) QVERIFY(small.step().size() <= 1);
        NcclEngine big(config({{"nranks", 65}}));
        std::size_t steps = 0;
        while (!big.done()) big.step(), ++steps;
        // unique id, bcast, check-ins, ring connect, 3 × 64 rounds, 10 init stages.
        QCOMPARE(steps, std::size_t(2 + 1 + 1 + 192 + 10));
        NcclEngine forced(config({{"nranks", 65}, {"detail", "messages"}}));
        runAll(forced);
        QCOMPARE(forced.steps(), std::uint32_t(2 + 65 * 3 + 3 * 64 * 65 + 10));
    }

    void deterministicPerSeed() {
        const sim::ParamValues values{{"nranks", 6}, {"version", "2.30"}, {"missing_rank", 4}, {"log", "info"}};
        auto a = values, b = values, c = values;
        a["seed"] = 5, b["seed"] = 5, c["seed"] = 6;
        QCOMPARE(records(a), records(b));
        QVERIFY(records(a).back()["unique_id"] != records(c).back()["unique_id"]);
        QVERIFY(records(a).back()["log"] != records(c).back()["log"]);
    }

    void timelineRewindsExactly() {
        const NcclEngine start(config({{"nranks", 7}, {"version", "2.30"}, {"nroots", 2}, {"log_rank", 3}}));
        std::vector<NcclEngine> straight{start};
        NcclEngine e = start;
        while (!e.done()) {
            e.step();
            straight.push_back(e);
        }
        sim::Timeline<NcclEngine> timeline(start, 8);
        timeline.runToEnd(100000);
        QCOMPARE(timeline.cursor(), straight.size() - 1);
        for (std::size_t n : {std::size_t(0), std::size_t(5), straight.size() - 1, std::size_t(17), std::size_t(9)}) {
            timeline.seek(n);
            QVERIFY(timeline.current() == straight[n]);
        }
    }

    void sixteenThousandRanksRunToTheEnd() {
        // Speed is measured in bench/; here: it finishes, every count adds up, state stays O(n).
        NcclEngine engine(config({{"nranks", 16384}}));
        const std::size_t before = engine.footprintBytes();
        runAll(engine);
        QVERIFY(engine.complete());
        QCOMPARE(engine.messages(MessageKind::ExtInfo), std::uint64_t(16384));
        QCOMPARE(engine.messages(MessageKind::AllGather), 3ull * 16384 * 16383);  // peer, proxy, UDS
        QVERIFY(engine.footprintBytes() < 64 * 1024);
        QVERIFY(before >= 2 * 16384);  // per-rank and per-slot bytes, not n × n
        QVERIFY(engine.known(9999).count() == 16384);
        // Above 64 ranks the table covers rank 0 and its ring neighbours only.
        QCOMPARE(int(engine.summary()["tables"].size()), 3);
    }

    void inspectObjects() {
        NcclEngine engine(config({{"nranks", 4}}));
        runAll(engine);
        QCOMPARE(engine.inspect("rank:2")["next"], sim::Json(3));
        QCOMPARE(engine.inspect("root")["status"], sim::Json("finished"));
        QCOMPARE(engine.inspect("unique_id")["layout"][1]["offset"], sim::Json(8));
        QVERIFY(engine.inspect("rank:4").is_null());
        QVERIFY(engine.inspect("nothing").is_null());
    }
};

QTEST_APPLESS_MAIN(NcclSceneModelTest)
#include "tst_nccl_scene_model.moc"
