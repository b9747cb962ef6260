#include "all_scenes.h"

#include <map>
#include <string_view>

#include "catalog/scene_catalog.h"
#include "collectives_scene/collectives_scene.h"
#include "nccl/bootstrap_scene/nccl_scene.h"
#include "nccl/topology_scene/topology_scene.h"
#include "noc/noc_scene.h"
#include "rdma/rdma_scene.h"
#include "rdma_vs_socket/rdma_vs_socket_scene.h"

namespace commviz::app {

views::SceneRegistry allScenes() {
    // Each catalog entry's view, by its id: the renderer, narration, lessons and docks.
    static const std::map<std::string_view, views::SceneDescriptor (*)()> kViews = {
        {"rdma", &views::rdmaScene},
        {"rdma-vs-socket", &views::rdmaVsSocketScene},
        {"nccl-bootstrap", &views::ncclBootstrapScene},
        {"noc", &views::nocScene},
        {"collectives", &views::collectivesScene},
        {"nccl-topology", &views::ncclTopologyScene},
    };
    views::SceneRegistry registry;
    for (const catalog::SceneEntry& entry : catalog::scenes()) registry.add(kViews.at(entry.model.id)());
    return registry;
}

}  // namespace commviz::app
