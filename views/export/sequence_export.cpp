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
    request.options.format = choice.format == QLatin1String("svg") || choice.format == QLatin1String("html")
                                 ? FigureOptions::Format::Svg
                                 : FigureOptions::Format::Png;
    request.options.captionLines = request.timing.oneFramePerStep ? 0 : kAnimationCaptionLines;
    RenderState first = current;
    session.seek(choice.from);
    first.session = &session;
    const double logicalWidth = figureLogicalSize(*renderer, first, request.options).width();
    request.options.scale = logicalWidth > 0 ? choice.widthPx / logicalWidth : 1.0;
    request.selected = current.selected;
    request.viewOptions = current.options;
    request.progress = progress;

    const QString title = setup.scene->name ? setup.scene->name() : QString();
    auto writer = makeFrameWriter(choice.format, choice.path, choice.fps, 0, title, choice.language);
    if (!writer) return writer.error();
    return exportSequence(request, *writer.value());
}

}  // namespace commviz::views
