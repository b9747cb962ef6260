// Proves the collectives canvas drawn on the servers (View option "collectives-servers", Ctrl+1, enabled only for a
// session that runs NCCL's pipelines on a topo_file) draws NCCL's
// sends along the physical links of the bundled topology, with counts worked by hand:
//
// On two DGX H100 (dgx_h100_nvswitch_8nic.xml: GPU k and NIC k, mlx5_k, on one PCI switch; every GPU on the
// NVSwitch), 16 ranks, Ring/Simple on 16 channels, ring 0 is `0 7 6 5 4 3 2 1 9 10 11 12 13 14 15 8` (the
// Channel 00/16 line tst_collectives_lesson_numbers checks). It crosses the network twice, 1 -> 9 and 8 -> 0;
// the ring graph's channel 0 is `NET 0 GPU 0 ... GPU 1 NET 1`, and ncclTopoGetNetDev gives the channel's first
// GPU its first NET, the others its last: rank 1 sends through mlx5_1, rank 9 (not the first GPU) receives through
// mlx5_1, rank 8 (the first) sends through mlx5_0 and rank 0 receives through mlx5_0. So channel 0 uses exactly
// two NICs per server, mlx5_0 and mlx5_1, and its route 1 -> 9 is GPU 1, switch 27:00.0, NIC 1, mlx5_1, the
// network, mlx5_1, NIC 1, 27:00.0, GPU 1 of node 1. Every other send of the channel is GPU -> NVSwitch -> GPU.
//
// A round of the pipeline is one send per rank and channel: 16 x 16 = 256 sends. Every GPU sends over the
// network in exactly 2 channels and receives in 2 (channelsCrossAtEveryGpu), always between GPUs of the same local
// index (2k+1 -> 2k+9, 2k+8 -> 2k), so each of the 8 network links mlx5_k <-> mlx5_k carries 2 sends from node 0
// and 2 from node 1: 4. Each GPU sends 16 - 2 = 14 and receives 14 over NVLink: 28 sends on its link to the
// switch. Link crossings in all: 224 NVLink sends x 2 links + 32 NET sends x 7 links = 672.

#include <QAction>
#include <QtTest>
#include <set>

#include "collectives_scene/collectives_engine.h"
#include "collectives_scene/collectives_renderer.h"
#include "collectives_scene/collectives_scene.h"
#include "collectives_scene/collectives_servers.h"
#include "collectives_scene/nccl_send_route.h"
#include "fit_check.h"
#include "nccl/topology_scene/topology_paint.h"
#include "paint_image.h"
#include "scene_walk.h"
#include "shell/scene_view_actions.h"
#include "shell/simulation_controller.h"
#include "sim/session_access.h"

using namespace commviz;
using collectives::RouteGraph;
using collectives::ServerNode;
using views::CollectivesServers;

namespace {

const QString kTwoNodes = QStringLiteral(":/scenarios/collectives/nccl_pipeline_2nodes_16m.json");

const collectives::CollectivesEngine& engineOf(const sim::Session& session) {
    return *sim::engineOf<collectives::CollectivesEngine>(&session);
}

// "0:GPU 1", "1:mlx5_1": a route as people read it.
QStringList routeText(const collectives::CollectivesEngine& engine, const std::vector<ServerNode>& route) {
    QStringList out;
    for (const ServerNode& stop : route)
        out << QStringLiteral("%1:%2")
                   .arg(stop.server)
                   .arg(views::TopologyPaint::shortLabel(engine.config().topology->model->system, stop.node));
    return out;
}

tests::Painted paintWith(views::SceneRenderer& renderer, const sim::Session& session, bool servers,
                         double progress = 1.0) {
    tests::Painted out;
    views::RenderState state;
    state.session = &session;
    state.drawnTexts = &out.texts;
    state.progress = progress;
    if (servers) state.options << QString::fromLatin1(CollectivesServers::kOption);
    out.image = tests::paintImage(renderer, state);
    return out;
}

}  // namespace

