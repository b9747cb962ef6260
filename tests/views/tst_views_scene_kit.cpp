// Proves the shared scene kit: the canvas zooms and pans with hit regions that
// follow, presentation mode hides and restores the docks, Space reaches a
// focused button, scene commands run through their descriptor, views read
// their engine through SessionAccess, and the paint kit draws arrow heads.

#include <QCheckBox>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenuBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSpinBox>
#include <QStatusBar>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QtTest>
#include <sstream>

#include "counter_scene.h"
#include "rdma/rdma_engine.h"
#include "rdma/rdma_scene.h"
#include "rdma/rdma_scene_model.h"
#include "rdma/script.h"
#include "scene_walk.h"
#include "shell/focused_space_filter.h"
#include "shell/parameters_dock.h"
#include "shell/presentation_mode.h"
#include "shell/scene_canvas.h"
#include "shell/scene_commands.h"
#include "shell/scene_paint.h"
#include "shell/scene_setup.h"
#include "shell/simulation_controller.h"
#include "sim/session_access.h"

using namespace commviz;
using views::SceneCanvas;
using views::SimulationController;

class SceneKitTest : public QObject {
    Q_OBJECT

    views::SceneDescriptor m_scene = testing::counterScene();

    void load(SimulationController& controller) {
        QVERIFY(controller.load(tests::sceneSetup(m_scene, {{"limit", 500}})).ok());
    }
    // Puts the counter scene on `canvas`, sized 800 × 400.
    void putScene(SceneCanvas& canvas) {
        canvas.setRenderer(m_scene.createRenderer());
        canvas.resize(800, 400);
    }
    // The centre of the counter bar, in canvas pixels, as drawn last.
    static QPoint barCentre(const SceneCanvas& canvas) {
        const auto regions = canvas.renderer()->hitRegions();
        return canvas.logicalToWidget().map(regions.front().rect.center()).toPoint();
    }

private slots:
    void hitRegionsFollowEveryZoom() {
        SimulationController controller;
        load(controller);
        controller.seek(40);
        SceneCanvas canvas(controller);
        putScene(canvas);
        QString picked;
        connect(&canvas, &SceneCanvas::objectSelected, this, [&picked](const QString& id) { picked = id; });
        for (int notch = 0; notch <= 10; ++notch) {
            canvas.grab();  // paints, so the hit regions are the ones on screen
            const QPoint centre = barCentre(canvas);
            QVERIFY2(QRect(0, 0, 800, 400).contains(centre), qPrintable(QString::number(canvas.zoom())));
            // What is drawn there is the bar, and clicking there picks it.
            QCOMPARE(canvas.grab().toImage().pixelColor(centre), views::Theme::light().accent);
            picked.clear();
            QTest::mouseClick(&canvas, Qt::LeftButton, {}, centre);
            QCOMPARE(picked, QStringLiteral("counter"));
            canvas.zoomBy(1.25, centre);  // keeps the bar under the pointer
        }
        QVERIFY(canvas.zoom() > 5);
        QCOMPARE(canvas.scale(), canvas.zoom());  // 800×400 scene in an 800×400 canvas: fit is 1:1
        // Back at fit, an empty corner picks nothing.
        canvas.zoomToFit();
        canvas.grab();
        QTest::mouseClick(&canvas, Qt::LeftButton, {}, QPoint(3, 3));
        QCOMPARE(picked, QString());
    }

    void zoomShowsScrollBarsAndFitHidesThem() {
        SimulationController controller;
        load(controller);
        SceneCanvas canvas(controller);
        putScene(canvas);
        canvas.show();
        auto bars = canvas.findChildren<QScrollBar*>();
        QCOMPARE(bars.size(), 2);
        for (auto* bar : bars) QVERIFY(!bar->isVisible());
        canvas.zoomIn();
        QVERIFY(canvas.zoom() > 1);
        for (auto* bar : bars) QVERIFY(bar->isVisible());
        // Scrolling moves the scene: the logical point at the canvas centre changes.
        const QPointF before = canvas.logicalToWidget().inverted().map(QPointF(200, 200));
        bars.front()->setValue(bars.front()->value() + 50);
        QVERIFY(canvas.logicalToWidget().inverted().map(QPointF(200, 200)) != before);
        canvas.zoomToFit();
        QCOMPARE(canvas.zoom(), 1.0);
        for (auto* bar : bars) QVERIFY(!bar->isVisible());
        canvas.zoomOut();  // never smaller than fit
        QCOMPARE(canvas.zoom(), 1.0);
    }

