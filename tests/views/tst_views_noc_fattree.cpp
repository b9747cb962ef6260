// The NoC scene on a fat tree (topology = fattree): rendered offscreen, the
// levels are rows (level 0, the top routers, at the top), the nodes hang
// under the bottom row, every link joins the output and input fattree.cpp
// wires together (checked against the network itself), the texts are
// readable at fit, and the close-up and heatmaps draw without anything out
// of range.

#include <QtTest>

#include "fill_recorder.h"
#include "fit_check.h"
#include "noc/fattree.h"
#include "noc/noc_engine.h"
#include "noc/noc_heatmap.h"
#include "noc/noc_layout.h"
#include "noc/noc_renderer.h"
#include "noc/noc_scene.h"
#include "noc/qtree.h"
#include "noc/tree4.h"
#include "scene_walk.h"
#include "shell/simulation_controller.h"
#include "sim/session_access.h"

using namespace commviz;
using tests::checkReadable;
using tests::texts;
using views::NocRenderer;

namespace {

sim::ParamValues treeParams(int k, int n) {
    return {{"topology", "fattree"}, {"routing_function", "nca"}, {"k", k}, {"n", n}, {"injection_rate", 0.3}};
}

noc::NocConfig treeConfig(int k, int n) {
    noc::NocConfig config;
    config.topology = noc::Topology::FatTree;
    config.routing_function = noc::RoutingFunction::Nca;
    config.routing_name = "nca";
    config.k = k;
    config.n = n;
    return config;
}

}  // namespace

class NocFatTreeViewTest : public QObject {
    Q_OBJECT

    views::SceneDescriptor m_scene = views::nocScene();
    views::SimulationController m_controller;

private slots:
    // k = 4, n = 3: routers 0-15 in the top row, 16-31 under them, 32-47 at the bottom,
    // each row left to right by position; nodes under the bottom row.
    void layoutPlacesLevelsInRows() {
        const noc::NocConfig config = treeConfig(4, 3);
        const views::NocLayout layout(config);
        QVERIFY(layout.isTree());
        for (int pos = 0; pos < 15; ++pos) {
            QVERIFY(layout.router(pos).right() < layout.router(pos + 1).left());
            QCOMPARE(layout.router(pos).center().y(), layout.router(pos + 1).center().y());
        }
        QVERIFY(layout.router(5).bottom() < layout.router(21).top());
        QVERIFY(layout.router(21).bottom() < layout.router(37).top());
        QVERIFY(layout.injectionPoint(22).y() > layout.router(37).bottom());
        QVERIFY(layout.injectionPoint(22).x() > layout.router(37).left() &&
                layout.injectionPoint(22).x() < layout.router(37).right());
        QRectF all;
        for (int r = 0; r < 48; ++r) all |= layout.router(r);
        QVERIFY(layout.grid().contains(all));
        QVERIFY(layout.injectionPoint(63).y() < layout.legend().top());
        // Down inputs (ports 0-3) along the bottom edge, up inputs (4-7) along the top.
        QVERIFY(layout.inputStrip(21, 1).top() > layout.router(21).center().y());
        QVERIFY(layout.inputStrip(21, 6).bottom() < layout.router(21).center().y());
    }

    // Every link the layout draws ends on the input the network wires it to
    // (treeInputPort reads fattree.cpp's numbers backwards; FatTree follows them forwards).
    void linksEndOnTheWiredInputs_data() {
        QTest::addColumn<int>("k");
        QTest::addColumn<int>("n");
        QTest::newRow("k=4 n=3") << 4 << 3;
        QTest::newRow("k=2 n=4") << 2 << 4;
        QTest::newRow("k=3 n=3") << 3 << 3;
    }
    void linksEndOnTheWiredInputs() {
        QFETCH(int, k);
        QFETCH(int, n);
        const noc::NocConfig config = treeConfig(k, n);
        const noc::FatTree net(config);
        const views::NocLayout layout(config);
        int links = 0;
        for (int r = 0; r < net.routers(); ++r)
            for (int port = 0; port < net.outputs(r); ++port) {
                const noc::ChannelEnd& to = net.output(r, port);
                if (to.router < 0) continue;
                ++links;
                QCOMPARE(layout.treeInputPort(r, port), int(to.port));
            }
        QCOMPARE(links, 2 * k * net.routersPerLevel() * (n - 1));
    }

