#pragma once

// What the "readable at fit" view tests share: the default window's canvas,
// the check that every drawn text reaches 8 pt on its target, and the texts a
// figure export draws.

#include <QPainter>
#include <QStringList>
#include <QTemporaryDir>
#include <QtTest>
#include <vector>

#include "export/figure_exporter.h"
#include "shell/scene_renderer.h"

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
