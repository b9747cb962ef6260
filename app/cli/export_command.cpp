#include "cli/export_command.h"

#include <unistd.h>

#include <QImage>
#include <QPainter>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <memory>

#include "cli/scene_lookup.h"
#include "export/figure_exporter.h"
#include "export/lesson_sequence.h"
#include "export/sequence_export.h"
#include "export/step_sequence.h"
#include "shell/step_caption.h"

namespace commviz::app::cli {

namespace {

views::FigureOptions::Format figureFormat(FigureFormat format) {
    switch (format) {
        case FigureFormat::Svg:
            return views::FigureOptions::Format::Svg;
        case FigureFormat::Pdf:
            return views::FigureOptions::Format::Pdf;
        default:
            return views::FigureOptions::Format::Png;
    }
}

/// `--select ID` must name an object the scene draws at this step.
sim::Status checkDrawn(views::SceneRenderer& renderer, const views::RenderState& state, const std::string& id) {
    QImage scratch(1, 1, QImage::Format_ARGB32);
    QPainter painter(&scratch);
    renderer.paint(painter, state);
    QStringList drawn;
    for (const auto& hit : renderer.hitRegions()) {
        if (hit.objectId.toStdString() == id) return sim::Ok{};
        if (!drawn.contains(hit.objectId) && drawn.size() < 6) drawn << hit.objectId;
    }
    return sim::fail("unknown --select '" + id + "': no such object is drawn at this step" +
                     (drawn.isEmpty() ? std::string() : " (drawn: " + drawn.join(", ").toStdString() + ", …)"));
}

/// Every --option must be a view option of the scene.
sim::Result<QStringList> viewOptions(const views::SceneDescriptor& descriptor, const ExportCommand& command) {
    QStringList chosen;
    for (const std::string& option : command.options) {
        const QString id = QString::fromStdString(option.substr(0, option.find('=')));
        std::string allowed;
        bool known = false;
        for (const views::SceneViewOption& o : descriptor.viewOptions) {
            known = known || o.id == id;
            allowed += (allowed.empty() ? "" : ", ") + o.id.toStdString();
        }
        if (!known)
            return sim::fail("unknown --option '" + option + "' for scene '" + descriptor.model.id + "': allowed " +
                             (allowed.empty() ? std::string("none") : allowed));
        chosen << QString::fromStdString(option);
    }
    return chosen;
}

/// What every export draws from: the scene, its session and view, and how to draw.
struct Prepared {
    const views::SceneDescriptor* descriptor = nullptr;
    std::unique_ptr<sim::Session> session;
    std::unique_ptr<views::SceneRenderer> renderer;
    views::FigureOptions options;
    QStringList viewOptions;
};

sim::Result<Prepared> prepare(const ExportCommand& command, const views::SceneRegistry& registry) {
    auto scene = findScene(command.choice);
    if (!scene) return scene.error();
    Prepared prepared;
    prepared.descriptor = registry.find(QString::fromStdString(scene.value()->model.id));
    if (!prepared.descriptor || !prepared.descriptor->createRenderer)
        return sim::fail("scene '" + scene.value()->model.id + "' has no view to export");
    const views::SceneDescriptor& descriptor = *prepared.descriptor;
    auto built = buildSession(*scene.value(), command.choice);
    if (!built) return built.error();
    prepared.session = std::move(built).value();
    if (command.memoryMib) prepared.session->setMemoryBudget(*command.memoryMib << 20);
    prepared.renderer = descriptor.createRenderer();
    if (!prepared.renderer) return sim::fail("scene '" + descriptor.model.id + "' has no view to export");
    auto chosen = viewOptions(descriptor, command);
    if (!chosen) return chosen.error();
    prepared.viewOptions = chosen.value();
    prepared.options.format = figureFormat(command.format);
    prepared.options.scale = command.scale.value_or(1.0);
    prepared.options.theme = views::Theme::byId(QString::fromStdString(command.theme));
    prepared.options.caption = command.caption;
    return prepared;
}

/// The state drawn at the session's cursor, with the selection checked there.
sim::Result<views::RenderState> stateAtCursor(Prepared& prepared, const ExportCommand& command) {
    views::RenderState state;
    state.session = prepared.session.get();
    state.theme = prepared.options.theme;
    state.options = prepared.viewOptions;
    if (!command.select.empty()) {
        if (auto status = checkDrawn(*prepared.renderer, state, command.select); !status) return status.error();
        state.selected = QString::fromStdString(command.select);
    }
    // The caption travels in the state: a scene with a narration strip shows it
    // there, any other gets a band under the figure. Both say the step's
    // narration (the Narration dock's sentences), or its summary where that
    // does not fit, leading with the selected object.
    if (command.caption) {
        const views::StepCaption caption =
            views::stepCaption(*prepared.descriptor, *prepared.session, prepared.session->cursor(), state.selected);
        state.caption = caption.full;
        state.captionSummary = caption.summary;
    }
    return state;
}

/// Seeks to `target`, refusing it (as `option`) beyond the step cap or the end of the run.
sim::Status seekChecked(Prepared& prepared, const std::string& option, std::size_t target) {
    const std::string& id = prepared.descriptor->model.id;
    const std::size_t cap = prepared.descriptor->model.stepCap;
    if (target > cap)
        return sim::fail("invalid " + option + " '" + std::to_string(target) + "': allowed 0 to " +
                         std::to_string(cap) + ", the step cap of scene '" + id + "'");
    const std::size_t reached = prepared.session->seek(target);
    if (reached < target)
        return sim::fail("invalid " + option + " '" + std::to_string(target) + "': allowed 0 to " +
                         std::to_string(reached) + ", the scene '" + id + "' ends after " + std::to_string(reached) +
                         " steps");
    return sim::Ok{};
}

sim::Status exportStill(Prepared& prepared, const ExportCommand& command) {
    if (command.step) {
        if (auto status = seekChecked(prepared, "--step", *command.step); !status) return status;
    } else {
        prepared.session->runToEnd(prepared.descriptor->model.stepCap);
    }
    auto state = stateAtCursor(prepared, command);
    if (!state) return state.error();
    return views::exportFigure(*prepared.renderer, state.value(), prepared.options,
                               QString::fromStdString(command.output));
}

volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void onInterrupt(int) { g_interrupted = 1; }

/// One line on a terminal's stderr, rewritten as frames are done; nothing when
/// stderr is a file or a pipe (scripts and tests read it as the error channel).
/// Ctrl-C while it lives cancels the export, which removes its partial file.
class ProgressLine {
public:
    ProgressLine() : m_terminal(isatty(STDERR_FILENO) == 1) {
        g_interrupted = 0;
        m_previous = std::signal(SIGINT, onInterrupt);
        if (m_previous == SIG_IGN) std::signal(SIGINT, SIG_IGN);  // started to ignore it (nohup, &): keep so
    }
    ~ProgressLine() {
        std::signal(SIGINT, m_previous);
        if (m_shown) std::fputs("\r\033[K", stderr);
    }
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;
    bool operator()(std::size_t done, std::size_t total) {
        if (g_interrupted) return false;
        if (!m_terminal) return true;
        const auto now = std::chrono::steady_clock::now();
        if (done < total && now - m_last < std::chrono::milliseconds(200)) return true;
        m_last = now;
        m_shown = true;
        std::fprintf(stderr, "\rexporting: frame %zu of %zu (%zu%%)", done, total, total ? done * 100 / total : 100);
        std::fflush(stderr);
        return true;
    }

private:
    bool m_terminal;
    bool m_shown = false;
    void (*m_previous)(int) = SIG_DFL;
    std::chrono::steady_clock::time_point m_last;
};

sim::Status exportRange(Prepared& prepared, const ExportCommand& command) {
    // Known before the first frame is drawn: the end of the range exists.
    if (auto status = seekChecked(prepared, "--to", *command.to); !status) return status;
    prepared.session->seek(*command.from);
    auto state = stateAtCursor(prepared, command);
    if (!state) return state.error();

    const QString format = QString::fromStdString(formatName(command.format));
    views::SequenceRequest request;
    request.scene = prepared.descriptor;
    request.session = prepared.session.get();
    request.renderer = prepared.renderer.get();
    request.from = *command.from;
    request.to = *command.to;
    request.every = command.every;
    request.timing.fps = command.fps;
    request.timing.holdMs = command.holdMs;
    request.timing.oneFramePerStep = views::oneFramePerStep(format);
    request.options = prepared.options;
    request.selected = state.value().selected;
    request.viewOptions = prepared.viewOptions;
    ProgressLine progress;
    request.progress = [&progress](std::size_t done, std::size_t total) { return progress(done, total); };

    views::setSequenceFigure(request.options, format, command.scale, prepared.renderer->logicalSize().width());
    const QString title = prepared.descriptor->name ? prepared.descriptor->name() : QString();
    auto writer = views::makeFrameWriter(format, QString::fromStdString(command.output), command.fps, command.loop,
                                         title, QString::fromStdString(command.language));
    if (!writer) return writer.error();
    return views::exportSequence(request, *writer.value());
}

/// `--lesson ID`: one frame per lesson step, each held long enough to read.
sim::Status exportLesson(const ExportCommand& command, const views::SceneRegistry& registry) {
    auto found = views::findLesson(registry, QString::fromStdString(command.lesson));
    if (!found) return found.error();
    const views::LessonRef& ref = found.value();
    auto lesson = views::loadLesson(ref.path);
    if (!lesson) return lesson.error();

    const QString format = QString::fromStdString(formatName(command.format));
    views::LessonExportOptions options;
    options.language = QString::fromStdString(command.language);
    options.figure.theme = views::Theme::byId(QString::fromStdString(command.theme));
    options.figure.caption = true;
    const auto renderer = ref.scene->createRenderer();
    views::setSequenceFigure(options.figure, format, command.scale, renderer ? renderer->logicalSize().width() : 0);
    const QString title = views::localized(lesson.value().title, options.language);
    auto writer = views::makeFrameWriter(format, QString::fromStdString(command.output), command.fps, command.loop,
                                         title, options.language);
    if (!writer) return writer.error();
    ProgressLine progress;
    return views::writeLessonSequence(
        lesson.value(), *ref.scene, options, *writer.value(),
        [&progress](std::size_t done, std::size_t total) { return progress(done, total); });
}

}  // namespace

sim::Status exportScene(const ExportCommand& command, const views::SceneRegistry& registry) {
    if (!command.lesson.empty()) return exportLesson(command, registry);
    auto prepared = prepare(command, registry);
    if (!prepared) return prepared.error();
    return command.isRange() ? exportRange(prepared.value(), command) : exportStill(prepared.value(), command);
}

}  // namespace commviz::app::cli
