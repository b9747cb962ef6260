#pragma once

#include <QImage>
#include <QSizeF>
#include <QString>

#include "shell/scene_renderer.h"
#include "shell/theme.h"
#include "sim/result.h"

namespace commviz::views {

/// How a figure is exported: the format, the raster scale, the theme and the
/// optional title above and caption below the scene (the caption's text is the
/// RenderState's). Text with Chinese in it is
/// set in Noto Sans CJK SC, other text in Noto Sans / DejaVu Sans.
struct FigureOptions {
    enum class Format { Png, Svg, Pdf };
    Format format = Format::Png;
    double scale = 1.0;            ///< PNG only: device pixels per logical unit (1, 2 or 3 in the dialog)
    Theme theme = Theme::light();  ///< the publication theme unless the user asks for the UI theme
    /// Write RenderState::caption in a band under the figure, unless the
    /// renderer already shows it in the scene (SceneRenderer::drawsCaption).
    bool caption = false;
    /// The caption band's height in lines: 0 fits the text up to kMaxCaptionLines;
    /// N reserves exactly N lines, so every frame of a sequence has one size.
    /// Text longer than the band gives way to RenderState::captionSummary.
    int captionLines = 0;
    static constexpr int kMaxCaptionLines = 4;
    QString title;  ///< drawn above the figure; empty for none
};

/// "png", "svg", "pdf".
QString figureFormatSuffix(FigureOptions::Format format);

/// The whole figure in logical units: the scene plus the title and caption bands.
QSizeF figureLogicalSize(const SceneRenderer& renderer, const RenderState& state, const FigureOptions& options);

/// The text of the band under the figure: empty unless options ask for a
/// caption and the renderer does not draw it itself; the caption, or its
/// summary when it is longer than the band holds (fitCaption).
QString captionBandText(const SceneRenderer& renderer, const RenderState& state, const FigureOptions& options);

/// Paints the figure (background, title, scene, caption) into a painter whose
/// coordinates are logical units; the caller has scaled it for its device.
void paintFigure(QPainter& painter, SceneRenderer& renderer, const RenderState& state, const FigureOptions& options);

/// Renders the figure into an image of logical size × options.scale with the
/// matching devicePixelRatio: the PNG export and the dialog preview.
QImage renderFigure(SceneRenderer& renderer, const RenderState& state, const FigureOptions& options);

/// Draws the figure straight into PNG, SVG or PDF (never a screen grab) and saves
/// it through QSaveFile, so a failure leaves no file behind. On failure the
/// message reads "cannot write 'PATH': <reason>".
sim::Status exportFigure(SceneRenderer& renderer, const RenderState& state, const FigureOptions& options,
                         const QString& path);

}  // namespace commviz::views
