#pragma once

#include <ostream>

#include "cli/command_line.h"
#include "shell/scene_registry.h"

namespace commviz::app::cli {

/// `commviz run`: steps the scene headless and prints a summary or one JSON object.
sim::Status runScene(const RunCommand& command, const views::SceneRegistry& registry, std::ostream& out);

}  // namespace commviz::app::cli