    void ctrlWheelZoomsAroundThePointerAndDragPans() {
        SimulationController controller;
        load(controller);
        SceneCanvas canvas(controller);
        putScene(canvas);
        canvas.show();
        const QPointF pointer(600, 100);
        const QPointF under = canvas.logicalToWidget().inverted().map(pointer);
        QWheelEvent wheel(pointer, canvas.mapToGlobal(pointer), {}, QPoint(0, 240), Qt::NoButton, Qt::ControlModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(&canvas, &wheel);
        QVERIFY(canvas.zoom() > 1.3);
        const QPointF after = canvas.logicalToWidget().map(under);
        QVERIFY2(std::abs(after.x() - pointer.x()) < 1.5 && std::abs(after.y() - pointer.y()) < 1.5,
                 "the scene point under the pointer stays under it");
        // A drag pulls the scene with the mouse.
        const QPointF held = canvas.logicalToWidget().inverted().map(QPointF(400, 200));
        QTest::mousePress(&canvas, Qt::LeftButton, {}, QPoint(400, 200));
        QMouseEvent move(QEvent::MouseMove, QPointF(360, 180), canvas.mapToGlobal(QPointF(360, 180)), Qt::NoButton,
                         Qt::LeftButton, {});
        QApplication::sendEvent(&canvas, &move);
        QTest::mouseRelease(&canvas, Qt::LeftButton, {}, QPoint(360, 180));
        const QPointF moved = canvas.logicalToWidget().map(held);
        QVERIFY2(std::abs(moved.x() - 360) < 1.5 && std::abs(moved.y() - 180) < 1.5, "the grabbed point follows");
    }

    void presentationHidesDocksKeepsTheCentreAndRestores() {
        QMainWindow window;
        auto* centre = new QWidget;
        window.setCentralWidget(centre);
        window.menuBar()->addMenu(QStringLiteral("File"));
        window.statusBar()->showMessage(QStringLiteral("ready"));
        auto* shown = new QDockWidget(QStringLiteral("shown"));
        shown->setObjectName(QStringLiteral("shown"));
        auto* hidden = new QDockWidget(QStringLiteral("hidden"));
        hidden->setObjectName(QStringLiteral("hidden"));
        window.addDockWidget(Qt::RightDockWidgetArea, shown);
        window.addDockWidget(Qt::LeftDockWidgetArea, hidden);
        window.resize(1000, 700);
        window.show();
        hidden->hide();
        views::PresentationMode presentation(window);
        presentation.enter();
        QVERIFY(presentation.isActive());
        QVERIFY(window.windowState() & Qt::WindowFullScreen);
        QVERIFY(!shown->isVisible());
        QVERIFY(!window.menuBar()->isVisible());
        QVERIFY(!window.statusBar()->isVisible());
        QVERIFY(centre->isVisible());
        presentation.toggle();
        QVERIFY(!presentation.isActive());
        QVERIFY(!(window.windowState() & Qt::WindowFullScreen));
        QVERIFY(shown->isVisible());
        QVERIFY(!hidden->isVisible());  // was hidden before: stays hidden
        QVERIFY(window.menuBar()->isVisible());
        QVERIFY(window.statusBar()->isVisible());
    }

    void spaceGoesToTheFocusedButtonElsePlays() {
        QMainWindow window;
        auto* central = new QWidget;
        auto* layout = new QVBoxLayout(central);
        auto* button = new QPushButton(QStringLiteral("Re-run"));
        auto* check = new QCheckBox(QStringLiteral("signaled"));
        auto* canvas = new QWidget;
        canvas->setFocusPolicy(Qt::StrongFocus);
        canvas->setMinimumSize(100, 100);
        for (QWidget* w : {static_cast<QWidget*>(button), static_cast<QWidget*>(check), canvas}) layout->addWidget(w);
        window.setCentralWidget(central);
        // Like MainWindow's Play / Pause: Space, application-wide.
        auto* play = new QAction(&window);
        play->setShortcut(QKeySequence(Qt::Key_Space));
        play->setShortcutContext(Qt::ApplicationShortcut);
        window.addAction(play);
        int plays = 0, clicks = 0;
        connect(play, &QAction::triggered, this, [&plays] { ++plays; });
        connect(button, &QPushButton::clicked, this, [&clicks] { ++clicks; });
        views::FocusedSpaceFilter filter;
        qApp->installEventFilter(&filter);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));

