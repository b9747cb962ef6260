#include "sim/scene_model.h"

#include "sim/scenario_file.h"

namespace commviz::sim {

Result<MergedKeys> resolveKeys(const SceneModel& model, const ParamValues& values,
                               const std::optional<Json>& scenario) {
    ParamValues fromScenario;
    if (scenario) {
        auto read =
            model.scenarioKeys ? model.scenarioKeys(*scenario) : topLevelKeys(model.params, *scenario, false, model.id);
        if (!read) return read.error();
        fromScenario = std::move(read).value();
    }
    return mergeKeys(model.params, values, fromScenario);
}

Json scenarioFor(const SceneModel& model, const ParamValues& values, const std::optional<Json>& scenario) {
    if (model.toScenario) return model.toScenario(values, scenario);
    Json doc = scenario ? *scenario : Json{{"scene", model.id}, {"format", kScenarioFormat}};
    for (const auto& [key, value] : values) doc[key] = value;
    return doc;
}

}  // namespace commviz::sim
