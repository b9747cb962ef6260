#include "cli/scenes_command.h"

#include "shell/key_help.h"
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

std::string text(const std::function<QString()>& get) { return get ? get().toStdString() : std::string(); }

std::string readable(const sim::Json& value) { return value.is_string() ? value.get<std::string>() : value.dump(); }

sim::Json keyJson(const sim::ParamSpec& spec) {
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
    key["help"] = views::keyHelp(spec).toStdString();
    return key;
}

sim::Json sceneJson(const views::SceneDescriptor& scene) {
    sim::Json keys = sim::Json::array();
    for (const auto& spec : scene.model.params) keys.push_back(keyJson(spec));
    return {{"id", scene.model.id},
            {"name", text(scene.name)},
            {"description", text(scene.description)},
            {"step_cap", scene.model.stepCap},
            {"keys", std::move(keys)}};
}

// A scene's own commands (e.g. `commviz noc CONFIG`), listed only when it has some.
void addCommands(sim::Json& json, const views::SceneDescriptor& scene) {
    if (scene.commands.empty()) return;
    sim::Json commands = sim::Json::array();
    for (const auto& command : scene.commands)
        commands.push_back({{"name", command.name}, {"synopsis", command.synopsis}, {"summary", command.summary}});
    json["commands"] = std::move(commands);
}

void printScene(std::ostream& out, const views::SceneDescriptor& scene) {
    out << scene.model.id << "  " << text(scene.name) << "\n";
    if (const std::string line = text(scene.description); !line.empty()) out << "  " << line << "\n";
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
        if (!spec.help.empty()) out << "        " << views::keyHelp(spec).toStdString() << "\n";
    }
}

}  // namespace

void listScenes(const ScenesCommand& command, const views::SceneRegistry& registry, std::ostream& out) {
    if (command.json) {
        sim::Json scenes = sim::Json::array();
        for (const auto& scene : registry.scenes()) {
            sim::Json json = sceneJson(scene);
            addCommands(json, scene);
            scenes.push_back(std::move(json));
        }
        out << sim::Json{{"scenes", std::move(scenes)}}.dump(2, ' ', false, sim::Json::error_handler_t::replace)
            << "\n";
    } else {
        bool first = true;
        for (const auto& scene : registry.scenes()) {
            if (!first) out << "\n";
            first = false;
            printScene(out, scene);
        }
        if (registry.scenes().empty()) out << "no scenes are registered in this build\n";
    }
    out.flush();
}

}  // namespace commviz::app::cli
