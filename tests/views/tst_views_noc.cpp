// The NoC scene view draws what the engine holds: a flit's packet colour in
// the buffer cell of the router input that holds it, empty cells left empty,
// flits on links and credits going back; every router is clickable and
// inspectable; the descriptor's narration covers every event kind and its
// bundled examples open.

#include <QChart>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineSeries>
#include <QPainter>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <cstdio>

#include "noc/noc_engine.h"
#include "noc/noc_layout.h"
#include "noc/noc_renderer.h"
#include "noc/noc_scene.h"
#include "noc/noc_sweep_dock.h"
#include "paint_image.h"
#include "scene_walk.h"
#include "shell/parameters_dock.h"
#include "shell/scene_setup.h"
#include "shell/simulation_controller.h"
#include "sim/session_access.h"

using namespace commviz;
using noc::NocEngine;

namespace {

QImage render(views::SceneRenderer& renderer, const sim::Session& session, const QString& selected = {}) {
    views::RenderState state;
    state.session = &session;
    state.selected = selected;
    return tests::paintOnBlack(renderer, state);
}

bool near(const QColor& a, const QColor& b, int tolerance = 6) {
    return std::abs(a.red() - b.red()) <= tolerance && std::abs(a.green() - b.green()) <= tolerance &&
           std::abs(a.blue() - b.blue()) <= tolerance;
}

const sim::ParamValues kSmallMesh{{"topology", "mesh"}, {"k", 4},           {"num_vcs", 4},
                                  {"vc_buf_size", 4},   {"packet_size", 4}, {"injection_rate", 0.1}};

}  // namespace

class TstViewsNoc : public QObject {
    Q_OBJECT

    views::SceneDescriptor m_scene = views::nocScene();

private slots:
    void descriptorIsComplete() {
        QCOMPARE(QString::fromStdString(m_scene.model.id), QStringLiteral("noc"));
        QVERIFY(QFile::exists(m_scene.iconPath));
        QVERIFY(m_scene.about().contains(QStringLiteral("iq")));
        for (const std::string& kind : m_scene.eventKinds()) QVERIFY2(m_scene.narration->covers(kind), kind.c_str());
        QCOMPARE(m_scene.commands.size(), std::size_t(1));
        QCOMPARE(m_scene.commands.front().name, std::string("noc"));
    }

    void bundledExamplesOpen() {
        // mesh, torus, tornado, hotspot, deadlock; min_adapt (mesh, torus), valiant, romm, randperm, on_off;
        // the butterfly, the cmesh, BookSim2's anynet example, the flatfly, the fat tree, dragonflyconfig
        QCOMPARE(m_scene.exampleScenarios.size(), 17);
        for (const QString& path : m_scene.exampleScenarios) {
            auto scenario = views::loadScenario(path, m_scene);
            QVERIFY2(scenario.ok(), qPrintable(path));
            auto session = m_scene.model.build({}, scenario.value());
            QVERIFY2(session.ok(), qPrintable(path));
            const QString cfg = QString(path).replace(".json", ".cfg");
            QVERIFY(QFile::exists(cfg));
            // An anynet's .cfg needs its network file beside it on disk, which Qt's resources
            // are not to the core reader; tst_noc_scene_model opens it from the source tree.
            if (scenario.value().contains("network_files")) continue;
            // the same config opened as a .cfg file (File > Open) is the same scenario text
            auto fromCfg = views::loadScenario(cfg, m_scene);
            QVERIFY2(fromCfg.ok(), qPrintable(cfg));
            QCOMPARE(fromCfg.value().at("booksim_config"), scenario.value().at("booksim_config"));
        }
    }

