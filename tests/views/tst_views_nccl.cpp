// The NCCL bootstrap scene drawn offscreen: what lands where at 4 ranks (rank
// boxes on the circle, the table of known addresses coloured by round, the
// envelope of this step's message), the aggregated view at 16,384 ranks, and
// the INFO log dock following the cursor.

#include <QChart>
#include <QImage>
#include <QLineSeries>
#include <QPainter>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>
#include <cmath>

#include "fit_check.h"
#include "nccl/bootstrap_scene/nccl_chart_dock.h"
#include "nccl/bootstrap_scene/nccl_log_dock.h"
#include "nccl/bootstrap_scene/nccl_renderer.h"
#include "nccl/bootstrap_scene/nccl_scene.h"
#include "paint_image.h"
#include "scene_walk.h"
#include "shell/event_list_model.h"
#include "shell/events_dock.h"
#include "shell/scene_setup.h"
#include "shell/simulation_controller.h"
#include "text_checks.h"

using namespace commviz;

namespace {

std::unique_ptr<sim::Session> session(const views::SceneDescriptor& scene, const sim::ParamValues& values) {
    return tests::sceneSession(tests::sceneSetup(scene, values));
}

QImage render(views::NcclRenderer& renderer, const sim::Session& s) {
    views::RenderState state;
    state.session = &s;
    return tests::paintImage(renderer, state, QSize(1600, 1000));
}

QString allText(views::NcclRenderer& renderer, const sim::Session& s, const QString& selected = {},
                const QStringList& options = {}) {
    tests::LayoutRecorder recorder(QSize(1600, 1000));
    views::RenderState state;
    state.session = &s;
    state.selected = selected;
    state.options = options;
    QPainter painter(&recorder);
    renderer.paint(painter, state);
    painter.end();
    QStringList texts;
    for (const auto& text : recorder.layout().texts) texts << text.text;
    return texts.join('\n');
}

QRectF regionOf(const std::vector<views::HitRegion>& hits, const QString& id) {
    for (const auto& hit : hits)
        if (hit.objectId == id) return hit.rect;
    return {};
}

/// The ids of the envelopes drawn (messages in flight), in drawing order.
QStringList messageIds(const std::vector<views::HitRegion>& hits) {
    QStringList ids;
    for (const auto& hit : hits)
        if (hit.objectId.startsWith("msg:")) ids << hit.objectId;
    return ids;
}

std::string str(const sim::Json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); }

}  // namespace

class TestViewsNccl : public QObject {
    Q_OBJECT

private slots:
    void fourRanksSitOnTheCircleClockwise() {
        const auto scene = views::ncclBootstrapScene();
        auto s = session(scene, {{"nranks", 4}});
        QVERIFY(s);
        s->seek(21);
        views::NcclRenderer renderer;
        const QImage image = render(renderer, *s);
        const auto hits = renderer.hitRegions();
        // Rank 0 at the top, then clockwise: right, bottom, left of the circle's centre.
        const QPointF r0 = regionOf(hits, "rank:0").center(), r1 = regionOf(hits, "rank:1").center(),
                      r2 = regionOf(hits, "rank:2").center(), r3 = regionOf(hits, "rank:3").center();
        QVERIFY(!regionOf(hits, "rank:3").isEmpty());
        QVERIFY(r0.y() < r1.y() && r1.x() > r0.x() + 200);
        QVERIFY(r2.y() > r1.y() + 200 && std::abs(r2.x() - r0.x()) < 1);
        QVERIFY(r3.x() < r0.x() - 200 && std::abs(r3.y() - r1.y()) < 1);
        const QRectF root = regionOf(hits, "root");
        QVERIFY(root.contains(QPointF((r1.x() + r3.x()) / 2, r1.y())));  // the root thread in the middle
        QVERIFY(!regionOf(hits, "unique_id").isEmpty());
        // Something is drawn inside each rank box (not the bare background).
        const QColor background = views::RenderState().theme.background;
        for (const QPointF& at : {r0, r1, r2, r3}) QVERIFY(image.pixelColor(at.toPoint()) != background);
    }

