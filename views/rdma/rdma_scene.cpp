#include "rdma/rdma_scene.h"

#include <QCoreApplication>
#include <QDir>

#include "perftest/perftest_chart_dock.h"
#include "rdma/rdma_engine.h"
#include "rdma/rdma_renderer.h"
#include "rdma/rdma_script_dock.h"
#include "rdma/rdma_text.h"

namespace commviz::views {

namespace {

QStringList bundledScenarios() {
    QStringList paths;
    const QDir dir(QStringLiteral(":/scenarios/rdma"));
    for (const QString& file : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        paths << dir.filePath(file);
    return paths;
}

}  // namespace

SceneDescriptor rdmaScene() {
    SceneDescriptor scene = sceneDescriptor("rdma");
    scene.about = &RdmaText::about;
    scene.createRenderer = [] { return std::make_unique<RdmaRenderer>(); };
    scene.narration = &RdmaText::table();
    // The main lesson; the RNR / error-flushing lesson is :/lessons/rdma_rnr.json.
    scene.lessonPath = QStringLiteral(":/lessons/rdma.json");
    scene.moreLessons = {QStringLiteral(":/lessons/rdma_rnr.json")};
    scene.exampleScenarios = bundledScenarios();
    scene.createDocks = [](SimulationController& controller, QWidget* parent) {
        // A wide chart reads best under the canvas, beside the event list; the
        // script editor sits beside the scene picker.
        return std::vector<SceneDock>{{createPerftestChartDock(parent), Qt::BottomDockWidgetArea},
                                      {new RdmaScriptDock(controller, parent), Qt::LeftDockWidgetArea}};
    };
    return scene;
}

}  // namespace commviz::views
