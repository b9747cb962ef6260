#pragma once

#include <QString>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>

#include "export/animation_dialog.h"
#include "export/frame_writer.h"
#include "shell/scene_setup.h"
#include "sim/result.h"

namespace commviz::views {

/// Frames done and frames in all; returning false cancels the export.
using SequenceProgress = std::function<bool(std::size_t done, std::size_t total)>;

/// The default width of an animation, in pixels: sized for a blog column.
inline constexpr double kAnimationWidthPixels = 1200;
/// Lines an animation's caption band reserves, so every frame has one size.
inline constexpr int kAnimationCaptionLines = 3;

/// The writer for a sequence format: "gif", "webp", "mp4", "webm" (FFmpeg),
/// "html" (the HTML stepper page), "png" or "svg" (numbered files). `fps` and
/// `loop` apply to the animations; `title` and `language` to the page.
sim::Result<std::unique_ptr<FrameWriter>> makeFrameWriter(const QString& format, const QString& path, int fps, int loop,
                                                          const QString& title, const QString& language);

/// Whether a format draws one settled frame per step (step series, the HTML stepper).
bool oneFramePerStep(const QString& format);

/// How a sequence format draws its frames into `options`: PNG, except an SVG
/// series and the HTML page, whose frames are SVG unless a scale asks for PNG;
/// the scale given, else kAnimationWidthPixels wide for an animation (a scene
/// `logicalWidth` units wide), else 1; an animation's fixed caption band.
void setSequenceFigure(FigureOptions& options, const QString& format, std::optional<double> scale, double logicalWidth);

/// Builds a session from `setup` and writes `choice` (a step range as an
/// animation, an HTML stepper or numbered still files) with the selection,
/// view options and theme of `current`. A failed or cancelled export leaves no file.
sim::Status exportChoice(const SceneSetup& setup, const RenderState& current, const AnimationChoice& choice,
                         const SequenceProgress& progress);

}  // namespace commviz::views
