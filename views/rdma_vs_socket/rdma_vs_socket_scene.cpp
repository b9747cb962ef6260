#include "rdma_vs_socket/rdma_vs_socket_scene.h"

#include <QCoreApplication>
#include <QDockWidget>

#include "perftest/perftest_chart_dock.h"
#include "rdma_vs_socket/rdma_vs_socket_engine.h"
#include "rdma_vs_socket/rdma_vs_socket_renderer.h"
#include "rdma_vs_socket/rdma_vs_socket_text.h"

namespace commviz::views {

SceneDescriptor rdmaVsSocketScene() {
    SceneDescriptor scene = sceneDescriptor("rdma-vs-socket");
    scene.about = &RdmaVsSocketText::about;
    scene.createRenderer = [] { return std::make_unique<RdmaVsSocketRenderer>(); };
    scene.narration = &RdmaVsSocketText::table();
    scene.lessonPath = QStringLiteral(":/lessons/rdma_vs_socket.json");
    scene.exampleScenarios = {QStringLiteral(":/scenarios/rdma_vs_socket/one_message.json")};
    // The perftest chart continues the story: how the verbs path scales with message size.
    scene.createDocks = [](SimulationController&, QWidget* parent) {
        // Hidden at first so the canvas keeps its room; View > perftest model shows it.
        return std::vector<SceneDock>{{createPerftestChartDock(parent), Qt::BottomDockWidgetArea, true}};
    };
    return scene;
}

}  // namespace commviz::views
