#include "cli/export_command.h"

#include <QImage>
#include <QPainter>

#include "cli/scene_lookup.h"
#include "export/figure_exporter.h"
#include "shell/step_caption.h"

namespace commviz::app::cli {

namespace {

views::FigureOptions::Format figureFormat(FigureFormat format) {
    switch (format) {
        case FigureFormat::Png:
            return views::FigureOptions::Format::Png;
        case FigureFormat::Svg:
            return views::FigureOptions::Format::Svg;
        case FigureFormat::Pdf:
            return views::FigureOptions::Format::Pdf;
    }
    return views::FigureOptions::Format::Png;
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


}  // namespace

sim::Status exportScene(const ExportCommand& command, const views::SceneRegistry& registry) {
    auto scene = findScene(registry, command.choice);
    if (!scene) return scene.error();
    const views::SceneDescriptor& descriptor = *scene.value();
    if (!descriptor.createRenderer) return sim::fail("scene '" + descriptor.model.id + "' has no view to export");
    auto built = buildSession(descriptor, command.choice);
    if (!built) return built.error();
    sim::Session& session = *built.value();
    if (command.memoryMib) session.setMemoryBudget(*command.memoryMib << 20);

    const std::size_t cap = descriptor.model.stepCap;
    if (command.step && *command.step > cap)
        return sim::fail("invalid --step '" + std::to_string(*command.step) + "': allowed 0 to " + std::to_string(cap) +
                         ", the step cap of scene '" + descriptor.model.id + "'");
    if (command.step) {
        const std::size_t reached = session.seek(*command.step);
        if (reached < *command.step)
            return sim::fail("invalid --step '" + std::to_string(*command.step) + "': allowed 0 to " +
                             std::to_string(reached) + ", the scene '" + descriptor.model.id + "' ends after " +
                             std::to_string(reached) + " steps");
    } else {
        session.runToEnd(cap);
    }

    views::FigureOptions options;
    options.format = figureFormat(command.format);
    options.scale = command.scale;
    options.theme = views::Theme::byId(QString::fromStdString(command.theme));
    options.caption = command.caption;

    views::RenderState state;
    state.session = &session;
    state.theme = options.theme;
    const auto renderer = descriptor.createRenderer();
    if (!renderer) return sim::fail("scene '" + descriptor.model.id + "' has no view to export");
    if (!command.select.empty()) {
        if (auto status = checkDrawn(*renderer, state, command.select); !status) return status;
        state.selected = QString::fromStdString(command.select);
    }
    // The caption travels in the state: a scene with a narration strip shows it
    // there, any other gets a band under the figure. Both say the step's
    // narration (the Narration dock's sentences), or its summary where that
    // does not fit, leading with the selected object.
    if (command.caption) {
        const views::StepCaption caption = views::stepCaption(descriptor, session, session.cursor(), state.selected);
        state.caption = caption.full;
        state.captionSummary = caption.summary;
    }
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
        state.options << QString::fromStdString(option);
    }
    return views::exportFigure(*renderer, state, options, QString::fromStdString(command.output));
}

}  // namespace commviz::app::cli
