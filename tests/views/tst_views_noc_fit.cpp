// Proves the NoC scene is readable at "fit" in the default window of a
// 1600 × 1000 screen: every text drawn, with and without a router's close-up
// and under each heatmap, is 8 pt or more and none is cut short; the 8×8 grid
// uses the canvas's width; the close-up of a 16-VC router lists its ports and
// busy VCs at fit and every VC when zoomed in; an idle VC shows no output VC;
// packet colours stay clear of the credit, routing, highlight and deadlock
// hues; and every flit, buffered or on a link, is at least 4 px on each side
// at fit (16 VCs of 8 slots in a router strip were cells of under 1 × 3 px).
// Chinese text too.

#include <QRegularExpression>
#include <QtTest>
#include <cmath>

#include "fill_recorder.h"
#include "fit_check.h"
#include "noc/noc_engine.h"
#include "noc/noc_flits.h"
#include "noc/noc_heatmap.h"
#include "noc/noc_layout.h"
#include "noc/noc_renderer.h"
#include "noc/noc_scene.h"
#include "scene_walk.h"
#include "shell/language.h"
#include "shell/simulation_controller.h"
#include "shell/theme.h"
#include "sim/session_access.h"

using namespace commviz;
using tests::checkReadable;
using tests::texts;
using views::DrawnText;
using views::NocRenderer;

namespace {

// The scene's defaults (8×8 torus, num_vcs = 16, vc_buf_size = 8), loaded
// enough that routers hold busy VCs.
const sim::ParamValues kBusyDefaults{{"injection_rate", 0.3}};
const QString kCloseUp = QStringLiteral("router/27");

double hueDistance(const QColor& a, const QColor& b) {
    const double d = std::abs(a.hsvHueF() - b.hsvHueF()) * 360;
    return std::min(d, 360 - d);
}

}  // namespace

class NocFitTest : public QObject {
    Q_OBJECT

    views::SceneDescriptor m_scene = views::nocScene();
    views::SimulationController m_controller;

    std::vector<DrawnText> paintAt(const sim::Session& s, double zoom, const QString& selected = {},
                                   const QStringList& options = {}) {
        NocRenderer renderer;
        return tests::paintAtZoom(m_controller, renderer, s, zoom, options, selected);
    }

    // Every mark filled in a packet's colour (NocRenderer::packetColor: saturation 0.62, value 0.9).
    std::vector<tests::FilledShape> flitsAtFit(const sim::Session& session) {
        views::SceneCanvas canvas(m_controller);
        canvas.setRenderer(std::make_unique<NocRenderer>());
        canvas.resize(tests::kDefaultCanvas);
        tests::FillRecorder recorder(tests::kDefaultCanvas);
        {
            QPainter painter(&recorder);
            painter.setTransform(canvas.logicalToWidget());
            views::RenderState state = canvas.renderState();
            state.session = &session;
            NocRenderer renderer;
            renderer.paint(painter, state);
        }
        std::vector<tests::FilledShape> flits;
        for (const auto& shape : recorder.shapes())
            if (std::abs(shape.colour.hsvSaturationF() - 0.62) < 0.01 && std::abs(shape.colour.valueF() - 0.9) < 0.01)
                flits.push_back(shape);
        return flits;
    }

    std::unique_ptr<sim::Session> busySession(int cycles) {
        auto s = tests::modelSession(m_scene, kBusyDefaults);
        for (int i = 0; i < cycles; ++i) s->stepForward();
        return s;
    }

    static const noc::NocEngine& engineOf(const sim::Session& s) { return *sim::engineOf<noc::NocEngine>(&s); }

private slots:
    void flitsAreAtLeastFourPixels() {
        for (int cycles : {5, 15, 60}) {
            auto session = busySession(cycles);
            const auto flits = flitsAtFit(*session);
            QVERIFY2(flits.size() >= 3, qPrintable(QStringLiteral("cycle %1: %2 flits").arg(cycles).arg(flits.size())));
            for (const auto& flit : flits)
                QVERIFY2(std::min(flit.rect.width(), flit.rect.height()) >= views::noc_flits::kMinFlitPixels - 0.5,
                         qPrintable(QStringLiteral("cycle %1: a flit of %2 × %3 px")
                                        .arg(cycles)
                                        .arg(flit.rect.width(), 0, 'f', 1)
                                        .arg(flit.rect.height(), 0, 'f', 1)));
        }
    }

