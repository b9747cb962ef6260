#pragma once

#include "shell/scene_registry.h"

namespace commviz::app {

/// Every scene of this build, registered here with one line each.
views::SceneRegistry allScenes();

}  // namespace commviz::app
