// The NoC scene on an anynet (topology = anynet): rendered offscreen, the
// routers stand on a circle in id order (router 0 at the top, then
// clockwise), every channel is a line from one router's edge to the other's,
// the texts are readable at fit, and the close-up and heatmaps draw.

#include <QTemporaryDir>
#include <QtTest>
#include <fstream>

#include "fit_check.h"
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

// Eight routers in a ring, two nodes each, and a chord from router 0 to router 4.
const char* kRingFile =
    "router 0 node 0 node 1 router 1 router 4 3\nrouter 1 node 2 node 3 router 2\n"
    "router 2 node 4 node 5 router 3\nrouter 3 node 6 node 7 router 4\n"
    "router 4 node 8 node 9 router 5\nrouter 5 node 10 node 11 router 6\n"
    "router 6 node 12 node 13 router 7\nrouter 7 node 14 node 15 router 0\n";

}  // namespace

class NocAnyNetViewTest : public QObject {
    Q_OBJECT

    views::SceneDescriptor m_scene = views::nocScene();
    views::SimulationController m_controller;
    QTemporaryDir m_dir;
    std::string m_file;

    sim::ParamValues params(double rate) const {
        return {{"topology", "anynet"}, {"network_file", m_file}, {"injection_rate", rate}, {"num_vcs", 2}};
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_file = m_dir.filePath("ring8").toStdString();
        std::ofstream(m_file) << kRingFile;
    }

    // Router 0 at the top, 2 on the right, 4 at the bottom, 6 on the left; none overlap;
    // all inside the figure beside the legend; the chord 0 -> 4 leaves router 0 at its
    // bottom edge and ends at router 4's top edge.
    void routersStandOnACircleInIdOrder() {
        auto s = tests::modelSession(m_scene, params(0.1));
        const auto& engine = *sim::engineOf<noc::NocEngine>(s.get());
        const views::NocLayout layout(engine.config());
        QVERIFY(layout.isAnyNet());
        const QPointF c0 = layout.centre(0), c2 = layout.centre(2), c4 = layout.centre(4), c6 = layout.centre(6);
        QVERIFY(c0.y() < c2.y() && c2.y() < c4.y());
        QVERIFY(c2.x() > c0.x() && c6.x() < c0.x());
        QVERIFY(qAbs(c0.x() - c4.x()) < 1e-6);
        QRectF all;
        for (int a = 0; a < 8; ++a) {
            all |= layout.router(a);
            for (int b = a + 1; b < 8; ++b) QVERIFY(!layout.router(a).intersects(layout.router(b)));
        }
        QVERIFY(layout.grid().contains(all));
        QVERIFY(all.right() < layout.legend().left());
        // Router 0's ports: nodes 0, 1 (ports 0, 1), then routers 1, 4, 7 (ports 2, 3, 4).
        QCOMPARE(engine.network().neighbor(0, 3), 4);
        const QPointF start = layout.linkStart(0, 3);
        const QPointF end = layout.linkEnd(0, 3, 4);
        QVERIFY(qAbs(start.y() - layout.router(0).bottom()) < 1e-6);
        QVERIFY(qAbs(end.y() - layout.router(4).top()) < 1e-6);
        // The way back runs beside it, not on it.
        QVERIFY(qAbs(layout.linkStart(4, engine.network().ports() - 1).x() - start.x()) > 1);
    }

    void everyRouterIsDrawnAndReadable_data() {
        QTest::addColumn<QString>("selected");
        QTest::addColumn<QString>("option");
        QTest::newRow("fit") << QString() << QString();
        QTest::newRow("close-up of router 4") << QStringLiteral("router/4") << QString();
        QTest::newRow("links heatmap") << QString() << QString::fromLatin1(views::NocHeatmap::kLinks);
        QTest::newRow("buffers heatmap") << QString() << QString::fromLatin1(views::NocHeatmap::kBuffers);
    }
    void everyRouterIsDrawnAndReadable() {
        QFETCH(QString, selected);
        QFETCH(QString, option);
        auto s = tests::modelSession(m_scene, params(0.2));
        for (int i = 0; i < 80; ++i) s->stepForward();
        const auto& engine = *sim::engineOf<noc::NocEngine>(s.get());
        QVERIFY(engine.checkInvariants().empty());
        NocRenderer renderer;
        const auto drawn = tests::paintAtZoom(m_controller, renderer, *s, 1,
                                              option.isEmpty() ? QStringList() : QStringList{option}, selected);
        checkReadable(drawn, QStringLiteral("fit"), true);
        const QStringList shown = texts(drawn);
        QVERIFY2(shown.first().contains(QStringLiteral("8 routers, 16 nodes")), qPrintable(shown.first()));
        if (!selected.isEmpty()) {
            QVERIFY2(shown.join('|').contains(QStringLiteral("Router 4 (nodes 8, 9)")), qPrintable(shown.join('|')));
            return;
        }
        for (int r = 0; r < engine.network().routers(); ++r)
            QVERIFY2(shown.contains(QString::number(r)), qPrintable(QStringLiteral("router %1").arg(r)));
    }

    // The Examples entry runs from its bundled network file, whatever the working directory.
    void bundledExampleFindsItsNetworkFile() {
        QFile file(QStringLiteral(":/scenarios/noc/anynet_example.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const sim::Json scenario = sim::Json::parse(file.readAll().toStdString());
        const QString before = QDir::currentPath();
        QDir::setCurrent(m_dir.path());
        auto session = m_scene.model.build({}, scenario);
        QDir::setCurrent(before);
        QVERIFY2(session.ok(), session ? "" : session.error().message.c_str());
        QCOMPARE(sim::engineOf<noc::NocEngine>(session.value().get())->network().nodes(), 9);
    }
};

QTEST_MAIN(NocAnyNetViewTest)
#include "tst_views_noc_anynet.moc"
