#pragma once

#include "cli/command_line.h"
#include "shell/scene_registry.h"

namespace commviz::app::cli {

/// `commviz export`: builds the session, seeks to --step (default: the end) and
/// writes the figure. Needs a QGuiApplication (offscreen is fine).
sim::Status exportScene(const ExportCommand& command, const views::SceneRegistry& registry);

}  // namespace commviz::app::cli
