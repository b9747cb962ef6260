#pragma once

#include "shell/scene_descriptor.h"

namespace commviz::views {

/// The "rdma" scene: verbs queues from WR to WC over one RC connection.
SceneDescriptor rdmaScene();

}  // namespace commviz::views
