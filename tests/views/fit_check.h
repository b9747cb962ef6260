#pragma once

// What the "readable at fit" view tests share: the default window's canvas,
// the check that every drawn text reaches 8 pt on its target, and the texts a
// figure export draws.

#include <QPainter>
#include <QPixmap>
#include <QStringList>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>
#include <vector>

#include "export/figure_exporter.h"
#include "shell/scene_canvas.h"
#include "shell/scene_renderer.h"
#include "shell/simulation_controller.h"

namespace commviz::tests {

// The canvas the default main window leaves on a 1600 × 1000 screen: the window
// takes 0.92 of the screen, the docks 190 px (Scenes/Tutorial), 270 px
// (Narration, Inspector/Parameters) and 130 px (Events), measured with the
// real window under Xvfb (SceneCanvas::resizeEvent): 1000 × 713.
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

}  // namespace commviz::tests
