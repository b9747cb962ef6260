#include "catalog/scene_setup.h"

#include <algorithm>
#include <cctype>

#include "sim/scenario_file.h"
#include "sim/text_file.h"

namespace commviz::catalog {

namespace {

// A scenario is a few KiB of keys (an RDMA script a few hundred lines); larger files are refused unread.
constexpr std::uintmax_t kMaxScenarioBytes = 16u << 20;

std::string lowerSuffix(const std::string& name) {
    const std::size_t slash = name.find_last_of('/');
    const std::size_t dot = name.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return {};
    std::string suffix = name.substr(dot + 1);
    std::transform(suffix.begin(), suffix.end(), suffix.begin(), [](unsigned char c) { return std::tolower(c); });
    return suffix;
}

bool hasSuffix(const ForeignScenario& foreign, const std::string& name) {
    const std::string suffix = lowerSuffix(name);
    return !suffix.empty() &&
           std::find(foreign.suffixes.begin(), foreign.suffixes.end(), suffix) != foreign.suffixes.end();
}

}  // namespace

std::string scenarioSceneId(const std::string& path) {
    if (auto text = sim::readTextFile(path, "scenario file", kMaxScenarioBytes)) {
        const auto doc = sim::Json::parse(text.value(), nullptr, false);
        if (doc.is_object() && doc.contains("scene") && doc["scene"].is_string())
            return doc["scene"].get<std::string>();
    }
    for (const SceneEntry& entry : scenes())
        if (hasSuffix(entry.foreign, path)) return entry.model.id;
    return {};
}

sim::Result<sim::Json> readScenarioText(std::string_view text, const std::string& name, const std::string& sceneId,
                                        const ForeignScenario& foreign) {
    if (foreign.read && hasSuffix(foreign, name)) return foreign.read(std::string(text), name);
    return sim::parseScenario(text, sceneId, name);
}

sim::Result<sim::Json> readScenario(const std::string& path, const std::string& sceneId,
                                    const ForeignScenario& foreign) {
    auto text = sim::readTextFile(path, "scenario file", kMaxScenarioBytes);
    if (!text) return text.error();
    return readScenarioText(text.value(), path, sceneId, foreign);
}

sim::Result<std::unique_ptr<sim::Session>> buildSession(const sim::SceneModel& model, const sim::ParamValues& values,
                                                        const std::optional<sim::Json>& scenario) {
    for (const auto& spec : model.params) {
        const auto it = values.find(spec.key);
        if (it == values.end()) continue;
        if (auto status = sim::checkParam(spec, it->second); !status) return status.error();
    }
    return model.build(values, scenario);
}

}  // namespace commviz::catalog