    void flitsAreDrawnInTheirBufferCellsInTheirPacketsColour() {
        auto session = tests::modelSession(m_scene, kSmallMesh);
        const NocEngine* engine = sim::engineOf<NocEngine>(session.get());
        // Step until some router holds a body flit (the head's cell carries a dot).
        int node = -1, port = -1, vc = -1, slot = -1;
        for (int step = 0; step < 400 && node < 0; ++step) {
            session->stepForward();
            for (int r = 0; r < 16 && node < 0; ++r)
                for (int p = 0; p < 5 && node < 0; ++p)
                    for (int v = 0; v < 4 && node < 0; ++v)
                        for (int i = 0; i < engine->inputVc(r, p, v).count; ++i)
                            if (!engine->bufferedFlit(r, p, v, i).head && !engine->bufferedFlit(r, p, v, i).tail) {
                                node = r, port = p, vc = v, slot = i;
                                break;
                            }
        }
        QVERIFY2(node >= 0, "no body flit in any buffer within 400 cycles");
        views::NocRenderer renderer;
        const QImage image = render(renderer, *session);
        const views::NocLayout layout(engine->config());
        const noc::Flit& flit = engine->bufferedFlit(node, port, vc, slot);
        const QColor expected = views::NocRenderer::packetColor(engine->packet(flit.packet).pid);
        const QPointF at = views::NocRenderer::flitCell(layout, engine->config(), node, port, vc, slot).center();
        QVERIFY2(near(image.pixelColor(at.toPoint()), expected),
                 qPrintable(QString("router %1 in %2 vc %3 slot %4: %5, expected %6")
                                .arg(node)
                                .arg(port)
                                .arg(vc)
                                .arg(slot)
                                .arg(image.pixelColor(at.toPoint()).name(), expected.name())));
        // A slot past the VC's last flit is not painted in a packet colour.
        const int count = engine->inputVc(node, port, vc).count;
        if (count < 4) {
            const QPointF empty = views::NocRenderer::flitCell(layout, engine->config(), node, port, vc, 3).center();
            QVERIFY(!near(image.pixelColor(empty.toPoint()), expected));
        }
    }

    void flitsOnLinksAndCreditsGoingBackAreDrawn() {
        auto session = tests::modelSession(m_scene, kSmallMesh);
        const NocEngine* engine = sim::engineOf<NocEngine>(session.get());
        for (int step = 0; step < 300; ++step) session->stepForward();
        views::NocRenderer renderer;
        const QImage image = render(renderer, *session);
        const views::NocLayout layout(engine->config());
        const int eject = engine->network().ejectPort();
        int checked = 0;
        for (const noc::ChannelFlit& cf : engine->channelFlits()) {
            if (cf.port < 0 || cf.port == eject) continue;
            const int from = engine->network().neighbor(cf.router, cf.port);
            const QPointF at = views::NocRenderer::onLink(layout.linkStart(from, cf.port ^ 1),
                                                          layout.linkEnd(from, cf.port ^ 1, cf.router), cf.due, 1);
            // Off the centre: a head carries a dark dot there.
            const QPoint probe = (at + QPointF(0, layout.routerSize() * 0.035)).toPoint();
            if (near(image.pixelColor(probe), views::NocRenderer::packetColor(engine->packet(cf.flit.packet).pid)))
                ++checked;
        }
        QVERIFY2(checked > 0, "no flit drawn on any link");
        int credits = 0;
        for (const noc::ChannelCredit& cc : engine->channelCredits()) {
            if (cc.port < 0 || cc.port == eject) continue;
            const int from = engine->network().neighbor(cc.router, cc.port);
            const QPointF at = views::NocRenderer::onLink(layout.linkStart(from, cc.port ^ 1),
                                                          layout.linkEnd(from, cc.port ^ 1, cc.router), cc.due, 1);
            if (near(image.pixelColor(at.toPoint()), views::Theme::light().accent2, 20)) ++credits;
        }
        QVERIFY2(credits > 0, "no credit drawn on any link");
    }

    void aDeadlockOutlinesItsCycleOfWaitingVcs() {
        auto scenario = views::loadScenario(QStringLiteral(":/scenarios/noc/deadlock_torus.json"), m_scene);
        QVERIFY(scenario.ok());
        auto built = m_scene.model.build({}, scenario.value());
        QVERIFY(built.ok());
        auto session = std::move(built).value();
        session->runToEnd(5000);
        const NocEngine* engine = sim::engineOf<NocEngine>(session.get());
        QCOMPARE(int(engine->report().outcome), int(noc::NocOutcome::Deadlocked));
        views::NocRenderer renderer;
        const QImage image = render(renderer, *session);
        const views::NocLayout layout(engine->config());
        int outlined = 0;
        for (const std::string& id : engine->report().deadlockCycle) {
            int r = -1, p = -1, v = -1;
            QCOMPARE(std::sscanf(id.c_str(), "router/%d/in/%d/vc/%d", &r, &p, &v), 3);
            const QRectF lane = views::NocRenderer::flitCell(layout, engine->config(), r, p, v, 0)
                                    .united(views::NocRenderer::flitCell(layout, engine->config(), r, p, v, 1));
            if (near(image.pixelColor(QPointF(lane.left(), lane.center().y()).toPoint()), views::Theme::light().bad,
                     30))
                ++outlined;
        }
        QCOMPARE(outlined, int(engine->report().deadlockCycle.size()));
    }

