// The NoC heatmaps as drawn: on a 4x4 mesh with transpose traffic and XY
// routing the links every route shares are drawn in the hot end of the
// scale, links no route uses keep their plain grey, the legend names the
// scale, units and window, and the heatmap dock lists the selected router's
// numbers in that window. The latency histogram dock draws the packets
// delivered up to the cursor in the bins of their zero-load latencies.

#include <QAction>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLineSeries>
#include <QPainter>
#include <QSpinBox>
#include <QTableWidget>
#include <QtTest>

#include "noc/noc_engine.h"
#include "noc/noc_heatmap.h"
#include "noc/noc_heatmap_dock.h"
#include "noc/noc_histogram_dock.h"
#include "noc/noc_layout.h"
#include "noc/noc_renderer.h"
#include "noc/noc_scene.h"
#include "paint_image.h"
#include "scene_walk.h"
#include "shell/scene_setup.h"
#include "shell/scene_view_actions.h"
#include "shell/simulation_controller.h"
#include "sim/session_access.h"

using namespace commviz;
using views::NocHeatmap;

namespace {

// Transpose, XY routing, 1-flit packets at 0.1 flits/node/cycle: the east link
// (2,3)->(3,3) carries the packets of (0,3), (1,3) and (2,3) (0.3 flits/cycle),
// (1,2)->(2,2) those of (0,2) and (1,2) (0.2), and no route runs west out of (1,1).
const sim::ParamValues kTranspose{{"topology", "mesh"},    {"k", 4},           {"num_vcs", 2},
                                  {"vc_buf_size", 4},      {"packet_size", 1}, {"injection_rate", 0.1},
                                  {"traffic", "transpose"}};
constexpr int kEast = 0, kWest = 1;
int node(int x, int y) { return x + 4 * y; }

QImage render(views::SceneRenderer& renderer, const sim::Session& session, const QStringList& options,
              std::vector<views::DrawnText>* texts = nullptr, const QString& selected = {}) {
    views::RenderState state;
    state.session = &session;
    state.options = options;
    state.drawnTexts = texts;
    state.selected = selected;
    return tests::paintOnBlack(renderer, state);
}

bool near(const QColor& a, const QColor& b, int tolerance = 8) {
    return std::abs(a.red() - b.red()) <= tolerance && std::abs(a.green() - b.green()) <= tolerance &&
           std::abs(a.blue() - b.blue()) <= tolerance;
}

}  // namespace

class TstViewsNocHeatmap : public QObject {
    Q_OBJECT

    views::SceneDescriptor m_scene = views::nocScene();
    std::unique_ptr<sim::Session> m_session;

private slots:
    void initTestCase() {
        auto session = m_scene.model.build(kTranspose, std::nullopt);
        QVERIFY(session.ok());
        m_session = std::move(session).value();
        QCOMPARE(m_session->seek(3000), std::size_t(3000));
    }

    void hotLinksTakeTheHotEndOfTheScale() {
        views::NocRenderer renderer;
        std::vector<views::DrawnText> texts;
        const QImage image = render(renderer, *m_session, {QString::fromLatin1(NocHeatmap::kLinks) + "=2000"}, &texts);
        const auto stats = NocHeatmap::compute(m_session.get(), 2000);
        QVERIFY(stats);
        QCOMPARE(stats->first, std::size_t(1001));
        const double hot = stats->linkUtilisation(node(2, 3), kEast);
        const double warm = stats->linkUtilisation(node(1, 2), kEast);
        QVERIFY2(std::abs(hot - 0.3) < 0.04, qPrintable(QString::number(hot)));
        QVERIFY2(std::abs(warm - 0.2) < 0.04, qPrintable(QString::number(warm)));
        double largest = 0;
        for (int r = 0; r < 16; ++r)
            for (int p = 0; p < 4; ++p) largest = std::max(largest, stats->linkUtilisation(r, p));
        const double top = NocHeatmap::scaleMax(largest);
        QCOMPARE(top, 0.5);  // the busiest links carry three flows: 0.3 flits/cycle, rounded up to 0.5

        const auto& engine = sim::SessionAccess<noc::NocEngine>::of(m_session.get())->engine();
        const views::NocLayout layout(engine.config());
        // Midway along a link no flit or credit is drawn (they sit at a quarter and three quarters).
        const auto pixelOn = [&](int router, int port) {
            const int next = engine.network().neighbor(router, port);
            const QPointF mid = (layout.linkStart(router, port) + layout.linkEnd(router, port, next)) / 2;
            return image.pixelColor(mid.toPoint());
        };
        const QColor hotPixel = pixelOn(node(2, 3), kEast);
        QVERIFY2(near(hotPixel, NocHeatmap::colour(hot / top)), qPrintable(hotPixel.name()));
        QVERIFY(near(pixelOn(node(1, 2), kEast), NocHeatmap::colour(warm / top)));
        // Hotter is darker and redder on YlOrRd.
        QVERIFY(hotPixel.lightness() < pixelOn(node(1, 2), kEast).lightness());
        // An unused link is not on the scale at all: it keeps the plain link grey.
        QCOMPARE(stats->linkUtilisation(node(1, 1), kWest), 0.0);
        const QColor idle = pixelOn(node(1, 1), kWest);
        QVERIFY2(!near(idle, NocHeatmap::colour(0)), qPrintable(idle.name()));
        QVERIFY(idle.red() == idle.green() || std::abs(idle.red() - idle.blue()) < 30);  // a grey, not a warm tint

        // The legend: mode, scale top, units and the window.
        QStringList drawn;
        for (const auto& t : texts) drawn << t.text;
        QVERIFY(drawn.contains(QStringLiteral("Link utilisation")));
        QVERIFY(drawn.contains(QStringLiteral("0.5")));
        QVERIFY(drawn.contains(QStringLiteral("flits/cycle per link — cycles 1001–3000 (2000 cycles)")));
    }

