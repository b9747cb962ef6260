// The NCCL topology scene readable at fit: on the default window's canvas,
// every text of every bundled scenario at every stage, and of 4 and 8 nodes,
// comes out at 8 pt or more.

#include <QtTest>

#include "fit_check.h"
#include "nccl/topology_scene/topology_renderer.h"
#include "nccl/topology_scene/topology_scene.h"
#include "scene_walk.h"

using namespace commviz;
using views::TopologyRenderer;

class TopologyFitTest : public QObject {
    Q_OBJECT

    views::SceneDescriptor m_scene = views::ncclTopologyScene();
    views::SimulationController m_controller;

    void checkEveryStage(sim::Session& session, const QString& where) {
        TopologyRenderer renderer;
        for (std::size_t step = 0; step <= 6; ++step) {
            session.seek(step);
            tests::checkReadable(tests::paintAtZoom(m_controller, renderer, session, 1),
                                 where + QStringLiteral(" step %1").arg(step));
        }
    }

private slots:
    void bundledScenariosAtFit() {
        for (const QString& path : m_scene.exampleScenarios) {
            auto session = tests::sceneSession(m_scene, path);
            QVERIFY2(session, qPrintable(path));
            checkEveryStage(*session, path);
        }
    }

    void manyNodesAtFit() {
        for (int nodes : {4, 8}) {
            auto session = tests::modelSession(m_scene, {{"nnodes", nodes}});
            checkEveryStage(*session, QStringLiteral("nnodes=%1").arg(nodes));
        }
    }
};

QTEST_MAIN(TopologyFitTest)
#include "tst_views_nccl_topology_fit.moc"
