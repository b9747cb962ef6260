#include "noc/noc_config.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>

#include "noc/routing_functions.h"
#include "sim/text.h"

namespace commviz::noc {

int NocConfig::nodes() const {
    int total = 1;
    for (int d = 0; d < n; ++d) total *= k;
    return total;
}

OnOffRates NocConfig::onOffRates() const {
    auto rates = resolveOnOffRates(packetRate(), burst_alpha, burst_beta, burst_r1);
    return rates ? rates.value() : OnOffRates{};
}

namespace {

using Setter = std::function<std::string(NocConfig&, const ConfigValue&)>;  // "" = ok, else what is allowed

long asInt(const ConfigValue& v) { return std::strtol(v.text.c_str(), nullptr, 10); }
double asDouble(const ConfigValue& v) { return std::strtod(v.text.c_str(), nullptr); }

Setter intIn(int NocConfig::*field, long lo, long hi) {
    return [=](NocConfig& c, const ConfigValue& v) -> std::string {
        const long x = asInt(v);
        if (x < lo || x > hi) return "an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
        c.*field = static_cast<int>(x);
        return "";
    };
}
Setter flag(bool NocConfig::*field) {
    return [=](NocConfig& c, const ConfigValue& v) -> std::string {
        const long x = asInt(v);
        if (x != 0 && x != 1) return "0 or 1";
        c.*field = x == 1;
        return "";
    };
}
Setter threshold(double NocConfig::*field) {
    return [=](NocConfig& c, const ConfigValue& v) -> std::string {
        if (v.kind == ConfigValueKind::String || v.kind == ConfigValueKind::List) return "a float (one traffic class)";
        c.*field = asDouble(v);
        return "";
    };
}
template <class E>
Setter choice(E NocConfig::*field, std::vector<std::pair<std::string, E>> options) {
    return [=](NocConfig& c, const ConfigValue& v) -> std::string {
        std::string allowed;
        for (const auto& [name, value] : options) {
            if (v.text == name) {
                c.*field = value;
                return "";
            }
            allowed += (allowed.empty() ? "one of " : ", ") + name;
        }
        return allowed;
    };
}
// burst_alpha / burst_beta / burst_r1: a probability per cycle, or negative
// for the one BookSim derives from injection_rate. BookSim2 src/injection.cpp,
// OnOffInjectionProcess, asserts each is at most 1.0 and treats any negative
// value alike; commviz keeps -1.0 (BookSim's default for burst_r1) as the
// lower end, the range `commviz scenes` documents for all three keys.
Setter burst(double NocConfig::*field, const char* allowed) {
    return [=](NocConfig& c, const ConfigValue& v) -> std::string {
        const double x = asDouble(v);
        if (!(x >= -1.0 && x <= 1.0)) return sim::Text{"commviz::noc", allowed, {}, {}}.english();
        c.*field = x;
        return "";
    };
}
// `islip` or `islip(N)`: BookSim's allocator name with its iteration count.
Setter islip(int NocConfig::*iterations) {
    return [=](NocConfig& c, const ConfigValue& v) -> std::string {
        const char* allowed = "islip or islip(N) with N from 1 to 16";
        if (v.text == "islip") {
            c.*iterations = 1;
            return "";
        }
        const std::string_view text = v.text;
        if (!text.starts_with("islip(") || !text.ends_with(")")) return allowed;
        const std::string digits(text.substr(6, text.size() - 7));
        if (digits.empty() || digits.size() > 2 || digits.find_first_not_of("0123456789") != std::string::npos)
            return allowed;
        const int n = std::stoi(digits);
        if (n < 1 || n > 16) return allowed;
        c.*iterations = n;
        return "";
    };
}
Setter only(const std::string& accepted) {
    return [=](NocConfig&, const ConfigValue& v) -> std::string { return v.text == accepted ? "" : accepted; };
}

Setter trafficSetter() {
    const Setter named = choice(&NocConfig::traffic, {{"uniform", TrafficKind::Uniform},
                                                      {"transpose", TrafficKind::Transpose},
                                                      {"bitcomp", TrafficKind::Bitcomp},
                                                      {"bitrev", TrafficKind::Bitrev},
                                                      {"shuffle", TrafficKind::Shuffle},
                                                      {"tornado", TrafficKind::Tornado},
                                                      {"neighbor", TrafficKind::Neighbor}});
    return [named](NocConfig& c, const ConfigValue& v) -> std::string {
        if (isRandpermTraffic(v.text)) {
            auto seed = parseRandpermSeed(v.text);
            if (!seed) return seed.error().message;
            c.traffic = TrafficKind::Randperm;
            c.randpermArgument = seed.value();
            return "";
        }
        if (!isHotspotTraffic(v.text)) {
            const std::string allowed = named(c, v);
            return allowed.empty() ? allowed : allowed + ", randperm, " + kHotspotAllowed;
        }
        auto hotspot = parseHotspotTraffic(v.text);
        if (!hotspot) return hotspot.error().message;
        c.traffic = TrafficKind::Hotspot;
        c.hotspot = std::move(hotspot).value();
        return "";
    };
}

const std::map<std::string, Setter>& setters() {
    static const std::map<std::string, Setter> table = {
        {"topology", choice(&NocConfig::topology, {{"mesh", Topology::Mesh}, {"torus", Topology::Torus}})},
        {"k", intIn(&NocConfig::k, 2, 64)},
        {"n", intIn(&NocConfig::n, 1, 3)},
        {"routing_function",
         [](NocConfig& c, const ConfigValue& v) -> std::string {
             static const std::map<std::string, RoutingFunction> names = {{"dor", RoutingFunction::DimOrder},
                                                                          {"dim_order", RoutingFunction::DimOrder},
                                                                          {"min_adapt", RoutingFunction::MinAdapt},
                                                                          {"valiant", RoutingFunction::Valiant},
                                                                          {"romm", RoutingFunction::Romm}};
             const auto it = names.find(v.text);
             if (it == names.end())
                 return "dor, dim_order, min_adapt, valiant or romm (mesh); dim_order, min_adapt or valiant (torus)";
             c.routing_function = it->second;
             c.routing_name = v.text;
             return "";
         }},
        {"use_noc_latency", flag(&NocConfig::use_noc_latency)},
        {"dateline", flag(&NocConfig::dateline)},
        {"router", only("iq")},
        {"credit_delay", intIn(&NocConfig::credit_delay, 0, 64)},
        {"internal_speedup",
         [](NocConfig& c, const ConfigValue& v) -> std::string {
             const double x = asDouble(v);
             if (!(x >= 1.0 && x <= 8.0)) return "a float from 1.0 to 8.0";
             c.internal_speedup = x;
             return "";
         }},
        {"output_buffer_size", intIn(&NocConfig::output_buffer_size, -1, 1 << 20)},
        {"speculative", flag(&NocConfig::speculative)},
        {"num_vcs", intIn(&NocConfig::num_vcs, 1, 64)},
        {"vc_buf_size", intIn(&NocConfig::vc_buf_size, 1, 1024)},
        {"wait_for_tail_credit", flag(&NocConfig::wait_for_tail_credit)},
        {"input_speedup", intIn(&NocConfig::input_speedup, 1, 8)},
        {"output_speedup", intIn(&NocConfig::output_speedup, 1, 8)},
        {"routing_delay", intIn(&NocConfig::routing_delay, 0, 16)},
        {"vc_alloc_delay", intIn(&NocConfig::vc_alloc_delay, 1, 16)},
        {"sw_alloc_delay", intIn(&NocConfig::sw_alloc_delay, 1, 16)},
        {"st_prepare_delay", intIn(&NocConfig::st_prepare_delay, 0, 16)},
        {"st_final_delay", intIn(&NocConfig::st_final_delay, 0, 16)},
        {"vc_allocator", islip(&NocConfig::vc_alloc_iters)},
        {"sw_allocator", islip(&NocConfig::sw_alloc_iters)},
        {"alloc_iters", intIn(&NocConfig::alloc_iters, 1, 16)},
        {"hold_switch_for_packet", flag(&NocConfig::hold_switch_for_packet)},
        {"traffic", trafficSetter()},
        {"injection_rate",
         [](NocConfig& c, const ConfigValue& v) -> std::string {
             if (v.kind != ConfigValueKind::Float) return "a float from 0.0 to 1.0 (one traffic class)";
             const double x = asDouble(v);
             if (!(x >= 0.0 && x <= 1.0)) return "a float from 0.0 to 1.0";
             c.injection_rate = x;
             return "";
         }},
        {"injection_rate_uses_flits", flag(&NocConfig::injection_rate_uses_flits)},
        {"packet_size",
         [](NocConfig& c, const ConfigValue& v) -> std::string {
             const long x = asInt(v);
             if (v.kind != ConfigValueKind::Int || x < 1 || x > 1024) return "an integer from 1 to 1024";
             c.packet_size = static_cast<int>(x);
             return "";
         }},
        {"injection_process", choice(&NocConfig::injection_process, {{"bernoulli", InjectionProcessKind::Bernoulli},
                                                                     {"on_off", InjectionProcessKind::OnOff}})},
        {"burst_alpha",
         burst(&NocConfig::burst_alpha,
               QT_TRANSLATE_NOOP("commviz::noc",
                                 "a float from -1.0 to 1.0: the chance per cycle that an off source "
                                 "turns on (at most 1.0), or negative to derive it from injection_rate"))},
        {"burst_beta",
         burst(&NocConfig::burst_beta,
               QT_TRANSLATE_NOOP("commviz::noc",
                                 "a float from -1.0 to 1.0: the chance per cycle that an on source "
                                 "turns off (at most 1.0), or negative to derive it from injection_rate"))},
        {"burst_r1", burst(&NocConfig::burst_r1,
                           QT_TRANSLATE_NOOP("commviz::noc",
                                             "a float from -1.0 to 1.0: the chance per cycle that an on source makes a "
                                             "packet (at most 1.0), or negative (the default -1.0) to derive it from "
                                             "injection_rate"))},
        {"sim_type",
         choice(&NocConfig::sim_type, {{"latency", SimType::Latency}, {"throughput", SimType::Throughput}})},
        {"warmup_periods", intIn(&NocConfig::warmup_periods, 0, 1000000)},
        {"sample_period", intIn(&NocConfig::sample_period, 1, 100000000)},
        {"max_samples", intIn(&NocConfig::max_samples, 1, 1000000)},
        {"latency_thres", threshold(&NocConfig::latency_thres)},
        {"warmup_thres", threshold(&NocConfig::warmup_thres)},
        {"acc_warmup_thres", threshold(&NocConfig::acc_warmup_thres)},
        {"stopping_thres", threshold(&NocConfig::stopping_thres)},
        {"acc_stopping_thres", threshold(&NocConfig::acc_stopping_thres)},
        {"include_queuing", flag(&NocConfig::include_queuing)},
        {"seed",
         [](NocConfig& c, const ConfigValue& v) -> std::string {
             if (v.kind != ConfigValueKind::Int || asInt(v) < 0)
                 return "a non-negative integer (seed = time is not deterministic)";
             c.seed = static_cast<std::uint64_t>(asInt(v));
             return "";
         }},
        {"perm_seed",
         [](NocConfig& c, const ConfigValue& v) -> std::string {
             if (v.kind != ConfigValueKind::Int) return "an integer (perm_seed = time is not deterministic)";
             c.perm_seed = static_cast<int>(asInt(v));
             return "";
         }},
        {"deadlock_warn_timeout", intIn(&NocConfig::deadlock_warn_timeout, 1, 1 << 30)},
        // BookSim writes watched flits there (main.cpp, gWatchOut); watch_file,
        // watch_flits and watch_packets stay at their empty defaults, so there is none.
        {"watch_out", [](NocConfig&, const ConfigValue&) -> std::string { return ""; }},
    };
    return table;
}

/// Core text for people, marked for lupdate; the reader's errors are English today.
std::string nocText(const char* source, std::vector<std::string> args = {}) {
    return sim::Text{"commviz::noc", source, std::move(args), {}}.english();
}

/// "key = value: why" when commviz cannot run the value, else "".
std::string valueProblem(NocConfig& config, const ConfigAssignment& a) {
    const BookSimKey& key = *findBookSimKey(a.key);
    const std::string stated = a.key + " = " + a.value.text + ": ";
    if (!key.supported) {
        if (isDefaultValue(key, a.value)) return "";
        return stated + "commviz does not model BookSim's '" + a.key + "' (only its default " +
               (std::string(key.defaultText).empty() ? "\"\"" : key.defaultText) + " is accepted)";
    }
    const std::string allowed = setters().at(a.key)(config, a.value);
    return allowed.empty() ? "" : stated + "allowed values: " + allowed;
}

struct Problem {
    const ConfigAssignment* at;
    std::string text;  ///< "key = value: why"
};

/// One message for every value commviz cannot run; one problem keeps the single-error form.
sim::Error refusal(const ConfigDocument& document, const std::vector<Problem>& problems) {
    if (problems.size() == 1) return sim::fail(placeOf(document, *problems[0].at) + problems[0].text);
    std::string items;
    for (std::size_t i = 0; i < problems.size(); ++i) {
        const ConfigAssignment& a = *problems[i].at;
        const std::string at =
            a.line > 0 ? nocText(QT_TRANSLATE_NOOP("commviz::noc", "line %1"), {std::to_string(a.line)}) : "override";
        items += (i ? "; (" : "(") + std::to_string(i + 1) + ") " + at + ": " + problems[i].text;
    }
    return sim::fail(nocText(QT_TRANSLATE_NOOP("commviz::noc", "%1: %2 settings that commviz cannot run: %3"),
                             {document.name, std::to_string(problems.size()), items}));
}

/// Applies the final value of every key, collecting all that commviz cannot run.
sim::Result<NocConfig> applyFinalValues(const ConfigDocument& document, ConfigRunner runner) {
    NocConfig config;
    std::vector<Problem> problems;
    bool topologyRefused = false;
    // the topology first: the other keys' allowed values depend on it
    std::vector<const ConfigAssignment*> finals = finalAssignments(document);
    std::stable_partition(finals.begin(), finals.end(), [](const ConfigAssignment* a) { return a->key == "topology"; });
    for (const ConfigAssignment* a : finals) {
        std::string problem = valueProblem(config, *a);
        // checked once the topology holds its final value (it comes first)
        const bool bookSimRuns = runner == ConfigRunner::BookSim && !topologyRefused && a->key == "routing_function";
        if (problem.empty() && bookSimRuns && !stockBookSimAssertion(config).empty())
            problem = a->key + " = " + a->value.text + ": " + stockBookSimAssertion(config);
        if (problem.empty()) continue;
        topologyRefused = topologyRefused || a->key == "topology";
        problems.push_back({a, std::move(problem)});
    }
    if (!problems.empty()) return refusal(document, problems);
    return config;
}

}  // namespace

sim::Result<NocConfig> makeNocConfig(const ConfigDocument& document, ConfigRunner runner) {
    if (sim::Status parsed = checkKeysAndTypes(document); !parsed) return parsed.error();
    auto applied = applyFinalValues(document, runner);
    if (!applied) return applied.error();
    NocConfig config = std::move(applied).value();
    // BookSim picks a random hot spot when it builds the traffic pattern, once
    // k, n and seed are all known.
    if (config.traffic == TrafficKind::Hotspot) resolveRandomHotspots(config.hotspot, config.nodes(), config.seed);
    // BookSim draws the permutation when it builds the traffic pattern, from
    // randperm(N) if given, else perm_seed.
    if (config.traffic == TrafficKind::Randperm)
        config.randperm =
            randomPermutation(config.nodes(), config.randpermArgument != kNoRandpermArgument ? config.randpermArgument
                                                                                             : long(config.perm_seed));
    if (sim::Status ok = validateNocConfig(config); !ok) {
        // A cross-key rule names its key first ("num_vcs = 1: ..."): point at
        // the line that set it last, as a per-key error does.
        const std::string& message = ok.error().message;
        const std::string key = message.substr(0, message.find_first_of(" :"));
        for (auto a = document.assignments.rbegin(); a != document.assignments.rend(); ++a)
            if (a->key == key) return sim::fail(placeOf(document, *a) + message);
        return ok.error();
    }
    return config;
}

sim::Result<NocConfig> loadNocConfig(const std::string& path, const std::vector<std::string>& overrides) {
    auto document = readBookSimConfig(path);
    if (!document) return document.error();
    if (sim::Status ok = applyOverrides(document.value(), overrides); !ok) return ok.error();
    return makeNocConfig(document.value(), ConfigRunner::BookSim);
}

sim::Status validateNocConfig(const NocConfig& c) {
    if (c.topology == Topology::Torus && c.routing_name == "dor") {
        return sim::fail(
            "routing_function = dor: BookSim has no dor_torus ('Invalid routing function: dor_torus'); use "
            "dim_order on a torus");
    }
    if (c.routing_name == "none") {
        return sim::fail(std::string("routing_function = none: set routing_function (") +
                         (c.topology == Topology::Mesh ? "dor or dim_order for a mesh" : "dim_order for a torus") +
                         "); BookSim fails with 'Invalid routing function: none_" +
                         (c.topology == Topology::Mesh ? "mesh" : "torus") + "'");
    }
    if (c.injection_process == InjectionProcessKind::OnOff) {
        if (auto rates = resolveOnOffRates(c.packetRate(), c.burst_alpha, c.burst_beta, c.burst_r1); !rates)
            return rates.error();
    }
    if (c.nodes() > 65536)
        return sim::fail("k = " + std::to_string(c.k) + ", n = " + std::to_string(c.n) + ": at most 65536 nodes");
    if (sim::Status ok = validateRoutingClasses(c); !ok) return ok;
    const bool torusClasses =
        c.topology == Topology::Torus && c.dateline && c.routing_function == RoutingFunction::DimOrder;
    if (torusClasses && (c.num_vcs < 2 || c.num_vcs % 2 != 0)) {
        return sim::fail(
            "num_vcs = " + std::to_string(c.num_vcs) +
            ": dim_order on a torus splits the VCs into two dateline classes, so num_vcs must be even and at least 2");
    }
    if (c.num_vcs % c.input_speedup != 0 && c.input_speedup > c.num_vcs) {
        return sim::fail("input_speedup = " + std::to_string(c.input_speedup) + ": must not exceed num_vcs");
    }
    if (c.st_prepare_delay + c.st_final_delay < 1) {
        return sim::fail("st_prepare_delay + st_final_delay must be at least 1 (the crossbar takes a cycle)");
    }
    const bool powerOfTwo = (c.nodes() & (c.nodes() - 1)) == 0;
    const bool bitPattern = c.traffic == TrafficKind::Transpose || c.traffic == TrafficKind::Bitcomp ||
                            c.traffic == TrafficKind::Bitrev || c.traffic == TrafficKind::Shuffle;
    if (bitPattern && !powerOfTwo) return sim::fail("traffic: bit-permutation patterns need a power-of-two node count");
    if (c.traffic == TrafficKind::Transpose) {
        int bits = 0;
        for (int v = c.nodes(); v > 1; v >>= 1) ++bits;
        if (bits % 2 != 0) return sim::fail("traffic = transpose needs the node count to be an even power of two");
    }
    if (c.traffic == TrafficKind::Hotspot) {
        if (c.hotspot.nodes.empty() || c.hotspot.rates.size() != c.hotspot.nodes.size())
            return sim::fail(std::string("traffic = hotspot: allowed values: ") + kHotspotAllowed);
        for (const int node : c.hotspot.nodes) {
            if (node < 0 || node >= c.nodes()) {
                return sim::fail("traffic = hotspot: node " + std::to_string(node) +
                                 " is not in the network: allowed node ids are 0 to " + std::to_string(c.nodes() - 1) +
                                 " (k = " + std::to_string(c.k) + ", n = " + std::to_string(c.n) + ")");
            }
        }
    }
    return sim::Ok{};
}

}  // namespace commviz::noc
