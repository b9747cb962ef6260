#include "noc/noc_scene.h"

#include "noc/noc_engine.h"
#include "noc/noc_heatmap.h"
#include "noc/noc_heatmap_dock.h"
#include "noc/noc_histogram_dock.h"
#include "noc/noc_renderer.h"
#include "noc/noc_sweep_dock.h"
#include "noc/noc_text.h"

namespace commviz::views {

SceneDescriptor nocScene() {
    SceneDescriptor scene = sceneDescriptor("noc");
    scene.about = &NocText::about;
    // The heatmap window is shared by the scene's renderer and its heatmap dock.
    auto heatmap = std::make_shared<NocHeatmapSettings>();
    scene.createRenderer = [heatmap] { return std::make_unique<NocRenderer>(heatmap); };
    const QString kHeatmaps = QStringLiteral("heatmap");  // one heatmap at a time
    scene.viewOptions = {
        {QString::fromLatin1(NocHeatmap::kLinks), [] { return NocHeatmap::tr("Heatmap: &Link Utilisation"); },
         QKeySequence(Qt::CTRL | Qt::Key_1), kHeatmaps},
        {QString::fromLatin1(NocHeatmap::kBuffers), [] { return NocHeatmap::tr("Heatmap: &Buffer Occupancy"); },
         QKeySequence(Qt::CTRL | Qt::Key_2), kHeatmaps},
        {QString::fromLatin1(NocHeatmap::kStalls), [] { return NocHeatmap::tr("Heatmap: &Stalled VCs"); },
         QKeySequence(Qt::CTRL | Qt::Key_3), kHeatmaps},
    };
    scene.narration = &NocText::table();
    scene.summarizeStep = &NocText::cycleSummary;
    scene.lessonPath = QStringLiteral(":/lessons/noc_packet_life.json");
    scene.moreLessons = {
        QStringLiteral(":/lessons/noc_router_pipeline.json"), QStringLiteral(":/lessons/noc_credits.json"),
        QStringLiteral(":/lessons/noc_saturation.json"),      QStringLiteral(":/lessons/noc_deadlock_dateline.json"),
        QStringLiteral(":/lessons/noc_anynet_paths.json"),    QStringLiteral(":/lessons/noc_flatfly_express.json"),
        QStringLiteral(":/lessons/noc_fattree.json"),         QStringLiteral(":/lessons/noc_dragonfly_ugal.json"),
    };
    scene.exampleScenarios = {
        QStringLiteral(":/scenarios/noc/mesh44.json"),
        QStringLiteral(":/scenarios/noc/torus44.json"),
        QStringLiteral(":/scenarios/noc/tornado_mesh88.json"),
        QStringLiteral(":/scenarios/noc/hotspot_mesh88.json"),
        QStringLiteral(":/scenarios/noc/deadlock_torus.json"),
        QStringLiteral(":/scenarios/noc/min_adapt_mesh88.json"),
        QStringLiteral(":/scenarios/noc/min_adapt_torus88.json"),
        QStringLiteral(":/scenarios/noc/valiant_mesh88.json"),
        QStringLiteral(":/scenarios/noc/romm_mesh88.json"),
        QStringLiteral(":/scenarios/noc/randperm_mesh88.json"),
        QStringLiteral(":/scenarios/noc/onoff_mesh88.json"),
        QStringLiteral(":/scenarios/noc/butterfly_fly42.json"),
        QStringLiteral(":/scenarios/noc/cmesh44_bitcomp.json"),
        QStringLiteral(":/scenarios/noc/anynet_example.json"),
        QStringLiteral(":/scenarios/noc/flatfly44_ran_min.json"),
        QStringLiteral(":/scenarios/noc/fattree_k4n3.json"),
        QStringLiteral(":/scenarios/noc/dragonflyconfig.json"),
    };
    // The classic curve: hidden at first so the canvas keeps its room (View menu shows it).
    scene.createDocks = [heatmap](SimulationController& controller, QWidget* parent) {
        return std::vector<SceneDock>{{new NocSweepDock(controller, parent), Qt::BottomDockWidgetArea, true},
                                      {new NocHistogramDock(controller, parent), Qt::BottomDockWidgetArea, true},
                                      {new NocHeatmapDock(heatmap, parent), Qt::LeftDockWidgetArea, false}};
    };
    return scene;
}

}  // namespace commviz::views
