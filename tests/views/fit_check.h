#pragma once

// What the "readable at fit" view tests share: the default window's canvas,
// the check that every drawn text reaches 8 pt on its target, and the texts a
// figure export draws.

#include <QFontMetricsF>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>
#include <QStringList>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>
#include <vector>

#include "export/figure_exporter.h"
#include "screen_metrics.h"
#include "shell/scene_canvas.h"
#include "shell/scene_renderer.h"
#include "shell/simulation_controller.h"

namespace commviz::tests {

// The canvas the "readable at fit" tests draw on: no larger than the one the
// default main window leaves on a 1600 × 1000 screen (1104 × 736 with the
// first-start layout of views/shell/window_layout.h), which
// tst_views_window_layout checks with the real window for every scene.
inline const QSize kDefaultCanvas(1000, 713);

inline QStringList texts(const std::vector<views::DrawnText>& drawn) {
    QStringList out;
    for (const auto& t : drawn) out << t.text;
    return out;
}

/// Fails the test unless something was drawn and every text came out at the
/// readable size or more (and, with `refuseElided`, none was cut short).
inline void checkReadable(const std::vector<views::DrawnText>& drawn, const QString& where, bool refuseElided = false) {
    QVERIFY2(!drawn.empty(), qPrintable(where));
    for (const auto& t : drawn) {
        QVERIFY2(t.shownPx >= t.readablePx - 1e-9,
                 qPrintable(QStringLiteral("%1: '%2' at %3 px (%4 units), below %5 px")
                                .arg(where, t.text)
                                .arg(t.shownPx, 0, 'f', 2)
                                .arg(t.px)
                                .arg(t.readablePx, 0, 'f', 2)));
        if (refuseElided) QVERIFY2(!t.elided, qPrintable(QStringLiteral("%1: elided '%2'").arg(where, t.text)));
    }
}

/// The scale SceneCanvas fits `Renderer`'s scene to on the default canvas.
template <class Renderer>
double fitScaleOnDefaultCanvas(views::SimulationController& controller) {
    views::SceneCanvas canvas(controller);
    canvas.setRenderer(std::make_unique<Renderer>());
    canvas.resize(kDefaultCanvas);
    return canvas.scale();
}

/// Paints the session's current step with `renderer` the way SceneCanvas does
/// on the default canvas at `zoom` (1 = fit) and returns every text drawn.
template <class Renderer>
std::vector<views::DrawnText> paintAtZoom(views::SimulationController& controller, Renderer& renderer,
                                          const sim::Session& session, double zoom, const QStringList& options = {},
                                          const QString& selected = {}) {
    views::SceneCanvas canvas(controller);
    canvas.setRenderer(std::make_unique<Renderer>());
    canvas.resize(kDefaultCanvas);
    if (zoom != 1) canvas.zoomBy(zoom);
    QPixmap frame(kDefaultCanvas);
    QPainter painter(&frame);
    painter.setTransform(canvas.logicalToWidget());
    std::vector<views::DrawnText> drawn;
    views::RenderState state = canvas.renderState();
    state.session = &session;
    state.drawnTexts = &drawn;
    state.options = options;
    state.selected = selected;
    renderer.paint(painter, state);
    return drawn;
}

/// What one paint put on the target, in target pixels: the ink box of every
/// text run (one per line and script run) and every drawn box (rectangles,
/// rounded rectangles, circles; not lines, arcs or arrow heads).
struct PaintedLayout {
    struct Text {
        QString text;
        QRectF rect;
    };
    std::vector<Text> texts;
    std::vector<QRectF> boxes;
};

/// A paint device that draws nothing and records where texts and boxes land.
class LayoutRecorder : public QPaintDevice {
public:
    explicit LayoutRecorder(QSize size) : m_size(size), m_engine(&m_layout) {}
    QPaintEngine* paintEngine() const override { return &m_engine; }
    const PaintedLayout& layout() const { return m_layout; }

protected:
    int metric(PaintDeviceMetric metric) const override {
        const auto known = screenMetric(metric, m_size, devicePixelRatioFScale());
        return known ? *known : QPaintDevice::metric(metric);
    }

private:
    class Engine : public QPaintEngine {
    public:
        explicit Engine(PaintedLayout* layout) : QPaintEngine(AllFeatures), m_layout(layout) {}
        bool begin(QPaintDevice*) override { return true; }
        bool end() override { return true; }
        void updateState(const QPaintEngineState&) override {}
        Type type() const override { return User; }
        void drawPixmap(const QRectF&, const QPixmap&, const QRectF&) override {}
        void drawTextItem(const QPointF& at, const QTextItem& item) override {
            // The glyphs' own extent, not the line's ascent and descent, which overlap between tight rows.
            const QRectF ink = QFontMetricsF(item.font()).tightBoundingRect(item.text()).translated(at);
            if (!item.text().trimmed().isEmpty()) m_layout->texts.push_back({item.text(), toTarget(ink)});
        }
        void drawRects(const QRectF* rects, int count) override {
            for (int i = 0; i < count && filled(); ++i) addBox(rects[i]);
        }
        void drawRects(const QRect* rects, int count) override {
            for (int i = 0; i < count && filled(); ++i) addBox(QRectF(rects[i]));
        }
        void drawPath(const QPainterPath& path) override {
            if (filled() && looksLikeABox(path)) addBox(path.boundingRect());
        }
        void drawPolygon(const QPointF* points, int count, PolygonDrawMode mode) override {
            if (mode == PolylineMode) return;
            QPainterPath path;
            path.addPolygon(QPolygonF(QList<QPointF>(points, points + count)));
            drawPath(path);
        }