    void bufferHeatmapColoursInputPorts() {
        views::NocRenderer renderer;
        const QImage image = render(renderer, *m_session, {QString::fromLatin1(NocHeatmap::kBuffers)});
        const auto stats = NocHeatmap::compute(m_session.get(), views::NocHeatmapSettings::kDefaultWindow);
        const auto& engine = sim::SessionAccess<noc::NocEngine>::of(m_session.get())->engine();
        const views::NocLayout layout(engine.config());
        double largest = 0;
        int hotRouter = 0, hotPort = 0;
        for (int r = 0; r < 16; ++r)
            for (int p = 0; p < 5; ++p)
                if (stats->meanBuffered(r, p) > largest)
                    largest = stats->meanBuffered(r, p), hotRouter = r, hotPort = p;
        QVERIFY(largest > 0);
        const double top = NocHeatmap::scaleMax(largest);
        // The strip's empty cells show its colour (flits are drawn over it).
        const QRectF strip = layout.inputStrip(hotRouter, hotPort);
        const QColor want = NocHeatmap::colour(largest / top);
        int matching = 0, pixels = 0;
        for (int y = int(strip.top()) + 1; y < int(strip.bottom()); ++y)
            for (int x = int(strip.left()) + 1; x < int(strip.right()); ++x, ++pixels)
                matching += near(image.pixelColor(x, y), want, 4);
        QVERIFY2(matching > pixels / 10, qPrintable(QString("%1 of %2").arg(matching).arg(pixels)));
        // A port that held nothing in the window stays uncoloured: the router's -x input at (0, y) has no link.
        int cold = 0;
        const QRectF edge = layout.inputStrip(node(0, 1), kWest);
        for (int y = int(edge.top()) + 1; y < int(edge.bottom()); ++y)
            for (int x = int(edge.left()) + 1; x < int(edge.right()); ++x)
                cold += near(image.pixelColor(x, y), want, 4);
        QCOMPARE(stats->meanBuffered(node(0, 1), kWest), 0.0);
        QCOMPARE(cold, 0);
    }

    void dockListsTheSelectedRoutersNumbers() {
        auto settings = std::make_shared<views::NocHeatmapSettings>();
        views::NocHeatmapDock dock(settings, nullptr);
        dock.windowBox()->setValue(500);
        QCOMPARE(settings->window(), 500);
        views::NocRenderer renderer(settings);
        render(renderer, *m_session, {QString::fromLatin1(NocHeatmap::kStalls)}, nullptr, QStringLiteral("router/14"));
        QCOMPARE(dock.table()->rowCount(), 6);  // +x, -x, +y, -y, local and the router
        const auto stats = NocHeatmap::compute(m_session.get(), 500);
        QCOMPARE(stats->first, std::size_t(2501));
        QCOMPARE(dock.table()->item(0, 1)->text(), QString::number(stats->linkUtilisation(14, 0), 'f', 3));
        QCOMPARE(dock.table()->item(5, 3)->text(), QString::number(stats->meanStalledVcs(14), 'f', 3));
        QVERIFY(dock.heading()->text().contains(QStringLiteral("Router 14")));
        // The menu's three heatmaps, each with a shortcut.
        QCOMPARE(m_scene.viewOptions.size(), std::size_t(3));
        for (const auto& option : m_scene.viewOptions) QVERIFY(!option.shortcut.isEmpty());
        QCOMPARE(NocHeatmap::modeOf({"noc.heatmap.links", "noc.heatmap.stalls=20"}), views::NocHeatmapMode::Stalls);
    }

