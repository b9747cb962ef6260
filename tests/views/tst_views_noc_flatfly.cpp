// The NoC scene on an on-chip flattened butterfly (topology = flatfly):
// rendered offscreen, every router sits on BookSim's floor plan (router r at
// column r % x, row r / x), every link the layout draws joins the output and
// input flatfly_onchip.cpp wires together, the express links that skip
// routers bow clear of them, the texts are readable at fit, and the close-up
// and heatmaps draw.

#include <QtTest>

#include "fit_check.h"
#include "noc/flatfly_onchip.h"
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

// BookSim2's flatflyconfig shape: k = 4, n = 2, c = 4 (2 x 2) on a 4 x 4 floor plan.
noc::NocConfig flatflyConfig() {
    noc::NocConfig config;
    config.topology = noc::Topology::FlatFly;
    config.routing_function = noc::RoutingFunction::RanMin;
    config.k = 4;
    config.n = 2;
    config.c = 4;
    config.x = config.y = 4;
    config.xr = config.yr = 2;
    return config;
}

}  // namespace

class NocFlatFlyViewTest : public QObject {
    Q_OBJECT

    views::SceneDescriptor m_scene = views::nocScene();
    views::SimulationController m_controller;

private slots:
    // Routers 0-3 across the top row, 4 under 0; the nodes' inputs (ports 0-3) inside the
    // router, every link input on the side of its sender; and the layout's wiring is the
    // network's: output p of router r reaches the router and input FlatFlyOnChip wires.
    void layoutFollowsTheFloorPlanAndTheWiring() {
        const noc::NocConfig config = flatflyConfig();
        const views::NocLayout layout(config);
        const noc::FlatFlyOnChip net(config);
        QVERIFY(layout.isFlatFly());
        for (int r = 0; r < 3; ++r) {
            QVERIFY(layout.router(r).right() < layout.router(r + 1).left());
            QCOMPARE(layout.router(r).center().y(), layout.router(r + 1).center().y());
        }
        QCOMPARE(layout.router(4).center().x(), layout.router(0).center().x());
        QVERIFY(layout.router(0).bottom() < layout.router(4).top());
        QRectF all;
        for (int r = 0; r < 16; ++r) all |= layout.router(r);
        QVERIFY(layout.grid().contains(all));
        for (int r = 0; r < 16; ++r) {
            const QRectF box = layout.router(r);
            for (int port = 0; port < net.ports(); ++port) {
                QVERIFY(box.adjusted(-0.01, -0.01, 0.01, 0.01).contains(layout.inputStrip(r, port)));
                QCOMPARE(layout.isLocal(port), port < 4);
                if (port < 4) continue;
                const noc::ChannelEnd& to = net.output(r, port);
                QCOMPARE(layout.flatflyNeighbour(r, port), to.router);
                QCOMPARE(layout.flatflyInputPort(r, to.router), int(to.port));
                // The input sits on the side facing its sender.
                const QPointF towards = layout.centre(r) - layout.centre(to.router);
                const QPointF side = layout.inputStrip(to.router, to.port).center() - layout.centre(to.router);
                QVERIFY(towards.x() * side.x() + towards.y() * side.y() > 0);
            }
        }
        // Router 5's input from router 7 (2 columns right) sits on its right side.
        QVERIFY(layout.inputStrip(5, layout.flatflyInputPort(7, 5)).left() > layout.centre(5).x());
    }

    // The express link 4 -> 6 skips router 5: its curve passes clear of router 5's box, and
    // its way back 6 -> 4 bows the other way; the adjacent link 4 -> 5 is straight.
    void expressLinksBowAroundTheRoutersTheySkip() {
        const views::NocLayout layout(flatflyConfig());
        const int out46 = 4 + 2 - 1;  // output c + digit 2 - 1 (above its own digit 0)
        const int out64 = 4 + 0;      // router 6's output to digit 0
        const QRectF r5 = layout.router(5);
        const QPointF there = layout.linkPoint(4, out46, 6, 0.5);
        const QPointF back = layout.linkPoint(6, out64, 4, 0.5);
        QVERIFY2(!r5.contains(there), qPrintable(QStringLiteral("%1,%2").arg(there.x()).arg(there.y())));
        QVERIFY(!r5.contains(back));
        QVERIFY((there.y() - r5.center().y()) * (back.y() - r5.center().y()) < 0);  // opposite sides
        const int out45 = 4 + 1 - 1;
        const QPointF a = layout.linkStart(4, out45), b = layout.linkEnd(4, out45, 5);
        const QPointF mid = layout.linkPoint(4, out45, 5, 0.5);
        QVERIFY(std::abs(mid.y() - (a.y() + b.y()) / 2) < 0.01);
    }

    void everyRouterIsDrawnAndReadable_data() {
        QTest::addColumn<QString>("selected");
        QTest::addColumn<QString>("option");
        QTest::newRow("fit") << QString() << QString();
        QTest::newRow("close-up of router 5") << QStringLiteral("router/5") << QString();
        QTest::newRow("links heatmap") << QString() << QString::fromLatin1(views::NocHeatmap::kLinks);
        QTest::newRow("buffers heatmap") << QString() << QString::fromLatin1(views::NocHeatmap::kBuffers);
    }
    void everyRouterIsDrawnAndReadable() {
        QFETCH(QString, selected);
        QFETCH(QString, option);
        auto s = tests::modelSession(m_scene, {{"topology", "flatfly"}, {"k", 4}, {"injection_rate", 0.3}});
        for (int i = 0; i < 60; ++i) s->stepForward();
        const auto& engine = *sim::engineOf<noc::NocEngine>(s.get());
        QVERIFY(engine.checkInvariants().empty());
        QCOMPARE(engine.config().c, 4);
        QCOMPARE(engine.config().routing_function, noc::RoutingFunction::RanMin);
        NocRenderer renderer;
        const auto drawn = tests::paintAtZoom(m_controller, renderer, *s, 1,
                                              option.isEmpty() ? QStringList() : QStringList{option}, selected);
        checkReadable(drawn, QStringLiteral("flatfly fit"), true);
        const QStringList shown = texts(drawn);
        QVERIFY2(shown.first().contains(QStringLiteral("4-ary 2-flat flatfly, c = 4")), qPrintable(shown.first()));
        if (!selected.isEmpty()) {
            QVERIFY2(shown.join('|').contains(QStringLiteral("in n3")), qPrintable(shown.join('|')));
            return;
        }
        for (int r = 0; r < 16; ++r)
            QVERIFY2(shown.contains(QString::number(r)), qPrintable(QStringLiteral("router %1").arg(r)));
    }
};

QTEST_MAIN(NocFlatFlyViewTest)
#include "tst_views_noc_flatfly.moc"
