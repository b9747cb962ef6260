#pragma once

#include "sim/scene_model.h"

namespace commviz::collectives {

/// The `collectives` scene's keys and how to build its session (not yet
/// registered in the app).
sim::SceneModel sceneModel();

}  // namespace commviz::collectives