    void heatmapActionsAreExclusiveButMayAllBeOff() {
        // One heatmap at a time: Ctrl+2 after Ctrl+1 swaps links for buffers, and
        // the checked one pressed again leaves none.
        QObject owner;
        QStringList on;
        const QList<QAction*> actions =
            views::createViewOptionActions(m_scene.viewOptions, &owner, [&on](const QString& id, bool isOn) {
                if (isOn)
                    on << id;
                else
                    on.removeAll(id);
            });
        QCOMPARE(actions.size(), 3);
        for (QAction* action : actions) QVERIFY(action->isCheckable());
        actions[0]->trigger();
        QCOMPARE(on, QStringList{NocHeatmap::kLinks});
        actions[1]->trigger();
        QCOMPARE(on, QStringList{NocHeatmap::kBuffers});
        QVERIFY(!actions[0]->isChecked());
        actions[1]->trigger();
        QVERIFY(on.isEmpty());
        for (QAction* action : actions) QVERIFY(!action->isChecked());
    }

    void histogramDockDrawsTheDeliveredPacketsInTheirBins() {
        // At 0.1 % load nothing contends: a packet crossing H routers takes 5H + 2
        // cycles (BookSim2 src/routers/iq_router.cpp: routing, VC and switch
        // allocation, switch traversal; plus the link) and transpose on 4x4 gives H = 1, 3, 5 or 7.
        views::SimulationController controller;
        sim::ParamValues values = kTranspose;
        values["injection_rate"] = 0.001;
        QVERIFY(controller.load(tests::sceneSetup(m_scene, values)).ok());
        controller.seek(4000);
        QTRY_COMPARE_WITH_TIMEOUT(controller.cursor(), std::size_t(4000), 20000);
        views::NocHistogramDock dock(controller, nullptr);
        dock.setSource(views::NocHistogramDock::Source::UpToCursor);
        QTRY_VERIFY_WITH_TIMEOUT(!dock.running() && dock.histogram().count > 0, 20000);
        // Hand count from the timeline: every ejected flit is a whole 1-flit packet.
        const auto access = sim::SessionAccess<noc::NocEngine>::of(controller.session());
        std::int64_t delivered = 0;
        for (std::size_t n = 1; n <= 4000; ++n)
            for (const noc::NocEvent& e : *access->events(n)) delivered += e.kind == noc::NocEventKind::FlitEjected;
        QCOMPARE(dock.histogram().count, delivered);
        // The outline: a step per bin, from (bin, count) to (bin + 1, count).
        QMap<int, std::int64_t> height;
        const QList<QPointF> points = dock.outline()->points();
        for (qsizetype k = 0; k + 1 < points.size(); k += 2) {
            QCOMPARE(points[k].y(), points[k + 1].y());
            QCOMPARE(points[k + 1].x(), points[k].x() + 1);
            if (points[k].y() > 0) height[int(points[k].x())] = std::int64_t(points[k].y());
        }
        QCOMPARE(height.keys(), (QList<int>{7, 17, 27, 37}));
        QCOMPARE(height[7] + height[17] + height[27] + height[37], delivered);
        QCOMPARE(height[17], dock.histogram().bins[17]);
        QVERIFY(dock.status()->text().startsWith(QString::number(delivered) + " packets"));
        if (const QString shots = qEnvironmentVariable("COMMVIZ_VIEW_SHOTS"); !shots.isEmpty()) {
            dock.setSource(views::NocHistogramDock::Source::Batch);
            values["injection_rate"] = 0.25;
            QVERIFY(controller.load(tests::sceneSetup(m_scene, values)).ok());
            dock.recompute();
            QTRY_VERIFY_WITH_TIMEOUT(!dock.running(), 20000);
            dock.resize(700, 420);
            dock.grab().save(shots + "/noc_latency_histogram.png");
        }
    }
};

QTEST_MAIN(TstViewsNocHeatmap)
#include "tst_views_noc_heatmap.moc"
