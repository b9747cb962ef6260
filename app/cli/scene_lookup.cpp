#include "cli/scene_lookup.h"

#include "catalog/scene_setup.h"
#include "sim/scenario_file.h"
#include "sim/text_file.h"

namespace commviz::app::cli {

namespace {

/// True when the file holds a JSON object (whatever its fields).
bool isObjectFile(const std::string& path) {
    const auto text = sim::readTextFile(path, "scenario file", 16u << 20);
    return text && sim::Json::parse(text.value(), nullptr, false).is_object();
}

}  // namespace

sim::Result<const catalog::SceneEntry*> findScene(const SceneChoice& choice) {
    std::string id = choice.scene;
    if (id.empty() && !choice.scenario.empty()) id = catalog::scenarioSceneId(choice.scenario);
    if (id.empty() && !choice.scenario.empty()) {
        // The file names no scene it can be read for: say what is wrong with it
        // (missing, not JSON at line:column, not an object, no "scene"). Only
        // the last is mended by naming a scene, so only it lists the ids.
        if (auto doc = sim::readScenarioFile(choice.scenario, ""); !doc) {
            if (!isObjectFile(choice.scenario)) return doc.error();
            return sim::fail(doc.error().message + "; scene ids are " + catalog::sceneIds());
        }
    }
    if (id.empty())
        return sim::fail("missing --scene ID (or a --scenario file naming its \"scene\"): allowed scene ids are " +
                         catalog::sceneIds());
    const catalog::SceneEntry* scene = catalog::findScene(id);
    if (!scene) return sim::fail("unknown scene '" + id + "': allowed scene ids are " + catalog::sceneIds());
    return scene;
}

sim::Result<std::unique_ptr<sim::Session>> buildSession(const catalog::SceneEntry& scene, const SceneChoice& choice) {
    // Only the keys set here go to build: they win over the scenario's fields,
    // which win over the defaults (SceneModel::build).
    std::optional<sim::Json> scenario;
    if (!choice.scenario.empty()) {
        auto read = catalog::readScenario(choice.scenario, scene.model.id, scene.foreign);
        if (!read) return read.error();
        scenario = std::move(read).value();
    }
    sim::ParamValues values;
    if (auto status = sim::applyAssignments(scene.model.params, choice.sets, values); !status) return status.error();
    return catalog::buildSession(scene.model, values, scenario);
}

sim::Status runSceneCommand(const SceneCommandCall& call, std::ostream& out) {
    const catalog::SceneCommand* command = catalog::findCommand(call.name);
    if (!command) {
        std::string list;
        for (const std::string& name : builtInCommands()) list += (list.empty() ? "" : ", ") + name;
        for (const catalog::SceneEntry& scene : catalog::scenes())
            for (const catalog::SceneCommand& known : scene.commands) list += ", " + known.name;
        return sim::fail("unknown command '" + call.name + "': allowed " + list + " (see commviz --help)");
    }
    return command->run(call.args, out);
}

}  // namespace commviz::app::cli
