// Proves the RDMA scene is readable at "fit" in the default window of a
// 1600 × 1000 screen: every text the paint kit draws, at every step of the
// write and RNR scenarios, comes out at 8 pt (10.67 px at 96 dpi) or more, the
// labels that carry the scene's meaning are among them, and the detail text
// hidden at "fit" (slot numbers, HW/SW marks, MR bytes) comes back at zoom 2.
// Exported PNGs follow the same rule in image pixels; vector exports keep all.

#include <QPixmap>
#include <QRegularExpression>
#include <QtTest>

#include "fit_check.h"
#include "rdma/rdma_renderer.h"
#include "rdma/rdma_scene.h"
#include "scene_walk.h"
#include "shell/scene_canvas.h"
#include "shell/scene_setup.h"
#include "shell/simulation_controller.h"

using namespace commviz;
using tests::checkReadable;
using tests::kDefaultCanvas;
using tests::texts;
using views::DrawnText;
using views::RdmaRenderer;

class RdmaFitTest : public QObject {
    Q_OBJECT

    views::SceneDescriptor m_scene = views::rdmaScene();
    views::SimulationController m_controller;

    std::unique_ptr<sim::Session> session(const QString& path) { return tests::sceneSession(m_scene, path); }

    // Paints the current step the way SceneCanvas does at `zoom` (1 = fit) and
    // returns every text drawn.
    std::vector<DrawnText> paintAt(const sim::Session& s, double zoom) {
        RdmaRenderer renderer;
        return tests::paintAtZoom(m_controller, renderer, s, zoom);
    }

private slots:
    void fitScaleIsTheDefaultWindows() {
        const double scale = tests::fitScaleOnDefaultCanvas<RdmaRenderer>(m_controller);
        // The scene fills the canvas's width and height alike (its shape is the canvas's).
        QVERIFY2(scale > 0.70, qPrintable(QString::number(scale)));
    }

    void everyTextIsReadableAtFit_data() {
        QTest::addColumn<QString>("path");
        QTest::newRow("write") << QStringLiteral(":/scenarios/rdma/write.json");
        QTest::newRow("rnr") << QStringLiteral(":/scenarios/rdma/rnr.json");
    }

    void everyTextIsReadableAtFit() {
        QFETCH(QString, path);
        auto s = session(path);
        QVERIFY(s);
        double smallest = 1e9;
        QSet<QString> seen;
        std::size_t step = 0;
        for (;; ++step) {
            const auto drawn = paintAt(*s, 1);
            checkReadable(drawn, QStringLiteral("%1 step %2").arg(path).arg(step));
            if (QTest::currentTestFailed()) return;
            for (const auto& t : drawn) {
                smallest = std::min(smallest, t.shownPx);
                seen.insert(t.text);
            }
            // Nothing is cut short with an ellipsis.
            for (const auto& t : drawn) QVERIFY2(!t.elided, qPrintable(QStringLiteral("elided: ") + t.text));
            // Detail is hidden at fit, not squeezed: no slot owner marks, no MR byte values.
            for (const auto& t : drawn) {
                QVERIFY2(t.text != QLatin1String("HW") && t.text != QLatin1String("SW"), qPrintable(t.text));
                QVERIFY2(!QRegularExpression(QStringLiteral("^[0-9a-f]{2}$")).match(t.text).hasMatch(),
                         qPrintable(t.text));
            }
            if (!s->stepForward()) break;
        }
        QVERIFY(step > 20);
        qInfo("%s: smallest text on screen at fit: %.2f px over %zu steps", qPrintable(path), smallest, step + 1);
        // What the scene is about stays on screen at fit.
        for (const char* label : {"Host A", "Host B", "SQ", "RQ", "application", "HCA (RDMA NIC)", "QP qpA", "RTS",
                                  "RESET", "doorbell", "requester", "responder", "completer", "wire (RC, one link)"})
            QVERIFY2(seen.contains(QString::fromLatin1(label)), label);
        QVERIFY2(!QStringList(seen.values()).filter(QRegularExpression(QStringLiteral("^(WRITE|SEND)_"))).isEmpty(),
                 "a packet's opcode");
        QVERIFY2(seen.contains(QStringLiteral("ACK")), "the acknowledgement packet");
    }

