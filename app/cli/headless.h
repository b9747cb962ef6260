#pragma once

#include "cli/command_line.h"

namespace commviz::app::cli {

/// Runs `run`, `export` or `scenes` without a window: it creates its own
/// QCoreApplication, or an offscreen QGuiApplication for export, so it works
/// with no display. Returns the process exit status.
int runHeadless(const Command& command, const char* programName);

}  // namespace commviz::app::cli
