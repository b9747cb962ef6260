#include "rdma/rdma_scene_model.h"

#include <memory>

#include "rdma/rdma_engine.h"
#include "rdma/scenario_parser.h"
#include "rdma/verbs_names.h"
#include "sim/session.h"
#include "sim/translatable.h"

namespace commviz::rdma {

using sim::Json;
using sim::ParamSpec;
using sim::ParamType;

std::vector<ParamSpec> rdmaParams() {
    return {
        {"opcode", ParamType::Choice, "IBV_WR_SEND", 0, 0, wrOpcodeNames(),
         QT_TRANSLATE_NOOP("commviz::params", "Work request opcode of the default script")},
        {"message_size",
         ParamType::Int,
         4096,
         0,
         1048576,
         {},
         QT_TRANSLATE_NOOP("commviz::params", "Bytes moved by the default script's work request")},
        {"path_mtu",
         ParamType::Choice,
         "1024",
         0,
         0,
         {"256", "512", "1024", "2048", "4096"},
         QT_TRANSLATE_NOOP("commviz::params", "Path MTU in bytes (ibv_qp_attr.path_mtu)")},
        {"wire_latency_ns",
         ParamType::Int,
         500,
         0,
         10'000'000,
         {},
         QT_TRANSLATE_NOOP("commviz::params", "One-way propagation latency of the wire (ns)")},
        {"link_gbps",
         ParamType::Double,
         100.0,
         1,
         800,
         {},
         QT_TRANSLATE_NOOP("commviz::params", "Link rate in Gb/s (serialization time per packet)")},
        {"drop_packet",
         ParamType::Int,
         0,
         0,
         100000,
         {},
         QT_TRANSLATE_NOOP("commviz::params", "Lose the Nth packet put on the wire (0 = none)")},
        {"rnr_retry",
         ParamType::Int,
         7,
         0,
         7,
         {},
         QT_TRANSLATE_NOOP("commviz::params", "RNR NAKs tolerated before IBV_WC_RNR_RETRY_EXC_ERR (7 = forever)")},
        {"retry_cnt",
         ParamType::Int,
         7,
         0,
         7,
         {},
         QT_TRANSLATE_NOOP("commviz::params", "Retransmissions after timeout / sequence NAK (7 = seven)")},
        {"timeout",
         ParamType::Int,
         14,
         0,
         31,
         {},
         QT_TRANSLATE_NOOP("commviz::params", "Local ACK timeout code: 4.096 us x 2^timeout (0 = never)")},
        {"min_rnr_timer",
         ParamType::Int,
         12,
         0,
         31,
         {},
         QT_TRANSLATE_NOOP("commviz::params", "RNR NAK timer code the receiver asks for (12 = 0.64 ms)")},
        {"sq_depth", ParamType::Int, 16, 1, 16384, {}, QT_TRANSLATE_NOOP("commviz::params", "max_send_wr of both QPs")},
        {"rq_depth", ParamType::Int, 16, 1, 16384, {}, QT_TRANSLATE_NOOP("commviz::params", "max_recv_wr of both QPs")},
        {"cq_depth", ParamType::Int, 32, 1, 32768, {}, QT_TRANSLATE_NOOP("commviz::params", "cqe of both CQs")},
        {"post_recv",
         ParamType::Bool,
         true,
         0,
         0,
         {},
         QT_TRANSLATE_NOOP("commviz::params",
                           "Receiver posts its receive before the send (false: 100 us late, showing RNR NAKs)")},
        {"signaled",
         ParamType::Bool,
         true,
         0,
         0,
         {},
         QT_TRANSLATE_NOOP("commviz::params", "Set IBV_SEND_SIGNALED on the default script's WR")},
        {"seed",
         ParamType::Int,
         1,
         0,
         2147483647,
         {},
         QT_TRANSLATE_NOOP("commviz::params", "Seed for the initial PSNs")},
    };
}

namespace {

Json value(const sim::ParamValues& v, const std::string& key, const std::vector<ParamSpec>& specs) {
    auto it = v.find(key);
    if (it != v.end()) return it->second;
    for (const auto& s : specs)
        if (s.key == key) return s.defaultValue;
    return Json();
}

std::uint32_t mtuOf(const Json& text) { return static_cast<std::uint32_t>(std::stoul(text.get<std::string>())); }

}  // namespace

Json defaultScenario(const sim::ParamValues& values) {
    const auto specs = rdmaParams();
    auto get = [&](const char* key) { return value(values, key, specs); };
    const std::string opcode = get("opcode").get<std::string>();
    const auto op = parseWrOpcode(opcode).value_or(WrOpcode::Send);
    const bool atomic = op == WrOpcode::AtomicCmpAndSwp || op == WrOpcode::AtomicFetchAndAdd;
    const bool consumesRecv = op == WrOpcode::Send || op == WrOpcode::SendWithImm || op == WrOpcode::RdmaWriteWithImm;
    const std::int64_t size = atomic ? 8 : get("message_size").get<std::int64_t>();
    const std::int64_t bufLen = std::max<std::int64_t>(size, 8);
    const Json access = {"IBV_ACCESS_LOCAL_WRITE", "IBV_ACCESS_REMOTE_WRITE", "IBV_ACCESS_REMOTE_READ",
                         "IBV_ACCESS_REMOTE_ATOMIC"};
    Json script = Json::array();
    script.push_back({{"host", "A"},
                      {"call", "ibv_reg_mr"},
                      {"mr", "bufA"},
                      {"length", bufLen},
                      {"access", access},
                      {"fill", atomic ? Json(0) : Json("Hello from A! ")}});
    script.push_back({{"host", "B"},
                      {"call", "ibv_reg_mr"},
                      {"mr", "bufB"},
                      {"length", bufLen},
                      {"access", access},
                      {"fill", atomic ? Json(42) : Json("B memory.")}});
    for (const char* h : {"A", "B"}) {
        const std::string s(h);
        script.push_back({{"host", s}, {"call", "ibv_create_cq"}, {"cq", "cq" + s}, {"cqe", get("cq_depth")}});
    }
    for (const char* h : {"A", "B"}) {
        const std::string s(h);
        script.push_back({{"host", s},
                          {"call", "ibv_create_qp"},
                          {"qp", "qp" + s},
                          {"qp_type", "IBV_QPT_RC"},
                          {"send_cq", "cq" + s},
                          {"recv_cq", "cq" + s},
                          {"cap",
                           {{"max_send_wr", get("sq_depth")},
                            {"max_recv_wr", get("rq_depth")},
                            {"max_send_sge", 1},
                            {"max_recv_sge", 1},
                            {"max_inline_data", 64}}},
                          {"sq_sig_all", 0}});
    }
    script.push_back(
        {{"call", "connect"},
         {"qps", {"qpA", "qpB"}},
         {"attr",
          {{"path_mtu", mtuOf(get("path_mtu"))},
           {"timeout", get("timeout")},
           {"retry_cnt", get("retry_cnt")},
           {"rnr_retry", get("rnr_retry")},
           {"min_rnr_timer", get("min_rnr_timer")},
           {"qp_access_flags", {"IBV_ACCESS_REMOTE_WRITE", "IBV_ACCESS_REMOTE_READ", "IBV_ACCESS_REMOTE_ATOMIC"}}}}});
    if (get("drop_packet").get<std::int64_t>() > 0)
        script.push_back({{"call", "fault"}, {"drop_packet", get("drop_packet")}});
    const Json recv = {{"host", "B"},
                       {"call", "ibv_post_recv"},
                       {"qp", "qpB"},
                       {"wr", {{{"wr_id", 100}, {"sg_list", {{{"mr", "bufB"}, {"offset", 0}, {"length", bufLen}}}}}}}};
    const bool early = get("post_recv").get<bool>();
    if (consumesRecv && early) script.push_back(recv);
    Json wr{{"wr_id", 1}, {"opcode", opcode}};
    wr["send_flags"] = get("signaled").get<bool>() ? Json{"IBV_SEND_SIGNALED"} : Json::array();
    wr["sg_list"] = {{{"mr", "bufA"}, {"offset", 0}, {"length", size}}};
    if (op == WrOpcode::SendWithImm || op == WrOpcode::RdmaWriteWithImm) wr["imm_data"] = 0x1234;
    if (op != WrOpcode::Send && op != WrOpcode::SendWithImm) {
        wr["remote_mr"] = "bufB";
        wr["remote_offset"] = 0;
    }
    if (op == WrOpcode::AtomicCmpAndSwp) {
        wr["compare_add"] = 42;
        wr["swap"] = 100;
    }
    if (op == WrOpcode::AtomicFetchAndAdd) wr["compare_add"] = 8;
    script.push_back({{"host", "A"}, {"call", "ibv_post_send"}, {"qp", "qpA"}, {"wr", {wr}}});
    if (consumesRecv && !early) {
        script.push_back({{"host", "B"}, {"call", "usleep"}, {"usec", 100}});
        script.push_back(recv);
    }
    script.push_back({{"host", "A"}, {"call", "ibv_poll_cq"}, {"cq", "cqA"}, {"num_entries", 1}, {"min", 1}});
    if (consumesRecv)
        script.push_back({{"host", "B"}, {"call", "ibv_poll_cq"}, {"cq", "cqB"}, {"num_entries", 1}, {"min", 1}});
    return {{"scene", "rdma"},
            {"format", 1},
            {"title", "Default script from the scene keys"},
            {"hosts", {"A", "B"}},
            {"seed", get("seed")},
            {"wire_latency_ns", get("wire_latency_ns")},
            {"link_gbps", get("link_gbps")},
            {"script", script}};
}

namespace {

// The connect attributes a key sets, by key name (they are also the attr names).
constexpr const char* kConnectKeys[] = {"timeout", "retry_cnt", "rnr_retry", "min_rnr_timer"};
constexpr const char* kTopLevelKeys[] = {"seed", "wire_latency_ns", "link_gbps"};

// A scenario's path_mtu (a name, a byte count or the raw enum) as the key's text.
std::optional<std::string> mtuKeyText(const Json& v) {
    std::optional<Mtu> mtu;
    if (v.is_string()) mtu = parseMtu(v.get<std::string>());
    if (v.is_number_integer()) {
        const auto n = v.get<std::int64_t>();
        for (std::uint32_t e = 1; e <= 5; ++e)
            if (n == std::int64_t(e) || n == std::int64_t(mtuBytes(static_cast<Mtu>(e)))) mtu = static_cast<Mtu>(e);
    }
    if (!mtu) return std::nullopt;
    return std::to_string(mtuBytes(*mtu));
}

void keepIfValid(sim::ParamValues& values, const std::vector<ParamSpec>& specs, const std::string& key, Json v) {
    if (const ParamSpec* spec = sim::findParam(specs, key); spec && sim::checkParam(*spec, v).ok())
        values[key] = std::move(v);
}

}  // namespace

sim::Result<sim::ParamValues> scenarioKeyFields(const Json& scenario) {
    if (!scenario.is_object()) return sim::ParamValues{};
    Json fields = Json::object();
    for (const auto& spec : rdmaParams())
        if (scenario.contains(spec.key)) fields[spec.key] = scenario[spec.key];
    // JSON has numbers where --set has text: 4096 (or IBV_MTU_4096) is the key's "4096".
    if (fields.contains("path_mtu"))
        if (auto text = mtuKeyText(fields["path_mtu"])) fields["path_mtu"] = *text;
    return sim::topLevelKeys(rdmaParams(), fields, false, "rdma");
}

sim::Result<sim::ParamValues> scenarioKeys(const Json& scenario) {
    // The file's own key fields are checked as --set checks them; a connect's
    // attributes are read leniently (the scenario parser reports their errors
    // with the entry's index).
    auto fields = scenarioKeyFields(scenario);
    if (!fields) return fields;
    const auto specs = rdmaParams();
    sim::ParamValues values = std::move(fields).value();
    if (!scenario.is_object() || !scenario.contains("script") || !scenario["script"].is_array()) return values;
    for (const auto& call : scenario["script"]) {
        // Json() as the fallback: a "call" that is not a string compares unequal instead of throwing.
        if (!call.is_object() || call.value("call", Json()) != "connect") continue;
        if (!call.contains("attr") || !call["attr"].is_object()) break;
        const Json& attr = call["attr"];
        for (const char* key : kConnectKeys)
            if (attr.contains(key) && !values.count(key)) keepIfValid(values, specs, key, attr[key]);
        if (attr.contains("path_mtu") && !values.count("path_mtu"))
            if (auto text = mtuKeyText(attr["path_mtu"])) keepIfValid(values, specs, "path_mtu", *text);
        break;  // the first connect is what the keys show
    }
    return values;
}

namespace {

/// `scenario` with the keys for which `applies` holds written into its script
/// the way build applies them.
template <class Applies>
Json withKeys(Json scenario, const sim::MergedKeys& keys, Applies applies) {
    for (const char* key : kTopLevelKeys)
        if (applies(key)) scenario[key] = keys.at(key);
    if (!scenario.contains("script") || !scenario["script"].is_array()) return scenario;
    Json& script = scenario["script"];
    for (auto& call : script) {
        if (!call.is_object() || call.value("call", Json()) != "connect") continue;
        if (!call.contains("attr") || !call["attr"].is_object()) call["attr"] = Json::object();
        Json& attr = call["attr"];
        if (applies("path_mtu")) attr["path_mtu"] = mtuOf(keys.at("path_mtu"));
        for (const char* key : kConnectKeys)
            if (applies(key)) attr[key] = keys.at(key);
    }
    // drop_packet 0 means "no loss": it adds no fault and leaves the script's own.
    if (applies("drop_packet") && keys.at("drop_packet").get<std::int64_t>() > 0)
        script.insert(script.begin(), Json{{"call", "fault"}, {"drop_packet", keys.at("drop_packet")}});
    return scenario;
}

/// A scenario with its own script (else the keys shape the default one).
bool hasOwnScript(const Json& scenario) {
    return scenario.is_object() && (scenario.contains("script") || scenario.contains("hosts"));
}

}  // namespace

Json withPersonKeys(Json scenario, const sim::MergedKeys& keys) {
    return withKeys(std::move(scenario), keys, [&keys](const std::string& key) { return keys.setByPerson(key); });
}

namespace {

sim::SceneModel keysOnlyModel() {
    sim::SceneModel model;
    model.id = "rdma";
    model.params = rdmaParams();
    model.scenarioKeys = scenarioKeys;
    return model;
}

}  // namespace

sim::Result<RdmaSetup> rdmaSetupFrom(const sim::MergedKeys& keys, const std::optional<sim::Json>& scenario) {
    if (!scenario || !hasOwnScript(*scenario)) return parseRdmaScenario(defaultScenario(keys.values));
    // Errors name the file's own entries (script[i] as written), so check the
    // scenario before the keys add anything to it.
    if (auto parsed = parseRdmaScenario(*scenario); !parsed) return parsed;
    // A key field of the file speaks for the whole run, as --set does.
    const Json& file = *scenario;
    return parseRdmaScenario(withKeys(
        file, keys, [&keys, &file](const std::string& key) { return keys.setByPerson(key) || file.contains(key); }));
}

sim::Result<RdmaSetup> rdmaSetupFrom(const sim::ParamValues& values, const std::optional<sim::Json>& scenario) {
    auto keys = sim::resolveKeys(keysOnlyModel(), values, scenario);
    if (!keys) return keys.error();
    return rdmaSetupFrom(keys.value(), scenario);
}

sim::SceneModel sceneModel() {
    sim::SceneModel model = keysOnlyModel();
    model.stepCap = 200'000;
    // The script is the run: the scenario with the keys a person set applied
    // (as build applies them), or without a scenario the one the keys shape.
    model.toScenario = [](const sim::ParamValues& values, const std::optional<Json>& scenario) {
        auto keys = sim::resolveKeys(keysOnlyModel(), values, scenario);
        if (!keys) return scenario ? *scenario : defaultScenario(values);
        return scenario ? withPersonKeys(*scenario, keys.value()) : defaultScenario(keys.value().values);
    };
    return sim::makeSceneModel<RdmaEngine>(
        std::move(model),
        [](const sim::MergedKeys& keys, const std::optional<Json>& scenario) -> sim::Result<RdmaEngine> {
            auto setup = rdmaSetupFrom(keys, scenario);
            if (!setup) return setup.error();
            return RdmaEngine(std::move(setup).value());
        });
}

}  // namespace commviz::rdma
