// The NoC scene on a k-ary n-fly (topology = fly): rendered offscreen, every
// router and terminal is drawn where BookSim's numbering puts it (stage s in
// column s, router_<s>_<a> in row a, the nodes on the far left and right),
// every link joins the output and input fly.cpp wires together, the texts
// are readable at fit, and the close-up and heatmaps draw without anything
// out of range.

#include <QtTest>

#include "fill_recorder.h"
#include "fit_check.h"
#include "noc/knfly.h"
#include "noc/noc_engine.h"
#include "noc/noc_heatmap.h"
#include "noc/noc_layout.h"
#include "noc/noc_renderer.h"
#include "noc/noc_scene.h"
#include "scene_walk.h"
#include "shell/simulation_controller.h"
#include "sim/session_access.h"

using namespace commviz;
using tests::checkReadable;
using tests::texts;
using views::NocRenderer;

namespace {

sim::ParamValues flyParams(int k, int n) {
    return {{"topology", "fly"}, {"routing_function", "dest_tag"}, {"k", k}, {"n", n}, {"injection_rate", 0.4}};
}

}  // namespace

class NocFlyViewTest : public QObject {
    Q_OBJECT

    views::SceneDescriptor m_scene = views::nocScene();
    views::SimulationController m_controller;

private slots:
    // 4-ary 2-fly: routers 0-3 in the left column top to bottom, 4-7 in the right one;
    // output 1 of router 0 reaches input 0 of router 5, output 0 of router 1 input 1 of router 4.
    void layoutPlacesStagesInColumns() {
        noc::NocConfig config;
        config.topology = noc::Topology::Fly;
        config.k = 4;
        config.n = 2;
        const views::NocLayout layout(config);
        QVERIFY(layout.isFly());
        for (int a = 0; a < 3; ++a) {
            QVERIFY(layout.router(a).bottom() < layout.router(a + 1).top());             // rows down a stage
            QCOMPARE(layout.router(a).center().x(), layout.router(a + 1).center().x());  // one column
        }
        QVERIFY(layout.router(0).right() < layout.router(4).left());
        const QRectF r5 = layout.router(5);
        const QPointF end = layout.linkEnd(0, 1, 5);
        QCOMPARE(end.x(), r5.left());
        QVERIFY(end.y() > r5.top() && end.y() < r5.top() + r5.height() / 4);  // input 0: the top band
        const QRectF r4 = layout.router(4);
        const QPointF end2 = layout.linkEnd(1, 0, 4);
        QVERIFY(end2.y() > r4.top() + r4.height() / 4 && end2.y() < r4.top() + r4.height() / 2);  // input 1
        // Every router fits the figure beside the legend and caption.
        QRectF all;
        for (int r = 0; r < 8; ++r) all |= layout.router(r);
        QVERIFY(views::NocLayout(config).grid().contains(all));
        QVERIFY(all.bottom() < layout.legend().top());
        // Terminals: node 6 enters router 1 on input 2, leaves router 5 on output 2.
        QVERIFY(layout.injectionPoint(6).x() < layout.router(1).left());
        QVERIFY(layout.ejectionPoint(6).x() > layout.router(5).right());
        QCOMPARE(layout.injectionPoint(6).y(), layout.ejectionPoint(6).y());
    }

    void everyRouterAndNodeIsDrawnAndReadable_data() {
        QTest::addColumn<int>("k");
        QTest::addColumn<int>("n");
        QTest::addColumn<QString>("selected");
        QTest::addColumn<QString>("option");
        QTest::newRow("4-ary 2-fly") << 4 << 2 << QString() << QString();
        QTest::newRow("2-ary 4-fly") << 2 << 4 << QString() << QString();
        QTest::newRow("10x10 crossbar") << 10 << 1 << QString() << QString();
        QTest::newRow("4-ary 2-fly, close-up of router 5") << 4 << 2 << QStringLiteral("router/5") << QString();
        QTest::newRow("4-ary 2-fly, links heatmap")
            << 4 << 2 << QString() << QString::fromLatin1(views::NocHeatmap::kLinks);
        QTest::newRow("2-ary 3-fly, buffers heatmap")
            << 2 << 3 << QString() << QString::fromLatin1(views::NocHeatmap::kBuffers);
    }
    void everyRouterAndNodeIsDrawnAndReadable() {
        QFETCH(int, k);
        QFETCH(int, n);
        QFETCH(QString, selected);
        QFETCH(QString, option);
        auto s = tests::modelSession(m_scene, flyParams(k, n));
        for (int i = 0; i < 60; ++i) s->stepForward();
        const auto& engine = *sim::engineOf<noc::NocEngine>(s.get());
        QVERIFY(engine.checkInvariants().empty());
        NocRenderer renderer;
        const auto drawn = tests::paintAtZoom(m_controller, renderer, *s, 1,
                                              option.isEmpty() ? QStringList() : QStringList{option}, selected);
        checkReadable(drawn, QStringLiteral("fit"), true);
        const QStringList shown = texts(drawn);
        QVERIFY2(shown.first().contains(QStringLiteral("%1-ary %2-fly").arg(k).arg(n)), qPrintable(shown.first()));
        if (!selected.isEmpty()) {
            QVERIFY2(shown.join('|').contains(QStringLiteral("stage 1, row 1")), qPrintable(shown.join('|')));
            return;
        }
        // Router numbers (BookSim's ids) and, on both sides, every node's number.
        for (int r = 0; r < engine.network().routers(); ++r)
            QVERIFY2(shown.contains(QString::number(r)), qPrintable(QStringLiteral("router %1").arg(r)));
        for (int node = 0; node < engine.network().nodes(); ++node)
            QVERIFY2(shown.count(QString::number(node)) >= 2, qPrintable(QStringLiteral("node %1").arg(node)));
    }

