#include "export/step_sequence.h"

#include <QEasingCurve>
#include <algorithm>
#include <cmath>

#include "shell/step_caption.h"

namespace commviz::views {

namespace {

// The window animates a step over 600 ms (scene_canvas.cpp); an export keeps
// that pace but leaves at least 40 % of a short hold for the settled picture.
constexpr double kStepAnimationMs = 600;
constexpr double kAnimatedShareOfHold = 0.6;

// Frame i starts at round(i × 1000 / fps) ms, so the durations add up exactly.
int frameDurationMs(std::size_t index, int fps) {
    const auto start = [fps](std::size_t i) { return std::llround(double(i) * 1000.0 / fps); };
    return int(start(index + 1) - start(index));
}

sim::Status cancelled(FrameWriter& writer, sim::Status status) {
    writer.cancel();
    return status;
}

}  // namespace

std::size_t framesPerStep(const SequenceTiming& timing) {
    if (timing.oneFramePerStep) return 1;
    const long long frames = std::llround(double(timing.holdMs) * timing.fps / 1000.0);
    return std::size_t(std::max(1LL, frames));
}

std::vector<std::size_t> sequenceSteps(std::size_t from, std::size_t to, std::size_t every) {
    std::vector<std::size_t> steps;
    if (every == 0 || from > to) return steps;
    for (std::size_t step = from; step <= to; step += every) {
        steps.push_back(step);
        if (to - step < every) break;  // the next would pass `to` (or overflow)
    }
    if (steps.back() != to) steps.push_back(to);
    return steps;
}

double stepProgress(std::size_t frame, std::size_t frames, const SequenceTiming& timing) {
    if (frames <= 1) return 1.0;
    const double animatedMs = std::min(kStepAnimationMs, kAnimatedShareOfHold * timing.holdMs);
    const auto animated =
        std::clamp<long long>(std::llround(animatedMs * timing.fps / 1000.0), 1, static_cast<long long>(frames) - 1);
    if (static_cast<long long>(frame) >= animated) return 1.0;
    static const QEasingCurve easing(QEasingCurve::InOutCubic);  // the window's curve
    return easing.valueForProgress(double(frame) / double(animated));
}

sim::Status exportSequence(const SequenceRequest& request, FrameWriter& writer) {
    if (!request.scene || !request.session || !request.renderer)
        return cancelled(writer, sim::fail("nothing to export: no scene, session or view"));
    const std::vector<std::size_t> steps = sequenceSteps(request.from, request.to, request.every);
    if (steps.empty())
        return cancelled(writer, sim::fail("invalid step range " + std::to_string(request.from) + ".." +
                                           std::to_string(request.to) + " every " + std::to_string(request.every)));
    const std::size_t perStep = framesPerStep(request.timing);
    const std::size_t count = steps.size() * perStep;
    const int passes = std::max(1, writer.passes());
    const std::size_t total = count * std::size_t(passes);

    RenderState state;
    state.session = request.session;
    state.theme = request.options.theme;
    state.selected = request.selected;
    state.options = request.viewOptions;
    std::size_t done = 0;
    for (int pass = 0; pass < passes; ++pass) {
        if (auto status = writer.beginPass(pass); !status) return cancelled(writer, status);
        for (std::size_t s = 0; s < steps.size(); ++s) {
            const std::size_t step = steps[s];
            const std::size_t reached = request.session->seek(step);
            if (reached != step)
                return cancelled(
                    writer, sim::fail("step " + std::to_string(step) + " is past the end: the scene '" +
                                      request.scene->model.id + "' ends after " + std::to_string(reached) + " steps"));
            if (request.options.caption || writer.captionsAsText()) {
                const StepCaption caption = stepCaption(*request.scene, *request.session, step, request.selected);
                state.caption = caption.full;
                state.captionSummary = caption.summary;
            }
            for (std::size_t f = 0; f < perStep; ++f) {
                ExportFrame frame;
                frame.index = s * perStep + f;
                frame.count = count;
                frame.step = step;
                frame.durationMs = request.timing.oneFramePerStep ? request.timing.holdMs
                                                                  : frameDurationMs(frame.index, request.timing.fps);
                state.progress = stepProgress(f, perStep, request.timing);
                if (auto status = writer.add(*request.renderer, state, request.options, frame); !status)
                    return cancelled(writer, status);
                ++done;
                if (request.progress && !request.progress(done, total))
                    return cancelled(writer, sim::fail(kExportCancelled));
            }
        }
    }
    if (auto status = writer.finish(); !status) return cancelled(writer, status);
    return sim::Ok{};
}

}  // namespace commviz::views
