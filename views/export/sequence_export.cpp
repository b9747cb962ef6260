#include "export/sequence_export.h"

#include "export/html_stepper_writer.h"
#include "export/image_series_writer.h"
#include "export/step_sequence.h"
#include "export/video_writer.h"

namespace commviz::views {

namespace {

std::optional<VideoFormat> videoFormatNamed(const QString& format) {
    for (const VideoFormat f : {VideoFormat::Gif, VideoFormat::Webp, VideoFormat::Mp4, VideoFormat::Webm})
        if (videoFormatSuffix(f) == format) return f;
    return std::nullopt;
}

}  // namespace

bool oneFramePerStep(const QString& format) { return !videoFormatNamed(format).has_value(); }

void setSequenceFigure(FigureOptions& options, const QString& format, std::optional<double> scale,
                       double logicalWidth) {
    const bool vector = format == QLatin1String("svg") || (format == QLatin1String("html") && !scale);
    options.format = vector ? FigureOptions::Format::Svg : FigureOptions::Format::Png;
    const bool animation = !oneFramePerStep(format);
    options.captionLines = animation ? kAnimationCaptionLines : 0;
    if (!scale && animation && logicalWidth > 0) scale = kAnimationWidthPixels / logicalWidth;
    options.scale = scale.value_or(1.0);
}

sim::Result<std::unique_ptr<FrameWriter>> makeFrameWriter(const QString& format, const QString& path, int fps, int loop,
                                                          const QString& title, const QString& language) {
    if (const auto video = videoFormatNamed(format))
        return std::unique_ptr<FrameWriter>(std::make_unique<VideoWriter>(path, *video, fps, loop));
    if (format == QLatin1String("html"))
        return std::unique_ptr<FrameWriter>(
            std::make_unique<HtmlStepperWriter>(path, HtmlStepperPage{title, language}));
    if (format == QLatin1String("png") || format == QLatin1String("svg"))
        return std::unique_ptr<FrameWriter>(std::make_unique<ImageSeriesWriter>(path));
    return sim::fail("unknown --format '" + format.toStdString() +
                     "': allowed gif, webp, mp4, webm, html, png, svg for a step range");
}

sim::Status exportChoice(const SceneSetup& setup, const RenderState& current, const AnimationChoice& choice,
                         const SequenceProgress& progress) {
    if (!setup.scene || !setup.scene->createRenderer) return sim::fail("there is no scene to export");
    auto built = buildSession(setup);
    if (!built) return built.error();
    sim::Session& session = *built.value();
    if (session.seek(choice.to) < choice.to)
        return sim::fail("invalid range end " + std::to_string(choice.to) + ": the run ends after " +
                         std::to_string(session.cursor()) + " steps");
    const auto renderer = setup.scene->createRenderer();

    SequenceRequest request;
    request.scene = setup.scene;
    request.session = &session;
    request.renderer = renderer.get();
    request.from = choice.from;
    request.to = choice.to;
    request.every = choice.every;
    request.timing.fps = choice.fps;
    request.timing.holdMs = choice.holdMs;
    request.timing.oneFramePerStep = oneFramePerStep(choice.format);
    request.options.theme = choice.uiTheme ? current.theme : Theme::light();
    request.options.caption = choice.caption;
    // The width asked for sets the scale; the HTML page keeps its frames vector.
    const double logicalWidth = renderer->logicalSize().width();
    std::optional<double> scale;
    if (choice.format != QLatin1String("html") && logicalWidth > 0) scale = choice.widthPx / logicalWidth;
    setSequenceFigure(request.options, choice.format, scale, logicalWidth);
    request.selected = current.selected;
    request.viewOptions = current.options;
    request.progress = progress;

    const QString title = setup.scene->name ? setup.scene->name() : QString();
    auto writer = makeFrameWriter(choice.format, choice.path, choice.fps, 0, title, choice.language);
    if (!writer) return writer.error();
    return exportSequence(request, *writer.value());
}

}  // namespace commviz::views