class CollectivesServersTest : public QObject {
    Q_OBJECT

private slots:
    // The option is the scene's, on Ctrl+1; it draws the servers only where NCCL's pipelines run on one.
    void offeredOnlyOnAServer() {
        const auto it = std::find_if(m_scene.viewOptions.begin(), m_scene.viewOptions.end(), [](const auto& option) {
            return option.id == QLatin1String(CollectivesServers::kOption);
        });
        QVERIFY(it != m_scene.viewOptions.end());
        QCOMPARE(it->shortcut, QKeySequence(Qt::CTRL | Qt::Key_1));
        auto server = tests::sceneSession(m_scene, kTwoNodes);
        QVERIFY(server);
        QVERIFY(CollectivesServers::offered(engineOf(*server)));
        auto openMpi = tests::sceneSession(m_scene, QStringLiteral(":/scenarios/collectives/ring_allreduce_16.json"));
        QVERIFY(openMpi);
        QVERIFY(!CollectivesServers::offered(engineOf(*openMpi)));
        // The View action: enabled for the server's session, disabled for Open MPI's and with no session.
        QObject owner;
        const QList<QAction*> actions = views::createViewOptionActions(m_scene.viewOptions, &owner, {});
        const auto index = it - m_scene.viewOptions.begin();
        views::updateViewOptionActions(m_scene.viewOptions, actions, server.get());
        QVERIFY(actions[index]->isEnabled());
        views::updateViewOptionActions(m_scene.viewOptions, actions, openMpi.get());
        QVERIFY(!actions[index]->isEnabled());
        views::updateViewOptionActions(m_scene.viewOptions, actions, nullptr);
        QVERIFY(!actions[index]->isEnabled());
        // Open MPI's ring with the option on: the ranks around the ring, exactly as without it.
        openMpi->seek(2);
        views::CollectivesRenderer renderer;
        QCOMPARE(paintWith(renderer, *openMpi, true).strings(), paintWith(renderer, *openMpi, false).strings());
    }

    void channelZeroCrossesTheNetworkAtTwoNics() {
        auto session = tests::sceneSession(m_scene, kTwoNodes);
        QVERIFY(session);
        session->seek(2);
        const auto& engine = engineOf(*session);
        const auto& setup = *engine.config().topology;
        QCOMPARE(setup.comm.channels[0].ring, (std::vector<int>{0, 7, 6, 5, 4, 3, 2, 1, 9, 10, 11, 12, 13, 14, 15, 8}));
        const collectives::Round round = engine.schedule().round(1);
        QCOMPARE(int(round.size()), 256);
        std::set<QString> nics;
        int overNvlink = 0;
        for (const auto& message : round) {
            if (message.channel != 0) continue;
            const QStringList route =
                routeText(engine, collectives::sendRoute(setup, RouteGraph::Ring, 0, message.src, message.dst));
            if (message.src / 8 == message.dst / 8) {
                const int server = message.src / 8;
                QCOMPARE(route, (QStringList{QStringLiteral("%1:GPU %2").arg(server).arg(message.src % 8),
                                             QStringLiteral("%1:NVSwitch").arg(server),
                                             QStringLiteral("%1:GPU %2").arg(server).arg(message.dst % 8)}));
                ++overNvlink;
                continue;
            }
            for (const QString& stop : route)
                if (stop.contains(QLatin1String("mlx5"))) nics.insert(stop);
            if (message.src == 1)
                QCOMPARE(route, (QStringList{"0:GPU 1", "0:27:00.0", "0:NIC 1", "0:mlx5_1", "1:mlx5_1", "1:NIC 1",
                                             "1:27:00.0", "1:GPU 1"}));
        }
        QCOMPARE(overNvlink, 14);
        QCOMPARE(nics, (std::set<QString>{"0:mlx5_0", "0:mlx5_1", "1:mlx5_0", "1:mlx5_1"}));
    }

    void everyPhysicalLinkCountsTheRoundsSends() {
        auto session = tests::sceneSession(m_scene, kTwoNodes);
        QVERIFY(session);
        session->seek(2);
        const auto& engine = engineOf(*session);
        const auto& setup = *engine.config().topology;
        const auto& system = setup.model->system;
        const auto use = collectives::linkUse(setup, RouteGraph::Ring, engine.schedule().round(1));
        int network = 0, nvlink = 0, total = 0;
        for (const auto& [link, count] : use) {
            total += count;
            const auto typeA = system.nodes[std::size_t(link.first.node)].type;
            const auto typeB = system.nodes[std::size_t(link.second.node)].type;
            if (link.first.server != link.second.server) {
                ++network;
                QCOMPARE(link.first.node, link.second.node);  // mlx5_k <-> mlx5_k
                QCOMPARE(count, 4);
            } else if (typeA == nccl_topology::NodeType::NVS || typeB == nccl_topology::NodeType::NVS) {
                ++nvlink;
                QCOMPARE(count, 28);
            } else {
                QCOMPARE(count, 4);  // GPU k - switch - NIC k - mlx5_k: its 2 sends out and 2 in
            }
        }
        QCOMPARE(network, 8);
        QCOMPARE(nvlink, 16);
        QCOMPARE(total, 672);
    }