        button->setFocus();
        QTest::keyClick(button, Qt::Key_Space);
        QCOMPARE(clicks, 1);
        QCOMPARE(plays, 0);
        check->setFocus();
        QTest::keyClick(check, Qt::Key_Space);
        QVERIFY(check->isChecked());
        QCOMPARE(plays, 0);
        canvas->setFocus();
        QTest::keyClick(canvas, Qt::Key_Space);
        QCOMPARE(plays, 1);
        qApp->removeEventFilter(&filter);
    }

    void sceneCommandsRunThroughTheDescriptor() {
        // A test-only command, as the NoC scene will add `commviz noc CONFIG`.
        views::SceneDescriptor scene = testing::counterScene();
        scene.commands.push_back({"count", "count N", "print the walk's value after N steps",
                                  [](const std::vector<std::string>& args, std::ostream& out) -> sim::Status {
                                      if (args.size() != 1) return sim::fail("count needs N: one step count");
                                      testing::CounterEngine engine(1, 1000);
                                      for (int i = 0; i < std::stoi(args[0]); ++i) engine.step();
                                      out << "steps " << engine.steps() << "\n";
                                      return sim::Ok{};
                                  }});
        views::SceneRegistry registry;
        registry.add(std::move(scene));
        QVERIFY(views::findSceneCommand(registry, "count"));
        QCOMPARE(views::sceneCommandNames(registry), std::vector<std::string>{"count"});
        std::ostringstream out;
        const std::vector<std::string> builtIn{"gui", "run", "export", "scenes"};
        QVERIFY(views::runSceneCommand(registry, "count", {"7"}, out, builtIn).ok());
        QCOMPARE(QString::fromStdString(out.str()), QStringLiteral("steps 7\n"));
        const auto bad = views::runSceneCommand(registry, "count", {}, out, builtIn);
        QCOMPARE(QString::fromStdString(bad.error().message), QStringLiteral("count needs N: one step count"));
        const auto unknown = views::runSceneCommand(registry, "noc", {"mesh.cfg"}, out, builtIn);
        QCOMPARE(QString::fromStdString(unknown.error().message),
                 QStringLiteral("unknown command 'noc': allowed gui, run, export, scenes, count (see commviz --help)"));
    }

    void parametersDockShowsTheScenarioAndASetKeyWins() {
        // packet_loss.json connects with timeout 10; the key's default is 14.
        const views::SceneDescriptor rdmaScene = views::rdmaScene();
        SimulationController controller;
        QUndoStack undo;
        const auto scenario =
            views::loadScenario(QStringLiteral(":/scenarios/rdma/packet_loss.json"), rdmaScene).value();
        QVERIFY(controller.load(tests::sceneSetup(rdmaScene, {}, scenario)).ok());
        views::ParametersDock dock(controller, undo);
        auto* timeout = qobject_cast<QSpinBox*>(dock.editorFor(QStringLiteral("timeout")));
        QVERIFY(timeout);
        QCOMPARE(timeout->value(), 10);  // what the run uses, not the default
        auto connectTimeout = [&controller] {
            const auto* engine = sim::engineOf<rdma::RdmaEngine>(controller.session());
            for (const auto& call : engine->script().calls)
                if (const auto* c = std::get_if<rdma::ConnectCall>(&call.args)) return c->attr.timeout;
            return 0u;
        };
        QCOMPARE(connectTimeout(), 10u);
        timeout->setValue(14);  // back to the default, set by a person: it wins
        QCOMPARE(controller.setup().values.at("timeout"), sim::Json(14));
        QCOMPARE(connectTimeout(), 14u);
        QCOMPARE(timeout->value(), 14);
        undo.undo();
        QCOMPARE(connectTimeout(), 10u);
    }

    void sessionAccessReadsTheTypedEngine() {
        auto built = m_scene.model.build({}, std::nullopt);
        QVERIFY(built.ok());
        sim::Session& session = *built.value();
        session.seek(5);
        const auto access = sim::SessionAccess<testing::CounterEngine>::of(&session);
        QVERIFY(access);
        QCOMPARE(access->cursor(), std::size_t(5));
        QCOMPARE(access->engine().steps(), 5L);
        QVERIFY(access->eventsAtCursor());
        QCOMPARE(access->eventsAtCursor()->size(), std::size_t(1));
        QVERIFY(!access->events(0));
        QVERIFY(!access->events(6));
        QCOMPARE(sim::engineOf<testing::CounterEngine>(&session), &access->engine());
        QVERIFY(!sim::SessionAccess<testing::CounterEngine>::of(nullptr));
    }

    void paintKitArrowHasItsHeadAtTheTip() {
        QImage image(200, 100, QImage::Format_ARGB32);
        image.fill(Qt::white);
        std::vector<views::HitRegion> hits;
        views::RenderState state;
        {
            QPainter painter(&image);
            views::ScenePaint paint(painter, state, hits);
            paint.arrow(QPointF(20, 50), QPointF(180, 50), Qt::black, 2);  // head 10 long, 10 wide
        }
        // The head is wide just behind the tip, the shaft is thin further back.
        QCOMPARE(image.pixelColor(172, 47), QColor(Qt::black));
        QCOMPARE(image.pixelColor(100, 50), QColor(Qt::black));
        QCOMPARE(image.pixelColor(100, 46), QColor(Qt::white));
        QCOMPARE(image.pixelColor(185, 50), QColor(Qt::white));  // nothing past the tip
    }
};

QTEST_MAIN(SceneKitTest)
#include "tst_views_scene_kit.moc"
