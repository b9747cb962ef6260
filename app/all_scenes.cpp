#include "all_scenes.h"

#include "collectives_scene/collectives_scene.h"
#include "nccl/bootstrap_scene/nccl_scene.h"
#include "nccl/topology_scene/topology_scene.h"
#include "noc/noc_scene.h"
#include "rdma/rdma_scene.h"
#include "rdma_vs_socket/rdma_vs_socket_scene.h"

namespace commviz::app {

views::SceneRegistry allScenes() {
    views::SceneRegistry registry;
    registry.add(views::rdmaScene());
    registry.add(views::rdmaVsSocketScene());
    registry.add(views::ncclBootstrapScene());
    registry.add(views::nocScene());
    registry.add(views::collectivesScene());
    registry.add(views::ncclTopologyScene());
    return registry;
}

}  // namespace commviz::app
