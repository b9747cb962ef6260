#include "nccl/bootstrap_scene/nccl_scene.h"

#include "nccl/bootstrap_scene/nccl_chart_dock.h"
#include "nccl/bootstrap_scene/nccl_engine.h"
#include "nccl/bootstrap_scene/nccl_events.h"
#include "nccl/bootstrap_scene/nccl_log_dock.h"
#include "nccl/bootstrap_scene/nccl_renderer.h"
#include "nccl/bootstrap_scene/nccl_text.h"

namespace commviz::views {

SceneDescriptor ncclBootstrapScene() {
    SceneDescriptor scene = sceneDescriptor("nccl-bootstrap");
    scene.about = &NcclText::about;
    scene.createRenderer = [] { return std::make_unique<NcclRenderer>(); };
    scene.narration = &NcclText::table();
    scene.lessonPath = QStringLiteral(":/lessons/nccl_bootstrap.json");
    scene.moreLessons = {QStringLiteral(":/lessons/nccl_unique_id.json"),
                         QStringLiteral(":/lessons/nccl_ring_allgather.json"),
                         QStringLiteral(":/lessons/nccl_init_after_bootstrap.json"),
                         QStringLiteral(":/lessons/nccl_bootstrap_hang.json")};
    const char* examples[] = {"classic_4",
                              "v230_8",
                              "two_roots_16",
                              "missing_rank",
                              "bad_magic",
                              "ranks_1024",
                              "nccl_bootstrap_dgx_topology"};
    for (const char* name : examples)
        scene.exampleScenarios << QStringLiteral(":/scenarios/nccl/%1.json").arg(QLatin1String(name));
    scene.viewOptions.push_back({QString::fromLatin1(NcclRenderer::kSideBySide),
                                 [] { return NcclRenderer::tr("Classic vs 2.30 &Side by Side"); },
                                 QKeySequence(Qt::CTRL | Qt::Key_D)});
    scene.createDocks = [](SimulationController& controller, QWidget* parent) {
        // The chart starts hidden so the canvas keeps its room; View offers it.
        return std::vector<SceneDock>{{createNcclLogDock(controller, parent), Qt::BottomDockWidgetArea, false},
                                      {createNcclChartDock(parent), Qt::BottomDockWidgetArea, true}};
    };
    return scene;
}

}  // namespace commviz::views
