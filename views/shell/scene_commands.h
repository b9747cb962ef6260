#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "shell/scene_registry.h"
#include "sim/result.h"

namespace commviz::views {

/// The scene command named `name` (SceneDescriptor::commands), or null.
const SceneCommand* findSceneCommand(const SceneRegistry& registry, const std::string& name);

/// Every scene command's name, in registry order.
std::vector<std::string> sceneCommandNames(const SceneRegistry& registry);

/// Runs the scene command `name` with `args` (what followed it on the command
/// line). An unknown name fails with "unknown command 'NAME': allowed …",
/// listing `builtIn` and then every scene command.
sim::Status runSceneCommand(const SceneRegistry& registry, const std::string& name,
                            const std::vector<std::string>& args, std::ostream& out,
                            const std::vector<std::string>& builtIn);

}  // namespace commviz::views
