#pragma once

#include <QIcon>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "shell/narration_table.h"
#include "shell/scene_renderer.h"
#include "sim/event_record.h"
#include "sim/scene_model.h"

class QWidget;

namespace commviz::views {

class SimulationController;

/// Everything the shell, the CLI, export and the tutorial need to know about a
/// scene. A scene is registered once, by handing one of these to SceneRegistry.
struct SceneDescriptor {
    sim::SceneModel model;                 ///< id, keys, how to build the session
    std::function<QString()> name;         ///< translated, e.g. tr("RDMA verbs queues")
    std::function<QString()> description;  ///< one translated line for the picker
    std::function<QString()> about;        ///< "About this model": what is simplified
    QString iconPath;                      ///< resource path of the picker icon
    std::function<std::unique_ptr<SceneRenderer>()> createRenderer;
    /// One translated sentence for an event, used by narration and captions.
    std::function<QString(const sim::EventRecord&)> narrate;
    /// Every event kind the engine can emit (derived from its event variant) and
    /// the scene's table of sentences, which must cover them all.
    std::function<std::vector<std::string>()> eventKinds;
    const NarrationTable* narration = nullptr;
    QString lessonPath;            ///< resource path of the main lesson JSON, may be empty
    QStringList moreLessons;       ///< further lessons, offered in the Tutorial panel
    QStringList exampleScenarios;  ///< resource paths, shown in File > Open Example
    /// Optional extra docks (e.g. the RDMA script editor), created for the main window.
    std::function<QList<QWidget*>(SimulationController&, QWidget* parent)> createDocks;
};

}  // namespace commviz::views
