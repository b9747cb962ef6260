#include "noc/noc_scene_model.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>

#include "noc/booksim_config_reader.h"
#include "noc/noc_engine.h"
#include "noc/noc_event_kinds.h"
#include "sim/session.h"
#include "sim/translatable.h"

namespace commviz::noc {

using sim::Json;
using sim::ParamSpec;
using sim::ParamType;

namespace {

ParamSpec intKey(const char* key, int value, double lo, double hi, const char* help) {
    return {key, ParamType::Int, value, lo, hi, {}, help};
}
ParamSpec floatKey(const char* key, double value, double lo, double hi, const char* help) {
    return {key, ParamType::Double, value, lo, hi, {}, help};
}
ParamSpec flagKey(const char* key, bool value, const char* help) {
    return {key, ParamType::Bool, value, 0, 0, {}, help};
}
ParamSpec choiceKey(const char* key, const char* value, std::vector<std::string> choices, const char* help) {
    return {key, ParamType::Choice, value, 0, 0, std::move(choices), help};
}

// BookSim's iq router takes iSLIP's iterations from the allocator's name
// (alloc_iters does not reach it): islip, islip(2) … islip(16).
std::vector<std::string> islipNames() {
    std::vector<std::string> names = {"islip"};
    for (int n = 2; n <= 16; ++n) names.push_back("islip(" + std::to_string(n) + ")");
    return names;
}

std::vector<ParamSpec> topologyAndRouterKeys() {
    return {
        choiceKey("topology", "torus", {"mesh", "torus"},
                  QT_TRANSLATE_NOOP("commviz::params", "k-ary n-cube: mesh or torus (BookSim: topology)")),
        intKey("k", 8, 2, 64, QT_TRANSLATE_NOOP("commviz::params", "Routers per dimension (BookSim: k)")),
        intKey("n", 2, 1, 3, QT_TRANSLATE_NOOP("commviz::params", "Dimensions; n = 1 is a line or ring (BookSim: n)")),
        choiceKey("routing_function", "dim_order", {"dor", "dim_order", "min_adapt", "valiant", "romm"},
                  QT_TRANSLATE_NOOP("commviz::params",
                                    "BookSim routing function (+ topology): dor / dim_order, min_adapt, valiant, "
                                    "romm (mesh only)")),
        flagKey("use_noc_latency", true,
                QT_TRANSLATE_NOOP("commviz::params", "Torus links take 2 cycles (BookSim: use_noc_latency)")),
        flagKey("dateline", true,
                QT_TRANSLATE_NOOP("commviz::params", "commviz only: torus dateline VC classes; off can deadlock")),
        intKey("num_vcs", 16, 1, 64, QT_TRANSLATE_NOOP("commviz::params", "Virtual channels per input port")),
        intKey("vc_buf_size", 8, 1, 1024, QT_TRANSLATE_NOOP("commviz::params", "Flit slots per virtual channel")),
        flagKey("wait_for_tail_credit", false,
                QT_TRANSLATE_NOOP("commviz::params", "Reuse an output VC only after the tail's credit returns")),
        intKey("routing_delay", 1, 0, 16, QT_TRANSLATE_NOOP("commviz::params", "RC cycles; 0 = look-ahead routing")),
        intKey("vc_alloc_delay", 1, 1, 16, QT_TRANSLATE_NOOP("commviz::params", "VA cycles")),
        intKey("sw_alloc_delay", 1, 1, 16, QT_TRANSLATE_NOOP("commviz::params", "SA cycles")),
        intKey("st_prepare_delay", 0, 0, 16, QT_TRANSLATE_NOOP("commviz::params", "Crossbar set-up cycles")),
        intKey("st_final_delay", 1, 0, 16, QT_TRANSLATE_NOOP("commviz::params", "ST cycles")),
        intKey("credit_delay", 0, 0, 64,
               QT_TRANSLATE_NOOP("commviz::params", "Extra cycles before a returned credit can be used")),
        flagKey("speculative", false,
                QT_TRANSLATE_NOOP("commviz::params", "Speculative switch allocation (VA and SA in parallel)")),
        intKey("input_speedup", 1, 1, 8, QT_TRANSLATE_NOOP("commviz::params", "Crossbar inputs per router input")),
        intKey("output_speedup", 1, 1, 8, QT_TRANSLATE_NOOP("commviz::params", "Crossbar outputs per router output")),
        floatKey("internal_speedup", 1.0, 1.0, 8.0,
                 QT_TRANSLATE_NOOP("commviz::params", "Router core speed relative to the channels")),
        intKey("output_buffer_size", -1, -1, 1 << 20,
               QT_TRANSLATE_NOOP("commviz::params", "Output buffer flits with output speedup (-1 = unlimited)")),
        choiceKey("vc_allocator", "islip", islipNames(),
                  QT_TRANSLATE_NOOP("commviz::params", "VC allocator: islip(N) runs N iSLIP iterations")),
        choiceKey("sw_allocator", "islip", islipNames(),
                  QT_TRANSLATE_NOOP("commviz::params", "Switch allocator: islip(N) runs N iSLIP iterations")),
        flagKey("hold_switch_for_packet", false,
                QT_TRANSLATE_NOOP("commviz::params",
                                  "A packet keeps its crossbar connection from head to tail once it wins the switch")),
    };
}

ParamSpec trafficKey() {
    // hotspot(...) takes BookSim's argument list (docs/scenes/noc.md); the help keeps its
    // translated wording
    ParamSpec spec = choiceKey(
        "traffic", "uniform",
        {"uniform", "transpose", "bitcomp", "bitrev", "shuffle", "tornado", "neighbor", "randperm", "hotspot"},
        QT_TRANSLATE_NOOP("commviz::params", "Destination pattern"));
    spec.choiceArguments = true;  // hotspot(...) and randperm(N) as BookSim writes them
    return spec;
}

std::vector<ParamSpec> trafficAndControlKeys() {
    return {
        trafficKey(),
        intKey("perm_seed", 0, -2147483648.0, 2147483647,
               QT_TRANSLATE_NOOP("commviz::params", "Seed of the randperm permutation (BookSim: perm_seed)")),
        floatKey(
            "injection_rate", 0.1, 0.0, 1.0,
            QT_TRANSLATE_NOOP("commviz::params", "Packets per node per cycle (flits with injection_rate_uses_flits)")),
        flagKey("injection_rate_uses_flits", false,
                QT_TRANSLATE_NOOP("commviz::params", "injection_rate counts flits, not packets")),
        intKey("packet_size", 1, 1, 1024,
               QT_TRANSLATE_NOOP("commviz::params", "Flits per packet (head, body..., tail)")),
        choiceKey("injection_process", "bernoulli", {"bernoulli", "on_off"},
                  QT_TRANSLATE_NOOP("commviz::params",
                                    "bernoulli: a packet each cycle with probability injection_rate; on_off: bursty "
                                    "two-state sources")),
        floatKey("burst_alpha", 0.5, -1.0, 1.0,
                 QT_TRANSLATE_NOOP("commviz::params", "on_off: chance per cycle an off source turns on (<0: derived)")),
        floatKey("burst_beta", 0.5, -1.0, 1.0,
                 QT_TRANSLATE_NOOP("commviz::params", "on_off: chance per cycle an on source turns off (<0: derived)")),
        floatKey("burst_r1", -1.0, -1.0, 1.0,
                 QT_TRANSLATE_NOOP("commviz::params",
                                   "on_off: packet chance per cycle while on (<0: derived from injection_rate)")),
        choiceKey("sim_type", "latency", {"latency", "throughput"},
                  QT_TRANSLATE_NOOP("commviz::params", "latency drains measured packets; throughput does not")),
        intKey("warmup_periods", 3, 0, 1000000, QT_TRANSLATE_NOOP("commviz::params", "Sample periods of warm-up")),
        intKey("sample_period", 1000, 1, 100000000, QT_TRANSLATE_NOOP("commviz::params", "Cycles per sample period")),
        intKey("max_samples", 10, 1, 1000000,
               QT_TRANSLATE_NOOP("commviz::params", "Sample periods at most, warm-up included")),
        floatKey(
            "latency_thres", 500.0, -1.0, 1e9,
            QT_TRANSLATE_NOOP("commviz::params", "Average latency above which the run is unstable (negative: off)")),
        floatKey("warmup_thres", 0.05, -1.0, 1e9,
                 QT_TRANSLATE_NOOP("commviz::params", "Latency change that ends warm-up when warmup_periods = 0")),
        floatKey("acc_warmup_thres", 0.05, -1.0, 1e9,
                 QT_TRANSLATE_NOOP("commviz::params", "Throughput change that ends warm-up when warmup_periods = 0")),
        floatKey("stopping_thres", 0.05, -1.0, 1e9,
                 QT_TRANSLATE_NOOP("commviz::params", "Latency change of a converged period")),
        floatKey("acc_stopping_thres", 0.05, -1.0, 1e9,
                 QT_TRANSLATE_NOOP("commviz::params", "Throughput change of a converged period")),
        flagKey("include_queuing", true,
                QT_TRANSLATE_NOOP("commviz::params", "Packet latency includes source queueing")),
        intKey("seed", 0, 0, 2147483647, QT_TRANSLATE_NOOP("commviz::params", "Random seed")),
        intKey("deadlock_warn_timeout", 256, 1, 1 << 30,
               QT_TRANSLATE_NOOP("commviz::params", "Cycles without ejection before the deadlock check")),
    };
}

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

sim::Result<sim::ParamValues> scenarioKeys(const Json& scenario) {
    sim::ParamValues values;
    const auto text = scenario.find("booksim_config");
    if (text == scenario.end()) return sim::topLevelKeys(nocParams(), scenario, true, "noc");
    if (!text->is_string()) return sim::fail("noc scenario: booksim_config must be a string holding a BookSim config");
    auto document = parseBookSimConfig(text->get<std::string>(), "booksim_config");
    if (!document) return document.error();
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
    if (auto config = makeNocConfig(document.value()); !config) return config.error();
    Json scenario = Json::object();
    scenario["scene"] = "noc";
    scenario["format"] = 1;
    scenario["title"] = std::filesystem::path(name).filename().string();
    scenario["description"] = "BookSim2 config " + name;
    scenario["booksim_config"] = text;
    return scenario;
}

std::vector<ParamSpec> nocParams() {
    std::vector<ParamSpec> specs = topologyAndRouterKeys();
    for (ParamSpec& spec : trafficAndControlKeys()) specs.push_back(std::move(spec));
    // Every default is BookSim2 src/booksim_config.cpp's but these: BookSim
    // has no default routing function, and `dateline` is commviz's own switch.
    for (ParamSpec& spec : specs)
        if (spec.key != "routing_function" && spec.key != "dateline") spec.defaultOrigin = "BookSim";
    return specs;
}

sim::Result<NocConfig> configFromKeys(const sim::ParamValues& values) {
    ConfigDocument document;
    document.name = "--set";
    for (const ParamSpec& spec : nocParams()) {
        const auto it = values.find(spec.key);
        const Json& value = it != values.end() ? it->second : spec.defaultValue;
        document.assignments.push_back({spec.key, classifyValue(bookSimText(spec, value)), 0});
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
        std::move(model), [](const sim::MergedKeys& keys, const std::optional<Json>&) -> sim::Result<NocEngine> {
            auto config = configFromKeys(keys.values);
            if (!config) return config.error();
            return NocEngine(std::move(config).value());
        });
}

}  // namespace commviz::noc
