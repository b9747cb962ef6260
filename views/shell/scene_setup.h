#pragma once

#include <QString>
#include <memory>
#include <optional>

#include "shell/scene_descriptor.h"
#include "shell/scene_registry.h"
#include "sim/json.h"
#include "sim/param_spec.h"
#include "sim/result.h"

namespace commviz::views {

/// What a session is built from: a scene, its key values and an optional scenario.
struct SceneSetup {
    const SceneDescriptor* scene = nullptr;
    sim::ParamValues values;
    std::optional<sim::Json> scenario;
    QString scenarioPath;  ///< file or ":/resource" path the scenario came from
};

/// Reads a scenario from a file or a Qt resource and checks its envelope
/// (the bytes are read here, the parsing is core's).
sim::Result<sim::Json> loadScenario(const QString& path, const SceneDescriptor& scene);

/// The scene id a scenario file names in its "scene" field, or empty when the
/// file cannot be read or names none (loadScenario then says what is wrong).
QString scenarioSceneId(const QString& path);
/// As above, else the scene of `registry` that reads files with this suffix
/// (SceneDescriptor::foreignScenarioSuffixes), else empty.
QString scenarioSceneId(const QString& path, const SceneRegistry& registry);
/// "*.json *.cfg": every suffix File > Open reads, for the file dialog.
QString scenarioFilePatterns(const SceneRegistry& registry);

/// Builds the session; the error message is ready to show to a person.
sim::Result<std::unique_ptr<sim::Session>> buildSession(const SceneSetup& setup);

}  // namespace commviz::views
