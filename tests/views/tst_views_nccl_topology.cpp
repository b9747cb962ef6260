// The NCCL topology scene's view offscreen: every bundled scenario loads and
// steps to its end; the server is drawn node by node with its link types and
// bandwidths; two devices clicked show their path; a channel's ring appears
// at the ring stage; two servers are drawn side by side and many as compact
// boxes; the GPU path matrix dock and the log dock follow the cursor.
// Bandwidths are NCCL's (src/graph/topo.h): PCIe Gen5 x16 = 16*240/80 = 48,
// Gen3 x16 = 12, Sapphire Rapids QPI 22, Skylake QPI 10, sm90 NVLink 20.6 x 18.

#include <QFile>
#include <QPlainTextEdit>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "nccl/topology_scene/topology_engine.h"
#include "nccl/topology_scene/topology_log_dock.h"
#include "nccl/topology_scene/topology_matrix_dock.h"
#include "nccl/topology_scene/topology_paint.h"
#include "nccl/topology_scene/topology_renderer.h"
#include "nccl/topology_scene/topology_scene.h"
#include "nccl/topology_scene/topology_text.h"
#include "paint_image.h"
#include "scene_walk.h"
#include "shell/simulation_controller.h"
#include "sim/session_access.h"

using namespace commviz;
using nccl_topology::NodeType;
using nccl_topology::TopologyEngine;
using tests::paint;
using tests::Painted;
using views::TopologyRenderer;

namespace {

const TopologyEngine& engineOf(const sim::Session& session) { return *sim::engineOf<TopologyEngine>(&session); }

QString scenario(const char* name) {
    return QStringLiteral(":/scenarios/nccl_topology/nccl_topology_%1.json").arg(QLatin1String(name));
}

int gpuNode(const TopologyEngine& engine, int dev) {
    const auto& system = engine.run().model.system;
    for (int node : system.ofType(NodeType::GPU))
        if (system.nodes[std::size_t(node)].dev == dev) return node;
    return -1;
}

// Pixels of exactly this colour inside `area` (the ring's strokes are drawn in the channel's colour).
int pixelsOf(const QImage& image, const QColor& color, const QRect& area) {
    int count = 0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x) count += image.pixelColor(x, y) == color ? 1 : 0;
    return count;
}

bool hasRegion(const TopologyRenderer& renderer, const QString& id) {
    for (const auto& hit : renderer.hitRegions())
        if (hit.objectId == id) return true;
    return false;
}

// `text` written to run.log in `dir`; the path, or empty when it cannot be written.
QString writeLog(const QTemporaryDir& dir, const QByteArray& text) {
    const QString path = dir.filePath(QStringLiteral("run.log"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size()) return {};
    return path;
}

}  // namespace

class TopologyViewTest : public QObject {
    Q_OBJECT

    views::SceneDescriptor m_scene = views::ncclTopologyScene();

private slots:
    void scenariosLoadAndStepToTheEnd() {
        QCOMPARE(m_scene.exampleScenarios.size(), 6);
        for (const QString& path : m_scene.exampleScenarios) {
            auto session = tests::sceneSession(m_scene, path);
            QVERIFY2(session, qPrintable(path));
            // Six stages from the model; a read log replaces the ring and tree searches by one.
            const bool readsLog = path.contains(QStringLiteral("read_log"));
            QCOMPARE(session->seek(100), std::size_t(readsLog ? 5 : 6));
            QVERIFY(engineOf(*session).done());
            QCOMPARE(engineOf(*session).run().log.has_value(), readsLog);
        }
        auto twoNodes = tests::sceneSession(m_scene, scenario("two_nodes"));
        QCOMPARE(twoNodes->seek(100), std::size_t(6));
        QCOMPARE(engineOf(*twoNodes).run().comm().nNodes, 2);
    }

