#pragma once

#include <memory>
#include <ostream>

#include "catalog/scene_catalog.h"
#include "cli/command_line.h"
#include "sim/session.h"

namespace commviz::app::cli {

/// The scene a command names with --scene, else the one its --scenario file
/// names; the error lists the ids that exist.
sim::Result<const catalog::SceneEntry*> findScene(const SceneChoice& choice);

/// Builds the session from the scenario file and the --set assignments (which
/// win over the scenario, which wins over the defaults); errors name the file,
/// key or value at fault.
sim::Result<std::unique_ptr<sim::Session>> buildSession(const catalog::SceneEntry& scene, const SceneChoice& choice);

/// `commviz NAME ARGS…` for a command a scene adds (`noc`, `nccl-topo`,
/// `nccl-log`); an unknown NAME fails listing every command there is.
sim::Status runSceneCommand(const SceneCommandCall& call, std::ostream& out);

}  // namespace commviz::app::cli
