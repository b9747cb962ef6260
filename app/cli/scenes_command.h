#pragma once

#include <ostream>

#include "cli/command_line.h"
#include "shell/scene_registry.h"

namespace commviz::app::cli {

/// `commviz scenes`: every scene's id, name, description and settable keys.
void listScenes(const ScenesCommand& command, const views::SceneRegistry& registry, std::ostream& out);

}  // namespace commviz::app::cli
