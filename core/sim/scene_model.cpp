#include "sim/scene_model.h"

#include "sim/scenario_file.h"

namespace commviz::sim {

Json scenarioFor(const SceneModel& model, const ParamValues& values, const std::optional<Json>& scenario) {
    if (model.toScenario) return model.toScenario(values, scenario);
    Json doc = scenario ? *scenario : Json{{"scene", model.id}, {"format", kScenarioFormat}};
    for (const auto& [key, value] : values) doc[key] = value;
    return doc;
}

}  // namespace commviz::sim
