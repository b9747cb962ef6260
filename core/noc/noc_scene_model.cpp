#include "noc/noc_scene_model.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>

#include "noc/booksim_config_reader.h"
#include "noc/booksim_keys.h"
#include "noc/noc_engine.h"
#include "noc/noc_event_kinds.h"
#include "sim/session.h"

namespace commviz::noc {

using sim::Json;
using sim::ParamSpec;
using sim::ParamType;

namespace {

/// A key value as BookSim's lexer would read it: floats keep a decimal point,
/// flags are 0 / 1, choices bare strings.
std::string bookSimText(const ParamSpec& spec, const Json& value) {
    switch (spec.type) {
        case ParamType::Bool:
            return value.get<bool>() ? "1" : "0";
        case ParamType::Int:
            return std::to_string(value.get<long long>());
        case ParamType::Double: {
            char buf[64];
            std::snprintf(buf, sizeof buf, "%.17g", value.get<double>());
            std::string text = buf;
            if (text.find_first_of(".eEn") == std::string::npos) text += ".0";
            return text;
        }
        case ParamType::Choice:
        case ParamType::Text:
            return value.get<std::string>();
    }
    return {};
}

}  // namespace

sim::Result<std::map<std::string, std::string>> scenarioNetworkFiles(const Json& scenario) {
    std::map<std::string, std::string> files;
    const auto found = scenario.find("network_files");
    if (found == scenario.end()) return files;
    const char* allowed = "noc scenario: network_files must be an object of file names and their text";
    if (!found->is_object()) return sim::fail(allowed);
    for (const auto& [name, text] : found->items()) {
        if (!text.is_string()) return sim::fail(std::string(allowed) + " ('" + name + "' is not a string)");
        files[name] = text.get<std::string>();
    }
    return files;
}

sim::Result<sim::ParamValues> scenarioKeys(const Json& scenario) {
    sim::ParamValues values;
    const auto text = scenario.find("booksim_config");
    if (text == scenario.end()) return sim::topLevelKeys(nocParams(), scenario, true, "noc");
    if (!text->is_string()) return sim::fail("noc scenario: booksim_config must be a string holding a BookSim config");
    auto document = parseBookSimConfig(text->get<std::string>(), "booksim_config");
    if (!document) return document.error();
    auto files = scenarioNetworkFiles(scenario);
    if (!files) return files.error();
    document.value().files = std::move(files).value();
    // The same checks as `commviz noc` (line numbers, unknown keys, types).
    if (auto config = makeNocConfig(document.value()); !config) return config.error();
    const std::vector<ParamSpec> specs = nocParams();
    // Each key's last value, as BookSim reads a key set twice.
    for (const ConfigAssignment* a : finalAssignments(document.value())) {
        const ParamSpec* spec = sim::findParam(specs, a->key);
        if (!spec) continue;  // a BookSim key at its default (makeNocConfig accepted it)
        auto value = sim::parseParam(*spec, a->value.text);
        if (!value) return value.error();
        values[a->key] = value.value();
    }
    return values;
}

sim::Result<Json> scenarioFromBookSimConfig(const std::string& text, const std::string& name) {
    auto document = parseBookSimConfig(text, name);
    if (!document) return document.error();
    document.value().directory = std::filesystem::path(name).parent_path().string();
    if (document.value().directory.empty()) document.value().directory = ".";
    auto config = makeNocConfig(document.value());
    if (!config) return config.error();
    Json scenario = Json::object();
    if (config.value().topology == Topology::AnyNet) {
        auto file = readNetworkFile(config.value().network_file,
                                    NetworkFileLookup{document.value().directory, document.value().files});
        if (!file) return file.error();
        scenario["network_files"][config.value().network_file] = file.value().text;
    }
    scenario["scene"] = "noc";
    scenario["format"] = 1;
    scenario["title"] = std::filesystem::path(name).filename().string();
    scenario["description"] = "BookSim2 config " + name;
    scenario["booksim_config"] = text;
    return scenario;
}

std::vector<ParamSpec> nocParams() {
    std::vector<ParamSpec> specs;
    for (const BookSimKey& key : bookSimKeys())
        if (key.param) specs.push_back(*key.param);
    return specs;
}

sim::Result<NocConfig> configFromKeys(const sim::ParamValues& values, const std::map<std::string, std::string>& files) {
    ConfigDocument document;
    document.name = "--set";
    document.files = files;
    for (const ParamSpec& spec : nocParams()) {
        const auto it = values.find(spec.key);
        const Json& value = it != values.end() ? it->second : spec.defaultValue;
        document.assignments.push_back({spec.key, classifyValue(bookSimText(spec, value)), 0});
    }
    // The scene offers no concentration keys: a cmesh gets the one shape BookSim's cmesh runs.
    const auto topology = values.find("topology");
    if (topology != values.end() && topology->second == "cmesh") {
        const auto k = values.find("k");
        const std::string side = k != values.end() ? bookSimText(*sim::findParam(nocParams(), "k"), k->second) : "8";
        for (const auto& [key, value] : std::vector<std::pair<std::string, std::string>>{
                 {"c", "4"}, {"xr", "2"}, {"yr", "2"}, {"x", side}, {"y", side}})
            document.assignments.push_back({key, classifyValue(value), 0});
    }
    // A flatfly from the scene: BookSim's flatflyconfig shape, c = 4 nodes (2 x 2) per
    // router on a k x k floor plan.
    if (topology != values.end() && topology->second == "flatfly") {
        const auto k = values.find("k");
        const std::string side = k != values.end() ? bookSimText(*sim::findParam(nocParams(), "k"), k->second) : "8";
        for (const auto& [key, value] : std::vector<std::pair<std::string, std::string>>{
                 {"c", "4"}, {"xr", "2"}, {"yr", "2"}, {"x", side}, {"y", side}})
            document.assignments.push_back({key, classifyValue(value), 0});
    }
    return makeNocConfig(document);
}

std::vector<std::string> NocEngine::eventKinds() {
    std::vector<std::string> out;
    for (std::string_view kind : kNocEventKindNames) out.emplace_back(kind);
    return out;
}

sim::SceneModel sceneModel() {
    sim::SceneModel model;
    model.id = "noc";
    model.params = nocParams();
    // One step is one cycle. A default latency run takes ~6,100 cycles and one
    // that never converges ~12-13k; 1,000,000 covers long sample periods too.
    model.stepCap = 1'000'000;
    model.scenarioKeys = scenarioKeys;
    return sim::makeSceneModel<NocEngine>(
        std::move(model),
        [](const sim::MergedKeys& keys, const std::optional<Json>& scenario) -> sim::Result<NocEngine> {
            // The scene's routing_function default (dim_order) is a cube's: on a
            // fly, where BookSim has dest_tag only, a routing function nobody set means
            // dest_tag; on a cmesh, dor; on a flatfly, ran_min; on a fat tree, nca; on a dragonfly, min.
            sim::ParamValues values = keys.values;
            const auto source = keys.sources.find("routing_function");
            const bool routingDefaulted = source == keys.sources.end() || source->second == sim::KeySource::Default;
            if (routingDefaulted && values["topology"] == "fly") values["routing_function"] = "dest_tag";
            if (routingDefaulted && values["topology"] == "cmesh") values["routing_function"] = "dor";
            if (routingDefaulted && values["topology"] == "anynet") values["routing_function"] = "min";
            if (routingDefaulted && values["topology"] == "flatfly") values["routing_function"] = "ran_min";
            if (routingDefaulted &&
                (values["topology"] == "fattree" || values["topology"] == "qtree" || values["topology"] == "tree4"))
                values["routing_function"] = "nca";
            if (values["topology"] == "dragonflynew") {  // BookSim's dragonfly runs n = 1 only; min is its default here
                if (routingDefaulted) values["routing_function"] = "min";
                const auto n = keys.sources.find("n");
                if (n == keys.sources.end() || n->second == sim::KeySource::Default) values["n"] = 1;
            }
            std::map<std::string, std::string> files;
            if (scenario) {
                auto bundled = scenarioNetworkFiles(*scenario);
                if (!bundled) return bundled.error();
                files = std::move(bundled).value();
            }
            auto config = configFromKeys(values, files);
            if (!config) return config.error();
            return NocEngine(std::move(config).value());
        });
}

}  // namespace commviz::noc