    // The DGX H100 server: 35 nodes (8 GPUs, 8 NICs, 8 NETs, 8 PCIe switches, 2 CPUs, 1 NVSwitch),
    // each clickable; the legend gives each link type's bandwidth in this server.
    void drawsTheServerWithLinkBandwidths() {
        auto session = tests::sceneSession(m_scene, scenario("dgx_h100"));
        session->seek(1);
        TopologyRenderer renderer;
        const Painted painted = paint(renderer, *session);
        for (int node = 0; node < 35; ++node) QVERIFY(hasRegion(renderer, QStringLiteral("node:%1").arg(node)));
        QVERIFY(!hasRegion(renderer, QStringLiteral("node:35")));
        const QStringList texts = painted.strings();
        for (int gpu = 0; gpu < 8; ++gpu) QVERIFY(texts.contains(QStringLiteral("GPU %1").arg(gpu)));
        QVERIFY(texts.contains(QStringLiteral("mlx5_7")));
        QVERIFY(texts.contains(QStringLiteral("NVSwitch")));
        QVERIFY2(texts.contains(QStringLiteral("NVL 370.8 GB/s")), qPrintable(texts.join(QLatin1Char('|'))));
        QVERIFY(texts.contains(QStringLiteral("PCI 48.0 GB/s")));
        QVERIFY(texts.contains(QStringLiteral("SYS 22.0 GB/s")));
        QVERIFY(texts.contains(QStringLiteral("Stage 1 of 6: the system as read from the XML")));
    }

    // One DGX server with 2.22 (the default): ncclTopoTrimSystem removed its 8 NETs, drawn faint,
    // said in the caption and, where labels are readable, marked on each; 2.30 keeps them, and so
    // do two servers with 2.22.
    void trimmedNetsAreMarked() {
        for (const auto& [values, marked] :
             {std::pair{sim::ParamValues{}, 8}, std::pair{sim::ParamValues{{"version", "2.30"}}, 0},
              std::pair{sim::ParamValues{{"nnodes", 2}}, 0}}) {
            auto session = tests::modelSession(m_scene, values);
            session->seek(1);
            TopologyRenderer renderer;
            const QStringList texts = paint(renderer, *session).strings();
            QCOMPARE(texts.filter(QStringLiteral("NETs trimmed (one server, 2.22)")).size(), marked ? 1 : 0);
            QVERIFY(texts.contains(QStringLiteral("mlx5_0")));  // drawn either way
            Painted everyLabel;
            views::RenderState state;
            state.session = session.get();
            state.textDetail = views::TextDetail::All;  // as an export with every label
            state.drawnTexts = &everyLabel.texts;
            tests::paintImage(renderer, state);
            QCOMPARE(everyLabel.strings().count(QStringLiteral("trimmed")), marked);
        }
    }

    // GPU 0 then GPU 2 on the PCIe server: refused P2P (SYS beyond PXB), routed
    // through GPU 2's CPU: GPU 0, switch, CPU 0, CPU 1, switch, GPU 2 = 5 hops at 10 GB/s.
    void twoClicksShowAPath() {
        auto session = tests::sceneSession(m_scene, scenario("pcie_two_sockets"));
        const TopologyEngine& engine = engineOf(*session);
        const QString gpu0 = QStringLiteral("node:%1").arg(gpuNode(engine, 0));
        const QString gpu2 = QStringLiteral("node:%1").arg(gpuNode(engine, 2));
        TopologyRenderer renderer;
        session->seek(1);
        paint(renderer, *session, gpu0);
        QVERIFY(
            paint(renderer, *session, gpu0).strings().contains(QStringLiteral("From GPU 0: click a second device")));
        QVERIFY(paint(renderer, *session, gpu2)
                    .strings()
                    .contains(QStringLiteral("Path GPU 0 → GPU 2: computed at the paths stage")));
        session->seek(2);
        const Painted painted = paint(renderer, *session, gpu2);
        QCOMPARE(renderer.pathEnds(), std::make_pair(gpuNode(engine, 0), gpuNode(engine, 2)));
        QVERIFY2(painted.strings().contains(QStringLiteral("Path GPU 0 → GPU 2: SYS, 10.0 GB/s, 5 hops, via CPU 1")),
                 qPrintable(painted.strings().join(QLatin1Char('|'))));
    }

    // No channel before the ring search; from the ring stage on, channel 0's
    // ring in its colour and a chip per channel in the legend.
    void ringAppearsAtTheRingStage() {
        auto session = tests::sceneSession(m_scene, scenario("dgx_h100"));
        TopologyRenderer renderer;
        const QColor ring = views::TopologyPaint::channelColor(0);
        const QRect servers(16, 80, 1168, 670);
        session->seek(2);
        Painted painted = paint(renderer, *session);
        QCOMPARE(pixelsOf(painted.image, ring, servers), 0);
        QVERIFY(!hasRegion(renderer, QStringLiteral("channel:0")));
        session->seek(3);
        painted = paint(renderer, *session);
        QVERIFY(pixelsOf(painted.image, ring, servers) > 100);
        QVERIFY(hasRegion(renderer, QStringLiteral("channel:0")));
        QCOMPARE(renderer.channelShown(), 0);
    }

