#include "shell/scene_commands.h"

namespace commviz::views {

const SceneCommand* findSceneCommand(const SceneRegistry& registry, const std::string& name) {
    for (const auto& scene : registry.scenes())
        for (const auto& command : scene.commands)
            if (command.name == name) return &command;
    return nullptr;
}

std::vector<std::string> sceneCommandNames(const SceneRegistry& registry) {
    std::vector<std::string> names;
    for (const auto& scene : registry.scenes())
        for (const auto& command : scene.commands) names.push_back(command.name);
    return names;
}

sim::Status runSceneCommand(const SceneRegistry& registry, const std::string& name,
                            const std::vector<std::string>& args, std::ostream& out,
                            const std::vector<std::string>& builtIn) {
    const SceneCommand* command = findSceneCommand(registry, name);
    if (!command || !command->run) {
        std::vector<std::string> allowed = builtIn;
        for (const auto& known : sceneCommandNames(registry)) allowed.push_back(known);
        std::string list;
        for (std::size_t i = 0; i < allowed.size(); ++i) list += (i ? ", " : "") + allowed[i];
        return sim::fail("unknown command '" + name + "': allowed " + list + " (see commviz --help)");
    }
    return command->run(args, out);
}

}  // namespace commviz::views
