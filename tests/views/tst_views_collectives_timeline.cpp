// Proves the collectives timeline dock draws NCCL's ring pipeline as it ran up to the cursor: on the bundled
// DGX H100 × 2 nodes, a 16-rank ring allreduce sends, every round and on every channel, one message from
// each rank to its ring successor, cut into two slices (Simple: ALLREDUCE_CHUNKSTEPS / ALLREDUCE_SLICESTEPS);
// a ring through 2 nodes of 8 GPUs crosses between them exactly twice, and those two hops are NET, the other
// 14 P2P (NVLink). So at step 3 channel 0 holds 3 × 16 × 2 = 96 bars, 12 of them NET, and none of step 4.
// More than 64 lanes (16 ranks × the channels) open on channel 0 alone; Open MPI leaves one line saying why
// there is nothing to draw. A tree allreduce (NCCL's own pick for 8 MiB on the two servers, Tree/LL128) has
// an up lane for every rank but the root and a down lane for every rank with children, each bar in the lane of
// the program that sent it, and its critical path walks back through children and parents to step 1.

#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QtTest>
#include <set>

#include "collectives_scene/collectives_engine.h"
#include "collectives_scene/collectives_link_use.h"
#include "collectives_scene/collectives_renderer.h"
#include "collectives_scene/collectives_scene_model.h"
#include "collectives_scene/collectives_timeline_dock.h"
#include "collectives_scene/collectives_timeline_plot.h"
#include "paint_image.h"
#include "shell/scene_descriptor.h"
#include "shell/simulation_controller.h"
#include "sim/session_access.h"

using namespace commviz;
using views::CollectivesTimelinePlot;
using views::TimelineBar;
using Transport = nccl_topology::Transport;

namespace {

const sim::ParamValues kTwoNodes{
    {"library", "nccl"}, {"collective", "allreduce"}, {"algorithm", "ring"}, {"protocol", "simple"}, {"ranks", 16},
    {"nnodes", 2},       {"bytes", 67108864}};

const sim::ParamValues kTwoNodesTree{
    {"library", "nccl"}, {"collective", "allreduce"}, {"ranks", 16}, {"nnodes", 2}, {"bytes", 8388608}};

int node(int rank) { return rank / 8; }

QImage render(QWidget& widget) {
    QCoreApplication::processEvents();  // the scroll area fits the plot to its new minimum height
    QImage image(widget.size(), QImage::Format_ARGB32);
    image.fill(Qt::white);
    widget.render(&image);
    return image;
}

}  // namespace

class CollectivesTimelineTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { m_scene.model = collectives::sceneModel(); }

    // Picking a channel in the Timeline also picks the canvas's: the ranks stand along that channel's ring
    // (the server's ring c, as `Channel c/16 :` lists it) and the caption says so; "all channels" fades none.
    void theCanvasFollowsTheChannelPicked() {
        views::SimulationController controller;
        auto focus = std::make_shared<views::CollectivesChannelFocus>();
        views::CollectivesTimelineDock dock(controller, focus, nullptr);
        QVERIFY(controller.load({&m_scene, kTwoNodes, std::nullopt, {}}).ok());
        controller.seek(2);
        views::CollectivesRenderer renderer(focus);
        QVERIFY(tests::paint(renderer, *controller.session()).strings().join(' ').contains("channel 0's ring"));
        emit dock.channelBox()->activated(4);  // "channel 3"
        QCOMPARE(focus->channel, 3);
        const auto& engine = *sim::engineOf<collectives::CollectivesEngine>(controller.session());
        const auto& ring = engine.config().topology->comm.channels[3].ring;
        const views::CollectivesLayout layout =
            views::CollectivesLayout::of(engine, QRectF(0, 0, 1000, 600), focus->channel);
        QCOMPARE(layout.focusChannel, 3);
        // The k-th rank of ring 3 takes the place the k-th rank of ring 0 has on channel 0.
        const auto& ring0 = engine.config().topology->comm.channels[0].ring;
        QVERIFY(ring != ring0);
        const views::CollectivesLayout first = views::CollectivesLayout::of(engine, QRectF(0, 0, 1000, 600), 0);
        for (std::size_t k = 0; k < ring.size(); ++k)
            QCOMPARE(layout.boxes[std::size_t(ring[k])], first.boxes[std::size_t(ring0[k])]);
        QVERIFY(tests::paint(renderer, *controller.session()).strings().join(' ').contains("channel 3's ring"));
        emit dock.channelBox()->activated(0);  // "all channels"
        QCOMPARE(focus->channel, -1);
        QCOMPARE(views::CollectivesLayout::of(engine, QRectF(0, 0, 1000, 600), -1).focusChannel, -1);
        QVERIFY(
            tests::paint(renderer, *controller.session()).strings().join(' ').contains("every channel's sends alike"));
    }

    // Link use, worked by hand: P2P connections 0->1 busy over [0, 2) and 1->2 over [1, 3), NET 2->0 over
    // [0, 4). Sampled at 0, 1, 2, 3, 4 µs: P2P 1, 2, 1, 0, 0 of 2 busy; NET 1, 1, 1, 1, 0 of 1.
    void linkUseCountsConnectionsOnTheWire() {
        views::CollectivesTimeline timeline;
        auto bar = [&timeline](int src, int dst, double start, double wireEnd, Transport transport) {
            TimelineBar added;
            added.src = src;
            added.dst = dst;
            added.slice.startUs = start;
            added.wireEndUs = wireEnd;
            added.slice.endUs = wireEnd + 0.5;
            added.transport = transport;
            timeline.bars.push_back(added);
        };
        bar(0, 1, 0, 1, Transport::P2P);
        bar(0, 1, 1, 2, Transport::P2P);  // back to back on one connection: still one busy
        bar(1, 2, 1, 3, Transport::P2P);
        bar(2, 0, 0, 4, Transport::NET);
        const auto use = views::linkUse(timeline, 0, 4, 5);
        QCOMPARE(int(use.size()), 2);
        QCOMPARE(use[0].transport, Transport::P2P);
        QCOMPARE(use[0].connections, 2);
        QCOMPARE(use[0].share, (std::vector<double>{0.5, 1.0, 0.5, 0.0, 0.0}));
        QCOMPARE(use[1].transport, Transport::NET);
        QCOMPARE(use[1].share, (std::vector<double>{1.0, 1.0, 1.0, 1.0, 0.0}));
    }

    void drawsTheSlicesUpToTheCursorOnChannelZero() {
        views::SimulationController controller;
        views::CollectivesTimelineDock dock(controller, nullptr, nullptr);
        dock.resize(1200, 700);
        dock.show();
        QVERIFY(controller.load({&m_scene, kTwoNodes, std::nullopt, {}}).ok());
        controller.seek(3);
        QTRY_COMPARE(dock.plot().timeline().cursor, 3);
        QVERIFY(dock.timed());
        const views::CollectivesTimeline timeline = dock.plot().timeline();  // a copy: the dock redraws below
        QVERIFY2(timeline.channels >= 5, "16 ranks × more than 4 channels: more than 64 lanes");
        // The picker: all, then each channel; it opened on channel 0.
        QCOMPARE(dock.channelBox()->count(), timeline.channels + 1);
        QCOMPARE(dock.channelBox()->currentData().toInt(), 0);
        QCOMPARE(int(timeline.lanes.size()), 16);
        // The lanes go round channel 0's ring: each lane's bars go to the next lane's rank.
        std::set<int> ranks;
        for (const auto& lane : timeline.lanes) {
            ranks.insert(lane.rank);
            QCOMPARE(lane.channel, 0);
        }
        QCOMPARE(int(ranks.size()), 16);
        QCOMPARE(timeline.lanes[0].rank, 0);
        int net = 0;
        std::set<int> steps;
        for (const TimelineBar& bar : timeline.bars) {
            QCOMPARE(bar.dst, timeline.lanes[std::size_t(bar.lane + 1) % 16].rank);
            QCOMPARE(bar.src, timeline.lanes[std::size_t(bar.lane)].rank);
            QVERIFY(bar.step >= 1 && bar.step <= 3);
            steps.insert(bar.step);
            QCOMPARE(bar.transport, node(bar.src) == node(bar.dst) ? Transport::P2P : Transport::NET);
            net += bar.transport == Transport::NET;
            QVERIFY(bar.slice.endUs > bar.slice.startUs);
        }
        QCOMPARE(int(timeline.bars.size()), 3 * 16 * 2);
        QCOMPARE(net, 3 * 2 * 2);
        // Under the lanes, channel 0's link use: its ring's 14 NVLink and 2 NET connections.
        const auto& use = dock.plot().use();
        QCOMPARE(int(use.size()), 2);
        QCOMPARE(use[0].connections, 14);
        QCOMPARE(use[1].connections, 2);
        for (const auto& transport : use)
            QVERIFY(*std::max_element(transport.share.begin(), transport.share.end()) > 0.0);
        QCOMPARE(steps, (std::set<int>{1, 2, 3}));
        // The critical path: the latest arrival is on it, and each bar's predecessor started before it and
        // had left its sender's wire (or arrived) by the time it started.
        const auto latest =
            std::max_element(timeline.bars.begin(), timeline.bars.end(),
                             [](const auto& a, const auto& b) { return a.slice.endUs < b.slice.endUs; });
        QVERIFY(latest->critical);
        // NET's per-step latency (tuning.cc hwLat) is above NVLink's for the same slice: the last to arrive
        // crossed between the nodes.
        QCOMPARE(latest->transport, Transport::NET);
        // The chain is whole: every wait back to a slice that waited for nothing (the launch) in step 1.
        int walked = int(latest - timeline.bars.begin());
        while (timeline.bars[std::size_t(walked)].slice.boundBy != collectives::PipelineWait::None) {
            QVERIFY2(timeline.bars[std::size_t(walked)].predecessor >= 0, "a wait whose cause was not found");
            walked = timeline.bars[std::size_t(walked)].predecessor;
        }
        QCOMPARE(timeline.bars[std::size_t(walked)].step, 1);
        int critical = 0;
        for (const TimelineBar& bar : timeline.bars) {
            if (!bar.critical) continue;
            ++critical;
            if (bar.predecessor < 0) continue;
            const TimelineBar& before = timeline.bars[std::size_t(bar.predecessor)];
            QVERIFY(before.critical);
            QVERIFY(before.slice.startUs < bar.slice.startUs);
            QVERIFY(before.step <= bar.step);
        }
        QVERIFY2(critical >= 3, "a chain through the three steps");

        // Drawn: the current step's NET bars in NET's colour, the legend, an axis in µs.
        const CollectivesTimelinePlot& plot = dock.plot();
        const QImage image = render(const_cast<CollectivesTimelinePlot&>(plot));
        int netDrawn = 0, p2pDrawn = 0;
        for (int index = 0; index < int(timeline.bars.size()); ++index) {
            const TimelineBar& bar = timeline.bars[std::size_t(index)];
            const QRectF box = plot.barRect(index);
            QVERIFY(!box.isEmpty());
            if (bar.step != 3 || bar.critical || box.width() < 6) continue;
            const QColor pixel = image.pixelColor(box.center().toPoint());
            netDrawn += pixel == CollectivesTimelinePlot::transportColour(Transport::NET);
            p2pDrawn += pixel == CollectivesTimelinePlot::transportColour(Transport::P2P);
        }
        QVERIFY2(netDrawn > 0 && p2pDrawn > 0,
                 qPrintable(QStringLiteral("%1 NET, %2 P2P").arg(netDrawn).arg(p2pDrawn)));
        const QStringList legend = plot.legendTexts();
        for (const char* entry : {"P2P", "SHM", "NET", "slot wait", "critical path"})
            QVERIFY2(legend.contains(QLatin1String(entry)), entry);
        QVERIFY(plot.ticks().size() >= 3);
        QCOMPARE(plot.fromUs(), 0.0);
        QVERIFY(plot.toUs() >= timeline.endUs);
        // A bar's tooltip names the hop, its slot and the receiver's primitive.
        const QString tip = plot.barToolTip(plot.barAt(plot.barRect(0).center()));
        QVERIFY2(tip.contains(QStringLiteral("channel 0")) && tip.contains(QStringLiteral("slot")), qPrintable(tip));
        if (qEnvironmentVariableIsSet("COMMVIZ_TEST_PNG")) render(dock).save(qEnvironmentVariable("COMMVIZ_TEST_PNG"));

        // Every channel: 16 lanes each.
        dock.channelBox()->setCurrentIndex(0);
        QCOMPARE(int(dock.plot().timeline().lanes.size()), 16 * timeline.channels);
        QCOMPARE(int(dock.plot().timeline().bars.size()), 3 * 16 * 2 * timeline.channels);
        if (qEnvironmentVariableIsSet("COMMVIZ_TEST_PNG"))
            render(dock).save(qEnvironmentVariable("COMMVIZ_TEST_PNG").replace(".png", "_all.png"));
        // The last step (30 of 30, one loop of 2 × 15 rounds): the window starts some steps back, and the
        // current step's bars are inside it.
        dock.channelBox()->setCurrentIndex(1);
        controller.seek(30);
        QTRY_COMPARE(dock.plot().timeline().cursor, 30);
        QVERIFY(dock.plot().fromUs() > 0);
        for (int index = 0; index < int(dock.plot().timeline().bars.size()); ++index) {
            const TimelineBar& bar = dock.plot().timeline().bars[std::size_t(index)];
            if (bar.step > 30 - CollectivesTimelinePlot::kStepsInWindow) QVERIFY(!dock.plot().barRect(index).isEmpty());
            if (bar.slice.endUs < dock.plot().fromUs()) QVERIFY(dock.plot().barRect(index).isEmpty());
        }
        if (qEnvironmentVariableIsSet("COMMVIZ_TEST_PNG"))
            render(dock).save(qEnvironmentVariable("COMMVIZ_TEST_PNG").replace(".png", "_last.png"));
        // Back to step 1: nothing of the later steps.
        controller.seek(1);
        QTRY_COMPARE(dock.plot().timeline().cursor, 1);
        for (const TimelineBar& bar : dock.plot().timeline().bars) QCOMPARE(bar.step, 1);
        QCOMPARE(int(dock.plot().timeline().bars.size()), 16 * 2);
    }

    void drawsATreesUpAndDownLanes() {
        views::SimulationController controller;
        views::CollectivesTimelineDock dock(controller, nullptr, nullptr);
        dock.resize(1200, 900);
        dock.show();
        QVERIFY(controller.load({&m_scene, kTwoNodesTree, std::nullopt, {}}).ok());
        controller.seek(12);  // past the root: chunks have gone over NET both ways
        QTRY_COMPARE(dock.plot().timeline().cursor, 12);
        QVERIFY(dock.timed());
        const views::CollectivesTimeline timeline = dock.plot().timeline();
        QVERIFY(timeline.tree);
        const auto access = sim::SessionAccess<collectives::CollectivesEngine>::of(controller.session());
        QVERIFY(access && access->engine().treePipeline());
        const collectives::NcclTree& tree = access->engine().treePipeline()->plan().treeOf(0);
        int inner = 0;
        for (const auto& children : tree.children) inner += children.empty() ? 0 : 1;
        QCOMPARE(int(timeline.lanes.size()), 15 + inner);  // channel 0 alone: 16 ranks x 16 channels > 64 lanes
        int net = 0;
        for (const TimelineBar& bar : timeline.bars) {
            const views::TimelineLane& lane = timeline.lanes[std::size_t(bar.lane)];
            QCOMPARE(lane.rank, bar.src);
            QCOMPARE(lane.direction, bar.up ? views::LaneDirection::Up : views::LaneDirection::Down);
            if (bar.up) QCOMPARE(bar.dst, tree.parent[std::size_t(bar.src)]);
            QCOMPARE(bar.transport == Transport::NET, node(bar.src) != node(bar.dst));
            net += bar.transport == Transport::NET;
        }
        QVERIFY2(net > 0, "the hop between the servers");
        auto latest =
            std::max_element(timeline.bars.begin(), timeline.bars.end(),
                             [](const TimelineBar& a, const TimelineBar& b) { return a.slice.endUs < b.slice.endUs; });
        int walked = int(latest - timeline.bars.begin());
        while (timeline.bars[std::size_t(walked)].slice.boundBy != collectives::PipelineWait::None) {
            QVERIFY2(timeline.bars[std::size_t(walked)].predecessor >= 0, "a wait whose cause was not found");
            walked = timeline.bars[std::size_t(walked)].predecessor;
        }
        QCOMPARE(timeline.bars[std::size_t(walked)].step, 1);
        if (qEnvironmentVariableIsSet("COMMVIZ_TEST_PNG"))
            render(dock).save(qEnvironmentVariable("COMMVIZ_TEST_PNG").replace(".png", "_tree.png"));
    }

    // NVLS (NCCL's pick for 8 MiB of floats on one DGX H100): the GPUs stand around the NVSwitch, which the
    // canvas names with what it does this round; the Timeline has each rank's loads (up) and its stores as a
    // head (down) on channel 0, one bar per loop (a load goes to all 7 other heads at once), all NVLS. 512 KiB a
    // channel is 2 loops of 8 x 32 KiB: after step 4 each of the 16 lanes holds 2 bars, back to back.
    void nvlsStandsTheRanksAroundTheSwitch() {
        views::SimulationController controller;
        auto focus = std::make_shared<views::CollectivesChannelFocus>();
        views::CollectivesTimelineDock dock(controller, focus, nullptr);
        dock.resize(1200, 900);
        dock.show();
        const sim::ParamValues oneNode{
            {"library", "nccl"}, {"collective", "allreduce"}, {"datatype", "float"}, {"bytes", 8388608}};
        QVERIFY(controller.load({&m_scene, oneNode, std::nullopt, {}}).ok());
        controller.seek(3);
        const auto& engine = *sim::engineOf<collectives::CollectivesEngine>(controller.session());
        QVERIFY(engine.nvlsPipeline());
        const views::CollectivesLayout layout = views::CollectivesLayout::of(engine, QRectF(0, 0, 1000, 600), 0);
        QCOMPARE(layout.shape, views::RankShape::Switch);
        QCOMPARE(layout.hub.center(), layout.centre);
        for (const QRectF& box : layout.boxes) QVERIFY(!box.intersects(layout.hub));
        views::CollectivesRenderer renderer(focus);
        const QString loads = tests::paint(renderer, *controller.session()).strings().join(' ');
        QVERIFY(loads.contains("NVSwitch") && loads.contains("multimem.ld_reduce"));
        QVERIFY(loads.contains("channel 0's loads and stores through the switch"));
        controller.seek(4);
        QTRY_COMPARE(dock.plot().timeline().cursor, 4);
        QVERIFY(tests::paint(renderer, *controller.session()).strings().join(' ').contains("multimem.st"));
        const views::CollectivesTimeline timeline = dock.plot().timeline();
        QVERIFY(timeline.nvls);
        QCOMPARE(int(timeline.lanes.size()), 16);
        QCOMPARE(int(timeline.bars.size()), 32);
        for (const TimelineBar& bar : timeline.bars) {
            QCOMPARE(bar.transport, Transport::NVLS);
            const views::TimelineLane& lane = timeline.lanes[std::size_t(bar.lane)];
            QCOMPARE(lane.rank, bar.src);
            QCOMPARE(lane.direction, bar.up ? views::LaneDirection::Up : views::LaneDirection::Down);
        }
        QCOMPARE(timeline.bars[16].slice.startUs, timeline.bars[0].slice.endUs);  // loop 1 after loop 0
        QVERIFY(dock.plot().legendTexts().contains("NVLS"));
        QVERIFY(!dock.plot().legendTexts().contains("P2P"));
        // Mid-loop every one of the 16 lanes is on the wire.
        const auto use = views::linkUse(timeline, 0, timeline.endUs, 101);
        QCOMPARE(int(use.size()), 1);
        QCOMPARE(use[0].connections, 16);
        QCOMPARE(use[0].share[75], 1.0);
    }

    void openMpiLeavesOneLineWhy() {
        views::SimulationController controller;
        views::CollectivesTimelineDock dock(controller, nullptr, nullptr);
        dock.resize(800, 400);
        dock.show();
        QVERIFY(controller.load({&m_scene, {{"algorithm", "ring"}, {"ranks", 8}}, std::nullopt, {}}).ok());
        controller.seek(2);
        QTRY_VERIFY(dock.status()->text().contains(QStringLiteral("Open MPI")));
        QVERIFY(!dock.timed());
        QVERIFY(dock.plot().timeline().bars.empty());
        QVERIFY(!dock.plot().isVisibleTo(&dock));
        QVERIFY(!dock.channelBox()->isVisibleTo(&dock));
    }

private:
    views::SceneDescriptor m_scene;
};

QTEST_MAIN(CollectivesTimelineTest)
#include "tst_views_collectives_timeline.moc"
