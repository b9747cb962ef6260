#include "export/lesson_sequence.h"

#include <QFileInfo>
#include <algorithm>
#include <memory>

#include "shell/scene_setup.h"

namespace commviz::views {

namespace {

constexpr int kLookMs = 2500;        // time to take in the figure before reading
constexpr int kPerCharacterMs = 45;  // about 22 characters a second, a relaxed reading pace
constexpr int kWideCharacter = 3;    // a CJK character carries about as much as a short word
constexpr int kShortestMs = 3000;
constexpr int kLongestMs = 15000;  // past this a reader pauses the video anyway

bool isWide(char32_t c) {
    return (c >= 0x2e80 && c <= 0x9fff)        // CJK radicals, punctuation, kana, unified ideographs
           || (c >= 0xac00 && c <= 0xd7af)     // Hangul
           || (c >= 0xf900 && c <= 0xfaff)     // compatibility ideographs
           || (c >= 0xff00 && c <= 0xffef)     // full-width forms
           || (c >= 0x20000 && c <= 0x2ffff);  // the ideograph extensions
}

sim::Error stepError(std::size_t index, const std::string& what) {
    return sim::fail("lesson step " + std::to_string(index + 1) + ": " + what);
}

// The session a lesson step shows, kept from step to step while the scenario stays.
struct LessonSession {
    std::unique_ptr<sim::Session> session;
    QString scenario;
};

sim::Status moveTo(LessonSession& current, const SceneDescriptor& scene, const LessonStep& step, std::size_t index) {
    if (!current.session || (!step.scenario.isEmpty() && step.scenario != current.scenario)) {
        // As the Tutorial panel does: the step's scenario with no key of its own set.
        SceneSetup setup;
        setup.scene = &scene;
        if (!step.scenario.isEmpty()) {
            auto scenario = loadScenario(step.scenario, scene);
            if (!scenario) return stepError(index, scenario.error().message);
            setup.scenario = std::move(scenario).value();
            setup.scenarioPath = step.scenario;
        }
        auto built = buildSession(setup);
        if (!built) return stepError(index, built.error().message);
        current.session = std::move(built).value();
        current.scenario = step.scenario;
    }
    const std::size_t reached = current.session->seek(step.step);
    if (reached < step.step)
        return stepError(index, "step " + std::to_string(step.step) +
                                    " is past the end of the scene, which ends after " + std::to_string(reached) +
                                    " steps");
    return sim::Ok{};
}

}  // namespace

std::vector<LessonRef> lessonRefs(const SceneRegistry& registry) {
    std::vector<LessonRef> refs;
    for (const SceneDescriptor& scene : registry.scenes()) {
        QStringList paths = scene.moreLessons;
        if (!scene.lessonPath.isEmpty()) paths.prepend(scene.lessonPath);
        for (const QString& path : paths) refs.push_back({QFileInfo(path).completeBaseName(), path, &scene});
    }
    return refs;
}

sim::Result<LessonRef> findLesson(const SceneRegistry& registry, const QString& id) {
    QStringList ids;
    for (const LessonRef& ref : lessonRefs(registry)) {
        if (ref.id == id) return ref;
        ids << ref.id;
    }
    return sim::fail("unknown --lesson '" + id.toStdString() + "': allowed lesson ids are " +
                     (ids.isEmpty() ? std::string("none") : ids.join(QStringLiteral(", ")).toStdString()));
}

int lessonStepDurationMs(const QString& text) {
    long long units = 0;
    for (const char32_t c : text.toUcs4()) units += isWide(c) ? kWideCharacter : 1;
    const long long ms = kLookMs + kPerCharacterMs * units;
    return int(std::clamp<long long>(ms, kShortestMs, kLongestMs));
}

sim::Status writeLessonSequence(const Lesson& lesson, const SceneDescriptor& scene, const LessonExportOptions& options,
                                FrameWriter& writer, const LessonProgress& progress) {
    if (!scene.createRenderer) return sim::fail("scene '" + scene.model.id + "' has no view to export");
    const auto renderer = scene.createRenderer();
    if (!renderer) return sim::fail("scene '" + scene.model.id + "' has no view to export");
    FigureOptions figure = options.figure;
    figure.caption = true;  // the narration is the point of a lesson
    const std::size_t count = lesson.steps.size();
    const std::size_t total = count * std::size_t(std::max(1, writer.passes()));
    std::size_t done = 0;
    auto stop = [&writer](sim::Error error) {
        writer.cancel();
        return error;
    };
    for (int pass = 0; pass < std::max(1, writer.passes()); ++pass) {
        if (auto status = writer.beginPass(pass); !status) return stop(status.error());
        // Every pass builds its sessions again, so no frame is kept between passes.
        LessonSession current;
        for (std::size_t i = 0; i < count; ++i) {
            const LessonStep& step = lesson.steps[i];
            if (auto status = moveTo(current, scene, step, i); !status) return stop(status.error());
            RenderState state;
            state.session = current.session.get();
            state.theme = figure.theme;
            state.highlights = step.highlights;
            state.caption = localized(step.narration, options.language);
            state.options = options.viewOptions;
            ExportFrame frame;
            frame.index = i;
            frame.count = count;
            frame.step = step.step;
            frame.durationMs = lessonStepDurationMs(state.caption);
            if (auto status = writer.add(*renderer, state, figure, frame); !status) return stop(status.error());
            ++done;
            if (progress && !progress(done, total)) return stop(sim::fail("export cancelled"));
        }
    }
    if (auto status = writer.finish(); !status) return stop(status.error());
    return sim::Ok{};
}

}  // namespace commviz::views
