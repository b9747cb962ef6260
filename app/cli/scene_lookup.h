#pragma once

#include <memory>

#include "cli/command_line.h"
#include "shell/scene_registry.h"
#include "sim/session.h"

namespace commviz::app::cli {

/// The scene a command names with --scene, else the one its --scenario file
/// names; the error lists the ids that exist.
sim::Result<const views::SceneDescriptor*> findScene(const views::SceneRegistry& registry, const SceneChoice& choice);

/// Builds the session from the scenario file and the --set assignments (which
/// win over the scenario, which wins over the defaults); errors name the file,
/// key or value at fault.
sim::Result<std::unique_ptr<sim::Session>> buildSession(const views::SceneDescriptor& scene, const SceneChoice& choice);

}  // namespace commviz::app::cli
