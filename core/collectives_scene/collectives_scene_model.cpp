#include "collectives_scene/collectives_scene_model.h"

#include "collectives_scene/collectives_config.h"
#include "collectives_scene/collectives_engine.h"
#include "sim/session.h"

namespace commviz::collectives {

static_assert(sim::Engine<CollectivesEngine>);

sim::SceneModel sceneModel() {
    sim::SceneModel model;
    model.id = "collectives";
    model.params = params();
    // The longest schedules: segmented ring phases x (p-1) + (p-1) rounds.
    model.stepCap = 10'000'000;
    model.scenarioKeys = [](const sim::Json& scenario) {
        return sim::topLevelKeys(params(), scenario, true, "collectives");
    };
    return sim::makeSceneModel<CollectivesEngine>(
        std::move(model),
        [](const sim::MergedKeys& keys, const std::optional<sim::Json>&) -> sim::Result<CollectivesEngine> {
            auto config = configOf(keys);
            if (!config) return config.error();
            return CollectivesEngine::create(config.value());
        });
}

}  // namespace commviz::collectives