    // A cmesh draws as a 4x4 mesh of routers, each with its four nodes' inputs in the middle
    // (ports 0-3, a 2 x 2 block inside the router) and +x/-x/+y/-y on the sides; readable at
    // fit with its close-up (ports named "n0" ... and "+x" ...).
    void cmeshDrawsAsAConcentratedMesh() {
        noc::NocConfig config;
        config.topology = noc::Topology::CMesh;
        config.k = 4;
        config.c = 4;
        const views::NocLayout layout(config);
        const QRectF r5 = layout.router(5);
        for (int port = 0; port < 4; ++port) {
            QVERIFY(layout.isLocal(port));
            const QRectF strip = layout.inputStrip(5, port);
            QVERIFY(r5.contains(strip) && strip.center() != r5.center());
        }
        QVERIFY(!layout.isLocal(4));
        QVERIFY(layout.inputStrip(5, 4).left() > r5.center().x());    // +x input on the right
        QVERIFY(layout.inputStrip(5, 7).bottom() < r5.center().y());  // -y input at the top
        QCOMPARE(layout.linkEnd(5, 4, 6).x(), layout.router(6).left());
        for (const QString& selected : {QString(), QStringLiteral("router/5")}) {
            auto s = tests::modelSession(m_scene, {{"topology", "cmesh"}, {"k", 4}, {"injection_rate", 0.1}});
            for (int i = 0; i < 60; ++i) s->stepForward();
            QVERIFY(sim::engineOf<noc::NocEngine>(s.get())->checkInvariants().empty());
            NocRenderer renderer;
            const auto drawn = tests::paintAtZoom(m_controller, renderer, *s, 1, {}, selected);
            checkReadable(drawn, QStringLiteral("cmesh fit"), true);
            const QString all = texts(drawn).join('|');
            QVERIFY2(all.contains(QStringLiteral("4×4 cmesh, 4 nodes per router")), qPrintable(all));
            if (!selected.isEmpty()) QVERIFY2(all.contains(QStringLiteral("in n3")), qPrintable(all));
        }
    }

    // Flits on the links between stages are drawn on those links (between the columns).
    void flitsOnLinksLieBetweenTheStages() {
        auto s = tests::modelSession(m_scene, flyParams(4, 2));
        for (int i = 0; i < 40; ++i) s->stepForward();
        const auto& engine = *sim::engineOf<noc::NocEngine>(s.get());
        int onLinks = 0;
        for (const noc::ChannelFlit& cf : engine.channelFlits())
            if (cf.port >= 0 && engine.network().input(cf.router, cf.port).router >= 0) ++onLinks;
        QVERIFY(onLinks > 0);
        views::SceneCanvas canvas(m_controller);
        canvas.setRenderer(std::make_unique<NocRenderer>());
        canvas.resize(tests::kDefaultCanvas);
        tests::FillRecorder recorder(tests::kDefaultCanvas);
        {
            QPainter painter(&recorder);
            painter.setTransform(canvas.logicalToWidget());
            views::RenderState state = canvas.renderState();
            state.session = s.get();
            NocRenderer renderer;
            renderer.paint(painter, state);
        }
        const views::NocLayout layout(engine.config());
        const double left = canvas.logicalToWidget().map(QPointF(layout.router(0).right(), 0)).x();
        const double right = canvas.logicalToWidget().map(QPointF(layout.router(4).left(), 0)).x();
        int between = 0;
        for (const auto& shape : recorder.shapes()) {
            if (std::abs(shape.colour.hsvSaturationF() - 0.62) > 0.01 || std::abs(shape.colour.valueF() - 0.9) > 0.01)
                continue;
            const double x = shape.rect.center().x();
            if (x > left && x < right) ++between;
        }
        QVERIFY2(between >= onLinks,
                 qPrintable(QStringLiteral("%1 flit marks between, %2 on links").arg(between).arg(onLinks)));
    }
};

QTEST_MAIN(NocFlyViewTest)
#include "tst_views_noc_fly.moc"