    void everyRouterIsDrawnAndReadable_data() {
        QTest::addColumn<int>("k");
        QTest::addColumn<int>("n");
        QTest::addColumn<QString>("selected");
        QTest::addColumn<QString>("option");
        QTest::newRow("k=4 n=3") << 4 << 3 << QString() << QString();
        QTest::newRow("k=2 n=4") << 2 << 4 << QString() << QString();
        QTest::newRow("k=4 n=2") << 4 << 2 << QString() << QString();
        QTest::newRow("k=4 n=3, close-up of router 21") << 4 << 3 << QStringLiteral("router/21") << QString();
        QTest::newRow("k=4 n=3, links heatmap")
            << 4 << 3 << QString() << QString::fromLatin1(views::NocHeatmap::kLinks);
        QTest::newRow("k=2 n=3, buffers heatmap")
            << 2 << 3 << QString() << QString::fromLatin1(views::NocHeatmap::kBuffers);
        QTest::newRow("k=4 n=3, stalls heatmap")
            << 4 << 3 << QString() << QString::fromLatin1(views::NocHeatmap::kStalls);
    }
    void everyRouterIsDrawnAndReadable() {
        QFETCH(int, k);
        QFETCH(int, n);
        QFETCH(QString, selected);
        QFETCH(QString, option);
        auto s = tests::modelSession(m_scene, treeParams(k, n));
        for (int i = 0; i < 60; ++i) s->stepForward();
        const auto& engine = *sim::engineOf<noc::NocEngine>(s.get());
        QVERIFY(engine.checkInvariants().empty());
        NocRenderer renderer;
        const auto drawn = tests::paintAtZoom(m_controller, renderer, *s, 1,
                                              option.isEmpty() ? QStringList() : QStringList{option}, selected);
        checkReadable(drawn, QStringLiteral("fit"), true);
        const QStringList shown = texts(drawn);
        QVERIFY2(shown.first().contains(QStringLiteral("fat tree (k = %1, %2 levels").arg(k).arg(n)),
                 qPrintable(shown.first()));
        if (!selected.isEmpty()) {
            const QString all = shown.join('|');
            QVERIFY2(all.contains(QStringLiteral("level 1, position 5")), qPrintable(all));
            QVERIFY2(all.contains(QStringLiteral("in ↑2")), qPrintable(all));
            return;
        }
        // The nodes are named under the bottom row: each number, or each router's range (at fit all
        // fit: every router's, none skipped).
        const QString all = shown.join('|');
        for (int node = 0; node < engine.network().nodes(); node += k) {
            const bool each = shown.contains(QString::number(node));
            const bool range = all.contains(QStringLiteral("%1–%2").arg(node).arg(node + k - 1));
            QVERIFY2(each || range, qPrintable(QStringLiteral("node %1: %2").arg(node).arg(all)));
        }
    }