    void theGridUsesTheCanvasWidth() {
        QVERIFY(tests::fitScaleOnDefaultCanvas<NocRenderer>(m_controller) > 0.8);
        noc::NocConfig config;  // 8×8
        const views::NocLayout layout(config);
        QRectF routers;
        for (int node = 0; node < config.nodes(); ++node) routers |= layout.router(node);
        // Routers span 0.6 of the figure's width (before: 0.52), legend and caption the rest.
        QVERIFY2(routers.width() > 0.6 * views::NocLayout::kWidth, qPrintable(QString::number(routers.width())));
        QVERIFY(layout.caption().left() > routers.right() && layout.legend().left() > routers.right());
        QVERIFY(layout.caption().right() > 0.95 * views::NocLayout::kWidth);
    }

    void everyTextIsReadableAtFit_data() {
        QTest::addColumn<QString>("selected");
        QTest::addColumn<QString>("option");
        QTest::newRow("grid") << QString() << QString();
        QTest::newRow("close-up") << kCloseUp << QString();
        QTest::newRow("links heatmap") << QString() << QString::fromLatin1(views::NocHeatmap::kLinks);
        QTest::newRow("buffers heatmap, close-up") << kCloseUp << QString::fromLatin1(views::NocHeatmap::kBuffers);
        QTest::newRow("stalls heatmap") << QString() << QString::fromLatin1(views::NocHeatmap::kStalls);
    }

    void everyTextIsReadableAtFit() {
        QFETCH(QString, selected);
        QFETCH(QString, option);
        auto s = tests::modelSession(m_scene, kBusyDefaults);
        QSet<QString> seen;
        for (int cycle = 0; cycle <= 200; ++cycle) {
            if (cycle % 40 == 0) {
                const auto drawn = paintAt(*s, 1, selected, option.isEmpty() ? QStringList() : QStringList{option});
                checkReadable(drawn, QStringLiteral("cycle %1").arg(cycle), true);
                if (QTest::currentTestFailed()) return;
                for (const auto& t : drawn) seen.insert(t.text);
            }
            s->stepForward();
        }
        // Router numbers are on screen at fit; so is the close-up's heading and its ports.
        QVERIFY(seen.contains(QStringLiteral("0")) && seen.contains(QStringLiteral("63")));
        if (!selected.isEmpty())
            for (const char* label : {"Router 27 (3, 3)", "in +x", "in local", "out −y"})
                QVERIFY2(seen.contains(QString::fromUtf8(label)), label);
    }

    void theCloseUpListsBusyVcsAtFitAndEveryVcZoomedIn() {
        auto s = busySession(150);
        const noc::NocEngine& engine = engineOf(*s);
        int busy = 0;
        for (int port = 0; port < 5; ++port)
            for (int vc = 0; vc < 16; ++vc) busy += engine.inputVc(27, port, vc).state != noc::VcState::Idle;
        QVERIFY2(busy > 0 && busy < 40, qPrintable(QString::number(busy)));
        const QRegularExpression vcRow(QStringLiteral("^vc \\d+$"));
        // At fit: a row for each busy VC only, and every VC still a clickable cell.
        NocRenderer renderer;
        const auto atFit = tests::paintAtZoom(m_controller, renderer, *s, 1, {}, kCloseUp);
        QCOMPARE(texts(atFit).filter(vcRow).size(), busy);
        int cells = 0;
        for (const auto& hit : renderer.hitRegions()) cells += hit.objectId.startsWith(kCloseUp + "/in/");
        QCOMPARE(cells, 5 * 16);
        // Zoomed in: the whole table, every input VC and every output VC, readable.
        const auto zoomed = paintAt(*s, 3, kCloseUp);
        checkReadable(zoomed, QStringLiteral("zoom 3"));
        QCOMPARE(texts(zoomed).filter(vcRow).size(), 2 * 5 * 16);
    }

