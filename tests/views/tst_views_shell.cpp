// Proves the shared shell parts follow the one cursor: controller stepping,
// play and worker runs, the canvas drawing offscreen, the event list filtering
// and seeking, undoable parameter edits, the inspector and the tutorial panel.

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

#include "counter_scene.h"
#include "scene_walk.h"
#include "shell/event_list_model.h"
#include "shell/events_dock.h"
#include "shell/inspector_dock.h"
#include "shell/narration_dock.h"
#include "shell/parameters_dock.h"
#include "shell/scene_canvas.h"
#include "shell/simulation_controller.h"
#include "sim/session_access.h"
#include "tutorial/tutorial_dock.h"

using namespace commviz;
using views::SimulationController;

class ShellTest : public QObject {
    Q_OBJECT

    views::SceneDescriptor m_scene = testing::counterScene();

    void load(SimulationController& controller, long limit = 100) {
        sim::ParamValues values = sim::defaults(m_scene.model.params);
        values["limit"] = limit;
        QVERIFY(controller.load(tests::sceneSetup(m_scene, values)).ok());
    }
    static long valueOf(const SimulationController& controller) {
        return sim::engineOf<testing::CounterEngine>(controller.session())->value();
    }

private slots:
    void controllerStepsSeeksAndSignals() {
        SimulationController controller;
        load(controller);
        QSignalSpy cursor(&controller, &SimulationController::cursorChanged);
        controller.stepForward();
        controller.stepForward();
        controller.stepForward();
        QCOMPARE(controller.cursor(), std::size_t(3));
        QCOMPARE(cursor.count(), 3);
        QCOMPARE(cursor.last().at(1).toBool(), true);  // a single step forward animates
        controller.stepBack();
        QCOMPARE(controller.cursor(), std::size_t(2));
        QCOMPARE(cursor.last().at(1).toBool(), false);
        controller.seek(60);
        QCOMPARE(controller.cursor(), std::size_t(60));
        controller.reset();
        QCOMPARE(controller.cursor(), std::size_t(0));
        QCOMPARE(valueOf(controller), 0L);
    }

    void playAdvancesUntilPaused() {
        SimulationController controller;
        load(controller, 1'000'000);
        controller.setSpeed(2000);
        controller.play();
        QCOMPARE(controller.playState(), SimulationController::PlayState::Playing);
        QTRY_VERIFY(controller.cursor() > 20);
        controller.pause();
        const auto stopped = controller.cursor();
        QTest::qWait(100);
        QCOMPARE(controller.cursor(), stopped);
    }

    void playStopsAtTheEnd() {
        SimulationController controller;
        load(controller, 30);
        controller.setSpeed(5000);
        controller.play();
        QTRY_COMPARE(controller.playState(), SimulationController::PlayState::Stopped);
        QCOMPARE(controller.cursor(), std::size_t(30));
    }

