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

bool changed(const sim::ParamValues& v, const std::string& key, const std::vector<ParamSpec>& specs) {
    auto it = v.find(key);
    if (it == v.end()) return false;
    for (const auto& s : specs)
        if (s.key == key) return it->second != s.defaultValue;
    return false;
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

sim::Result<RdmaSetup> rdmaSetupFrom(const sim::ParamValues& values, const std::optional<sim::Json>& scenario) {
    const auto specs = rdmaParams();
    for (const auto& [key, v] : values) {
        const ParamSpec* spec = sim::findParam(specs, key);
        if (!spec) return sim::fail("unknown key '" + key + "' for scene rdma");
        if (auto st = sim::checkParam(*spec, v); !st) return st.error();
    }
    if (!scenario) return parseRdmaScenario(defaultScenario(values));
    auto parsed = parseRdmaScenario(*scenario);
    if (!parsed) return parsed;
    RdmaSetup setup = std::move(parsed.value());
    auto get = [&](const char* key) { return value(values, key, specs); };
    if (changed(values, "wire_latency_ns", specs))
        setup.config.wireLatencyNs = get("wire_latency_ns").get<std::uint64_t>();
    if (changed(values, "link_gbps", specs)) setup.config.linkGbps = get("link_gbps").get<double>();
    if (changed(values, "seed", specs)) setup.config.seed = get("seed").get<std::uint64_t>();
    if (changed(values, "drop_packet", specs)) {
        ScriptCall fault;
        fault.call = "fault";
        fault.args = FaultCall{{get("drop_packet").get<std::uint64_t>()}};
        setup.script.calls.insert(setup.script.calls.begin(), std::move(fault));
        for (std::size_t i = 0; i < setup.script.calls.size(); ++i) setup.script.calls[i].index = i;
    }
    for (auto& call : setup.script.calls) {
        auto* c = std::get_if<ConnectCall>(&call.args);
        if (!c) continue;
        if (changed(values, "path_mtu", specs)) {
            const auto bytes = mtuOf(get("path_mtu"));
            for (std::uint32_t e = 1; e <= 5; ++e)
                if (mtuBytes(static_cast<Mtu>(e)) == bytes) c->attr.pathMtu = static_cast<Mtu>(e);
        }
        if (changed(values, "timeout", specs)) c->attr.timeout = get("timeout").get<std::uint32_t>();
        if (changed(values, "retry_cnt", specs)) c->attr.retryCnt = get("retry_cnt").get<std::uint32_t>();
        if (changed(values, "rnr_retry", specs)) c->attr.rnrRetry = get("rnr_retry").get<std::uint32_t>();
        if (changed(values, "min_rnr_timer", specs)) c->attr.minRnrTimer = get("min_rnr_timer").get<std::uint32_t>();
    }
    return setup;
}

sim::SceneModel sceneModel() {
    sim::SceneModel model;
    model.id = "rdma";
    model.params = rdmaParams();
    model.stepCap = 200'000;
    model.build = [](const sim::ParamValues& values,
                     const std::optional<Json>& scenario) -> sim::Result<std::unique_ptr<sim::Session>> {
        auto setup = rdmaSetupFrom(values, scenario);
        if (!setup) return setup.error();
        std::unique_ptr<sim::Session> session =
            std::make_unique<sim::TimelineSession<RdmaEngine>>(RdmaEngine(std::move(setup.value())));
        return session;
    };
    // The script is the run: without a scenario, the one the keys shape.
    model.toScenario = [](const sim::ParamValues& values, const std::optional<Json>& scenario) {
        return scenario ? *scenario : defaultScenario(values);
    };
    return model;
}

}  // namespace commviz::rdma