    // The drawing: both servers with their ranks, a tag per network link (×4) and per NVLink (×28), the PCI
    // links thickened only; the caption and legend say what is drawn.
    void theServerViewDrawsTheCounts() {
        auto session = tests::sceneSession(m_scene, kTwoNodes);
        QVERIFY(session);
        session->seek(2);
        views::CollectivesRenderer renderer(std::make_shared<views::CollectivesChannelFocus>());
        const QStringList drawn = paintWith(renderer, *session, true).strings();
        QVERIFY(drawn.contains(QStringLiteral("Node 0 · ranks 0–7")));
        QVERIFY(drawn.contains(QStringLiteral("Node 1 · ranks 8–15")));
        for (int rank = 0; rank < 16; ++rank) QVERIFY(drawn.contains(QStringLiteral("r%1").arg(rank)));
        QCOMPARE(drawn.count(QStringLiteral("×4")), 8);
        QCOMPARE(drawn.count(QStringLiteral("×28")), 16);
        QVERIFY(drawn.join(' ').contains(QStringLiteral("channel 0's sends link by link on the servers")));
        QVERIFY(drawn.contains(QStringLiteral("channel 0's sends")));
        const QStringList ellipse = paintWith(renderer, *session, false).strings();
        QVERIFY(!ellipse.contains(QStringLiteral("×4")));
        QVERIFY(!ellipse.contains(QStringLiteral("Node 0 · ranks 0–7")));
    }

    // The sends move along their routes with the step's progress; every channel alike with no channel picked.
    void theSendsMoveWithTheProgress() {
        auto session = tests::sceneSession(m_scene, kTwoNodes);
        QVERIFY(session);
        session->seek(2);
        auto focus = std::make_shared<views::CollectivesChannelFocus>();
        views::CollectivesRenderer renderer(focus);
        const QImage half = paintWith(renderer, *session, true, 0.5).image;
        const QImage whole = paintWith(renderer, *session, true, 1.0).image;
        QVERIFY(half != whole);
        focus->channel = -1;
        QVERIFY(paintWith(renderer, *session, true)
                    .strings()
                    .join(' ')
                    .contains(QStringLiteral("every channel's sends on the servers' links")));
    }

    // At fit in the default window of a 1600 x 1000 screen every text of the servers view is 8 pt or more, at
    // every round of the 16-rank run on two servers, and of the tree and NVLS runs' first rounds.
    void everyTextIsReadableAtFit() {
        views::SimulationController controller;
        for (const char* name : {"nccl_pipeline_2nodes_16m", "nccl_tree_2nodes_8m", "nccl_nvls_pick_64m"}) {
            auto session = tests::sceneSession(
                m_scene, QStringLiteral(":/scenarios/collectives/%1.json").arg(QLatin1String(name)));
            QVERIFY(session);
            const std::size_t last = std::string(name) == "nccl_pipeline_2nodes_16m" ? 30 : 3;
            for (std::size_t step = 0; step <= last; ++step) {
                session->seek(step);
                views::CollectivesRenderer renderer;
                const auto drawn = tests::paintAtZoom(controller, renderer, *session, 1,
                                                      {QString::fromLatin1(CollectivesServers::kOption)});
                tests::checkReadable(drawn, QStringLiteral("%1, step %2").arg(QLatin1String(name)).arg(step));
                if (QTest::currentTestFailed()) return;
            }
        }
    }

    // NVLS on one DGX H100: the loads and stores go GPU -> NVSwitch -> GPU.
    void nvlsGoesThroughTheSwitch() {
        auto session = tests::sceneSession(m_scene, QStringLiteral(":/scenarios/collectives/nccl_nvls_pick_64m.json"));
        QVERIFY(session);
        session->seek(2);
        const auto& engine = engineOf(*session);
        if (!engine.nvlsPipeline()) QSKIP("NVLS does not run for this scenario on this branch");
        QVERIFY(CollectivesServers::offered(engine));
        const collectives::Round round = engine.schedule().round(1);
        QVERIFY(!round.empty());
        for (const auto& message : round) {
            const QStringList route =
                routeText(engine, collectives::sendRoute(*engine.config().topology, RouteGraph::Ring, message.channel,
                                                         message.src, message.dst));
            QCOMPARE(route.size(), 3);
            QCOMPARE(route[1], QStringLiteral("0:NVSwitch"));
        }
    }

private:
    views::SceneDescriptor m_scene = views::collectivesScene();
};

QTEST_MAIN(CollectivesServersTest)
#include "tst_views_collectives_servers.moc"