    // A quad tree: 1, 4 and 16 routers in its rows, each parent centred over its children's
    // span, links ending on the inputs qtree.cpp wires; readable at fit with its close-up.
    void quadTreeDrawsInRows() {
        noc::NocConfig config = treeConfig(4, 3);
        config.topology = noc::Topology::QTree;
        const noc::QTree net(config);
        const views::NocLayout layout(config);
        QVERIFY(layout.router(0).bottom() < layout.router(1).top());
        QVERIFY(layout.router(4).bottom() < layout.router(5).top());
        QVERIFY(std::abs(layout.router(1).center().x() -
                         (layout.router(5).center().x() + layout.router(8).center().x()) / 2) < 1);
        for (int r = 0; r < net.routers(); ++r)
            for (int port = 0; port < net.outputs(r); ++port)
                if (net.output(r, port).router >= 0)
                    QCOMPARE(layout.treeInputPort(r, port), int(net.output(r, port).port));
        for (const QString& selected : {QString(), QStringLiteral("router/2")}) {
            auto s =
                tests::modelSession(m_scene, {{"topology", "qtree"}, {"k", 4}, {"n", 3}, {"injection_rate", 0.05}});
            for (int i = 0; i < 80; ++i) s->stepForward();
            QVERIFY(sim::engineOf<noc::NocEngine>(s.get())->checkInvariants().empty());
            NocRenderer renderer;
            const auto drawn = tests::paintAtZoom(m_controller, renderer, *s, 1, {}, selected);
            checkReadable(drawn, QStringLiteral("qtree fit"), true);
            const QString all = texts(drawn).join('|');
            QVERIFY2(all.contains(QStringLiteral("quad tree (k = 4, 3 levels, 21 routers)")), qPrintable(all));
            if (!selected.isEmpty()) QVERIFY2(all.contains(QStringLiteral("height 1, position 1")), qPrintable(all));
        }
    }

    // tree4: 4, 8 and 16 routers in rows, links ending on the inputs tree4.cpp wires.
    void tree4DrawsInRows() {
        noc::NocConfig config = treeConfig(4, 3);
        config.topology = noc::Topology::Tree4;
        const noc::Tree4 net(config);
        const views::NocLayout layout(config);
        QVERIFY(layout.router(3).bottom() < layout.router(4).top());
        QVERIFY(layout.router(11).bottom() < layout.router(12).top());
        for (int r = 0; r < net.routers(); ++r)
            for (int port = 0; port < net.outputs(r); ++port)
                if (net.output(r, port).router >= 0)
                    QCOMPARE(layout.treeInputPort(r, port), int(net.output(r, port).port));
        QVERIFY(layout.inputStrip(0, 7).top() > layout.router(0).center().y());  // a top router: 8 ports down
        for (const QString& selected : {QString(), QStringLiteral("router/9")}) {
            auto s = tests::modelSession(m_scene, {{"topology", "tree4"}, {"k", 4}, {"n", 3}, {"injection_rate", 0.1}});
            for (int i = 0; i < 80; ++i) s->stepForward();
            QVERIFY(sim::engineOf<noc::NocEngine>(s.get())->checkInvariants().empty());
            NocRenderer renderer;
            const auto drawn = tests::paintAtZoom(m_controller, renderer, *s, 1, {}, selected);
            checkReadable(drawn, QStringLiteral("tree4 fit"), true);
            const QString all = texts(drawn).join('|');
            QVERIFY2(all.contains(QStringLiteral("tree4 (4, 8 and 16 routers, 64 nodes)")), qPrintable(all));
            if (!selected.isEmpty()) QVERIFY2(all.contains(QStringLiteral("height 1, position 5")), qPrintable(all));
        }
    }

    // Flits on the links lie between the rows of the routers they join.
    void flitsOnLinksLieBetweenTheLevels() {
        auto s = tests::modelSession(m_scene, treeParams(4, 3));
        for (int i = 0; i < 40; ++i) s->stepForward();
        const auto& engine = *sim::engineOf<noc::NocEngine>(s.get());
        const views::NocLayout layout(engine.config());
        int seen = 0;
        for (const noc::ChannelFlit& cf : engine.channelFlits()) {
            if (cf.port < 0) continue;
            const noc::ChannelEnd& from = engine.network().input(cf.router, cf.port);
            if (from.router < 0) continue;
            const QPointF a = layout.linkStart(from.router, from.port);
            const QPointF b = layout.linkEnd(from.router, from.port, cf.router);
            const double top = std::min(a.y(), b.y()), bottom = std::max(a.y(), b.y());
            QVERIFY(bottom - top > 0);
            const QPointF at = NocRenderer::onLink(a, b, cf.due, from.latency);
            QVERIFY(at.y() > top && at.y() < bottom);
            ++seen;
        }
        QVERIFY(seen > 0);
    }
};

QTEST_MAIN(NocFatTreeViewTest)
#include "tst_views_noc_fattree.moc"
