#pragma once

#include <QMainWindow>
#include <QUndoStack>

#include "gui/gui_main.h"
#include "shell/scene_registry.h"
#include "shell/theme.h"

class QActionGroup;
class QMenu;

namespace commviz::views {
class EventsDock;
class InspectorDock;
class Language;
class MemoryBudgetAction;
class NarrationDock;
class ParametersDock;
class PresentationMode;
class SceneCanvas;
class ScenePicker;
class SimulationController;
class TransportBar;
class TutorialDock;
}  // namespace commviz::views

namespace commviz::app {

/// The commviz window: scene picker, canvas and transport bar, and the docks
/// that follow the one cursor.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    MainWindow(const views::SceneRegistry& registry, views::Language& language, QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Applies the command line: scene, scenario, --set values, tutorial mode.
    void start(const GuiOptions& options);
    bool openScene(const QString& id, const QString& scenarioPath = {}, const QStringList& sets = {});
    void openTutorial();
    void exportFigure();
    void exportAnimation();
    void setLanguage(const QString& language);
    void setTheme(const QString& id);
    views::SimulationController& controller() { return *m_controller; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void buildDocks();
    void buildActions();
    void retranslate();
    void fillScenePicker();
    void fillExamplesMenu();
    void showError(const QString& message);
    void openScenarioFile();
    void saveScenarioFile();
    void showAbout();
    void showAboutModel();
    void zoomCanvasIn();
    void zoomCanvasOut();
    void zoomCanvasToFit();
    void togglePresentation();

    const views::SceneRegistry& m_registry;
    views::Language& m_language;
    views::SimulationController* m_controller;
    views::MemoryBudgetAction* m_memoryBudget = nullptr;
    QUndoStack m_undo;
    views::Theme m_theme = views::Theme::light();
    views::SceneCanvas* m_canvas;
    views::TransportBar* m_transport;
    views::ScenePicker* m_picker;
    QDockWidget* m_pickerDock;
    views::NarrationDock* m_narration;
    views::EventsDock* m_events;
    views::InspectorDock* m_inspector;
    views::ParametersDock* m_parameters;
    views::TutorialDock* m_tutorial;
    QList<QDockWidget*> m_sceneDocks;
    QList<QAction*> m_sceneOptions;  // the scene's view options, in SceneDescriptor::viewOptions order
    views::PresentationMode* m_presentation;
    bool m_firstStart = false;  // no saved layout: size the docks once a scene is open

    QMenu* m_fileMenu;
    QMenu* m_examplesMenu;
    QMenu* m_editMenu;
    QMenu* m_simMenu;
    QMenu* m_viewMenu;
    QMenu* m_themeMenu;
    QMenu* m_languageMenu;
    QMenu* m_helpMenu;
    QActionGroup* m_languageGroup;
    QActionGroup* m_themeGroup;
    struct Actions {
        QAction *open, *saveAs, *exportFigure, *exportAnimation, *quit, *undo, *redo, *play, *forward, *back, *reset,
            *end, *tutorial, *aboutModel, *about, *light, *dark, *english, *chinese, *zoomIn, *zoomOut, *zoomFit,
            *presentation;
    } m_actions{};
};

}  // namespace commviz::app
