#pragma once

#include "shell/scene_descriptor.h"

namespace commviz::views {

/// The `collectives` scene: Open MPI's and NCCL's collective algorithms, one
/// round per step, with real data and Hockney costs.
SceneDescriptor collectivesScene();

}  // namespace commviz::views
