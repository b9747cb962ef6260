#include "gui/main_window.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QSaveFile>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QStyleFactory>
#include <QTimer>
#include <QVBoxLayout>
#include <iostream>

#include "export/animation_dialog.h"
#include "export/export_dialog.h"
#include "shell/events_dock.h"
#include "shell/focused_space_filter.h"
#include "shell/inspector_dock.h"
#include "shell/language.h"
#include "shell/memory_budget_action.h"
#include "shell/narration_dock.h"
#include "shell/parameters_dock.h"
#include "shell/presentation_mode.h"
#include "shell/scene_canvas.h"
#include "shell/scene_picker.h"
#include "shell/scene_view_actions.h"
#include "shell/simulation_controller.h"
#include "shell/step_caption.h"
#include "shell/transport_bar.h"
#include "shell/window_layout.h"
#include "tutorial/tutorial_dock.h"

namespace commviz::app {

MainWindow::MainWindow(const views::SceneRegistry& registry, views::Language& language, QWidget* parent)
    : QMainWindow(parent), m_registry(registry), m_language(language) {
    setObjectName(QStringLiteral("MainWindow"));
    m_controller = new views::SimulationController(this);
    auto* central = new QWidget;
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_canvas = new views::SceneCanvas(*m_controller);
    m_transport = new views::TransportBar(*m_controller);
    layout->addWidget(m_canvas, 1);
    layout->addWidget(m_transport);
    setCentralWidget(central);
    m_presentation = new views::PresentationMode(*this);
    // A focused button or check box gets its own Space; elsewhere Space plays.
    qApp->installEventFilter(new views::FocusedSpaceFilter(this));
    buildDocks();
    buildActions();
    fillScenePicker();
    retranslate();
    connect(m_canvas, &views::SceneCanvas::objectSelected, m_inspector, &views::InspectorDock::setObject);
    // An event row selects what the scene says that event is about (an NCCL message's envelope).
    connect(m_events, &views::EventsDock::eventSelected, this, [this](std::size_t step, int index) {
        const views::SceneRenderer* renderer = m_canvas->renderer();
        if (!renderer || !m_controller->session() || index < 0) return;
        const QString id = renderer->objectForEvent(*m_controller->session(), step, std::size_t(index));
        if (id.isEmpty()) return;
        m_canvas->setSelected(id);
        m_inspector->setObject(id);
    });
    connect(m_tutorial, &views::TutorialDock::highlightsChanged, m_canvas, &views::SceneCanvas::setHighlights);
    connect(m_tutorial, &views::TutorialDock::errorOccurred, this, &MainWindow::showError);
    connect(m_controller, &views::SimulationController::playStateChanged, this, [this](auto state) {
        // While a worker owns the engine, edits, undo and lesson steps wait.
        const bool idle = state != views::SimulationController::PlayState::Running;
        m_actions.undo->setEnabled(idle && m_undo.canUndo());
        m_actions.redo->setEnabled(idle && m_undo.canRedo());
        m_parameters->setEnabled(idle);
        m_tutorial->setEnabled(idle);
        for (QDockWidget* dock : m_sceneDocks) dock->setEnabled(idle);
    });
    // A scene's view options that need something of the session (a server) follow the session loaded.
    connect(m_controller, &views::SimulationController::sessionChanged, this, [this] {
        if (const views::SceneDescriptor* scene = m_controller->scene())
            views::updateViewOptionActions(scene->viewOptions, m_sceneOptions, m_controller->session());
    });
    connect(m_controller, &views::SimulationController::runProgress, this,
            [this](std::size_t reached, std::size_t cap) {
                statusBar()->showMessage(
                    tr("Running: step %1 of at most %2 (End or the stop button cancels)").arg(reached).arg(cap), 500);
            });

    QSettings settings;
    views::window_layout::useColumnCorners(*this);
    m_firstStart = !views::window_layout::restore(*this, settings);
    if (m_firstStart) {
        if (const QScreen* screen = QGuiApplication::primaryScreen())
            resize(screen->availableSize() * views::window_layout::kScreenShare);
    }
    setTheme(settings.value(QStringLiteral("ui/theme"), QStringLiteral("light")).toString());
}

MainWindow::~MainWindow() = default;

void MainWindow::buildDocks() {
    m_picker = new views::ScenePicker(m_registry);
    m_pickerDock = new QDockWidget;
    m_pickerDock->setObjectName(QStringLiteral("ScenesDock"));
    m_pickerDock->setWidget(m_picker);
    // Picking the scene already open keeps its scenario, edits and cursor.
    connect(m_picker, &views::ScenePicker::sceneChosen, this, [this](const QString& id) {
        if (!m_controller->scene() || QString::fromStdString(m_controller->scene()->model.id) != id) openScene(id);
    });
    connect(m_picker, &views::ScenePicker::tutorialRequested, this, &MainWindow::openTutorial);
    m_narration = new views::NarrationDock(*m_controller);
    m_events = new views::EventsDock(*m_controller);
    m_inspector = new views::InspectorDock(*m_controller);
    m_parameters = new views::ParametersDock(*m_controller, m_undo);
    m_tutorial = new views::TutorialDock(*m_controller);
    addDockWidget(Qt::LeftDockWidgetArea, m_pickerDock);
    addDockWidget(Qt::LeftDockWidgetArea, m_tutorial);
    tabifyDockWidget(m_pickerDock, m_tutorial);
    addDockWidget(Qt::RightDockWidgetArea, m_narration);
    addDockWidget(Qt::RightDockWidgetArea, m_inspector);
    addDockWidget(Qt::RightDockWidgetArea, m_parameters);
    addDockWidget(Qt::BottomDockWidgetArea, m_events);
    tabifyDockWidget(m_inspector, m_parameters);
    m_inspector->raise();
    m_tutorial->hide();
}

void MainWindow::buildActions() {
    auto make = [this](auto slot, QKeySequence key = {}) {
        auto* action = new QAction(this);
        action->setShortcut(key);
        connect(action, &QAction::triggered, this, slot);
        return action;
    };
    auto& a = m_actions;
    a.open = make(&MainWindow::openScenarioFile, QKeySequence::Open);
    a.saveAs = make(&MainWindow::saveScenarioFile, QKeySequence::SaveAs);
    a.exportFigure = make(&MainWindow::exportFigure, QKeySequence(Qt::CTRL | Qt::Key_E));
    a.exportAnimation = make(&MainWindow::exportAnimation, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    a.quit = make(&QWidget::close, QKeySequence::Quit);
    a.undo = m_undo.createUndoAction(this);
    a.undo->setShortcut(QKeySequence::Undo);
    a.redo = m_undo.createRedoAction(this);
    a.redo->setShortcut(QKeySequence::Redo);
    auto sim = [this](auto slot, QKeySequence key) {
        auto* action = new QAction(this);
        action->setShortcut(key);
        action->setShortcutContext(Qt::ApplicationShortcut);
        connect(action, &QAction::triggered, m_controller, slot);
        return action;
    };
    a.play = sim(&views::SimulationController::togglePlay, QKeySequence(Qt::Key_Space));
    a.forward = sim(&views::SimulationController::stepForward, QKeySequence(Qt::Key_Right));
    a.back = sim(&views::SimulationController::stepBack, QKeySequence(Qt::Key_Left));
    a.reset = sim(&views::SimulationController::reset, QKeySequence(Qt::Key_Home));
    a.end = new QAction(this);
    a.end->setShortcut(QKeySequence(Qt::Key_End));
    connect(a.end, &QAction::triggered, this, [this] {
        if (m_controller->playState() == views::SimulationController::PlayState::Running)
            m_controller->cancelRun();
        else
            m_controller->runToEnd();
    });
    a.tutorial = make(&MainWindow::openTutorial, QKeySequence(Qt::Key_F1));
    // Esc leaves presentation mode, else hands the keyboard back to the canvas,
    // where Space and the arrows drive the transport.
    auto* focusCanvas = new QAction(this);
    focusCanvas->setShortcut(QKeySequence(Qt::Key_Escape));
    connect(focusCanvas, &QAction::triggered, this, [this] {
        if (m_presentation->isActive())
            m_presentation->leave();
        else
            m_canvas->setFocus();
    });
    addAction(focusCanvas);
    a.zoomIn = make(&MainWindow::zoomCanvasIn);
    a.zoomIn->setShortcuts({QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    a.zoomOut = make(&MainWindow::zoomCanvasOut, QKeySequence::ZoomOut);
    a.zoomFit = make(&MainWindow::zoomCanvasToFit, QKeySequence(Qt::CTRL | Qt::Key_0));
    a.presentation = make(&MainWindow::togglePresentation, QKeySequence(Qt::Key_F11));
    a.presentation->setCheckable(true);
    connect(m_presentation, &views::PresentationMode::activeChanged, a.presentation, &QAction::setChecked);
    a.aboutModel = make(&MainWindow::showAboutModel);
    a.about = make(&MainWindow::showAbout);

    m_themeGroup = new QActionGroup(this);
    a.light = new QAction(m_themeGroup);
    a.dark = new QAction(m_themeGroup);
    for (QAction* t : {a.light, a.dark}) t->setCheckable(true);
    connect(a.light, &QAction::triggered, this, [this] { setTheme(QStringLiteral("light")); });
    connect(a.dark, &QAction::triggered, this, [this] { setTheme(QStringLiteral("dark")); });
    m_languageGroup = new QActionGroup(this);
    a.english = new QAction(QStringLiteral("English"), m_languageGroup);
    a.chinese = new QAction(QStringLiteral("简体中文"), m_languageGroup);
    for (QAction* l : {a.english, a.chinese}) l->setCheckable(true);
    connect(a.english, &QAction::triggered, this, [this] { setLanguage(QStringLiteral("en")); });
    connect(a.chinese, &QAction::triggered, this, [this] { setLanguage(QStringLiteral("zh_CN")); });

    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(a.open);
    m_examplesMenu = m_fileMenu->addMenu(QString());
    m_fileMenu->addAction(a.saveAs);
    m_fileMenu->addAction(a.exportFigure);
    m_fileMenu->addAction(a.exportAnimation);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(a.quit);
    m_editMenu = menuBar()->addMenu(QString());
    m_editMenu->addAction(a.undo);
    m_editMenu->addAction(a.redo);
    m_simMenu = menuBar()->addMenu(QString());
    for (QAction* s : {a.play, a.back, a.forward, a.reset, a.end}) m_simMenu->addAction(s);
    m_viewMenu = menuBar()->addMenu(QString());
    for (QDockWidget* dock : std::initializer_list<QDockWidget*>{m_pickerDock, m_tutorial, m_narration, m_events,
                                                                 m_inspector, m_parameters})
        m_viewMenu->addAction(dock->toggleViewAction());
    m_viewMenu->addSeparator();
    for (QAction* v : {a.zoomIn, a.zoomOut, a.zoomFit, a.presentation}) m_viewMenu->addAction(v);
    m_viewMenu->addSeparator();
    m_themeMenu = m_viewMenu->addMenu(QString());
    m_themeMenu->addActions(m_themeGroup->actions());
    m_memoryBudget = new views::MemoryBudgetAction(*m_controller, this);
    m_viewMenu->addAction(m_memoryBudget);
    m_languageMenu = menuBar()->addMenu(QString());
    m_languageMenu->addActions(m_languageGroup->actions());
    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->addAction(a.tutorial);
    m_helpMenu->addAction(a.aboutModel);
    m_helpMenu->addAction(a.about);
    // The window holds the keys too, so they work with the menu bar hidden (presentation mode).
    addActions({a.play, a.back, a.forward, a.reset, a.end, a.zoomIn, a.zoomOut, a.zoomFit, a.presentation});
}

void MainWindow::zoomCanvasIn() { m_canvas->zoomIn(); }
void MainWindow::zoomCanvasOut() { m_canvas->zoomOut(); }
void MainWindow::zoomCanvasToFit() { m_canvas->zoomToFit(); }
void MainWindow::togglePresentation() { m_presentation->toggle(); }

void MainWindow::retranslate() {
    setWindowTitle(m_controller->scene() ? tr("commviz — %1").arg(m_controller->scene()->name()) : tr("commviz"));
    m_pickerDock->setWindowTitle(tr("Scenes"));
    m_fileMenu->setTitle(tr("&File"));
    m_examplesMenu->setTitle(tr("Open E&xample"));
    m_editMenu->setTitle(tr("&Edit"));
    m_simMenu->setTitle(tr("&Simulation"));
    m_viewMenu->setTitle(tr("&View"));
    if (const auto* scene = m_controller->scene())
        for (qsizetype i = 0; i < m_sceneOptions.size() && i < qsizetype(scene->viewOptions.size()); ++i)
            m_sceneOptions[i]->setText(scene->viewOptions[std::size_t(i)].label());
    m_themeMenu->setTitle(tr("&Theme"));
    m_languageMenu->setTitle(tr("&Language"));
    m_helpMenu->setTitle(tr("&Help"));
    auto& a = m_actions;
    a.open->setText(tr("&Open Scenario…"));
    a.saveAs->setText(tr("&Save Scenario As…"));
    a.exportFigure->setText(tr("&Export Figure…"));
    a.exportAnimation->setText(tr("Export &Animation…"));
    a.quit->setText(tr("&Quit"));
    a.play->setText(tr("&Play / Pause"));
    a.back->setText(tr("Step &Back"));
    a.forward->setText(tr("Step &Forward"));
    a.reset->setText(tr("&Reset"));
    a.end->setText(tr("Run to &End"));
    a.tutorial->setText(tr("&Tutorial"));
    a.aboutModel->setText(tr("About this &Model"));
    a.about->setText(tr("&About commviz"));
    a.zoomIn->setText(tr("Zoom &In"));
    a.zoomOut->setText(tr("Zoom &Out"));
    a.zoomFit->setText(tr("&Fit to Window"));
    a.presentation->setText(tr("&Presentation Mode"));
    a.light->setText(tr("&Light"));
    a.dark->setText(tr("&Dark"));
    fillScenePicker();
    fillExamplesMenu();
}

void MainWindow::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QMainWindow::changeEvent(event);
}

void MainWindow::fillScenePicker() {
    m_picker->refill(m_controller->scene() ? QString::fromStdString(m_controller->scene()->model.id) : QString());
}

void MainWindow::fillExamplesMenu() {
    m_examplesMenu->clear();
    const views::SceneDescriptor* scene = m_controller->scene();
    if (!scene || scene->exampleScenarios.isEmpty()) {
        m_examplesMenu->addAction(tr("(none for this scene)"))->setEnabled(false);
        return;
    }
    for (const QString& path : scene->exampleScenarios) {
        const QString id = QString::fromStdString(scene->model.id);
        m_examplesMenu->addAction(QFileInfo(path).completeBaseName(), this, [this, id, path] { openScene(id, path); });
    }
}

void MainWindow::start(const GuiOptions& options) {
    QSettings settings;
    QString id = options.scene;
    if (id.isEmpty() && !options.scenario.isEmpty()) id = views::scenarioSceneId(options.scenario, m_registry);
    if (id.isEmpty()) id = settings.value(QStringLiteral("ui/lastScene")).toString();
    if (!m_registry.find(id) && !m_registry.scenes().empty()) {
        if (!options.scene.isEmpty())
            showError(
                tr("unknown scene '%1': allowed %2").arg(options.scene, m_registry.ids().join(QStringLiteral(", "))));
        id = QString::fromStdString(m_registry.scenes().front().model.id);
    }
    if (options.memoryMib > 0) m_memoryBudget->applyForThisRun(options.memoryMib);
    if (m_registry.find(id)) openScene(id, options.scenario, options.sets);
    if (options.tutorial) openTutorial();
    if (m_firstStart) {
        // First start: the canvas gets the most room. Once the window has its
        // size (the window system may still be placing it), so the sizes stick.
        const views::DefaultDocks docks{m_pickerDock, m_narration, m_events};
        views::window_layout::applyDefaultSizes(*this, docks);
        QTimer::singleShot(0, this, [this, docks] { views::window_layout::applyDefaultSizes(*this, docks); });
    }
    // Tutorial mode is easy to miss: point at it once, unless it is already open.
    if (!options.tutorial) m_picker->offerTutorialOnce();
}

bool MainWindow::openScene(const QString& id, const QString& scenarioPath, const QStringList& sets) {
    const views::SceneDescriptor* scene = m_registry.find(id);
    if (!scene) {
        showError(tr("unknown scene '%1'").arg(id));
        return false;
    }
    views::SceneSetup setup;
    setup.scene = scene;
    std::vector<std::string> assignments;
    for (const QString& set : sets) assignments.push_back(set.toStdString());
    if (auto status = sim::applyAssignments(scene->model.params, assignments, setup.values); !status) {
        showError(QString::fromStdString(status.error().message));
        setup.values.clear();
    }
    if (!scenarioPath.isEmpty()) {
        auto scenario = views::loadScenario(scenarioPath, *scene);
        if (!scenario) {
            showError(QString::fromStdString(scenario.error().message));
            if (m_controller->scene()) return false;
        } else {
            setup.scenario = std::move(scenario).value();
            setup.scenarioPath = scenarioPath;
        }
    }
    const bool sameScene = m_controller->scene() == scene;
    if (auto status = m_controller->load(std::move(setup)); !status) {
        showError(QString::fromStdString(status.error().message));
        return false;
    }
    m_undo.clear();
    if (!sameScene) {
        m_canvas->setRenderer(scene->createRenderer());
        for (QDockWidget* dock : m_sceneDocks) dock->deleteLater();
        m_sceneDocks.clear();
        if (scene->createDocks)
            for (const views::SceneDock& sceneDock : scene->createDocks(*m_controller, this)) {
                QDockWidget* dock = sceneDock.dock;
                if (!dock) continue;
                m_sceneDocks << dock;
                views::window_layout::letShrink(*dock);  // a heatmap or chart must not widen its column
                // A saved layout wins over the default place; restoreDockWidget must come before
                // addDockWidget, which would otherwise leave it a placeholder to "restore" hidden.
                // By default scene docks share a column with the picker (or, at the bottom, with
                // the event list) as tabs, so the canvas keeps its room.
                if (!restoreDockWidget(dock)) {
                    const bool bottom = sceneDock.area == Qt::BottomDockWidgetArea;
                    addDockWidget(bottom ? Qt::BottomDockWidgetArea : Qt::LeftDockWidgetArea, dock);
                    tabifyDockWidget(bottom ? static_cast<QDockWidget*>(m_events) : m_pickerDock, dock);
                    // Added once the window is shown, a dock stays hidden until told otherwise.
                    dock->setVisible(!sceneDock.startsHidden);  // hidden: offered in the View menu only
                    (bottom ? static_cast<QDockWidget*>(m_events) : m_pickerDock)->raise();  // tabs, not in front
                }
                m_viewMenu->insertAction(m_viewMenu->actions().value(6), dock->toggleViewAction());
            }
        for (QAction* option : m_sceneOptions) option->deleteLater();
        m_sceneOptions.clear();
        m_sceneOptions = views::createViewOptionActions(
            scene->viewOptions, this, [this](const QString& id, bool on) { m_canvas->setOption(id, on); });
        views::updateViewOptionActions(scene->viewOptions, m_sceneOptions, m_controller->session());
        for (QAction* action : m_sceneOptions) {
            // Beside zoom and presentation; the window holds the key too, for presentation mode.
            m_viewMenu->insertAction(m_actions.zoomIn, action);
            addAction(action);
        }
    }
    if (!sameScene) {
        // The lesson follows the scene: open the new scene's lesson or none.
        if (m_tutorial->isVisible())
            (void)m_tutorial->loadForScene();
        else
            m_tutorial->clear();
    }
    m_canvas->setHighlights({});
    m_canvas->setFocus();
    m_inspector->setObject({});
    QSettings().setValue(QStringLiteral("ui/lastScene"), id);
    retranslate();
    statusBar()->showMessage(scenarioPath.isEmpty() ? scene->name() : tr("%1 — %2").arg(scene->name(), scenarioPath),
                             4000);
    return true;
}

void MainWindow::openTutorial() {
    if (auto status = m_tutorial->loadForScene(); !status) {
        showError(QString::fromStdString(status.error().message));
        return;
    }
    m_tutorial->show();
    m_tutorial->raise();
    m_picker->dismissHint();
}

void MainWindow::exportFigure() {
    if (!m_canvas->renderer() || !m_controller->session()) {
        showError(tr("There is nothing to export yet: open a scene first."));
        return;
    }
    m_controller->pause();  // the figure and its caption show one step
    const views::StepCaption caption = views::stepCaption(*m_controller->scene(), *m_controller->session(),
                                                          m_controller->cursor(), m_canvas->renderState().selected);
    std::optional<views::RenderState> lessonState;
    QString lessonCaption;
    // The lesson step (its highlights and its narration) is offered while it is the step on screen.
    if (m_tutorial->lesson() && m_tutorial->isVisible() &&
        m_tutorial->lesson()->steps[std::size_t(m_tutorial->index())].step == m_controller->cursor()) {
        lessonState = m_canvas->renderState();
        lessonCaption = m_tutorial->currentNarration();
    }
    // A renderer of its own, so the preview leaves the canvas's hit regions alone.
    const auto renderer = m_controller->scene()->createRenderer();
    views::ExportDialog dialog(*renderer, m_canvas->renderState(), lessonState, caption, lessonCaption, this);
    dialog.exec();
}

void MainWindow::exportAnimation() {
    if (!m_canvas->renderer() || !m_controller->session()) {
        showError(tr("There is nothing to export yet: open a scene first."));
        return;
    }
    m_controller->pause();
    // The export draws in the language it is asked for, then the window's comes back.
    views::LanguageSwitch language{m_language.current(), [this](const QString& id) { m_language.apply(id); }};
    views::AnimationDialog dialog(m_controller->setup(), m_canvas->renderState(), m_controller->cursor(),
                                  std::move(language), this);
    dialog.exec();
}

void MainWindow::setLanguage(const QString& language) {
    const QString applied = m_language.apply(language);
    QSettings().setValue(QStringLiteral("ui/language"), applied);
    (applied == QLatin1String("zh_CN") ? m_actions.chinese : m_actions.english)->setChecked(true);
}

void MainWindow::setTheme(const QString& id) {
    m_theme = views::Theme::byId(id);
    m_canvas->setTheme(m_theme);
    QPalette palette = QApplication::style()->standardPalette();
    if (m_theme.id == QLatin1String("dark")) {
        palette.setColor(QPalette::Window, QColor("#262c33"));
        palette.setColor(QPalette::WindowText, QColor("#e4e7eb"));
        palette.setColor(QPalette::Base, QColor("#1b1f24"));
        palette.setColor(QPalette::AlternateBase, QColor("#22272e"));
        palette.setColor(QPalette::Text, QColor("#e4e7eb"));
        palette.setColor(QPalette::Button, QColor("#2d333b"));
        palette.setColor(QPalette::ButtonText, QColor("#e4e7eb"));
        palette.setColor(QPalette::Highlight, QColor("#5b9bff"));
        palette.setColor(QPalette::HighlightedText, QColor("#ffffff"));
        palette.setColor(QPalette::ToolTipBase, QColor("#2d333b"));
        palette.setColor(QPalette::ToolTipText, QColor("#e4e7eb"));
    }
    QApplication::setPalette(palette);
    (m_theme.id == QLatin1String("dark") ? m_actions.dark : m_actions.light)->setChecked(true);
    QSettings().setValue(QStringLiteral("ui/theme"), m_theme.id);
}

// The window stays usable behind the message (open(), not exec()), so the
// scene that was kept or opened instead is drawn at once; someone who started
// commviz from a terminal reads the message there too.
void MainWindow::showError(const QString& message) {
    std::cerr << "commviz: " << message.toStdString() << std::endl;
    statusBar()->showMessage(message, 8000);
    auto* box = new QMessageBox(QMessageBox::Warning, tr("commviz"), message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::openScenarioFile() {
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Scenario"), settings.value(QStringLiteral("ui/scenarioDir")).toString(),
        tr("Scenario files (%1);;All files (*)").arg(views::scenarioFilePatterns(m_registry)));
    if (path.isEmpty()) return;
    settings.setValue(QStringLiteral("ui/scenarioDir"), QFileInfo(path).absolutePath());
    QString sceneId = views::scenarioSceneId(path, m_registry);
    if (sceneId.isEmpty() && m_controller->scene()) sceneId = QString::fromStdString(m_controller->scene()->model.id);
    openScene(sceneId, path);
}

void MainWindow::saveScenarioFile() {
    const views::SceneSetup& setup = m_controller->setup();
    if (!setup.scene) return;
    QSettings settings;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Scenario"),
                                                      settings.value(QStringLiteral("ui/scenarioDir")).toString(),
                                                      tr("Scenario files (*.json)"));
    if (path.isEmpty()) return;
    settings.setValue(QStringLiteral("ui/scenarioDir"), QFileInfo(path).absolutePath());
    // What was run, keys and script edits included, so opening it gives the same run.
    const sim::Json doc = sim::scenarioFor(setup.scene->model, setup.values, setup.scenario);
    QSaveFile file(path);
    const QByteArray bytes = QByteArray::fromStdString(doc.dump(2) + "\n");
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        showError(tr("cannot write '%1': %2").arg(path, file.errorString()));
        return;
    }
    statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
}

void MainWindow::showAboutModel() {
    const views::SceneDescriptor* scene = m_controller->scene();
    if (!scene) return;
    QMessageBox::information(this, tr("About this model — %1").arg(scene->name()), scene->about());
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About commviz"),
                       tr("<p><b>commviz %1</b></p><p>See how communication in AI infrastructure works: RDMA verbs "
                          "queues, NCCL's bootstrap, collectives and Network-on-Chip routers, stepped faithfully "
                          "and animated.</p>")
                           .arg(QCoreApplication::applicationVersion()));
}

void MainWindow::closeEvent(QCloseEvent* event) {
    m_controller->cancelRun();
    QSettings settings;
    views::window_layout::save(*this, settings);
    event->accept();
}

}  // namespace commviz::app