    private:
        // A closed shape filling its bounding box's middle and the middle of each edge:
        // rectangles, rounded rectangles and circles; not triangles or open strokes.
        static bool looksLikeABox(const QPainterPath& path) {
            const QRectF r = path.boundingRect();
            if (r.width() < 4 || r.height() < 4) return false;
            const QPointF c = r.center();
            for (const QPointF& point : {c, QPointF(r.left() + 1.5, c.y()), QPointF(r.right() - 1.5, c.y()),
                                         QPointF(c.x(), r.top() + 1.5), QPointF(c.x(), r.bottom() - 1.5)})
                if (!path.contains(point)) return false;
            return true;
        }
        // Only filled shapes are boxes: outlines alone are guides (the ring's circle) or halos.
        bool filled() const {
            const QBrush& brush = painter()->brush();
            return brush.style() != Qt::NoBrush && brush.color().alpha() > 0;
        }
        QRectF toTarget(const QRectF& rect) const { return painter()->combinedTransform().mapRect(rect); }
        void addBox(const QRectF& rect) {
            const QRectF box = toTarget(rect);
            if (box.width() >= 3 && box.height() >= 3) m_layout->boxes.push_back(box);
        }
        PaintedLayout* m_layout;
    };

    QSize m_size;
    PaintedLayout m_layout;
    mutable Engine m_engine;
};

/// Fails the test when two drawn texts overlap, or a text crosses the edge of a
/// drawn box (partly in, partly out), by more than `tolerance` target pixels.
inline void checkNoOverlaps(const PaintedLayout& layout, const QString& where, double tolerance = 1.5) {
    const auto overlap = [&](const QRectF& a, const QRectF& b) {
        const QRectF both = a.intersected(b);
        return both.width() > tolerance && both.height() > tolerance;
    };
    // The messages are built only for a failure: formatting one for every pair checked
    // (QVERIFY2 evaluates its description each time) took minutes over a long run's steps.
    const auto& texts = layout.texts;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        for (std::size_t j = i + 1; j < texts.size(); ++j)
            if (overlap(texts[i].rect, texts[j].rect))
                QFAIL(qPrintable(QStringLiteral("%1: '%2' overlaps '%3'").arg(where, texts[i].text, texts[j].text)));
        for (const QRectF& box : layout.boxes) {
            const bool inside = box.adjusted(-tolerance, -tolerance, tolerance, tolerance).contains(texts[i].rect);
            const QRectF& t = texts[i].rect;
            if (!(inside || !overlap(t, box)))
                QFAIL(qPrintable(QStringLiteral("%1: '%2' at (%3,%4 %5×%6) crosses the box (%7,%8 %9×%10)")
                                     .arg(where, texts[i].text)
                                     .arg(t.x(), 0, 'f', 0)
                                     .arg(t.y(), 0, 'f', 0)
                                     .arg(t.width(), 0, 'f', 0)
                                     .arg(t.height(), 0, 'f', 0)
                                     .arg(box.x(), 0, 'f', 0)
                                     .arg(box.y(), 0, 'f', 0)
                                     .arg(box.width(), 0, 'f', 0)
                                     .arg(box.height(), 0, 'f', 0)));
        }
    }
}

