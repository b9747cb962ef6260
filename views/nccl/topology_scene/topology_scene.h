#pragma once

#include "shell/scene_descriptor.h"

namespace commviz::views {

/// The `nccl-topology` scene: a server's NCCL topology XML read, its paths,
/// rings and trees searched and joined across nodes, stage by stage; or an
/// NCCL_DEBUG=INFO log drawn.
SceneDescriptor ncclTopologyScene();

}  // namespace commviz::views
