#pragma once

#include <ostream>

#include "cli/command_line.h"

namespace commviz::app::cli {

/// `commviz run`: steps the scene headless and prints a summary or one JSON object.
sim::Status runScene(const RunCommand& command, std::ostream& out);

}  // namespace commviz::app::cli
