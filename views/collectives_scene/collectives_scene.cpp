#include "collectives_scene/collectives_scene.h"

#include "collectives_scene/collectives_chart_dock.h"
#include "collectives_scene/collectives_engine.h"
#include "collectives_scene/collectives_renderer.h"
#include "collectives_scene/collectives_round_dock.h"
#include "collectives_scene/collectives_text.h"
#include "collectives_scene/collectives_timeline_dock.h"
#include "sim/session_access.h"

namespace commviz::views {

SceneDescriptor collectivesScene() {
    SceneDescriptor scene = sceneDescriptor("collectives");
    scene.about = &CollectivesText::about;
    // The channel picked in the Timeline dock is the one the canvas draws in full.
    auto focus = std::make_shared<CollectivesChannelFocus>();
    scene.createRenderer = [focus] { return std::make_unique<CollectivesRenderer>(focus); };
    // The canvas on the servers themselves: offered for NCCL's pipelines on a topo_file only (elsewhere the
    // action is disabled, and the renderer draws the ranks as without it).
    scene.viewOptions.push_back({QString::fromLatin1(CollectivesServers::kOption),
                                 [] { return CollectivesServers::tr("Canvas on the &Servers"); },
                                 QKeySequence(Qt::CTRL | Qt::Key_1),
                                 {},
                                 [](const sim::Session& session) {
                                     const auto* engine = sim::engineOf<collectives::CollectivesEngine>(&session);
                                     return engine && CollectivesServers::offered(*engine);
                                 }});
    scene.narration = &CollectivesText::table();
    scene.lessonPath = QStringLiteral(":/lessons/collectives_allreduce_algorithms.json");
    scene.moreLessons = {QStringLiteral(":/lessons/collectives_ring_allreduce.json"),
                         QStringLiteral(":/lessons/collectives_recursive_doubling.json"),
                         QStringLiteral(":/lessons/collectives_double_binary_tree.json"),
                         QStringLiteral(":/lessons/collectives_algbw_busbw.json"),
                         QStringLiteral(":/lessons/collectives_nccl_protocols.json"),
                         QStringLiteral(":/lessons/collectives_nccl_tree_to_ring.json"),
                         QStringLiteral(":/lessons/collectives_nccl_tuning_table.json"),
                         QStringLiteral(":/lessons/collectives_nccl_pipeline.json"),
                         QStringLiteral(":/lessons/collectives_nccl_net_pace.json"),
                         QStringLiteral(":/lessons/collectives_nccl_channels.json"),
                         QStringLiteral(":/lessons/collectives_nccl_nvls.json")};
    for (const char* name : {"ring_allreduce_16",
                             "ring_allreduce_16_1mib",
                             "nccl_ring_allreduce_2ch",
                             "nccl_tree_allreduce_8",
                             "rabenseifner_8",
                             "recursive_doubling_6",
                             "allgather_recursive_doubling_6",
                             "bcast_binomial_8",
                             "basic_linear_8",
                             "auto_allreduce_8_below_8k",
                             "auto_allreduce_8_at_8k",
                             "nccl_ring_protocols_4k",
                             "nccl_ring_protocols_4m",
                             "nccl_ring_protocols_64m",
                             "nccl_auto_2nodes_64k",
                             "nccl_auto_2nodes_11m",
                             "nccl_auto_2nodes_12m",
                             "nccl_auto_2nodes_64m",
                             "nccl_pipeline_8_1ch_16m",
                             "nccl_pipeline_8_16m",
                             "nccl_tree_2nodes_8m",
                             "nccl_nvls_pick_64m"})
        scene.exampleScenarios << QStringLiteral(":/scenarios/collectives/%1.json").arg(QLatin1String(name));
    // The round table, the charts and NCCL's pipeline timeline, as tabs beside the event list.
    scene.createDocks = [focus](SimulationController& controller, QWidget* parent) {
        return std::vector<SceneDock>{
            {new CollectivesRoundDock(controller, parent), Qt::BottomDockWidgetArea, false},
            {createCollectivesChartDock(controller, parent), Qt::BottomDockWidgetArea, false},
            {new CollectivesTimelineDock(controller, focus, parent), Qt::BottomDockWidgetArea, false}};
    };
    return scene;
}

}  // namespace commviz::views