    void sweepDockPlotsTheLatencyCurveInTheBackground() {
        views::SimulationController controller;
        QVERIFY(controller
                    .load(tests::sceneSetup(
                        m_scene,
                        {{"topology", "mesh"}, {"k", 4}, {"num_vcs", 4}, {"vc_buf_size", 4}, {"sample_period", 300}}))
                    .ok());
        views::NocSweepDock dock(controller, nullptr);
        dock.start();
        QVERIFY(dock.running());
        QTRY_VERIFY_WITH_TIMEOUT(!dock.running(), 120000);
        const auto points = dock.curve()->points();
        // 4x4 mesh DOR uniform is stable up to ~0.7 (as BookSim2 measures it): every load of the sweep is.
        QCOMPARE(points.size(), views::NocSweepDock::loads().size());
        QVERIFY(std::is_sorted(points.begin(), points.end(), [](auto a, auto b) { return a.x() < b.x(); }));
        QVERIFY2(points.front().y() > 17 && points.front().y() < 22, qPrintable(QString::number(points.front().y())));
        QVERIFY(points.back().y() > points.front().y());  // the curve bends up with load
        // Cancel stops the sweep before every point is done.
        dock.start();
        dock.cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!dock.running(), 60000);
        QVERIFY(dock.curve()->points().size() < views::NocSweepDock::loads().size());
    }

    // "Add current configuration" keeps the earlier curves: a second sweep of
    // transpose traffic overlays the uniform one, named by the key that differs,
    // and its saturation (4x4 transpose under XY: three flows share the busiest
    // links, so they fill at 1/3 flits/node/cycle) is marked on the throughput chart.
    void sweepOverlaysConfigurationsAndMarksSaturation() {
        views::SimulationController controller;
        views::SceneSetup setup =
            tests::sceneSetup(m_scene, {{"topology", "mesh"}, {"k", 4}, {"num_vcs", 4}, {"vc_buf_size", 4}});
        QVERIFY(controller.load(setup).ok());
        views::NocSweepDock dock(controller, nullptr);
        dock.start();
        QTRY_VERIFY_WITH_TIMEOUT(!dock.running(), 120000);
        setup.values["traffic"] = "transpose";
        QVERIFY(controller.load(setup).ok());
        dock.start();
        QTRY_VERIFY_WITH_TIMEOUT(!dock.running(), 120000);
        const views::NocSweepCharts& charts = dock.charts();
        QCOMPARE(charts.curveCount(), 2);
        QCOMPARE(charts.latencyOf(0)->points().size(), views::NocSweepDock::loads().size());
        QVERIFY(charts.latencyOf(0)->name().contains(QStringLiteral("uniform")));
        QCOMPARE(charts.latencyOf(1)->name(), QStringLiteral("traffic = transpose"));
        QVERIFY(charts.latencyOf(1)->points().size() < charts.latencyOf(0)->points().size());
        // Every load has an accepted rate; below saturation it is the offered load.
        QCOMPARE(charts.throughputOf(1)->points().size(), views::NocSweepDock::loads().size());
        const QPointF low = charts.throughputOf(1)->points().at(3);  // 0.1 offered
        QVERIFY2(std::abs(low.y() - low.x()) < 0.01, qPrintable(QString::number(low.y())));
        QVERIFY(!charts.saturationOf(0));  // uniform on 4x4 is stable to the last load
        QVERIFY(charts.saturationOf(1));
        const double saturation = charts.saturationOf(1)->points().front().x();
        // Not before the links' limit 1/3; BookSim calls a run unstable only once the
        // latency passes latency_thres, so slightly above it may still finish.
        QVERIFY2(saturation > 0.333 && saturation <= 0.4 + 1e-9, qPrintable(QString::number(saturation)));
        const QPointF high = charts.throughputOf(1)->points().back();                 // 0.475 offered
        QVERIFY2(high.y() < high.x() - 0.03, qPrintable(QString::number(high.y())));  // accepted falls behind
        QCOMPARE(charts.throughputChart()->series().size(), 1 + 2 * 2 + 1);  // diagonal, 2 x (line, points), mark
        // COMMVIZ_VIEW_SHOTS=DIR keeps a picture of the dock to look at.
        if (const QString shots = qEnvironmentVariable("COMMVIZ_VIEW_SHOTS"); !shots.isEmpty()) {
            dock.resize(1300, 460);
            dock.grab().save(shots + "/noc_sweep_overlay.png");
        }
        dock.clear();
        QCOMPARE(charts.curveCount(), 0);
        QCOMPARE(charts.throughputChart()->series().size(), 1);
    }

    // The Parameters dock names every key as BookSim does and gives BookSim's default.
    void parametersShowBookSimNamesAndDefaults() {
        views::SimulationController controller;
        QVERIFY(controller.load(tests::sceneSetup(m_scene)).ok());
        QUndoStack undo;
        views::ParametersDock dock(controller, undo);
        const auto tipOf = [&](const QString& key) {
            for (QLabel* label : dock.findChildren<QLabel*>())
                if (label->text() == key) return label->toolTip();
            return QString();
        };
        QVERIFY2(tipOf("vc_buf_size").contains("BookSim default: 8"), qPrintable(tipOf("vc_buf_size")));
        QVERIFY(tipOf("num_vcs").contains("BookSim default: 16"));
        QVERIFY(tipOf("topology").contains("BookSim default: torus"));
        QVERIFY(tipOf("wait_for_tail_credit").contains("BookSim default: 0"));
        QVERIFY(tipOf("sample_period").contains("BookSim default: 1000"));
        // commviz's own switch is not passed off as BookSim's.
        QVERIFY(tipOf("dateline").contains("Default: true"));
        QVERIFY(!tipOf("dateline").contains("BookSim default"));
    }

    // File > Open: a BookSim .cfg file is a noc scenario as it stands; a broken
    // one is refused with one line naming the file, the line and the key.
    void openingABookSimConfigFileLoadsItsKeys() {
        QTemporaryDir dir;
        const QString path = dir.filePath("hot.cfg");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const QByteArray text =
            "topology = mesh;\nk = 4;\nn = 2;\nrouting_function = dor;\nnum_vcs = 2;\n"
            "traffic = hotspot({{5,10},{3,1}});\ninjection_rate = 0.02;\n";
        file.write(text);
        file.close();
        views::SceneRegistry registry;
        registry.add(views::nocScene());
        QCOMPARE(views::scenarioSceneId(path, registry), QStringLiteral("noc"));
        QVERIFY(views::scenarioFilePatterns(registry).contains("*.cfg"));
        auto scenario = views::loadScenario(path, m_scene);
        QVERIFY2(scenario.ok(), scenario ? "" : scenario.error().message.c_str());
        QCOMPARE(scenario.value().at("booksim_config").get<std::string>(), text.toStdString());
        auto session = m_scene.model.build({}, scenario.value());
        QVERIFY2(session.ok(), session ? "" : session.error().message.c_str());
        const NocEngine* engine = sim::engineOf<NocEngine>(session.value().get());
        QVERIFY(engine);
        QCOMPARE(engine->config().k, 4);
        QCOMPARE(engine->config().num_vcs, 2);
        QCOMPARE(engine->config().traffic, noc::TrafficKind::Hotspot);
        QCOMPARE(engine->config().hotspot.nodes, (std::vector<int>{5, 10}));
        QCOMPARE(engine->config().hotspot.rates, (std::vector<int>{3, 1}));

        const QString bad = dir.filePath("bad.cfg");
        QFile badFile(bad);
        QVERIFY(badFile.open(QIODevice::WriteOnly));
        badFile.write("topology = mesh;\nk = 4\nn = 2;\n");
        badFile.close();
        const auto refused = views::loadScenario(bad, m_scene);
        QVERIFY(!refused.ok());
        const QString message = QString::fromStdString(refused.error().message);
        QVERIFY2(message.contains("bad.cfg:3") && message.contains("';'") && !message.contains('\n'),
                 qPrintable(message));
    }

    void routersAreClickableAndInspectable() {
        auto session = tests::modelSession(m_scene, kSmallMesh);
        session->stepForward();
        views::NocRenderer renderer;
        render(renderer, *session);
        int routers = 0, lanes = 0;
        for (const auto& hit : renderer.hitRegions()) {
            if (!hit.objectId.startsWith("router/")) continue;
            ++(hit.objectId.contains("/vc/") ? lanes : routers);
            QVERIFY2(!session->inspect(hit.objectId.toStdString()).is_null(), qPrintable(hit.objectId));
        }
        QCOMPARE(routers, 16);
        QCOMPARE(lanes, 16 * 5 * 4);  // every input VC of a 4x4 mesh with num_vcs = 4
    }

    void selectingARouterOpensItsPanel() {
        auto session = tests::modelSession(m_scene, kSmallMesh);
        // Step to a cycle in which some router grants its switch.
        int router = -1, port = -1, vc = -1;
        for (int step = 0; step < 400 && router < 0; ++step) {
            session->stepForward();
            for (const auto& r : session->eventRecords(session->cursor()))
                if (r.kind == "switch_allocated") {
                    router = r.fields["router"], port = r.fields["port"], vc = r.fields["vc"];
                    break;
                }
        }
        QVERIFY2(router >= 0, "no switch grant within 400 cycles");
        const NocEngine* engine = sim::engineOf<NocEngine>(session.get());
        const views::NocLayout zoomed(engine->config(), true);
        views::NocRenderer renderer;
        const QImage image =
            render(renderer, *session, QStringLiteral("router/%1/in/%2/vc/%3").arg(router).arg(port).arg(vc));
        // The grid makes room: every router is drawn where the narrower layout puts it.
        int inPanel = 0;
        for (const auto& hit : renderer.hitRegions()) {
            if (hit.objectId == QStringLiteral("router/%1").arg(router)) QCOMPARE(hit.rect, zoomed.router(router));
            if (!zoomed.panel().contains(hit.rect)) continue;
            QVERIFY2(hit.objectId.startsWith(QStringLiteral("router/%1/in/").arg(router)), qPrintable(hit.objectId));
            ++inPanel;
        }
        QCOMPARE(inPanel, 5 * 4);  // the panel lists every input VC of the router
        // The granted lane is haloed in the panel (the selection colour is drawn there).
        const views::Theme theme = views::Theme::light();
        int selectionPixels = 0;
        for (int y = int(zoomed.panel().top()); y < int(zoomed.panel().bottom()); ++y)
            for (int x = int(zoomed.panel().left()); x < int(zoomed.panel().right()); ++x)
                selectionPixels += near(image.pixelColor(x, y), theme.selection, 30);
        QVERIFY2(selectionPixels > 50, qPrintable(QString::number(selectionPixels)));
        // Nothing selected: no panel, the grid uses the whole width.
        render(renderer, *session);
        const views::NocLayout full(engine->config());
        for (const auto& hit : renderer.hitRegions())
            if (hit.objectId == QStringLiteral("router/%1").arg(router)) QCOMPARE(hit.rect, full.router(router));
    }

    void ringAndThreeDimensionsDrawEveryRouterInsideTheFigure_data() {
        QTest::addColumn<int>("n");
        QTest::newRow("ring") << 1;
        QTest::newRow("3-D") << 3;
    }
    void ringAndThreeDimensionsDrawEveryRouterInsideTheFigure() {
        QFETCH(int, n);
        const noc::NocConfig config = [&] {
            noc::NocConfig c;
            c.k = 4;
            c.n = n;
            return c;
        }();
        const views::NocLayout layout(config);
        const QRectF figure(QPointF(0, 0), QSizeF(views::NocLayout::kWidth, views::NocLayout::kHeight));
        for (int node = 0; node < config.nodes(); ++node) {
            QVERIFY(layout.grid().contains(layout.router(node)));
            if (node > 0) QVERIFY(!layout.router(node).intersects(layout.router(node - 1)));
        }
        QVERIFY(figure.contains(layout.grid()));
    }
};

QTEST_MAIN(TstViewsNoc)
#include "tst_views_noc.moc"
