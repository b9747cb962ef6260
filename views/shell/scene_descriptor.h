#pragma once

#include <QIcon>
#include <QKeySequence>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/scene_catalog.h"
#include "shell/narration_table.h"
#include "shell/scene_renderer.h"
#include "sim/event_record.h"
#include "sim/result.h"
#include "sim/scene_model.h"

class QDockWidget;
class QWidget;

namespace commviz::views {

class SimulationController;

/// A dock a scene adds to the main window (the RDMA script editor, a chart).
struct SceneDock {
    QDockWidget* dock = nullptr;  ///< owned by the parent given to createDocks; needs an objectName
    /// Where it goes by default (a saved layout wins): a tab beside the scene
    /// picker (left) or beside the event list (bottom).
    Qt::DockWidgetArea area = Qt::LeftDockWidgetArea;
    bool startsHidden = false;  ///< offered in the View menu only, until shown
};

/// A command a scene adds to the command line (`commviz noc CONFIG`), from its catalog entry.
using SceneCommand = catalog::SceneCommand;

/// A switch of how a scene is drawn (NCCL's classic vs 2.30 side by side): the
/// main window offers it as a checkable View action; the renderer reads
/// RenderState::options.
struct SceneViewOption {
    QString id;                      ///< what RenderState::options holds when on
    std::function<QString()> label;  ///< translated menu text
    QKeySequence shortcut;
    /// Options of one non-empty group exclude each other (the NoC heatmaps):
    /// switching one on switches the others off.
    QString group = {};
    /// Whether the option means anything for this session (the collectives scene's servers need a server);
    /// none: always. The View action is disabled where it does not, and keeps its check for the next session.
    std::function<bool(const sim::Session&)> available = {};
};

/// Everything the shell, export and the tutorial need to know about a scene:
/// its catalog entry (core) decorated with a renderer, narration, lessons and
/// docks. Start one with sceneDescriptor(id).
struct SceneDescriptor {
    sim::SceneModel model;                 ///< id, keys, how to build the session
    std::function<QString()> name;         ///< translated, e.g. tr("RDMA verbs queues")
    std::function<QString()> description;  ///< one translated line for the picker
    std::function<QString()> about;        ///< "About this model": what is simplified
    QString iconPath;                      ///< resource path of the picker icon
    std::function<std::unique_ptr<SceneRenderer>()> createRenderer;
    /// Every event kind the engine can emit (derived from its event variant) and
    /// the scene's table of sentences, which must cover them all. A scene
    /// without a table narrates nothing (stepNarration is empty).
    std::function<std::vector<std::string>()> eventKinds;
    const NarrationTable* narration = nullptr;
    /// One translated sentence for an event, used by narration and captions:
    /// the table's, or NarrationTable::unnarrated without one.
    QString narrate(const sim::EventRecord& record) const {
        return narration ? narration->narrate(record) : NarrationTable::unnarrated(record);
    }
    /// Optional: a step told in one short sentence for a caption too small for
    /// its narration, e.g. the NoC's "Cycle 300: 14 flits injected, …". Without
    /// it the summary counts the step's events by kind (NarrationTable::counted).
    std::function<QString(std::size_t step, const std::vector<sim::EventRecord>& records)> summarizeStep;
    QString lessonPath;            ///< resource path of the main lesson JSON, may be empty
    QStringList moreLessons;       ///< further lessons, offered in the Tutorial panel
    QStringList exampleScenarios;  ///< resource paths, shown in File > Open Example
    /// Optional extra docks (e.g. the RDMA script editor), created for the main window.
    std::function<std::vector<SceneDock>(SimulationController&, QWidget* parent)> createDocks;
    /// Optional switches of how the scene is drawn, offered in the View menu.
    std::vector<SceneViewOption> viewOptions;
    /// Commands of this scene on the command line, from its catalog entry.
    std::vector<SceneCommand> commands;
    /// Scenario files in another program's format that File > Open accepts
    /// (BookSim configs, "cfg"), from its catalog entry.
    catalog::ForeignScenario foreign;
};

/// A scene's descriptor as its catalog entry makes it: the model, the
/// translated name and description, the icon (":/icons/<id>.svg" with "-" as
/// "_"), the event kinds, the commands and the foreign scenario reader. The
/// scene's own function adds its renderer, narration, lessons and docks.
SceneDescriptor sceneDescriptor(std::string_view id);

}  // namespace commviz::views
