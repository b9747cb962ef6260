// Proves the shell holds huge runs: the Events dock is a virtual model that
// lists 5 million events (QAbstractItemModelTester, rows checked against a
// straight run, scrolled end to end), narration copes with a macro-step of
// thousands of events, and a long seek goes to the worker while the event loop
// keeps ticking, can be cancelled, and lands where the last scrub asked; a
// drag across a long run shows saved states at once and lands exactly on release.

#include <QAbstractItemModelTester>
#include <QScrollBar>
#include <QTableView>
#include <QTextBrowser>
#include <QtTest>

#include "big_scenes.h"
#include "scene_walk.h"
#include "shell/event_list_model.h"
#include "shell/events_dock.h"
#include "shell/narration_dock.h"
#include "shell/simulation_controller.h"
#include "shell/timeline_scrubber.h"

using namespace commviz;
using views::SimulationController;

class ShellScaleTest : public QObject {
    Q_OBJECT

    views::SceneDescriptor m_burst = testing::burstScene();
    views::SceneDescriptor m_slow = testing::slowScene();

    static void load(SimulationController& controller, const views::SceneDescriptor& scene, sim::ParamValues set) {
        QVERIFY(controller.load(tests::sceneSetup(scene, std::move(set))).ok());
    }

    // Event i of step n as a straight run of the burst engine makes it.
    static std::uint64_t expectedValue(std::size_t step, std::size_t index, std::uint32_t perStep) {
        testing::BurstEngine engine(1, 100'000, perStep);
        for (std::size_t n = 1; n < step; ++n) engine.step();
        return std::get<testing::Hop>(engine.step().at(index)).value;
    }

private slots:
    void eventsDockListsFiveMillionEvents() {
        SimulationController controller;
        load(controller, m_burst, {{"limit", 100'000}, {"per_step", 50}});
        views::EventsDock dock(controller);
        QAbstractItemModelTester tester(dock.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        controller.runToEnd();
        QTRY_COMPARE_WITH_TIMEOUT(controller.playState(), SimulationController::PlayState::Stopped, 120000);
        QCOMPARE(controller.recordedSteps(), std::size_t(100'000));
        auto* model = dock.model();
        QCOMPARE(model->rowCount(), 5'000'000);

        for (int row : {0, 49, 50, 2'500'017, 4'999'999}) {
            const std::size_t step = std::size_t(row / 50 + 1);
            QCOMPARE(model->index(row, 0).data(views::EventListModel::StepRole).toULongLong(), qulonglong(step));
            const QString details = model->index(row, views::EventListModel::Details).data().toString();
            const auto value = expectedValue(step, std::size_t(row % 50), 50);
            QVERIFY2(details.contains(QStringLiteral("value=%1").arg(value)), qPrintable(details));
        }
        QCOMPARE(model->rowOfStep(70'001), 3'500'000);

        // Scroll the real table end to end: the rows drawn are the rows asked for.
        auto* table = dock.findChild<QTableView*>();
        QVERIFY(table);
        dock.resize(700, 400);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        for (int row : {4'999'999, 2'000'000, 0, 3'333'333}) {
            table->scrollTo(model->index(row, 0));
            QApplication::processEvents();
            const QModelIndex top = table->indexAt(QPoint(5, 5));
            QVERIFY(top.isValid());
            QVERIFY(std::abs(top.row() - row) < 50);
            QCOMPARE(top.data(views::EventListModel::StepRole).toULongLong(), qulonglong(top.row() / 50 + 1));
        }
        // Clicking a row far from the cursor seeks there.
        table->scrollTo(model->index(4'000'010, 0), QAbstractItemView::PositionAtTop);
        QApplication::processEvents();
        const QModelIndex clicked = table->indexAt(QPoint(5, 5));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(clicked).center());
        QTRY_COMPARE_WITH_TIMEOUT(controller.cursor(), std::size_t(clicked.row() / 50 + 1), 30000);
    }

    void narrationSummarisesAMacroStep() {
        SimulationController controller;
        load(controller, m_burst, {{"limit", 10}, {"per_step", 3000}});
        views::NarrationDock dock(controller);
        controller.seek(4);
        const QString text = dock.findChild<QTextBrowser*>()->toPlainText();
        QCOMPARE(text.count(QStringLiteral("BurstEngine::step")), 50);
        QVERIFY2(text.contains(QStringLiteral("2950 more event")), qPrintable(text.right(200)));
    }

    void longSeekRunsOnTheWorkerWhileTheEventLoopTicks() {
        SimulationController controller;
        load(controller, m_slow, {{"limit", 100'000}, {"delay_us", 2000}});
        QVERIFY(controller.recordedSteps() < 400);  // look-ahead stops after a moment
        int ticks = 0;
        QTimer ticker;
        connect(&ticker, &QTimer::timeout, [&ticks] { ++ticks; });
        ticker.start(10);
        QSignalSpy progress(&controller, &SimulationController::runProgress);

        controller.seek(400);  // 400 steps of 2 ms: far more than a frame
        QCOMPARE(controller.playState(), SimulationController::PlayState::Running);
        QVERIFY(controller.seeking());
        QVERIFY(controller.session() == nullptr);
        QTRY_COMPARE_WITH_TIMEOUT(controller.playState(), SimulationController::PlayState::Stopped, 60000);
        QCOMPARE(controller.cursor(), std::size_t(400));
        QVERIFY2(ticks >= 20, qPrintable(QStringLiteral("only %1 ticks during an 800 ms seek").arg(ticks)));
        QVERIFY(progress.count() >= 2);
        QCOMPARE(progress.last().at(0).value<std::size_t>(), std::size_t(400));

        // Scrubbing while a seek runs: it lands where the last request asked.
        controller.seek(700);
        QVERIFY(controller.seeking());
        controller.seek(650);
        controller.seek(600);
        QTRY_VERIFY_WITH_TIMEOUT(!controller.seeking() && controller.cursor() == 600, 60000);

        // Cancel stops a long seek where it is; the session stays usable.
        controller.seek(5000);
        QVERIFY(controller.seeking());
        QTest::qWait(100);
        controller.cancelRun();
        QTRY_COMPARE_WITH_TIMEOUT(controller.playState(), SimulationController::PlayState::Stopped, 10000);
        QVERIFY(controller.cursor() > 600 && controller.cursor() < 5000);
        controller.stepForward();  // a step is a frame's work: no worker
        QCOMPARE(controller.playState(), SimulationController::PlayState::Stopped);
    }

    // Steps of 0.2 ms with keyframes every 1,024 (the slow scene's): going
    // exactly to 1,500 from 3,000 replays 476 steps from keyframe 1,024, about
    // 95 ms, work for the worker; a drag goes to 1,024 at once instead.
    void draggingShowsSavedStatesAtOnceAndTheReleaseLandsExactly() {
        SimulationController controller;
        load(controller, m_slow, {{"limit", 100'000}, {"delay_us", 200}});
        controller.seek(3000);
        QTRY_COMPARE_WITH_TIMEOUT(controller.playState(), SimulationController::PlayState::Stopped, 60000);
        QCOMPARE(controller.recordedSteps(), std::size_t(3000));

        controller.scrub(1500);
        QCOMPARE(controller.playState(), SimulationController::PlayState::Stopped);  // no worker
        QCOMPARE(controller.cursor(), std::size_t(1024));
        controller.scrub(1400);  // the same saved state: nothing to do
        QCOMPARE(controller.cursor(), std::size_t(1024));
        controller.scrub(1030);  // six steps on from the cursor: exact, at once
        QCOMPARE(controller.cursor(), std::size_t(1030));
        QCOMPARE(controller.playState(), SimulationController::PlayState::Stopped);

        // The real widget: 8 px margins, 3,000 steps over 400 - 16 px. Pressing
        // at x = 8 + 384 * 0.75 asks for step 2,250: the view shows keyframe
        // 2,048 at once; the release there lands on 2,250 exactly, through the worker.
        views::TimelineScrubber scrubber(controller);
        scrubber.resize(400, 26);
        const QPoint threeQuarters(8 + 288, 13);
        QTest::mousePress(&scrubber, Qt::LeftButton, {}, threeQuarters);
        QCOMPARE(controller.cursor(), std::size_t(2048));
        QCOMPARE(controller.playState(), SimulationController::PlayState::Stopped);
        QTest::mouseRelease(&scrubber, Qt::LeftButton, {}, threeQuarters);
        QVERIFY(controller.seeking());
        QTRY_VERIFY_WITH_TIMEOUT(!controller.seeking() && controller.cursor() == 2250, 60000);
    }
};

QTEST_MAIN(ShellScaleTest)
#include "tst_views_shell_scale.moc"