    void knownAddressTableFillsByRound() {
        // Step 21 of classic n = 4: round 0 done (rank r holds slice r − 1), round 1 has delivered
        // 0→1 (slice 3), 1→2 (slice 0), 2→3 (slice 1). So rank 1 holds slots 0 (round 0) and
        // 3 (round 1); rank 0 holds slot 3 (round 0) only.
        const auto scene = views::ncclBootstrapScene();
        auto s = session(scene, {{"nranks", 4}});
        s->seek(21);
        views::NcclRenderer renderer;
        const QImage image = render(renderer, *s);
        const views::RenderState defaults;
        // The table panel: rows of 28 px from y = 584, columns of 105.5 px from x = 948.
        auto cell = [&](int row, int slot) {
            return image.pixelColor(int(948 + slot * 105.5 + 50), 584 + row * 28 + 13);
        };
        QCOMPARE(cell(0, 0), defaults.theme.text);        // own slot
        QCOMPARE(cell(0, 1), defaults.theme.background);  // not yet known
        QCOMPARE(cell(0, 2), defaults.theme.background);
        QVERIFY(cell(0, 3) != defaults.theme.background);
        QVERIFY(cell(1, 0) != defaults.theme.background);
        QVERIFY(cell(1, 3) != defaults.theme.background);
        QVERIFY(cell(1, 0) != cell(1, 3));  // different rounds, different colours
        QCOMPARE(cell(1, 0), cell(0, 3));   // both came in round 0
        QCOMPARE(cell(1, 2), defaults.theme.background);
        QCOMPARE(cell(3, 3), defaults.theme.text);
        QCOMPARE(cell(3, 2), cell(0, 3));  // slice 2 from rank 2 in round 0
        QCOMPARE(cell(3, 1), cell(1, 3));  // rank 3 got slice 1 in round 1, this very step
        QCOMPARE(cell(3, 0), defaults.theme.background);
    }

    void fourRanksSayWhatMoved() {
        const auto scene = views::ncclBootstrapScene();
        auto s = session(scene, {{"nranks", 4}});
        views::NcclRenderer renderer;
        s->seek(7);  // the root's first reply: rank 0 learns rank 1's address
        QString text = allText(renderer, *s);
        QVERIFY2(text.contains("addr of 1"), qPrintable(text));
        QVERIFY(text.contains("ncclUniqueId (128 bytes)"));
        QVERIFY(text.contains("rank 3"));
        QVERIFY(text.contains("root thread"));
        s->seek(21);
        text = allText(renderer, *s);
        QVERIFY(text.contains("slice 1"));
        QVERIFY(text.contains("Round 1: rank 2 sends slice 1 to its next rank 3."));
    }

    void sixteenThousandRanksAggregate() {
        const auto scene = views::ncclBootstrapScene();
        auto s = session(scene, {{"nranks", 16384}});
        QVERIFY(s);
        s->seek(40);  // macro-steps: in the first allgather
        views::NcclRenderer renderer;
        const QImage image = render(renderer, *s);
        const auto hits = renderer.hitRegions();
        int rankBoxes = 0;
        for (const auto& hit : hits) rankBoxes += hit.objectId.startsWith("rank:");
        QCOMPARE(rankBoxes, 3);  // rank 0 and its two neighbours, not 16,384 boxes
        QVERIFY(!regionOf(hits, "rank:16383").isEmpty());
        QVERIFY(!regionOf(hits, "rank:1").isEmpty());
        // The band: drawn at the top of the circle (rank 0's place) and at the bottom (rank 8192's).
        const QColor background = views::RenderState().theme.background;
        QVERIFY(image.pixelColor(458, 469 - 369) != background);
        QVERIFY(image.pixelColor(458, 469 + 369) != background);
        const QString text = allText(renderer, *s, "rank:8000");
        QVERIFY(text.contains("rank 8000"));
        QVERIFY(text.contains("rank 7999"));
        QVERIFY(text.contains("16384/16384"));  // every rank checked in
    }

