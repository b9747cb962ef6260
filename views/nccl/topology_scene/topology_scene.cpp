#include "nccl/topology_scene/topology_scene.h"

#include "nccl/topology_scene/topology_engine.h"
#include "nccl/topology_scene/topology_log_dock.h"
#include "nccl/topology_scene/topology_matrix_dock.h"
#include "nccl/topology_scene/topology_renderer.h"
#include "nccl/topology_scene/topology_text.h"

namespace commviz::views {

SceneDescriptor ncclTopologyScene() {
    SceneDescriptor scene = sceneDescriptor("nccl-topology");
    scene.about = &TopologyText::about;
    scene.createRenderer = [] { return std::make_unique<TopologyRenderer>(); };
    scene.narration = &TopologyText::table();
    scene.lessonPath = QStringLiteral(":/lessons/nccl_topology_reading_your_server.json");
    scene.moreLessons = {QStringLiteral(":/lessons/nccl_topology_rings_trees_across_nodes.json"),
                         QStringLiteral(":/lessons/nccl_topology_reading_an_info_log.json")};
    for (const char* name : {"dgx_h100", "pcie_two_sockets", "two_nodes", "four_nodes", "read_log", "read_log_warn"})
        scene.exampleScenarios
            << QStringLiteral(":/scenarios/nccl_topology/nccl_topology_%1.json").arg(QLatin1String(name));
    // The path matrix beside the scene picker, like the NoC heatmap; the log beside the event list.
    scene.createDocks = [](SimulationController& controller, QWidget* parent) {
        return std::vector<SceneDock>{{new TopologyMatrixDock(controller, parent), Qt::LeftDockWidgetArea, false},
                                      {new TopologyLogDock(controller, parent), Qt::BottomDockWidgetArea, false}};
    };
    return scene;
}

}  // namespace commviz::views
