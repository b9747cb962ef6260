#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "sim/result.h"

namespace commviz::noc {

/// `commviz noc CONFIG [key=value]... [--json]`: reads a BookSim config file,
/// applies the overrides as BookSim's command line does, runs the batch path
/// (the engine alone, no timeline) and prints the statistics in BookSim's
/// wording and layout (config echo, OVERRIDE lines, sample periods, overall
/// block) or, with --json, as one JSON object. Bad input fails with one line.
sim::Status runNocCommand(const std::vector<std::string>& args, std::ostream& out);

}  // namespace commviz::noc