    // Steps write.json to the first moment a WQE sits in the SQ (its owner mark is drawn).
    std::unique_ptr<sim::Session> withWqe() {
        auto s = session(QStringLiteral(":/scenarios/rdma/write.json"));
        while (s && s->stepForward())
            if (texts(paintAt(*s, 2)).contains(QStringLiteral("HW"))) return s;
        return nullptr;
    }

    void zoomingInBringsTheDetailBack() {
        auto s = withWqe();
        QVERIFY(s);
        const QStringList atFit = texts(paintAt(*s, 1));
        const auto zoomed = paintAt(*s, 2);
        checkReadable(zoomed, QStringLiteral("zoom 2"));
        const QStringList atZoom = texts(zoomed);
        // Slot numbers of the rings (depth 8 and more: badges only count to 4).
        QVERIFY(!atFit.contains(QStringLiteral("7")));
        QVERIFY(atZoom.contains(QStringLiteral("7")));
        // Owner marks and MR byte values.
        QVERIFY(!atFit.contains(QStringLiteral("HW")));
        QVERIFY(atZoom.contains(QStringLiteral("HW")));
        QVERIFY(atZoom.filter(QRegularExpression(QStringLiteral("^[0-9a-f]{2}$"))).size() >= 48);
        QVERIFY(atZoom.size() > atFit.size() + 100);
    }

    // In every bundled scenario and lesson scenario at every step at fit, no two
    // texts overlap and no text sticks out of a box it starts in.
    void nothingOverlapsAtFit_data() {
        QTest::addColumn<QString>("path");
        for (const QString& path : tests::scenarioPaths(m_scene))
            QTest::newRow(qPrintable(QString(path).remove(QStringLiteral(":/scenarios/")))) << path;
    }

    void nothingOverlapsAtFit() {
        QFETCH(QString, path);
        auto s = session(path);
        QVERIFY(s);
        RdmaRenderer renderer;
        for (std::size_t step = 0;; ++step) {
            tests::checkNoOverlaps(tests::layoutAtZoom(m_controller, renderer, *s, 1),
                                   QStringLiteral("%1 step %2").arg(path).arg(step));
            if (QTest::currentTestFailed() || !s->stepForward()) break;
        }
    }

    // Zoomed in, the wire's key and the QP state diagram's note are whole, and nothing overlaps
    // (a SQ slot with its owner, wr_id, opcode and state; the legend in two columns).
    void zoomedInLegendsAreWhole() {
        auto s = withWqe();
        QVERIFY(s);
        RdmaRenderer renderer;
        std::vector<DrawnText> drawn;
        const auto layout = tests::layoutAtZoom(m_controller, renderer, *s, 2, {}, &drawn);
        tests::checkNoOverlaps(layout, QStringLiteral("zoom 2"));
        tests::checkNotElided(drawn, QStringLiteral("zoom 2"));
        const QStringList shown = texts(drawn);
        QVERIFY(shown.contains(QStringLiteral("READ response")));
        QVERIFY(shown.contains(QStringLiteral("ibv_modify_qp: any state → RESET / ERR; RC errors → ERR")));
    }

    void exportsKeepDetailTheirPixelsCanShow() {
        auto s = withWqe();
        QVERIFY(s);
        RdmaRenderer renderer;
        // 1x: one image pixel per unit; the 12-unit detail shows, the 10-unit slot numbers do not.
        const auto png1 = tests::readableInPng(renderer, *s, 1);
        QVERIFY(!texts(png1).contains(QStringLiteral("7")));
        QVERIFY(!texts(png1).filter(QStringLiteral("lkey")).isEmpty());
        // 2x: everything is readable in the image's own pixels.
        const auto png2 = tests::readableInPng(renderer, *s, 2);
        QVERIFY(texts(png2).contains(QStringLiteral("7")));
        QVERIFY(texts(png2).contains(QStringLiteral("HW")));
        // Vector figures are zoomed by their readers: all detail.
        const auto svg = tests::drawnInFigure(renderer, *s, views::FigureOptions::Format::Svg, 1);
        QVERIFY(texts(svg).contains(QStringLiteral("HW")));
    }
};

QTEST_MAIN(RdmaFitTest)
#include "tst_views_rdma_fit.moc"
