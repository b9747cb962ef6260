#pragma once

// What the registry-wide view tests walk: for one scene, every bundled example
// scenario and every scenario a lesson of it opens, each built into a session.

#include <QSet>
#include <QString>
#include <QStringList>
#include <memory>

#include "shell/scene_descriptor.h"
#include "shell/scene_setup.h"
#include "tutorial/lesson.h"

namespace commviz::tests {

/// The scene's lessons: the main one and the further ones.
inline QStringList lessonPaths(const views::SceneDescriptor& scene) {
    QStringList paths = scene.moreLessons;
    if (!scene.lessonPath.isEmpty()) paths.prepend(scene.lessonPath);
    return paths;
}

/// Example scenarios plus the scenarios the lessons open, each once.
inline QStringList scenarioPaths(const views::SceneDescriptor& scene) {
    QStringList paths = scene.exampleScenarios;
    for (const QString& lessonPath : lessonPaths(scene)) {
        auto lesson = views::loadLesson(lessonPath);
        if (!lesson) continue;
        for (const auto& step : lesson.value().steps)
            if (!step.scenario.isEmpty() && !paths.contains(step.scenario)) paths << step.scenario;
    }
    return paths;
}

/// What a session (or a SimulationController) is built from: the scene, the
/// keys a person set, and a scenario.
inline views::SceneSetup sceneSetup(const views::SceneDescriptor& scene, sim::ParamValues values = {},
                                    std::optional<sim::Json> scenario = std::nullopt) {
    views::SceneSetup setup;
    setup.scene = &scene;
    setup.values = std::move(values);
    setup.scenario = std::move(scenario);
    return setup;
}

/// A session of the scene's model from `values` and no scenario; fails the run when it cannot be built.
inline std::unique_ptr<sim::Session> modelSession(const views::SceneDescriptor& scene,
                                                  const sim::ParamValues& values = {}) {
    auto session = scene.model.build(values, std::nullopt);
    if (!session) qFatal("build failed: %s", session.error().message.c_str());
    return std::move(session).value();
}

/// A session built from a setup; null with a warning when it cannot be built.
inline std::unique_ptr<sim::Session> sceneSession(const views::SceneSetup& setup) {
    auto built = views::buildSession(setup);
    if (!built) {
        qWarning("%s", built.error().message.c_str());
        return nullptr;
    }
    return std::move(built).value();
}

/// A session of the scene from a scenario (none: the scene's defaults); null
/// with a warning when it cannot be built.
inline std::unique_ptr<sim::Session> sceneSession(const views::SceneDescriptor& scene,
                                                  std::optional<sim::Json> scenario) {
    return sceneSession(sceneSetup(scene, {}, std::move(scenario)));
}

inline std::unique_ptr<sim::Session> sceneSession(const views::SceneDescriptor& scene, const QString& path) {
    if (path.isEmpty()) return sceneSession(scene, std::nullopt);
    auto scenario = views::loadScenario(path, scene);
    if (!scenario) {
        qWarning("%s", scenario.error().message.c_str());
        return nullptr;
    }
    return sceneSession(scene, std::move(scenario).value());
}

}  // namespace commviz::tests