    void clickingAnEnvelopeOpensTheMessage() {
        // Classic n = 4 (NCCL src/bootstrap.cc, bootstrapRoot): steps 3–6 are the extInfos of ranks 0–3, steps 7–10 the
        // root's replies in rank order, each carrying rank (r + 1) mod 4's extAddressListen.
        const auto scene = views::ncclBootstrapScene();
        auto s = session(scene, {{"nranks", 4}});
        views::NcclRenderer renderer;
        s->seek(9);
        render(renderer, *s);
        QStringList ids = messageIds(renderer.hitRegions());
        QCOMPARE(ids.size(), 1);
        const QRectF env = regionOf(renderer.hitRegions(), ids[0]);
        QCOMPARE(renderer.objectAt(env.center()), ids[0]);  // a click on the envelope picks the message
        sim::Json m = s->inspect(ids[0].toStdString());
        QCOMPARE(str(m["kind"]), std::string("next_addr"));
        QCOMPARE(str(m["src"]), std::string("root"));
        QCOMPARE(m["dst"].get<int>(), 2);
        QCOMPARE(m["peer"].get<int>(), 3);
        const sim::Json rank3 = s->inspect("rank:3"), rank2 = s->inspect("rank:2");
        QCOMPARE(str(m["address"]), str(rank3["sockets"]["ring_listen"]));  // rank 3's address handed over
        QCOMPARE(str(m["sent_to"]), str(rank2["sockets"]["root_callback"]));
        QVERIFY(str(m["bytes"]).starts_with("02 00 "));  // sin_family AF_INET first

        s->seek(5);  // rank 2 checks in
        render(renderer, *s);
        ids = messageIds(renderer.hitRegions());
        QCOMPARE(ids.size(), 1);
        m = s->inspect(ids[0].toStdString());
        QCOMPARE(str(m["kind"]), std::string("extinfo"));
        QCOMPARE(m["src"].get<int>(), 2);
        const sim::Json info = m["extInfo"];
        QCOMPARE(info["rank"].get<int>(), 2);
        QCOMPARE(info["nranks"].get<int>(), 4);
        QCOMPARE(str(info["extAddressListenRoot"]), str(rank2["sockets"]["root_callback"]));
        QCOMPARE(str(info["extAddressListen"]), str(rank2["sockets"]["ring_listen"]));
        QVERIFY(!info.contains("iroot"));  // classic extInfo has four fields only

        s->seek(21);  // round 1 of the peer-address gather: rank 2 sends slice (2 − 1) mod 4 = 1 to rank 3
        render(renderer, *s);
        ids = messageIds(renderer.hitRegions());
        QCOMPARE(ids.size(), 1);
        m = s->inspect(ids[0].toStdString());
        QCOMPARE(str(m["kind"]), std::string("allgather"));
        QCOMPARE(m["src"].get<int>(), 2);
        QCOMPARE(m["dst"].get<int>(), 3);
        QCOMPARE(m["round"].get<int>(), 1);
        QCOMPARE(m["slice"].get<int>(), 1);
        QCOMPARE(str(m["peerCommAddresses[slice]"]), str(s->inspect("rank:1")["sockets"]["ring_listen"]));
        QVERIFY(s->inspect("msg:allgather:2:3:1:9:next:peer").is_null());  // no slice 9 of 4
    }

    void classicThirdAllgatherCarriesUdsIds() {
        // Classic n = 4 (NCCL src/bootstrap.cc, bootstrapInit's third allgather): steps 39–50 are the third allgather,
        // of peerProxyAddressesUDS. Step 44 is its round 1, second message: rank 1 sends slice (1 − 1) mod 4 = 0.
        const auto scene = views::ncclBootstrapScene();
        auto s = session(scene, {{"nranks", 4}});
        views::NcclRenderer renderer;
        s->seek(44);
        render(renderer, *s);
        const QStringList ids = messageIds(renderer.hitRegions());
        QCOMPARE(ids, QStringList{"msg:allgather:1:2:1:0:next:uds"});
        const sim::Json m = s->inspect(ids[0].toStdString());
        QCOMPARE(m["round"].get<int>(), 1);
        QCOMPARE(m["slice"].get<int>(), 0);
        const std::string uds = str(m["peerProxyAddressesUDS[slice]"]);
        QVERIFY2(uds.size() == 18 && uds.starts_with("0x"), uds.c_str());  // a uint64_t, not a socket address
        QCOMPARE(str(m["bytes"]).size(), std::size_t(8 * 3 - 1));          // 8 bytes on the wire
        // The progress panel counts three gathers of 3 rounds.
        const QString text = allText(renderer, *s);
        QVERIFY2(text.contains("(3 × 3)"), qPrintable(text));
    }

