#pragma once

#include "shell/scene_descriptor.h"

namespace commviz::views {

/// The "rdma-vs-socket" scene: one message through the kernel TCP socket path
/// and through the verbs path, stage by stage, with counters.
SceneDescriptor rdmaVsSocketScene();

}  // namespace commviz::views