    // Two servers one above the other, the ring of 16 ranks reaching into the second.
    void twoNodesSideBySide() {
        auto session = tests::sceneSession(m_scene, scenario("two_nodes"));
        TopologyRenderer renderer;
        session->seek(5);
        const Painted painted = paint(renderer, *session);
        const QStringList texts = painted.strings();
        QVERIFY(texts.contains(QStringLiteral("Node 0 · ranks 0–7")));
        QVERIFY(texts.contains(QStringLiteral("Node 1 · ranks 8–15")));
        QCOMPARE(engineOf(*session).run().comm().nRanks, 16);
        const QRect lowerServer(16, 420, 1168, 330);
        QVERIFY(pixelsOf(painted.image, views::TopologyPaint::channelColor(0), lowerServer) > 50);
    }

    // Beyond four servers, compact boxes: a title each, no node drawn in full.
    void manyNodesAsCompactBoxes() {
        auto session = tests::modelSession(m_scene, {{"nnodes", 8}});
        session->seek(1);
        TopologyRenderer renderer;
        const QStringList texts = paint(renderer, *session).strings();
        QVERIFY(texts.contains(QStringLiteral("Node 7")));
        QVERIFY(!texts.contains(QStringLiteral("GPU 0")));
    }

    // The matrix dock: empty before the paths stage, then GPU x GPU with type and bandwidth.
    void matrixDockFollowsTheCursor() {
        views::SimulationController controller;
        QVERIFY(controller.load(tests::sceneSetup(m_scene, {{"topo_file", "pcie_4gpu_2socket.xml"}})).ok());
        views::TopologyMatrixDock dock(controller, nullptr);
        QCOMPARE(dock.table()->rowCount(), 0);
        controller.seek(2);
        QTRY_COMPARE(dock.table()->rowCount(), 4);
        // Compact: the type over the bandwidth in whole GB/s; the tooltip has it to 0.1 GB/s.
        QCOMPARE(dock.table()->item(0, 1)->text(), QStringLiteral("PIX\n12"));
        QCOMPARE(dock.table()->item(0, 2)->text(), QStringLiteral("SYS\n10"));
        QCOMPARE(dock.table()->item(0, 0)->text(), QStringLiteral("LOC\n5000"));
        QCOMPARE(dock.table()->item(0, 1)->toolTip(), QStringLiteral("GPU 0 → GPU 1: PIX, 12.0 GB/s"));
        QCOMPARE(dock.table()->horizontalHeaderItem(2)->text(), QStringLiteral("2"));
    }

    // With a log loaded, the log pane shows the log itself.
    void logDockShowsALoadedLog() {
        QTemporaryDir dir;
        const QString path = writeLog(dir, "host:1:1 [0] NCCL INFO Channel 00/02 : 0 1\nother output\n");
        QVERIFY(!path.isEmpty());
        views::SimulationController controller;
        QVERIFY(controller.load(tests::sceneSetup(m_scene, {{"log_file", path.toStdString()}})).ok());
        views::TopologyLogDock dock(controller, nullptr);
        QTRY_COMPARE(dock.text()->toPlainText(),
                     QStringLiteral("host:1:1 [0] NCCL INFO Channel 00/02 : 0 1\nother output"));
    }

    // The title names a file by its name: a long path would push the rest out of the line.
    void titleNamesTheLogFileNotItsFolders() {
        QTemporaryDir dir;
        const QString path = writeLog(dir, "host:1:1 [0] NCCL INFO Channel 00/02 : 0 1\n");
        QVERIFY(!path.isEmpty());
        const auto session = tests::modelSession(m_scene, {{"log_file", path.toStdString()}});
        views::TopologyRenderer renderer;
        const QString texts = tests::paint(renderer, *session).strings().join(QLatin1Char('\n'));
        QVERIFY2(texts.contains(QStringLiteral(" · log run.log")), qPrintable(texts));
        QVERIFY2(!texts.contains(dir.path()), qPrintable(texts));
    }

