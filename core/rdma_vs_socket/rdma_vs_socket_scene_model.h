#pragma once

#include "sim/scene_model.h"

namespace commviz::rdma_vs_socket {

/// The "Why RDMA" scene without GUI: id "rdma-vs-socket", keys message_size,
/// messages, verbs_op, order. build() takes scenario fields as keys and lets
/// `values` (--set, the Parameters dock) override them; it returns a
/// sim::TimelineSession<RdmaVsSocketEngine>.
sim::SceneModel sceneModel();

}  // namespace commviz::rdma_vs_socket
