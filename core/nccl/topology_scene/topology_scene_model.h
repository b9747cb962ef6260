#pragma once

#include "sim/scene_model.h"

namespace commviz::nccl_topology {

/// The `nccl-topology` scene's keys (topologyKeys() and the three files) and
/// how to build its session.
sim::SceneModel sceneModel();

}  // namespace commviz::nccl_topology