/// Fails the test when a text was cut short with an ellipsis.
inline void checkNotElided(const std::vector<views::DrawnText>& drawn, const QString& where) {
    for (const auto& t : drawn) QVERIFY2(!t.elided, qPrintable(QStringLiteral("%1: elided '%2'").arg(where, t.text)));
}

/// Paints the session's current step with `renderer` as SceneCanvas does on
/// the default canvas at `zoom` and records where its texts and boxes land.
/// `drawn`, when given, receives the paint kit's record of the same texts (sizes, elision).
template <class Renderer>
PaintedLayout layoutAtZoom(views::SimulationController& controller, Renderer& renderer, const sim::Session& session,
                           double zoom, const QStringList& options = {},
                           std::vector<views::DrawnText>* drawn = nullptr) {
    views::SceneCanvas canvas(controller);
    canvas.setRenderer(std::make_unique<Renderer>());
    canvas.resize(kDefaultCanvas);
    if (zoom != 1) canvas.zoomBy(zoom);
    LayoutRecorder recorder(kDefaultCanvas);
    {
        QPainter painter(&recorder);
        painter.setTransform(canvas.logicalToWidget());
        views::RenderState state = canvas.renderState();
        state.session = &session;
        state.options = options;
        state.drawnTexts = drawn;
        renderer.paint(painter, state);
    }
    return recorder.layout();
}

/// The texts an export of the session's current step draws: a PNG rendered in
/// memory, any other format written to a temporary file.
inline std::vector<views::DrawnText> drawnInFigure(views::SceneRenderer& renderer, const sim::Session& session,
                                                   views::FigureOptions::Format format, double scale) {
    std::vector<views::DrawnText> drawn;
    views::RenderState state;
    state.session = &session;
    state.drawnTexts = &drawn;
    views::FigureOptions options;
    options.format = format;
    options.scale = scale;
    if (format == views::FigureOptions::Format::Png) {
        renderFigure(renderer, state, options);
    } else {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("f.") + views::figureFormatSuffix(format));
        if (const auto written = exportFigure(renderer, state, options, path); !written)
            QTest::qFail(written.error().message.c_str(), __FILE__, __LINE__);
    }
    return drawn;
}

/// The texts a PNG export at `scale` draws, checked readable in the image's
/// own pixels (as checkReadable, under the name "PNG 2x" for scale 2).
inline std::vector<views::DrawnText> readableInPng(views::SceneRenderer& renderer, const sim::Session& session,
                                                   double scale, bool refuseElided = false) {
    const auto drawn = drawnInFigure(renderer, session, views::FigureOptions::Format::Png, scale);
    checkReadable(drawn, QStringLiteral("PNG %1x").arg(scale), refuseElided);
    return drawn;
}

}  // namespace commviz::tests