    void eventRowSelectsItsMessage() {
        // The Events dock: clicking a message's row seeks there and names the row (step, index);
        // the renderer turns it into the envelope id the Inspector opens, as a canvas click does.
        const auto scene = views::ncclBootstrapScene();
        views::SimulationController controller;
        QVERIFY(controller.load(tests::sceneSetup(scene, {{"nranks", 4}})).ok());
        views::EventsDock dock(controller);
        controller.seek(60);
        auto* table = dock.findChild<QTableView*>();
        QVERIFY(table);
        QSignalSpy spy(&dock, &views::EventsDock::eventSelected);
        QTRY_VERIFY(dock.model()->rowOfStep(9) >= 0);
        const int row = dock.model()->rowOfStep(9);  // the root's reply to rank 2 (address of rank 3)
        emit table->clicked(dock.model()->index(row, 0));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).value<std::size_t>(), std::size_t(9));
        QCOMPARE(spy.at(0).at(1).toInt(), 0);
        QTRY_COMPARE(controller.cursor(), std::size_t(9));
        views::NcclRenderer renderer;
        const QString id = renderer.objectForEvent(*controller.session(), 9, 0);
        QCOMPARE(id, QStringLiteral("msg:next_addr:2:3:0"));
        QCOMPARE(str(controller.session()->inspect(id.toStdString())["peer"]), std::string("3"));
        // Not a message: the unique id step selects nothing; out of range neither.
        QVERIFY(renderer.objectForEvent(*controller.session(), 1, 0).isEmpty());
        QVERIFY(renderer.objectForEvent(*controller.session(), 9, 1).isEmpty());
    }

    void unmatchedInterfaceShowsTheFailure() {
        // Reference §1.2: no interface matches NCCL_SOCKET_IFNAME=ens, ncclGetUniqueId fails.
        const auto scene = views::ncclBootstrapScene();
        auto s = session(scene, {{"nranks", 4}, {"socket_ifname", "ens"}});
        s->runToEnd(scene.model.stepCap);
        views::NcclRenderer renderer;
        const QString text = allText(renderer, *s);
        // The id card wraps these sentences over two lines where they need them.
        const QString flowing = text.simplified();
        QVERIFY2(flowing.contains("ncclGetUniqueId returned ncclInvalidUsage: no id was filled"), qPrintable(text));
        QVERIFY(flowing.contains("NCCL_SOCKET_IFNAME=ens matches none of ib0,eth0,docker0,lo"));
        QVERIFY(text.contains("no root thread"));
        QVERIFY(!text.contains("accepting"));
        QVERIFY(!text.contains("bootstrapRoot in rank"));
        QVERIFY(!text.contains("magic (bytes 0–7)"));
        // No rank called ncclCommInitRank, so none opened a socket or knows an address.
        QVERIFY2(!text.contains("listen ") && !text.contains("callback :"), qPrintable(text));
        QCOMPARE(text.count("not started"), 4);  // every rank
        render(renderer, *s);
        QVERIFY(regionOf(renderer.hitRegions(), "root").isEmpty());  // no root box to click
    }

    void aRankShowsNoSocketBeforeNcclCommInitRank() {
        // bootstrapInit opens a rank's listen sockets when it calls ncclCommInitRank; in the
        // engine rank r does so at its check-in (classic, 4 ranks: rank 0 at step 3).
        const auto scene = views::ncclBootstrapScene();
        auto s = session(scene, {{"nranks", 4}, {"missing_rank", 2}});
        const auto address = [&](int r) {
            return QString::fromStdString(str(s->inspect("rank:" + std::to_string(r))["sockets"]["ring_listen"]));
        };
        views::NcclRenderer renderer;
        s->seek(3);
        QString text = allText(renderer, *s);
        QVERIFY2(text.contains(address(0)), qPrintable(text));
        QVERIFY(!text.contains(address(1)));
        QCOMPARE(text.count("not started"), 2);  // ranks 1 and 3; rank 2 never starts
        s->runToEnd(scene.model.stepCap);
        text = allText(renderer, *s);
        QVERIFY(text.contains(address(3)));
        QVERIFY2(!text.contains(address(2)), qPrintable(text));  // the missing rank opened nothing
        QCOMPARE(text.count("never started"), 1);
    }

    void commIdRootAppearsWhenRank0StartsIt() {
        // Reference §1.3: with NCCL_COMM_ID the root starts in rank 0's ncclCommInitRank (step 3).
        const auto scene = views::ncclBootstrapScene();
        auto s = session(scene, {{"nranks", 4}, {"comm_id", "10.0.0.1:29500"}});
        views::NcclRenderer renderer;
        for (std::size_t step : {1, 2}) {
            s->seek(step);
            const QString text = allText(renderer, *s);
            QVERIFY2(text.contains("no root thread yet"), qPrintable(text));
            QVERIFY(!text.contains("accepting"));
            render(renderer, *s);
            QVERIFY(regionOf(renderer.hitRegions(), "root").isEmpty());
        }
        s->seek(3);
        const QString text = allText(renderer, *s);
        QVERIFY(!text.contains("no root thread yet"));
        QVERIFY(text.contains("1/4 in · accepting"));
        render(renderer, *s);
        QVERIFY(!regionOf(renderer.hitRegions(), "root").isEmpty());
    }

    void v230MessagesCarryTheirFields() {
        // 2.30, n = 4: extInfo adds iroot, nroots, offset; the allgather runs both ways, slice (r + i) mod n
        // travelling to prev in round i (NCCL src/bootstrap.cc, socketRingAllGather).
        const auto scene = views::ncclBootstrapScene();
        auto s = session(scene, {{"nranks", 4}, {"version", "2.30"}});
        views::NcclRenderer renderer;
        bool sawExtInfo = false, sawPrev = false;
        while (!s->atEnd() && !(sawExtInfo && sawPrev)) {
            s->stepForward();
            render(renderer, *s);
            for (const QString& id : messageIds(renderer.hitRegions())) {
                const sim::Json m = s->inspect(id.toStdString());
                QVERIFY2(!m.is_null(), qPrintable(id));
                if (str(m["kind"]) == "extinfo" && !sawExtInfo) {
                    sawExtInfo = true;
                    const int src = m["src"].get<int>();
                    QCOMPARE(m["extInfo"]["rank"].get<int>(), src);
                    QCOMPARE(m["extInfo"]["iroot"].get<int>(), 0);
                    QCOMPARE(m["extInfo"]["nroots"].get<int>(), 1);
                    QCOMPARE(m["extInfo"]["offset"].get<int>(), 0);
                    QCOMPARE(str(m["extInfo"]["listenRootAddress"]),
                             str(s->inspect("rank:" + std::to_string(src))["sockets"]["root_callback"]));
                }
                if (str(m["kind"]) == "allgather" && str(m["direction"]) == "prev") {
                    sawPrev = true;
                    const int src = m["src"].get<int>(), round = m["round"].get<int>();
                    QCOMPARE(m["dst"].get<int>(), (src + 3) % 4);
                    QCOMPARE(m["slice"].get<int>(), (src + round) % 4);
                    QCOMPARE(str(m["bootstrapRingData"]["peerAddress"]),
                             str(s->inspect("rank:" + std::to_string((src + round) % 4))["sockets"]["p2p_listen"]));
                }
            }
        }
        QVERIFY(sawExtInfo);
        QVERIFY(sawPrev);
    }

    void clickingTheBandPicksTheNearestRank() {
        const auto scene = views::ncclBootstrapScene();
        auto s = tests::sceneSession(scene, QStringLiteral(":/scenarios/nccl/ranks_1024.json"));
        QVERIFY(s);
        s->seek(12);
        views::NcclRenderer renderer;
        render(renderer, *s);
        // The circle: centre (458, 469), radius 369, rank 0 at 12 o'clock, clockwise. So rank 256 of 1,024 sits
        // at 3 o'clock, rank 512 at 6, rank 768 at 9.
        QCOMPARE(renderer.objectAt(QPointF(458 + 369, 469)), QStringLiteral("rank:256"));
        QCOMPARE(renderer.objectAt(QPointF(458, 469 + 369 + 10)), QStringLiteral("rank:512"));  // inside the band
        QCOMPARE(renderer.objectAt(QPointF(458 - 369 + 5, 469)), QStringLiteral("rank:768"));
        // 45° past 12 o'clock is rank 128.
        QCOMPARE(renderer.objectAt(QPointF(458 + 369 / std::sqrt(2.0), 469 - 369 / std::sqrt(2.0))),
                 QStringLiteral("rank:128"));
        QVERIFY(!renderer.objectAt(QPointF(458 + 200, 469 - 200)).startsWith("rank:"));  // inside the ring, off it
        // The detail follows the pick: rank 256 and its neighbours drawn, and the Inspector can open it.
        const QString text = allText(renderer, *s, "rank:256");
        QVERIFY(text.contains("rank 255"));
        QVERIFY(text.contains("rank 257"));
        QCOMPARE(s->inspect("rank:256")["rank"].get<int>(), 256);
        QVERIFY(!regionOf(renderer.hitRegions(), "rank:256").isEmpty());
    }

    void sideBySideDrawsBothVersions() {
        // n = 8 (NCCL src/bootstrap.cc, bootstrapRingAllGather / socketRingAllGather): classic gathers three times, one
        // way, n − 1 = 7 rounds each; 2.30 once, both ways, ⌊8/2⌋ = 4 rounds. At the end: classic 3 × 8 + 3 × 8 × 7 =
        // 192 messages, 2.30 3 × 8 + 8 × 7 = 80.
        const auto scene = views::ncclBootstrapScene();
        QCOMPARE(scene.viewOptions.size(), std::size_t(1));
        QCOMPARE(scene.viewOptions[0].id, QString(views::NcclRenderer::kSideBySide));
        QVERIFY(!scene.viewOptions[0].shortcut.isEmpty());
        const QStringList sideBySide{views::NcclRenderer::kSideBySide};
        for (const char* version : {"classic", "2.30"}) {
            auto s = session(scene, {{"nranks", 8}, {"version", version}});
            views::NcclRenderer renderer;
            s->runToEnd(scene.model.stepCap);
            const QString text = allText(renderer, *s, {}, sideBySide);
            VERIFY_CONTAINS_ALL(text, {"classic vs 2.30 side by side", "classic (≤ 2.22)", "7 + 7 + 7 rounds",
                                       "both ways: 4 rounds", "192 messages so far", "80 messages so far"});
            QCOMPARE(text.count("COMPLETE"), 2);  // both panes' progress reached the end
            // Single pane without the option.
            QVERIFY(!allText(renderer, *s).contains("side by side"));
        }
        // Same phase: classic at the start of its allgather (step 2 + 8 + 8 + 8 + 1 = 27, its first slice) puts
        // 2.30 at the start of its own: all 24 messages before it sent, at most a round of allgather more.
        auto s = session(scene, {{"nranks", 8}});
        s->seek(27);
        views::NcclRenderer renderer;
        const QString text = allText(renderer, *s, {}, sideBySide);
        QVERIFY2(text.contains("25 messages so far"), qPrintable(text));
        QVERIFY(text.contains("8/8"));
        // Stepping back moves the other pane back too.
        s->seek(4);
        const QString early = allText(renderer, *s, {}, sideBySide);
        QVERIFY(!early.contains("24 messages so far"));
        QVERIFY(early.contains("2 messages so far"));
    }

    void everyExampleScenarioLoadsRunsAndDraws_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("complete");
        QTest::addColumn<QString>("summaryKey");
        QTest::addColumn<int>("summaryValue");
        // What each example is for, from its description: counts worked out from NCCL src/bootstrap.cc.
        QTest::newRow("classic_4") << "classic_4" << true << "allgather" << 36;      // 3 gathers × 3 rounds × 4
        QTest::newRow("v230_8") << "v230_8" << true << "allgather" << 56;            // 3 rounds × 16 + 1 × 8
        QTest::newRow("two_roots_16") << "two_roots_16" << true << "extinfo" << 18;  // 16 + one extra per root
        QTest::newRow("missing_rank") << "missing_rank" << false << "extinfo" << 3;
        QTest::newRow("bad_magic") << "bad_magic" << true << "bad_magic" << 1;
        QTest::newRow("ranks_1024") << "ranks_1024" << true << "next_addr" << 1024;
    }
    void everyExampleScenarioLoadsRunsAndDraws() {
        QFETCH(QString, name);
        QFETCH(bool, complete);
        QFETCH(QString, summaryKey);
        QFETCH(int, summaryValue);
        const auto scene = views::ncclBootstrapScene();
        const QString path = QStringLiteral(":/scenarios/nccl/%1.json").arg(name);
        QVERIFY(scene.exampleScenarios.contains(path));
        auto s = tests::sceneSession(scene, path);
        QVERIFY2(s, qPrintable(path));
        s->runToEnd(scene.model.stepCap);
        QVERIFY(s->atEnd());
        const sim::Json summary = s->summary();
        QCOMPARE(summary["complete"].get<bool>(), complete);
        QCOMPARE(summary["messages"][summaryKey.toStdString()].get<int>(), summaryValue);
        views::NcclRenderer renderer;
        const QString text = allText(renderer, *s);
        QVERIFY(text.contains("NCCL bootstrap"));
        QVERIFY(text.contains(complete ? "COMPLETE" : "stopped"));
    }

    void chartModelCountsMatchTheEngine() {
        // The chart's message model must agree with what the engine sends, for both versions.
        views::NcclChartDock dock;
        const auto* classic = qobject_cast<QLineSeries*>(dock.messageChart()->series()[0]);
        const auto* v230 = qobject_cast<QLineSeries*>(dock.messageChart()->series()[1]);
        QVERIFY(classic && v230);
        QCOMPARE(classic->count(), 17);  // n = 2, 4, … 131,072
        // At 131,072: classic 3n + 3n(n − 1) = 3n² = 51,539,607,552; 2.30 3n + n(n − 1) = n² + 2n.
        QCOMPARE(classic->at(16).y(), 51539607552.0);
        QCOMPARE(v230->at(16).y(), 131072.0 * 131072.0 + 2 * 131072.0);
        const auto scene = views::ncclBootstrapScene();
        for (int i : {0, 1, 2}) {  // n = 2, 4, 8
            const int n = 2 << i;
            for (const auto& [series, version] : {std::pair{classic, "classic"}, std::pair{v230, "2.30"}}) {
                QCOMPARE(series->at(i).x(), double(n));
                auto s = session(scene, {{"nranks", n}, {"version", version}});
                s->runToEnd(scene.model.stepCap);
                const auto total = s->summary()["messages"]["total"].get<double>();
                QCOMPARE(series->at(i).y(), total);
            }
        }
        // Hand-checked: classic 4 ranks = 12 + 3 gathers × 12 = 48; 2.30 4 ranks = 12 + 12 = 24.
        QCOMPARE(classic->at(1).y(), 48.0);
        QCOMPARE(v230->at(1).y(), 24.0);
        // The time model grows with n and classic is the slower one at 16,384.
        const auto* t0 = qobject_cast<QLineSeries*>(dock.timeChart()->series()[0]);
        const auto* t1 = qobject_cast<QLineSeries*>(dock.timeChart()->series()[1]);
        QVERIFY(t0->at(13).y() > t1->at(13).y());
        QVERIFY(t1->at(13).y() > t1->at(0).y());
    }

    void logDockShowsLinesUpToTheCursor() {
        const auto scene = views::ncclBootstrapScene();
        views::SimulationController controller;
        QVERIFY(controller.load(tests::sceneSetup(scene, {{"nranks", 4}})).ok());
        views::NcclLogDock dock(controller);
        QCOMPARE(dock.objectName(), QStringLiteral("NcclLogDock"));
        const int atStart = dock.lineCount();
        controller.seek(60);  // the end (3 allgathers of 12 messages, 10 stages): every rank prints Init COMPLETE
        QTRY_VERIFY(dock.lineCount() > atStart);
        const QString text = dock.view()->toPlainText();
        QCOMPARE(text.count(" - Init COMPLETE"), 4);
        QVERIFY(dock.highlightedCount() >= 4);
        controller.seek(3);
        QTRY_VERIFY(!dock.view()->toPlainText().contains("Init COMPLETE"));
        // Step 2 is MPI_Bcast: only rank 0's ncclGetUniqueId line (step 1) is shown, none highlighted;
        // rank 0's banner comes at step 3, where its ncclCommInitRank starts.
        controller.seek(2);
        QTRY_COMPARE(dock.lineCount(), 1);
        QVERIFY(dock.view()->toPlainText().endsWith("NCCL INFO Bootstrap : Using ib0:10.0.0.1<0>"));
        QCOMPARE(dock.highlightedCount(), 0);
        controller.seek(3);
        QTRY_VERIFY(dock.view()->toPlainText().contains("NCCL version 2.22.3+cuda12.4"));
        // cudaDriverVersion, NCCL version, then v2.22.3's NET/Plugin search, NET/IB, Using network.
        QCOMPARE(dock.highlightedCount(), 5);
    }
};

QTEST_MAIN(TestViewsNccl)
#include "tst_views_nccl.moc"
