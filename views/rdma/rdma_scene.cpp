#include "rdma/rdma_scene.h"

#include <QCoreApplication>
#include <QDir>

#include "perftest/perftest_chart_dock.h"
#include "rdma/rdma_engine.h"
#include "rdma/rdma_narration.h"
#include "rdma/rdma_scene_model.h"
#include "rdma/rdma_scene_renderer.h"
#include "rdma/rdma_script_dock.h"

namespace commviz::views {

namespace {

class RdmaSceneText {
    Q_DECLARE_TR_FUNCTIONS(RdmaSceneText)

public:
    static QString name() { return tr("RDMA verbs queues"); }
    static QString description() {
        return tr(
            "Follow a work request from ibv_post_send through the SQ, the HCA and the wire to a CQE and a polled WC.");
    }
    static QString about() {
        return tr(
            "<p>Two hosts, each with one HCA port and one protection domain, joined by a single RC link. "
            "The model follows libibverbs and the IBTA RC transport; the HCA is split into requester, "
            "responder and completer like the soft-RoCE driver (rxe), but behaves like hardware (mlx5): "
            "retry_cnt = 7 means seven retries, unsignaled SQ slots are freed only when a later signaled "
            "completion is polled, and the doorbell is an MMIO write, not a system call.</p>"
            "<p>Simplified: one port and no GRH (RoCE address resolution and LIDs are not simulated), "
            "no SRQ, UD/UC or memory windows, no congestion control. Time is a simulated clock with "
            "order-of-magnitude costs for PCIe, DMA and the wire — not measurements of a real NIC. "
            "QPNs start at 16 as in rxe; initial PSNs come from the scenario's seed.</p>");
    }
};

QStringList bundledScenarios() {
    QStringList paths;
    const QDir dir(QStringLiteral(":/scenarios/rdma"));
    for (const QString& file : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        paths << dir.filePath(file);
    return paths;
}

}  // namespace

SceneDescriptor rdmaScene() {
    SceneDescriptor scene;
    scene.model = rdma::sceneModel();
    scene.name = &RdmaSceneText::name;
    scene.description = &RdmaSceneText::description;
    scene.about = &RdmaSceneText::about;
    scene.iconPath = QStringLiteral(":/icons/rdma.svg");
    scene.createRenderer = [] { return std::make_unique<RdmaSceneRenderer>(); };
    scene.narrate = &RdmaNarration::narrate;
    scene.eventKinds = &rdma::RdmaEngine::eventKinds;
    scene.narration = &RdmaNarration::table();
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
