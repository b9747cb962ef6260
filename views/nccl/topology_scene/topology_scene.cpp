#include "nccl/topology_scene/topology_scene.h"

#include "nccl/topology_scene/nccl_topo_command.h"
#include "nccl/topology_scene/topology_engine.h"
#include "nccl/topology_scene/topology_log_dock.h"
#include "nccl/topology_scene/topology_matrix_dock.h"
#include "nccl/topology_scene/topology_renderer.h"
#include "nccl/topology_scene/topology_scene_model.h"
#include "nccl/topology_scene/topology_text.h"

namespace commviz::views {

SceneDescriptor ncclTopologyScene() {
    SceneDescriptor scene;
    scene.model = nccl_topology::sceneModel();
    scene.name = &TopologyText::name;
    scene.description = &TopologyText::description;
    scene.about = &TopologyText::about;
    scene.iconPath = QStringLiteral(":/icons/nccl_topology.svg");
    scene.createRenderer = [] { return std::make_unique<TopologyRenderer>(); };
    scene.eventKinds = &nccl_topology::TopologyEngine::eventKinds;
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
    scene.commands.push_back({"nccl-topo", "nccl-topo FILE.xml [--set key=value]... [--json]",
                              "Print the INFO/GRAPH lines NCCL would print for a topology file, or its paths and "
                              "graphs as JSON",
                              &nccl_topology::runNcclTopoCommand});
    scene.commands.push_back({"nccl-log", "nccl-log FILE.log [--json]",
                              "Read an NCCL_DEBUG=INFO log: version, ranks, rings, trees, transports, unread lines",
                              &nccl_topology::runNcclLogCommand});
    return scene;
}

}  // namespace commviz::views
