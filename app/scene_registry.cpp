#include "scene_registry.h"

#include "rdma/rdma_scene.h"

namespace commviz::app {

views::SceneRegistry buildSceneRegistry() {
    views::SceneRegistry registry;
    registry.add(views::rdmaScene());
    return registry;
}

}  // namespace commviz::app