    void runToEndGoesToAWorkerAndReportsProgress() {
        SimulationController controller;
        load(controller, 300'000);
        QSignalSpy progress(&controller, &SimulationController::runProgress);
        controller.runToEnd();
        QCOMPARE(controller.playState(), SimulationController::PlayState::Running);
        QVERIFY(controller.session() == nullptr);  // nobody reads the engine while the worker owns it
        QTRY_COMPARE_WITH_TIMEOUT(controller.playState(), SimulationController::PlayState::Stopped, 60000);
        QCOMPARE(controller.cursor(), std::size_t(300'000));
        QVERIFY(controller.endKnown());
        QVERIFY(progress.count() >= 1);
        QCOMPARE(progress.last().at(0).value<std::size_t>(), std::size_t(300'000));
    }

    void canvasDrawsTheSceneOffscreen() {
        SimulationController controller;
        load(controller);
        views::SceneCanvas canvas(controller);
        canvas.setRenderer(m_scene.createRenderer());
        canvas.resize(800, 400);
        controller.seek(40);
        const long value = valueOf(controller);
        const QImage frame = canvas.grab().toImage();
        QCOMPARE(frame.size(), QSize(800, 400));
        // Logical and widget sizes match, so the bar starts at x = 400 and is 4 px per unit.
        const int insideX = value >= 0 ? 401 : 399;
        QCOMPARE(frame.pixelColor(insideX, 200), views::Theme::light().accent);
        QCOMPARE(frame.pixelColor(400, 50), views::Theme::light().background);
        canvas.setTheme(views::Theme::dark());
        QCOMPARE(canvas.grab().toImage().pixelColor(400, 50), views::Theme::dark().background);
    }

    void clickingTheCanvasSelectsForTheInspector() {
        SimulationController controller;
        load(controller);
        controller.seek(10);
        views::SceneCanvas canvas(controller);
        canvas.setRenderer(m_scene.createRenderer());
        canvas.resize(800, 400);
        canvas.grab();
        views::InspectorDock inspector(controller);
        connect(&canvas, &views::SceneCanvas::objectSelected, &inspector, &views::InspectorDock::setObject);
        QTest::mouseClick(&canvas, Qt::LeftButton, {}, QPoint(valueOf(controller) >= 0 ? 401 : 399, 200));
        QCOMPARE(inspector.object(), QStringLiteral("counter"));
        const auto items = inspector.tree()->findItems(QStringLiteral("value"), Qt::MatchExactly);
        QCOMPARE(items.size(), 1);
        QCOMPARE(items.front()->text(1), QString::number(valueOf(controller)));
        QTest::mouseClick(&canvas, Qt::LeftButton, {}, QPoint(5, 5));
        QCOMPARE(inspector.object(), QString());
    }

    void eventListFiltersAndClickSeeks() {
        SimulationController controller;
        load(controller, 2000);
        views::EventsDock dock(controller);
        QAbstractItemModelTester tester(dock.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        controller.seek(2000);
        std::size_t events = 0, wrapped = 0;
        for (std::size_t n = 1; n <= 2000; ++n)
            for (const auto& r : controller.session()->eventRecords(n)) {
                ++events;
                wrapped += r.kind == "wrapped";
            }
        QCOMPARE(dock.model()->rowCount(), int(events));
        QVERIFY2(wrapped > 0, "a 2000-step walk of +-3 crosses 100 at least once");
        dock.filter()->setText(QStringLiteral("wrapped"));
        QCOMPARE(dock.proxy()->rowCount(), int(wrapped));
        const QModelIndex first = dock.proxy()->index(0, 0);
        const std::size_t step = first.data(views::EventListModel::StepRole).toULongLong();
        auto* table = dock.findChild<QTableView*>();
        QVERIFY(table);
        table->resize(600, 400);
        const QRect cell = table->visualRect(first);
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        QCOMPARE(controller.cursor(), step);
        controller.reset();
        QCOMPARE(dock.model()->rowCount(), int(events));  // the recording stays
    }

    void parameterEditsRerunAndUndo() {
        SimulationController controller;
        load(controller, 100);
        QUndoStack undo;
        views::ParametersDock dock(controller, undo);
        controller.seek(20);
        QVERIFY(dock.edit(QStringLiteral("limit"), 10));
        QCOMPARE(controller.setup().values.at("limit").get<int>(), 10);
        QCOMPARE(controller.cursor(), std::size_t(10));  // kept where possible, clamped to the new end
        auto* box = qobject_cast<QSpinBox*>(dock.editorFor(QStringLiteral("limit")));
        QVERIFY(box);
        QCOMPARE(box->value(), 10);
        undo.undo();
        QCOMPARE(controller.setup().values.at("limit").get<int>(), 100);
        QCOMPARE(box->value(), 100);
        undo.redo();
        QCOMPARE(controller.setup().values.at("limit").get<int>(), 10);
        // Out of range: refused, nothing changes, nothing goes on the stack.
        QVERIFY(!dock.edit(QStringLiteral("limit"), 0));
        QCOMPARE(controller.setup().values.at("limit").get<int>(), 10);
        QCOMPARE(undo.count(), 1);
    }

    void narrationShowsSentenceAndSource() {
        SimulationController controller;
        load(controller);
        views::NarrationDock dock(controller);
        controller.stepForward();
        const QString text = dock.findChild<QTextBrowser*>()->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("moved")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("CounterEngine::step")));
        QVERIFY(views::NarrationDock::narrationOf(controller, 1).startsWith(QStringLiteral("moved")));
    }

    void tutorialStepsRevealAnswersAndSeek() {
        QTemporaryDir dir;
        const QString lessonPath = dir.filePath(QStringLiteral("lesson.json"));
        const QString scenarioPath = dir.filePath(QStringLiteral("short.json"));
        {
            QFile f(scenarioPath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"scene": "counter", "format": 1, "limit": 12})");
        }
        {
            QFile f(lessonPath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QStringLiteral(R"({"scene": "counter", "format": 1, "title": {"en": "Walk", "zh_CN": "随机游走"},
              "steps": [
                {"step": 2, "highlight": ["counter"], "narration": {"en": "Two steps in.", "zh_CN": "走了两步。"},
                 "source": "CounterEngine::step",
                 "question": {"en": "Where next?", "zh_CN": "下一步在哪？"}, "answer": {"en": "Anywhere within 3.", "zh_CN": "三格以内。"}},
                {"scenario": "%1", "step": 12, "narration": {"en": "The end.", "zh_CN": "结束。"}}
              ]})")
                        .arg(scenarioPath)
                        .toUtf8());
        }
        m_scene.lessonPath = lessonPath;
        SimulationController controller;
        load(controller);
        views::TutorialDock dock(controller);
        QSignalSpy highlights(&dock, &views::TutorialDock::highlightsChanged);
        QVERIFY(dock.loadForScene().ok());
        QCOMPARE(controller.cursor(), std::size_t(2));
        QCOMPARE(highlights.last().at(0).toStringList(), QStringList{QStringLiteral("counter")});
        auto* text = dock.findChild<QTextBrowser*>();
        QVERIFY(text->toPlainText().contains(QStringLiteral("Where next?")));
        QVERIFY(!text->toPlainText().contains(QStringLiteral("Anywhere within 3.")));
        dock.next();  // reveals the answer, stays on the step
        QCOMPARE(dock.index(), 0);
        QVERIFY(text->toPlainText().contains(QStringLiteral("Anywhere within 3.")));
        dock.next();
        QCOMPARE(dock.index(), 1);
        QCOMPARE(controller.setup().scenarioPath, scenarioPath);
        QCOMPARE(controller.cursor(), std::size_t(12));
        QVERIFY(controller.endKnown());
        dock.back();
        QCOMPARE(dock.index(), 0);
        QCOMPARE(controller.cursor(), std::size_t(2));

        // A scene with a second lesson offers both; opening it starts at its step 1.
        const QString secondPath = dir.filePath(QStringLiteral("second.json"));
        {
            QFile f(secondPath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"scene": "counter", "format": 1, "title": {"en": "Second", "zh_CN": "第二课"},
              "steps": [{"step": 5, "narration": {"en": "Five.", "zh_CN": "五。"}}]})");
        }
        m_scene.moreLessons = {secondPath};
        QVERIFY(dock.loadForScene().ok());
        auto* chooser = dock.findChild<QComboBox*>();
        QVERIFY(chooser);
        QCOMPARE(chooser->count(), 2);
        QVERIFY(dock.loadLessonFile(secondPath).ok());
        QCOMPARE(dock.lesson()->title.value(QStringLiteral("en")), QStringLiteral("Second"));
        QCOMPARE(controller.cursor(), std::size_t(5));
        QCOMPARE(chooser->currentIndex(), 1);
        m_scene.moreLessons.clear();
        m_scene.lessonPath.clear();
    }

    void scenarioPathsMustBeRegularFiles() {
        QCOMPARE(QString::fromStdString(views::loadScenario(QStringLiteral("/dev/null"), m_scene).error().message),
                 QStringLiteral("scenario file '/dev/null' is not a regular file"));
        QTemporaryDir dir;
        QCOMPARE(QString::fromStdString(views::loadScenario(dir.path(), m_scene).error().message),
                 QStringLiteral("scenario file '%1' is a directory").arg(dir.path()));
    }

    void badLessonsAreRejectedWithAReason() {
        QCOMPARE(QString::fromStdString(views::parseLesson("{", "x").error().message).left(22),
                 QStringLiteral("lesson 'x': not valid "));
        QCOMPARE(QString::fromStdString(views::parseLesson(R"({"format": 1, "steps": []})", "x").error().message),
                 QStringLiteral("lesson 'x': \"steps\" must be a non-empty list"));
        QCOMPARE(QString::fromStdString(
                     views::parseLesson(R"({"format": 1, "steps": [{"step": 1, "narration": {"en": "a"}}]})", "x")
                         .error()
                         .message),
                 QStringLiteral("lesson 'x': steps[0]: narration needs both \"en\" and \"zh_CN\""));
    }
};

QTEST_MAIN(ShellTest)
#include "tst_views_shell.moc"
