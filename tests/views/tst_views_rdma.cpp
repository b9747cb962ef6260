// Proves the RDMA scene draws what the engine holds: the QP state badge follows
// RESET → RTS, packets appear on the wire only while in flight, every WQE/CQE
// is clickable under its engine id, narration covers every event kind of every
// bundled scenario, the lessons point at real steps and objects, and the
// script dock's edits are undoable and validated.

#include <QDir>
#include <QImage>
#include <QListWidget>
#include <QtTest>

#include "paint_image.h"
#include "rdma/rdma_layout.h"
#include "rdma/rdma_qp_painter.h"
#include "rdma/rdma_renderer.h"
#include "rdma/rdma_scene.h"
#include "rdma/rdma_script_dock.h"
#include "rdma/rdma_snapshot.h"
#include "rdma/rdma_step_painter.h"
#include "rdma/verbs_enums.h"
#include "scene_walk.h"
#include "shell/scene_setup.h"
#include "shell/simulation_controller.h"
#include "tutorial/lesson.h"

using namespace commviz;
using views::RdmaRenderer;

namespace {

QString idOf(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

class RdmaViewTest : public QObject {
    Q_OBJECT

    views::SceneDescriptor m_scene = views::rdmaScene();

    std::unique_ptr<sim::Session> session(const QString& path) { return tests::sceneSession(m_scene, path); }
    std::unique_ptr<sim::Session> session(sim::Json scenario) {
        return tests::sceneSession(m_scene, std::move(scenario));
    }
    QImage render(RdmaRenderer& renderer, const sim::Session& s, const QStringList& highlights = {}) {
        views::RenderState state;
        state.session = &s;
        state.highlights = highlights;
        return tests::paintImage(renderer, state, QSize(1600, 1000));
    }
    static bool hasRegion(const RdmaRenderer& r, const QString& id) {
        for (const auto& hit : r.hitRegions())
            if (hit.objectId == id) return true;
        return false;
    }
    static QString clickAt(const RdmaRenderer& r, QPointF point) {
        QString hit;
        for (const auto& region : r.hitRegions())
            if (region.rect.contains(point)) hit = region.objectId;  // topmost wins, like SceneCanvas
        return hit;
    }
    /// Advances until `pred` holds for the snapshot; false at the end.
    template <class Pred>
    static bool stepUntil(sim::Session& s, Pred pred) {
        while (!pred(views::rdmaSnapshot(&s)))
            if (!s.stepForward()) return false;
        return true;
    }
    static QColor dominant(const QImage& image, const QRectF& rect) {
        // The most frequent colour inside a rectangle: the badge fill, not its text.
        QHash<QRgb, int> counts;
        const QRect r = rect.toAlignedRect().intersected(image.rect());
        for (int y = r.top(); y <= r.bottom(); ++y)
            for (int x = r.left(); x <= r.right(); ++x) ++counts[image.pixel(x, y)];
        QRgb best = 0;
        int most = -1;
        for (auto it = counts.begin(); it != counts.end(); ++it)
            if (it.value() > most) best = it.key(), most = it.value();
        return QColor::fromRgb(best);
    }
    QStringList scenarios() const { return m_scene.exampleScenarios; }

private slots:
    void bundledScenariosAreListed() {
        QVERIFY2(scenarios().size() >= 3, "the scene should list the bundled :/scenarios/rdma/*.json files");
        QVERIFY(scenarios().contains(QStringLiteral(":/scenarios/rdma/send_recv.json")));
        QVERIFY(scenarios().contains(QStringLiteral(":/scenarios/rdma/rnr_retry_exceeded.json")));
        QCOMPARE(m_scene.lessonPath, QStringLiteral(":/lessons/rdma.json"));
        QVERIFY(!QIcon(m_scene.iconPath).isNull());
    }

    void qpBadgeFollowsStateMachine() {
        auto s = session(QStringLiteral(":/scenarios/rdma/send_recv.json"));
        QVERIFY(s);
        RdmaRenderer renderer;
        QVERIFY(stepUntil(*s, [](const views::RdmaSnapshot& n) { return !n.hosts[0]->qps.empty(); }));
        const QString qp = idOf(views::rdmaSnapshot(s.get()).hosts[0]->qps.front().id);
        QCOMPARE(int(views::rdmaSnapshot(s.get()).hosts[0]->qps.front().state), int(rdma::QpState::Reset));
        QImage reset = render(renderer, *s);
        QRectF badge;
        for (const auto& hit : renderer.hitRegions())
            if (hit.objectId == qp && badge.isNull()) badge = hit.rect;  // the badge is the QP's first region
        QVERIFY(!badge.isNull());
        const QColor resetColor = dominant(reset, badge.adjusted(2, 2, -2, -2));
        QVERIFY(stepUntil(
            *s, [](const views::RdmaSnapshot& n) { return n.hosts[0]->qps.front().state == rdma::QpState::Rts; }));
        QImage rts = render(renderer, *s);
        const QColor rtsColor = dominant(rts, badge.adjusted(2, 2, -2, -2));
        QVERIFY2(resetColor != rtsColor, qPrintable(resetColor.name() + QStringLiteral(" vs ") + rtsColor.name()));
        QCOMPARE(rtsColor.rgb(), views::Theme::light().good.rgb());  // RTS is drawn in the "good" colour
    }

    void packetsAppearOnlyWhileInFlight() {
        auto s = session(QStringLiteral(":/scenarios/rdma/send_recv.json"));
        QVERIFY(s);
        RdmaRenderer renderer;
        QVERIFY(stepUntil(*s, [](const views::RdmaSnapshot& n) { return !n.wire->inFlight.empty(); }));
        const QString packet = idOf(views::rdmaSnapshot(s.get()).wire->inFlight.front());
        QImage image = render(renderer, *s);
        QVERIFY(hasRegion(renderer, packet));
        QRectF box;
        for (const auto& hit : renderer.hitRegions())
            if (hit.objectId == packet) box = hit.rect;
        QVERIFY(views::RdmaLayout::make().wire.contains(box));  // on the wire, between the hosts
        QVERIFY(dominant(image, box) != views::Theme::light().panel);
        QCOMPARE(clickAt(renderer, box.center()), packet);
        // Two steps after it landed, nothing of it is drawn.
        QVERIFY(stepUntil(*s, [&](const views::RdmaSnapshot& n) {
            return std::find(n.wire->inFlight.begin(), n.wire->inFlight.end(), packet.toStdString()) ==
                   n.wire->inFlight.end();
        }));
        s->stepForward();
        render(renderer, *s);
        QVERIFY(!hasRegion(renderer, packet));
    }

    void queueSlotsAreClickableUnderEngineIds() {
        auto s = session(QStringLiteral(":/scenarios/rdma/send_recv.json"));
        QVERIFY(s);
        RdmaRenderer renderer;
        int checkedWqes = 0, checkedCqes = 0;
        while (s->stepForward()) {
            render(renderer, *s);
            const auto snap = views::rdmaSnapshot(s.get());
            for (const auto* host : snap.hosts) {
                for (const auto& qp : host->qps)
                    for (const auto* queue : {&qp.sq, &qp.rq})
                        for (std::uint64_t pos = queue->tail; pos < queue->head && pos < queue->tail + 10; ++pos) {
                            const auto* wqe = queue->at(pos);
                            if (!wqe) continue;
                            const QString id = idOf(wqe->id);
                            QVERIFY2(hasRegion(renderer, id), qPrintable(id));
                            for (const auto& hit : renderer.hitRegions())
                                if (hit.objectId == id) QCOMPARE(clickAt(renderer, hit.rect.center()), id);
                            QVERIFY(!s->inspect(id.toStdString()).is_null());
                            ++checkedWqes;
                        }
                for (const auto& cq : host->cqs)
                    for (const auto& slot : cq.ring)
                        if (slot) {
                            QVERIFY2(hasRegion(renderer, idOf(slot->id)), slot->id.c_str());
                            QVERIFY(!s->inspect(slot->id).is_null());
                            ++checkedCqes;
                        }
                for (const auto& wr : host->wrs) QVERIFY(!s->inspect(wr.id).is_null());
            }
        }
        QVERIFY(checkedWqes > 0);
        QVERIFY(checkedCqes > 0);
    }

    void dataArrowsLeaveFromTheQpThatMovesTheData() {
        // read.json moved onto each host's second QP, with a WRITE besides the
        // READ: DMA reads and memory writes must point at that QP's requester,
        // responder or completer, never at the host's first QP.
        auto doc = views::loadScenario(QStringLiteral(":/scenarios/rdma/read.json"), m_scene);
        QVERIFY(doc);
        sim::Json scenario = doc.value();
        sim::Json script = sim::Json::array();
        for (auto call : scenario["script"]) {
            if (call["call"] == "ibv_create_qp") {
                script.push_back(call);
                call["qp"] = call["qp"].get<std::string>() + "2";
            } else if (call["call"] == "connect") {
                call["qps"] = {"qpA2", "qpB2"};
                call["attr"]["qp_access_flags"] = {"IBV_ACCESS_REMOTE_READ", "IBV_ACCESS_REMOTE_WRITE"};
            } else if (call["call"] == "ibv_post_send") {
                call["qp"] = "qpA2";
                sim::Json write = call["wr"][0];
                write["wr_id"] = 31;
                write["opcode"] = "IBV_WR_RDMA_WRITE";
                write["remote_offset"] = 3072;
                call["wr"].push_back(write);
            } else if (call["call"] == "ibv_poll_cq") {
                call["min"] = 2;
                call["num_entries"] = 2;
            }
            script.push_back(call);
        }
        scenario["script"] = script;
        auto s = session(scenario);
        QVERIFY(s);
        QSet<QString> seen;
        while (s->stepForward()) {
            const auto snap = views::rdmaSnapshot(s.get());
            QImage image(16, 16, QImage::Format_ARGB32);
            QPainter painter(&image);
            views::RenderState state;
            std::vector<views::HitRegion> hits;
            QHash<QString, QRectF> anchors;
            views::RdmaPaint paint(painter, state, hits, anchors);
            views::RdmaHostActivity activity[2];
            QSet<QString> landed;
            views::RdmaStepPainter(snap).analyse(paint, activity, landed);
            for (const auto* host : snap.hosts) {
                if (host->qps.size() < 2) continue;  // still creating them
                const QString first = idOf(host->qps[0].id), second = idOf(host->qps[1].id);
                for (const QString& part : {QStringLiteral("#req"), QStringLiteral("#resp"), QStringLiteral("#comp")})
                    QVERIFY2(!paint.touched.contains(first + part), qPrintable(first + part));
                for (const auto& event : *snap.events) {
                    QString at;
                    if (const auto* e = std::get_if<rdma::DmaRead>(&event); e && e->host == host->name)
                        at = e->wqe.rfind(host->name + "/", 0) == 0 ? views::RdmaQpPainter::requesterAnchor(second)
                                                                    : views::RdmaQpPainter::responderAnchor(second);
                    if (const auto* e = std::get_if<rdma::MemoryWritten>(&event); e && e->host == host->name)
                        at = e->what == "read response" ? views::RdmaQpPainter::completerAnchor(second)
                                                        : views::RdmaQpPainter::responderAnchor(second);
                    if (at.isEmpty()) continue;
                    QVERIFY2(paint.touched.contains(at), qPrintable(at));
                    seen << at;
                }
            }
        }
        // A's requester reads the WRITE's payload, B's responder the READ's; B's
        // responder writes the WRITE's bytes, A's completer the READ response.
        QCOMPARE(seen.size(), 3);
    }

    void narrationCoversEveryEventKind() {
        QSet<QString> kinds;
        for (const QString& path : scenarios()) {
            auto s = session(path);
            QVERIFY2(s, qPrintable(path));
            s->runToEnd(m_scene.model.stepCap);
            QVERIFY2(s->atEnd(), qPrintable(path));
            for (std::size_t n = 1; n <= s->recordedSteps(); ++n)
                for (const auto& record : s->eventRecords(n)) {
                    const QString text = m_scene.narrate(record);
                    const QString kind = QString::fromStdString(record.kind);
                    QVERIFY2(!text.isEmpty(), qPrintable(kind));
                    QVERIFY2(!text.startsWith(kind + QStringLiteral(" (")),
                             qPrintable(QStringLiteral("no sentence for ") + kind));
                    QVERIFY2(!text.contains(QStringLiteral("%1")), qPrintable(text));
                    kinds << kind;
                }
        }
        for (const char* expected :
             {"wr_posted", "wqe_written", "doorbell", "packet_sent", "cqe_written", "wc_returned"})
            QVERIFY2(kinds.contains(QLatin1String(expected)), expected);
    }

    void rnrRetrySevenIsNarratedAsForever() {
        // rnr.json connects with rnr_retry = 7: no sentence may count RNR retries down.
        auto s = session(QStringLiteral(":/scenarios/rdma/rnr.json"));
        QVERIFY(s);
        s->runToEnd(m_scene.model.stepCap);
        int resends = 0;
        for (std::size_t n = 1; n <= s->recordedSteps(); ++n)
            for (const auto& record : s->eventRecords(n)) {
                if (record.kind != "retransmit" && record.kind != "rnr_wait") continue;
                const QString text = m_scene.narrate(record);
                QVERIFY2(text.contains(QStringLiteral("forever")) && !text.contains(QStringLiteral("left")),
                         qPrintable(text));
                resends += record.kind == "retransmit";
            }
        QVERIFY(resends > 0);
    }

    void lessonsPointAtRealStepsAndObjects_data() {
        QTest::addColumn<QString>("path");
        QTest::newRow("main") << QStringLiteral(":/lessons/rdma.json");
        QTest::newRow("rnr") << QStringLiteral(":/lessons/rdma_rnr.json");
    }
    void lessonsPointAtRealStepsAndObjects() {
        QFETCH(QString, path);
        auto lesson = views::loadLesson(path);
        QVERIFY2(lesson, lesson ? "" : lesson.error().message.c_str());
        QCOMPARE(lesson.value().scene, QStringLiteral("rdma"));
        QVERIFY(lesson.value().steps.size() >= 5);
        int questions = 0;
        QString scenario;
        std::unique_ptr<sim::Session> s;
        RdmaRenderer renderer;
        for (const auto& step : lesson.value().steps) {
            if (!step.scenario.isEmpty() && step.scenario != scenario) {
                scenario = step.scenario;
                s = session(scenario);
                QVERIFY2(s, qPrintable(scenario));
            }
            QVERIFY(s);
            QCOMPARE(s->seek(step.step), step.step);
            render(renderer, *s, step.highlights);
            for (const QString& id : step.highlights)
                QVERIFY2(hasRegion(renderer, id) || !s->inspect(id.toStdString()).is_null(),
                         qPrintable(QStringLiteral("step %1: %2").arg(step.step).arg(id)));
            QVERIFY(!step.source.isEmpty());
            if (!step.question.isEmpty()) ++questions;
        }
        QVERIFY(questions >= 1);
    }

    void scriptDockEditsAreUndoable() {
        views::SimulationController controller;
        auto scenario = views::loadScenario(QStringLiteral(":/scenarios/rdma/send_recv.json"), m_scene);
        QVERIFY(scenario);
        QVERIFY(controller.load(tests::sceneSetup(m_scene, {}, scenario.value())).ok());
        views::RdmaScriptDock dock(controller);
        QCOMPARE(dock.objectName(), QStringLiteral("RdmaScriptDock"));
        const sim::Json original = dock.script();
        QVERIFY(original.size() >= 3);
        auto* list = dock.findChild<QListWidget*>();
        QVERIFY(list);
        QCOMPARE(list->count(), int(original.size()));

        const int last = int(original.size()) - 1;
        QCOMPARE(dock.removeCall(last), QString());
        QCOMPARE(dock.script().size(), original.size() - 1);
        QCOMPARE((*controller.setup().scenario)["script"].size(), original.size() - 1);
        QCOMPARE(list->count(), int(original.size()) - 1);
        dock.undoStack().undo();
        QVERIFY((*controller.setup().scenario)["script"] == original);
        dock.undoStack().redo();
        QCOMPARE(dock.script().size(), original.size() - 1);
        dock.undoStack().undo();

        // An edit the engine rejects changes nothing and leaves no undo entry.
        const int depth = dock.undoStack().count();
        const QString error = dock.replaceCall(0, sim::Json{{"host", "A"}, {"call", "ibv_frobnicate"}});
        QVERIFY(error.contains(QStringLiteral("ibv_frobnicate")));
        QVERIFY((*controller.setup().scenario)["script"] == original);
        QCOMPARE(dock.undoStack().count(), depth);

        // Moving a call down and back up is two undoable commands.
        QCOMPARE(dock.moveCall(last - 1, last), QString());
        QVERIFY(dock.script()[std::size_t(last)] == original[std::size_t(last - 1)]);
        dock.undoStack().undo();
        QVERIFY(dock.script() == original);
    }

    void scriptDockKeepsItsHistoryWhenAKeyChanges() {
        views::SimulationController controller;
        const auto scenario = views::loadScenario(QStringLiteral(":/scenarios/rdma/send_recv.json"), m_scene).value();
        QVERIFY(controller.load(tests::sceneSetup(m_scene, {}, scenario)).ok());
        views::RdmaScriptDock dock(controller);
        const sim::Json original = dock.script();
        QCOMPARE(dock.removeCall(int(original.size()) - 1), QString());
        QCOMPARE(dock.undoStack().count(), 1);
        // A Parameters-dock edit re-runs the same script: the edit history stays.
        QVERIFY(controller.setValues({{"timeout", 20}}).ok());
        QCOMPARE(dock.undoStack().count(), 1);
        dock.undoStack().undo();
        QVERIFY(dock.script() == original);
        // Another scenario is another script: a new history.
        const auto write = views::loadScenario(QStringLiteral(":/scenarios/rdma/write.json"), m_scene).value();
        QVERIFY(controller.load(tests::sceneSetup(m_scene, {}, write)).ok());
        QCOMPARE(dock.undoStack().count(), 0);
    }

    void scriptDockMarksReturnValues() {
        views::SimulationController controller;
        auto scenario = views::loadScenario(QStringLiteral(":/scenarios/rdma/send_recv.json"), m_scene);
        QVERIFY(scenario);
        QVERIFY(controller.load(tests::sceneSetup(m_scene, {}, scenario.value())).ok());
        views::RdmaScriptDock dock(controller);
        controller.seek(1'000'000);
        auto* list = dock.findChild<QListWidget*>();
        QVERIFY(list->item(0)->text().contains(QStringLiteral("→ 0")));
    }
};

QTEST_MAIN(RdmaViewTest)
#include "tst_views_rdma.moc"
