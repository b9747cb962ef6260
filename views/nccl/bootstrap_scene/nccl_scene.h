#pragma once

#include "shell/scene_descriptor.h"

namespace commviz::views {

/// The "nccl-bootstrap" scene: ncclGetUniqueId, bootstrapInit's check-ins with
/// the root, the ring and its allgather, initTransportsRank, with the INFO log.
SceneDescriptor ncclBootstrapScene();

}  // namespace commviz::views
