// The NoC scene on a dragonfly (topology = dragonflynew): rendered offscreen,
// the groups sit on a circle with their routers on small rings, every link
// joins the routers dragonfly.cpp wires together, the texts are readable at
// fit, and the close-up and heatmaps draw without anything out of range.

#include <QtTest>

#include "fill_recorder.h"
#include "fit_check.h"
#include "noc/dragonfly.h"
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

sim::ParamValues dragonflyParams(int k, const char* routing) {
    return {{"topology", "dragonflynew"}, {"routing_function", routing}, {"k", k}, {"num_vcs", 3},
            {"vc_buf_size", 8},           {"injection_rate", 0.3}};
}

}  // namespace

class NocDragonflyViewTest : public QObject {
    Q_OBJECT

    views::SceneDescriptor m_scene = views::nocScene();
    views::SimulationController m_controller;

private slots:
    // k = 2: 9 groups on a circle, group 0 at the top; each group's 4 routers inside its own
    // ring, all of them inside the grid and clear of the legend; a link ends on its router.
    void layoutPutsGroupsOnACircle() {
        noc::NocConfig config;
        config.topology = noc::Topology::DragonFlyNew;
        config.k = 2;
        config.n = 1;
        const views::NocLayout layout(config);
        QVERIFY(layout.isDragonfly());
        QCOMPARE(layout.groups(), 9);
        const QPointF middle = layout.grid().center();
        const double radius = QLineF(middle, layout.groupCentre(0)).length();
        QVERIFY(layout.groupCentre(0).y() < middle.y());
        QVERIFY(std::abs(layout.groupCentre(0).x() - middle.x()) < 1e-6);
        QRectF all;
        for (int g = 0; g < 9; ++g) {
            QVERIFY(std::abs(QLineF(middle, layout.groupCentre(g)).length() - radius) < 1e-6);
            for (int i = 0; i < 4; ++i) {
                const QRectF r = layout.router(g * 4 + i);
                QVERIFY(QLineF(r.center(), layout.groupCentre(g)).length() < layout.groupRadius() + 1e-6);
                all |= r;
            }
        }
        QVERIFY(layout.grid().contains(all));
        QVERIFY(all.bottom() < layout.legend().top());
        // No two routers overlap.
        for (int a = 0; a < 36; ++a)
            for (int b = a + 1; b < 36; ++b) QVERIFY(!layout.router(a).intersects(layout.router(b)));
        // Router 5's global port 5 reaches router 12: the link starts on router 5 and ends on router 12.
        const QPointF start = layout.linkStart(5, 5);
        const QPointF end = layout.linkEnd(5, 5, 12);
        QVERIFY(layout.router(5).adjusted(-2, -2, 2, 2).contains(start));
        QVERIFY(layout.router(12).adjusted(-2, -2, 2, 2).contains(end));
        QCOMPARE(noc::dragonflyNeighbor(2, 5, 5), 12);
    }

    void everyGroupAndRouterIsDrawnAndReadable_data() {
        QTest::addColumn<int>("k");
        QTest::addColumn<QString>("routing");
        QTest::addColumn<QString>("selected");
        QTest::addColumn<QString>("option");
        QTest::newRow("k = 2, min") << 2 << "min" << QString() << QString();
        QTest::newRow("k = 2, ugal") << 2 << "ugal" << QString() << QString();
        QTest::newRow("k = 2, close-up of router 5") << 2 << "ugal" << QStringLiteral("router/5") << QString();
        QTest::newRow("k = 2, links heatmap")
            << 2 << "ugal" << QString() << QString::fromLatin1(views::NocHeatmap::kLinks);
        QTest::newRow("k = 2, buffers heatmap")
            << 2 << "min" << QString() << QString::fromLatin1(views::NocHeatmap::kBuffers);
        QTest::newRow("k = 3, stalls heatmap")
            << 3 << "min" << QString() << QString::fromLatin1(views::NocHeatmap::kStalls);
    }
    void everyGroupAndRouterIsDrawnAndReadable() {
        QFETCH(int, k);
        QFETCH(QString, routing);
        QFETCH(QString, selected);
        QFETCH(QString, option);
        auto s = tests::modelSession(m_scene, dragonflyParams(k, routing.toLatin1().constData()));
        for (int i = 0; i < 150; ++i) s->stepForward();
        const auto& engine = *sim::engineOf<noc::NocEngine>(s.get());
        QVERIFY(engine.checkInvariants().empty());
        NocRenderer renderer;
        const auto drawn = tests::paintAtZoom(m_controller, renderer, *s, 1,
                                              option.isEmpty() ? QStringList() : QStringList{option}, selected);
        checkReadable(drawn, QStringLiteral("fit"), true);
        const QStringList shown = texts(drawn);
        const int groups = 2 * k * k + 1;
        QVERIFY2(shown.first().contains(
                     QStringLiteral("dragonfly k = %1: %2 groups × %3 routers").arg(k).arg(groups).arg(2 * k)),
                 qPrintable(shown.first()));
        if (!selected.isEmpty()) {
            const QString all = shown.join('|');
            QVERIFY2(all.contains(QStringLiteral("group 1, router 1 of it")), qPrintable(all));
            QVERIFY2(all.contains(QStringLiteral("g1")) && all.contains(QStringLiteral("l2")), qPrintable(all));
            return;
        }
        for (int g = 0; g < groups; ++g)
            QVERIFY2(shown.contains(QStringLiteral("g%1").arg(g)), qPrintable(QStringLiteral("group %1").arg(g)));
    }
};

QTEST_MAIN(NocDragonflyViewTest)
#include "tst_views_noc_dragonfly.moc"
