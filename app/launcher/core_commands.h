#pragma once

#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "sim/result.h"

namespace commviz::app {

/// A scene command that needs nothing but the core (`commviz noc CONFIG`):
/// the launcher runs it without loading Qt.
struct CoreCommand {
    const char* name;
    sim::Status (*run)(const std::vector<std::string>& args, std::ostream& out);
};

/// Every core scene command; each is also a SceneCommand of its scene, which
/// tst_views_scene_registry checks.
std::span<const CoreCommand> coreCommands();

/// The core command called `name`, or null.
const CoreCommand* findCoreCommand(const std::string& name);

}  // namespace commviz::app
