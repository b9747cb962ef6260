// libFuzzer target: a scenario file of the "collectives" scene (see scenario_target.h).
#include "collectives_scene/collectives_scene_model.h"
#include "scenario_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const commviz::sim::SceneModel model = commviz::collectives::sceneModel();
    return commviz::fuzz::fuzzScenario(model, data, size);
}
