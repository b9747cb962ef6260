// Proves the "Why RDMA" scene view draws what the engine says: counters change
// between steps, every lane and stage is clickable with an id the engine can
// inspect, every event of a run has a sentence, and the lesson's steps exist.

#include <QFile>
#include <QImage>
#include <QPainter>
#include <QtTest>

#include "fit_check.h"
#include "paint_image.h"
#include "rdma_vs_socket/rdma_vs_socket_engine.h"
#include "rdma_vs_socket/rdma_vs_socket_layout.h"
#include "rdma_vs_socket/rdma_vs_socket_renderer.h"
#include "rdma_vs_socket/rdma_vs_socket_scene.h"
#include "rdma_vs_socket/rdma_vs_socket_text.h"
#include "scene_walk.h"
#include "sim/session_access.h"
#include "tutorial/lesson.h"

using namespace commviz;
using rdma_vs_socket::Lane;

namespace {

QImage render(views::SceneRenderer& renderer, const sim::Session& session, double progress = 1.0,
              const QString& selected = {}) {
    views::RenderState state;
    state.session = &session;
    state.progress = progress;
    state.selected = selected;
    return tests::paintOnBlack(renderer, state);
}

bool hasId(const std::vector<views::HitRegion>& hits, const QString& id) {
    return std::any_of(hits.begin(), hits.end(), [&](const auto& h) { return h.objectId == id; });
}

}  // namespace

class RdmaVsSocketViewTest : public QObject {
    Q_OBJECT

    views::SceneDescriptor m_scene = views::rdmaVsSocketScene();

private slots:
    void descriptorIsComplete() {
        QCOMPARE(QString::fromStdString(m_scene.model.id), QStringLiteral("rdma-vs-socket"));
        QCOMPARE(m_scene.name(), QStringLiteral("Why RDMA: sockets vs verbs"));
        QVERIFY(!m_scene.description().isEmpty());
        QVERIFY(m_scene.about().contains(QStringLiteral("illustrative")));
        QVERIFY(QFile::exists(m_scene.iconPath));
        for (const auto& path : m_scene.exampleScenarios) QVERIFY2(QFile::exists(path), qPrintable(path));
        QVERIFY(m_scene.createRenderer && m_scene.narration);
    }

    void countersChangeBetweenSteps() {
        auto session = tests::modelSession(m_scene);
        auto renderer = m_scene.createRenderer();
        QCOMPARE(renderer->logicalSize(), QSizeF(1400, 1000));  // the canvas's shape, so text reaches 8 pt at fit
        const QImage start = render(*renderer, *session);
        // Whole image painted (no black left from the fill) and hit regions for both lanes.
        QVERIFY(start.pixelColor(5, 5) != QColor(Qt::black));
        const auto hits = renderer->hitRegions();
        QVERIFY(hasId(hits, QStringLiteral("lane:socket")));
        QVERIFY(hasId(hits, QStringLiteral("lane:verbs")));
        QVERIFY(hasId(hits, QStringLiteral("stage:socket:0")));
        QVERIFY(hasId(hits, QStringLiteral("stage:verbs:6")));
        QVERIFY(hasId(hits, QStringLiteral("setup:3")));

        // Four setup steps, then the race: by step 8 the socket lane has made copy #1.
        for (int i = 0; i < 8; ++i) QVERIFY(session->stepForward());
        const auto& engine = *sim::engineOf<rdma_vs_socket::RdmaVsSocketEngine>(session.get());
        QVERIFY(engine.lane(Lane::Socket).totals.copies >= 1);
        const QImage mid = render(*renderer, *session);
        session->runToEnd(m_scene.model.stepCap);
        const QImage end = render(*renderer, *session);

        const auto layout = views::RdmaVsSocketLayout::make();
        const QRect socketCounters = layout.lane(Lane::Socket).counters.toRect();
        const QRect verbsCounters = layout.lane(Lane::Verbs).counters.toRect();
        QVERIFY(start.copy(socketCounters) != mid.copy(socketCounters));
        QVERIFY(mid.copy(socketCounters) != end.copy(socketCounters));
        QVERIFY(mid.copy(verbsCounters) != end.copy(verbsCounters));  // elapsed time at least
        // Every clickable id is one the engine can inspect.
        for (const auto& hit : renderer->hitRegions())
            QVERIFY2(!session->inspect(hit.objectId.toStdString()).is_null(), qPrintable(hit.objectId));
        QVERIFY(hasId(renderer->hitRegions(), QStringLiteral("message:verbs:0")));
    }

    void animationMovesWithProgress() {
        auto session = tests::modelSession(m_scene);
        auto renderer = m_scene.createRenderer();
        for (int i = 0; i < 8; ++i) QVERIFY(session->stepForward());  // step 8 is copy #1 on the socket lane
        const auto kind = session->eventRecords(session->cursor()).front().kind;
        QCOMPARE(QString::fromStdString(kind), QStringLiteral("copy_user_to_skb"));
        const QImage early = render(*renderer, *session, 0.1);
        const QImage half = render(*renderer, *session, 0.5);
        const QImage settled = render(*renderer, *session, 1.0);
        const QRect hostA = views::RdmaVsSocketLayout::make().lane(Lane::Socket).hosts[0].toRect();
        QVERIFY(early.copy(hostA) != half.copy(hostA));
        QVERIFY(half.copy(hostA) != settled.copy(hostA));
    }

