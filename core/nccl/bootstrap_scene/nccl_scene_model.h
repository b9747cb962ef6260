#pragma once

#include "sim/scene_model.h"

namespace commviz::nccl {

/// The NCCL bootstrap scene without GUI: id "nccl-bootstrap", the keys of
/// nccl_config.h. build() (sim::makeSceneModel) merges keys a person set >
/// scenario fields > defaults and returns a sim::TimelineSession<NcclEngine>.
sim::SceneModel sceneModel();

}  // namespace commviz::nccl
