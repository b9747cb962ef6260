#pragma once

#include "shell/scene_descriptor.h"

namespace commviz::views {

/// The `noc` scene: BookSim2's iq router network, one cycle per step, and the
/// `commviz noc CONFIG` command.
SceneDescriptor nocScene();

}  // namespace commviz::views