    void selectionDrawsAHalo() {
        auto session = tests::modelSession(m_scene);
        auto renderer = m_scene.createRenderer();
        const QImage plain = render(*renderer, *session);
        const QImage picked = render(*renderer, *session, 1.0, QStringLiteral("stage:socket:2"));
        QVERIFY(plain != picked);
    }

    void everyEventIsNarrated_data() {
        QTest::addColumn<QString>("op");
        QTest::addColumn<QString>("order");
        QTest::newRow("write race") << "write"
                                    << "race";
        QTest::newRow("send sequential") << "send"
                                         << "sequential";
    }

    void everyEventIsNarrated() {
        QFETCH(QString, op);
        QFETCH(QString, order);
        auto session = tests::modelSession(
            m_scene, {{"verbs_op", op.toStdString()}, {"order", order.toStdString()}, {"messages", 2}});
        const std::size_t steps = session->runToEnd(m_scene.model.stepCap);
        QCOMPARE(steps, std::size_t(4 + 2 * 11 + 2 * 7));
        QSet<QString> sentences;
        for (std::size_t n = 1; n <= steps; ++n)
            for (const auto& record : session->eventRecords(n)) {
                const QString sentence = m_scene.narrate(record);
                QVERIFY(!sentence.isEmpty());
                // The fallback names the raw kind; every real kind has its own sentence.
                QVERIFY2(!sentence.startsWith(QString::fromStdString(record.kind)), qPrintable(sentence));
                sentences.insert(sentence);
            }
        QVERIFY(sentences.size() >= 20);
        // The renderer draws the last step without trouble, in both themes.
        auto renderer = m_scene.createRenderer();
        QImage image(800, 500, QImage::Format_ARGB32);
        QPainter painter(&image);
        painter.scale(0.5, 0.5);
        views::RenderState state;
        state.session = session.get();
        state.theme = views::Theme::dark();
        renderer->paint(painter, state);
        QCOMPARE(image.pixelColor(2, 2), views::Theme::dark().background);
    }

    void lessonStepsAreInTheRun() {
        auto lesson = views::loadLesson(m_scene.lessonPath);
        QVERIFY2(lesson.ok(), lesson.ok() ? "" : lesson.error().message.c_str());
        QCOMPARE(lesson.value().scene, QStringLiteral("rdma-vs-socket"));
        QVERIFY(lesson.value().steps.size() >= 6);
        auto session = tests::modelSession(m_scene);
        const std::size_t steps = session->runToEnd(m_scene.model.stepCap);
        std::size_t previous = 0;
        for (const auto& step : lesson.value().steps) {
            QVERIFY(step.step <= steps);
            QVERIFY(step.step >= previous);  // the lesson walks forward
            previous = step.step;
            QVERIFY(!step.source.isEmpty());
            if (!step.scenario.isEmpty()) QVERIFY2(QFile::exists(step.scenario), qPrintable(step.scenario));
            session->seek(step.step);
            for (const QString& id : step.highlights)
                QVERIFY2(!session->inspect(id.toStdString()).is_null(), qPrintable(id));
        }
    }

    // At fit in the default window every text of every step reaches 8 pt and none is cut short; the
    // scene has the canvas's shape, so it fills it.
    void everyTextIsReadableAtFit() {
        views::SimulationController controller;
        QVERIFY(tests::fitScaleOnDefaultCanvas<views::RdmaVsSocketRenderer>(controller) > 0.70);
        for (const QString& path : tests::scenarioPaths(m_scene)) {
            auto s = tests::sceneSession(m_scene, path);
            QVERIFY(s);
            views::RdmaVsSocketRenderer renderer;
            for (std::size_t step = 0;; ++step) {
                const auto drawn = tests::paintAtZoom(controller, renderer, *s, 1);
                tests::checkReadable(drawn, QStringLiteral("%1 step %2").arg(path).arg(step), true);
                if (QTest::currentTestFailed() || !s->stepForward()) break;
            }
        }
    }

    void textHelpers() {
        QCOMPARE(views::RdmaVsSocketText::bytes(4096), QStringLiteral("4 KiB"));
        QCOMPARE(views::RdmaVsSocketText::bytes(100), QStringLiteral("100 B"));
        QCOMPARE(views::RdmaVsSocketText::bytes(1.5 * 1024 * 1024), QStringLiteral("1.5 MiB"));
        QCOMPARE(views::RdmaVsSocketText::duration(820), QStringLiteral("820 ns"));
        QCOMPARE(views::RdmaVsSocketText::duration(11'500), QStringLiteral("11.5 µs"));
    }
};

QTEST_MAIN(RdmaVsSocketViewTest)
#include "tst_views_rdma_vs_socket.moc"
