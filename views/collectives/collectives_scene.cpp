#include "collectives/collectives_scene.h"

#include "collectives/collectives_engine.h"
#include "collectives/collectives_renderer.h"
#include "collectives/collectives_scene_model.h"
#include "collectives/collectives_text.h"

namespace commviz::views {

SceneDescriptor collectivesScene() {
    SceneDescriptor scene;
    scene.model = collectives::sceneModel();
    scene.name = &CollectivesText::name;
    scene.description = &CollectivesText::description;
    scene.about = &CollectivesText::about;
    scene.iconPath = QStringLiteral(":/icons/collectives.svg");
    scene.createRenderer = [] { return std::make_unique<CollectivesRenderer>(); };
    scene.eventKinds = &collectives::CollectivesEngine::eventKinds;
    scene.narration = &CollectivesText::table();
    scene.exampleScenarios = {QStringLiteral(":/scenarios/collectives/ring_allreduce_16.json")};
    return scene;
}

}  // namespace commviz::views
