#include "scene_registry.h"

namespace commviz::app {

views::SceneRegistry buildSceneRegistry() {
    views::SceneRegistry registry;
    return registry;
}

}  // namespace commviz::app
