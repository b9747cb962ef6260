#include "cli/scenes_command.h"

#include "catalog/scene_catalog.h"
#include "sim/json.h"

namespace commviz::app::cli {

namespace {

const char* typeName(sim::ParamType type) {
    switch (type) {
        case sim::ParamType::Int:
            return "int";
        case sim::ParamType::Double:
            return "number";
        case sim::ParamType::Bool:
            return "bool";
        case sim::ParamType::Choice:
            return "choice";
        case sim::ParamType::Text:
            return "text";
    }
    return "";
}

std::string readable(const sim::Json& value) { return value.is_string() ? value.get<std::string>() : value.dump(); }

sim::Json keyJson(const sim::ParamSpec& spec, const Translate& translate) {
    sim::Json key{{"key", spec.key}, {"type", typeName(spec.type)}, {"default", spec.defaultValue}};
    if (spec.type == sim::ParamType::Int) {
        key["min"] = static_cast<long long>(spec.min);
        key["max"] = static_cast<long long>(spec.max);
    } else if (spec.type == sim::ParamType::Double) {
        key["min"] = spec.min;
        key["max"] = spec.max;
    }
    if (spec.type == sim::ParamType::Choice) key["choices"] = spec.choices;
    key["allowed"] = sim::describeAllowed(spec);
    key["help"] = translate("commviz::params", spec.help.c_str());
    return key;
}

sim::Json sceneJson(const catalog::SceneEntry& scene, const Translate& translate) {
    sim::Json keys = sim::Json::array();
    for (const auto& spec : scene.model.params) keys.push_back(keyJson(spec, translate));
    return {{"id", scene.model.id},
            {"name", translate("commviz::scenes", scene.name)},
            {"description", translate("commviz::scenes", scene.description)},
            {"step_cap", scene.model.stepCap},
            {"keys", std::move(keys)}};
}

// A scene's own commands (e.g. `commviz noc CONFIG`), listed only when it has some.
void addCommands(sim::Json& json, const catalog::SceneEntry& scene) {
    if (scene.commands.empty()) return;
    sim::Json commands = sim::Json::array();
    for (const auto& command : scene.commands)
        commands.push_back({{"name", command.name}, {"synopsis", command.synopsis}, {"summary", command.summary}});
    json["commands"] = std::move(commands);
}

void printScene(std::ostream& out, const catalog::SceneEntry& scene, const Translate& translate) {
    out << scene.model.id << "  " << translate("commviz::scenes", scene.name) << "\n";
    if (const std::string line = translate("commviz::scenes", scene.description); !line.empty())
        out << "  " << line << "\n";
    for (const auto& command : scene.commands)
        out << "  command: commviz " << command.synopsis << "\n        " << command.summary << "\n";
    if (scene.model.params.empty()) {
        out << "  keys: none\n";
        return;
    }
    out << "  keys:\n";
    for (const auto& spec : scene.model.params) {
        out << "    " << spec.key << "  " << typeName(spec.type) << ", default " << readable(spec.defaultValue) << ", "
            << sim::describeAllowed(spec) << "\n";
        if (!spec.help.empty()) out << "        " << translate("commviz::params", spec.help.c_str()) << "\n";
    }
}

}  // namespace

std::string untranslated(const char*, const char* text) { return text; }

void listScenes(const ScenesCommand& command, std::ostream& out, const Translate& translate) {
    if (command.json) {
        sim::Json scenes = sim::Json::array();
        for (const auto& scene : catalog::scenes()) {
            sim::Json json = sceneJson(scene, translate);
            addCommands(json, scene);
            scenes.push_back(std::move(json));
        }
        out << sim::Json{{"scenes", std::move(scenes)}}.dump(2, ' ', false, sim::Json::error_handler_t::replace)
            << "\n";
    } else {
        bool first = true;
        for (const auto& scene : catalog::scenes()) {
            if (!first) out << "\n";
            first = false;
            printScene(out, scene, translate);
        }
    }
    out.flush();
}

}  // namespace commviz::app::cli