    void onlyAVcThatHoldsAnOutputVcShowsIt() {
        // 4 VCs: the close-up shows every VC at fit. Find a cycle where some VC of
        // router 5 is idle but still stores the output VC of its last packet.
        auto s = tests::modelSession(m_scene, {{"k", 4}, {"num_vcs", 4}, {"injection_rate", 0.3}});
        const auto staleOutputVc = [&] {
            const noc::NocEngine& engine = engineOf(*s);
            for (int port = 0; port < 5; ++port)
                for (int vc = 0; vc < 4; ++vc)
                    if (const auto& iv = engine.inputVc(5, port, vc); iv.state == noc::VcState::Idle && iv.outVc >= 0)
                        return true;
            return false;
        };
        while (!staleOutputVc()) QVERIFY(s->stepForward());
        const noc::NocEngine& engine = engineOf(*s);
        int active = 0, waiting = 0;
        for (int port = 0; port < 5; ++port)
            for (int vc = 0; vc < 4; ++vc) {
                const auto& iv = engine.inputVc(5, port, vc);
                active += iv.state == noc::VcState::Active;
                waiting += iv.state == noc::VcState::VcAlloc && iv.outPort >= 0;
            }
        const QStringList drawn = texts(paintAt(*s, 1, QStringLiteral("router/5")));
        // "→ port.vc" for an active VC, "→ port" for one waiting for VA, nothing for the rest.
        QCOMPARE(drawn.filter(QRegularExpression(QStringLiteral("^→ \\S+\\.\\d+$"))).size(), active);
        QCOMPARE(drawn.filter(QRegularExpression(QStringLiteral("^→ [^.]+$"))).size(), waiting);
    }

    void packetColoursKeepClearOfHuesThatMeanSomethingElse() {
        for (const views::Theme& theme : {views::Theme::light(), views::Theme::dark()}) {
            for (int pid = 0; pid < 64; ++pid) {
                const QColor packet = NocRenderer::packetColor(pid);
                for (const QColor& other : {theme.accent2, theme.highlight, theme.warn, theme.bad})
                    QVERIFY2(
                        hueDistance(packet, other) >= 35,
                        qPrintable(QStringLiteral("packet %1 (%2) vs %3").arg(pid).arg(packet.name(), other.name())));
                // Neighbouring packets stay apart.
                QVERIFY(hueDistance(packet, NocRenderer::packetColor(pid + 1)) >= 30);
            }
        }
    }

    void aPngExportIsReadableInItsPixels() {
        auto s = busySession(150);
        NocRenderer renderer;
        views::RenderState state;
        std::vector<DrawnText> drawn;
        state.session = s.get();
        state.drawnTexts = &drawn;
        state.selected = kCloseUp;
        views::FigureOptions options;
        options.format = views::FigureOptions::Format::Png;
        renderFigure(renderer, state, options);
        checkReadable(drawn, QStringLiteral("PNG 1x, close-up"), true);
        QVERIFY(texts(drawn).contains(QStringLiteral("Router 27 (3, 3)")));
    }

    // Last: the other tests read English.
    void chineseTextIsReadableAndWholeAtFit() {
        views::Language language;
        QCOMPARE(language.apply(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        auto s = busySession(120);
        for (const QString& selected : {QString(), kCloseUp}) {
            const auto drawn = paintAt(*s, 1, selected);
            checkReadable(drawn, QStringLiteral("zh_CN, selected '%1'").arg(selected), true);
            QVERIFY(texts(drawn).contains(QStringLiteral("信用（credit）回传中")));
        }
        language.apply(QStringLiteral("en"));
    }
};

QTEST_MAIN(NocFitTest)
#include "tst_views_noc_fit.moc"