    // The bundled 2-node log on the bundled server: its name, "2 nodes" and "NETs trimmed" made one
    // title line of about 1,130 units at 18 px bold in a 1,168-unit caption, cut to "…wa…"; the facts
    // now start the stage line and neither line is cut.
    void titleWithALogIsNotCut() {
        const auto session = tests::modelSession(m_scene, {{"log_file", "nccl_2.26_2node_4gpu_warn.log"}});
        session->seek(3);
        views::TopologyRenderer renderer;
        const tests::Painted painted = tests::paint(renderer, *session);
        QVERIFY2(
            painted.strings().join(QLatin1Char('\n')).contains(QStringLiteral("log nccl_2.26_2node_4gpu_warn.log")),
            qPrintable(painted.strings().join(QLatin1Char('\n'))));
        for (const auto& text : painted.texts)
            if (text.rect.top() < 60) QVERIFY2(!text.elided, qPrintable(text.text));
    }

    // The 4-rank, 2-host warn log on the 4-GPU PCIe server: ranks 0-1 on node 0 and 2-3 on node 1, as the
    // log's channels are drawn; the mismatch in red under the title; GPUs 2 and 3 of each node faded; the
    // WARNs of rank 2 (line 78) and rank 0 (line 81) marked on their GPUs.
    void aLogOnAServerItDoesNotFit() {
        const auto session = tests::modelSession(
            m_scene, {{"log_file", "nccl_2.26_2node_4gpu_warn.log"}, {"topo_file", "pcie_4gpu_2socket.xml"}});
        session->seek(5);
        views::TopologyRenderer renderer;
        const QStringList texts = tests::paint(renderer, *session).strings();
        QVERIFY(texts.contains(QStringLiteral("Node 0 · ranks 0–1")));
        QVERIFY(texts.contains(QStringLiteral("Node 1 · ranks 2–3")));
        QVERIFY(texts.join(QLatin1Char('\n')).contains(QStringLiteral("The log does not match this topology")));
        QVERIFY(hasRegion(renderer, QStringLiteral("warn:78")));
        QVERIFY(hasRegion(renderer, QStringLiteral("warn:81")));
        const auto access = sim::SessionAccess<nccl_topology::TopologyEngine>::of(session.get());
        QVERIFY(access);
        const auto place = views::TopologyRenderer::rankPlace(access->engine().run(), 2);
        QCOMPARE(place.server, 1);
        QCOMPARE(place.localRank, 0);
    }

    void aboutStatesTheSimplifications() {
        const QString about = m_scene.about();
        QVERIFY(about.contains(QStringLiteral("host_hash")));
        QVERIFY(about.contains(QStringLiteral("assumed")));
        QVERIFY(about.contains(QStringLiteral("P2P-capable")));
    }

    void narratesEachStage() {
        auto session = tests::sceneSession(m_scene, scenario("pcie_two_sockets"));
        session->seek(2);
        const auto first = session->eventRecords(1);
        QVERIFY(!first.empty());
        QVERIFY(m_scene.narrate(first.front()).contains(QStringLiteral("4 GPUs")));
        const auto second = session->eventRecords(2);
        QVERIFY(m_scene.narrate(second.front()).contains(QStringLiteral("from PIX to SYS, 10.0 to 12.0 GB/s")));
        // Two DGX servers: the tree search asks for BALANCED_TREE and keeps TREE ("Pattern 3" in the
        // GRAPH log); the ring search keeps what it asked for.
        auto dgx = tests::sceneSession(m_scene, scenario("two_nodes"));
        dgx->seek(4);
        const QString ring = m_scene.narrate(dgx->eventRecords(3).front());
        const QString tree = m_scene.narrate(dgx->eventRecords(4).front());
        QVERIFY2(ring.contains(QStringLiteral("searches the RING pattern")), qPrintable(ring));
        QVERIFY(!ring.contains(QStringLiteral("keeps")));
        QVERIFY2(tree.contains(QStringLiteral("searches the BALANCED_TREE pattern")), qPrintable(tree));
        QVERIFY(tree.contains(QStringLiteral("The graph it keeps has the TREE pattern.")));
    }
};

QTEST_MAIN(TopologyViewTest)
#include "tst_views_nccl_topology.moc"
