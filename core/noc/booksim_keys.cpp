// The vocabulary of BookSim2's config file, each key declared once: the value
// types booksim_config.cpp's parser accepts for it, its default there, what
// commviz does with a value (a setter into NocConfig that says what is
// allowed) and, for the keys the noc scene offers, its ParamSpec (help, range,
// choices), from which the scene's keys are derived (nocParams). Keys commviz
// does not model are accepted only at their default value, so a config that
// writes BookSim's defaults out explicitly still runs, and anything that would
// change behaviour commviz does not model is refused by name.

#include "noc/booksim_keys.h"

#include <algorithm>
#include <cstdlib>

#include "sim/translatable.h"

namespace commviz::noc {

namespace {

using sim::ParamSpec;
using sim::ParamType;

/// The value types BookSim's parser stores into a key (int, float, string).
struct Accepts {
    bool i, f, s;
};
constexpr Accepts kInt{true, false, false};
constexpr Accepts kFloat{false, true, false};
constexpr Accepts kString{false, false, true};
constexpr Accepts kIntOrString{true, false, true};
constexpr Accepts kFloatOrString{false, true, true};

BookSimKey custom(const char* name, Accepts accepts, const char* defaultText, KeySetter set,
                  std::optional<ParamSpec> param) {
    return {name, accepts.i, accepts.f, accepts.s, defaultText, std::move(set), std::move(param)};
}
BookSimKey readOnly(const char* name, Accepts accepts, const char* defaultText, KeySetter set) {
    return custom(name, accepts, defaultText, std::move(set), std::nullopt);
}
BookSimKey unsupported(const char* name, Accepts accepts, const char* defaultText) {
    return custom(name, accepts, defaultText, {}, std::nullopt);
}

// The scene keys. A key that mirrors BookSim's carries BookSim's default, which
// the Parameters dock names; the own* ones are the scene's own.
ParamSpec ownParam(const char* key, ParamType type, sim::Json value, double lo, double hi,
                   std::vector<std::string> choices, const char* help) {
    return {key, type, std::move(value), lo, hi, std::move(choices), help};
}
ParamSpec bookSimParam(ParamSpec spec) {
    spec.defaultOrigin = "BookSim";
    return spec;
}
ParamSpec intParam(const char* key, int value, double lo, double hi, const char* help) {
    return bookSimParam(ownParam(key, ParamType::Int, value, lo, hi, {}, help));
}
ParamSpec floatParam(const char* key, double value, double lo, double hi, const char* help) {
    return bookSimParam(ownParam(key, ParamType::Double, value, lo, hi, {}, help));
}
ParamSpec choiceParam(const char* key, const char* value, std::vector<std::string> choices, const char* help) {
    return bookSimParam(ownParam(key, ParamType::Choice, value, 0, 0, std::move(choices), help));
}
ParamSpec ownChoice(const char* key, const char* value, std::vector<std::string> choices, const char* help) {
    return ownParam(key, ParamType::Choice, value, 0, 0, std::move(choices), help);
}
ParamSpec ownFlag(const char* key, bool value, const char* help) {
    return ownParam(key, ParamType::Bool, value, 0, 0, {}, help);
}

// The common shapes: one range or list declares the setter's check and the
// scene key's together.
BookSimKey intKey(const char* name, int NocConfig::*field, int value, int lo, int hi, const char* help) {
    return custom(name, kInt, std::to_string(value).c_str(), intIn(field, lo, hi), intParam(name, value, lo, hi, help));
}
BookSimKey flagKey(const char* name, bool NocConfig::*field, bool value, const char* help) {
    return custom(name, kInt, value ? "1" : "0", flag(field),
                  bookSimParam(ownParam(name, ParamType::Bool, value, 0, 0, {}, help)));
}
template <class E>
BookSimKey choiceKey(const char* name, E NocConfig::*field, const char* value,
                     std::vector<std::pair<std::string, E>> options, const char* help) {
    std::vector<std::string> names;
    for (const auto& option : options) names.push_back(option.first);
    return custom(name, kString, value, choice(field, std::move(options)),
                  choiceParam(name, value, std::move(names), help));
}

// A threshold of the run's control: any float to the reader (BookSim also
// takes a list, one per traffic class, which commviz refuses); -1 to 1e9 in the scene.
BookSimKey thresholdKey(const char* name, double NocConfig::*field, const char* value, const char* help) {
    return custom(name, kFloatOrString, value, threshold(field),
                  floatParam(name, std::strtod(value, nullptr), -1.0, 1e9, help));
}
// One of on_off's three rates: -1.0 to 1.0, `allowed` saying what each means.
BookSimKey burstKey(const char* name, double NocConfig::*field, const char* value, const char* allowed,
                    const char* help) {
    return custom(name, kFloat, value, burst(field, allowed),
                  floatParam(name, std::strtod(value, nullptr), -1.0, 1.0, help));
}

ParamSpec trafficParam() {
    ParamSpec spec = choiceParam("traffic", "uniform",
                                 {"uniform", "transpose", "bitcomp", "bitrev", "shuffle", "tornado", "neighbor",
                                  "randperm", "hotspot", "bad_dragon"},
                                 QT_TRANSLATE_NOOP("commviz::params", "Destination pattern"));
    spec.choiceArguments = true;  // hotspot(...) and randperm(N) as BookSim writes them
    return spec;
}

constexpr const char* kBurstAlphaAllowed =
    QT_TRANSLATE_NOOP("commviz::noc",
                      "a float from -1.0 to 1.0: the chance per cycle that an off source "
                      "turns on (at most 1.0), or negative to derive it from injection_rate");
constexpr const char* kBurstBetaAllowed =
    QT_TRANSLATE_NOOP("commviz::noc",
                      "a float from -1.0 to 1.0: the chance per cycle that an on source "
                      "turns off (at most 1.0), or negative to derive it from injection_rate");
constexpr const char* kBurstR1Allowed =
    QT_TRANSLATE_NOOP("commviz::noc",
                      "a float from -1.0 to 1.0: the chance per cycle that an on source makes a "
                      "packet (at most 1.0), or negative (the default -1.0) to derive it from "
                      "injection_rate");

}  // namespace

const std::vector<BookSimKey>& bookSimKeys() {
    static const std::vector<BookSimKey> keys = {
        choiceKey("topology", &NocConfig::topology, "torus",
                  {{"mesh", Topology::Mesh},
                   {"torus", Topology::Torus},
                   {"fly", Topology::Fly},
                   {"cmesh", Topology::CMesh},
                   {"anynet", Topology::AnyNet},
                   {"flatfly", Topology::FlatFly},
                   {"fattree", Topology::FatTree},
                   {"qtree", Topology::QTree},
                   {"tree4", Topology::Tree4},
                   {"dragonflynew", Topology::DragonFlyNew}},
                  QT_TRANSLATE_NOOP("commviz::params",
                                    "mesh or torus (k-ary n-cube), fly (k-ary n-fly butterfly), cmesh (concentrated "
                                    "mesh with express links), flatfly (on-chip flattened butterfly), fattree (fat "
                                    "tree of k-port routers in n levels), qtree (quad tree, k = 4, n = 3), tree4 (k = "
                                    "4, n = 3), dragonflynew (dragonfly groups), anynet (any graph, from network_file) "
                                    "(BookSim: topology)")),
        intKey("k", &NocConfig::k, 8, 2, 64,
               QT_TRANSLATE_NOOP("commviz::params", "Routers per dimension (BookSim: k)")),
        intKey("n", &NocConfig::n, 2, 1, 8,
               QT_TRANSLATE_NOOP("commviz::params",
                                 "Dimensions (mesh, torus: 1 to 3; n = 1 is a line or ring) or a fly's stages "
                                 "(BookSim: n)")),
        readOnly("c", kInt, "1", intIn(&NocConfig::c, 1, 64)),
        custom(
            "routing_function", kString, "none", routingFunctionSetter(),
            ownChoice("routing_function", "dim_order",
                      {"dor", "dim_order", "min_adapt", "valiant", "romm", "dest_tag", "dor_no_express", "xy_yx",
                       "xy_yx_no_express", "min", "nca", "anca", "ran_min", "xyyx", "adaptive_xyyx", "ugal",
                       "ugal_xyyx", "ugal_pni"},
                      QT_TRANSLATE_NOOP("commviz::params",
                                        "BookSim routing function (+ topology): dor / dim_order, min_adapt, valiant, "
                                        "romm (mesh only), dest_tag (fly only), dor_no_express, xy_yx, "
                                        "xy_yx_no_express (cmesh only), ran_min, xyyx, adaptive_xyyx, valiant, "
                                        "ugal, ugal_xyyx, ugal_pni (flatfly), nca, anca (fattree; nca also qtree "
                                        "and tree4), min, ugal (dragonflynew), min (anynet)"))),
        flagKey("use_noc_latency", &NocConfig::use_noc_latency, true,
                QT_TRANSLATE_NOOP("commviz::params", "Torus links take 2 cycles (BookSim: use_noc_latency)")),
        // commviz extension: its default is commviz's own
        custom(
            "dateline", kInt, "1", flag(&NocConfig::dateline),
            ownFlag("dateline", true,
                    QT_TRANSLATE_NOOP("commviz::params", "commviz only: torus dateline VC classes; off can deadlock"))),
        unsupported("subnets", kInt, "1"),
        unsupported("channel_file", kString, ""),
        readOnly("x", kInt, "8", intIn(&NocConfig::x, 1, 64)),
        readOnly("y", kInt, "8", intIn(&NocConfig::y, 1, 64)),
        readOnly("xr", kInt, "1", intIn(&NocConfig::xr, 1, 8)),
        readOnly("yr", kInt, "1", intIn(&NocConfig::yr, 1, 8)),
        unsupported("link_failures", kInt, "0"),
        unsupported("fail_seed", kIntOrString, "0"),
        unsupported("in_ports", kInt, "5"),
        unsupported("out_ports", kInt, "5"),
        readOnly("router", kString, "iq", only("iq")),
        unsupported("output_delay", kInt, "0"),
        intKey("credit_delay", &NocConfig::credit_delay, 0, 0, 64,
               QT_TRANSLATE_NOOP("commviz::params", "Extra cycles before a returned credit can be used")),
        custom("internal_speedup", kFloat, "1.0", internalSpeedupSetter(),
               floatParam("internal_speedup", 1.0, 1.0, 8.0,
                          QT_TRANSLATE_NOOP("commviz::params", "Router core speed relative to the channels"))),
        intKey("output_buffer_size", &NocConfig::output_buffer_size, -1, -1, 1 << 20,
               QT_TRANSLATE_NOOP("commviz::params", "Output buffer flits with output speedup (-1 = unlimited)")),
        unsupported("noq", kInt, "0"),
        flagKey("speculative", &NocConfig::speculative, false,
                QT_TRANSLATE_NOOP("commviz::params", "Speculative switch allocation (VA and SA in parallel)")),
        unsupported("spec_check_elig", kInt, "1"),
        unsupported("spec_check_cred", kInt, "1"),
        unsupported("spec_mask_by_reqs", kInt, "0"),
        unsupported("spec_sw_allocator", kString, "prio"),
        intKey("num_vcs", &NocConfig::num_vcs, 16, 1, 64,
               QT_TRANSLATE_NOOP("commviz::params", "Virtual channels per input port")),
        intKey("vc_buf_size", &NocConfig::vc_buf_size, 8, 1, 1024,
               QT_TRANSLATE_NOOP("commviz::params", "Flit slots per virtual channel")),
        unsupported("buf_size", kInt, "-1"),
        unsupported("buffer_policy", kString, "private"),
        unsupported("private_bufs", kInt, "-1"),
        unsupported("private_buf_size", kIntOrString, "1"),
        unsupported("private_buf_start_vc", kIntOrString, "-1"),
        unsupported("private_buf_end_vc", kIntOrString, "-1"),
        unsupported("max_held_slots", kInt, "-1"),
        unsupported("feedback_aging_scale", kInt, "1"),
        unsupported("feedback_offset", kInt, "0"),
        flagKey("wait_for_tail_credit", &NocConfig::wait_for_tail_credit, false,
                QT_TRANSLATE_NOOP("commviz::params", "Reuse an output VC only after the tail's credit returns")),
        unsupported("vc_busy_when_full", kInt, "0"),
        unsupported("vc_prioritize_empty", kInt, "0"),
        unsupported("vc_priority_donation", kInt, "0"),
        unsupported("vc_shuffle_requests", kInt, "0"),
        flagKey("hold_switch_for_packet", &NocConfig::hold_switch_for_packet, false,
                QT_TRANSLATE_NOOP("commviz::params",
                                  "A packet keeps its crossbar connection from head to tail once it wins the switch")),
        intKey("input_speedup", &NocConfig::input_speedup, 1, 1, 8,
               QT_TRANSLATE_NOOP("commviz::params", "Crossbar inputs per router input")),
        intKey("output_speedup", &NocConfig::output_speedup, 1, 1, 8,
               QT_TRANSLATE_NOOP("commviz::params", "Crossbar outputs per router output")),
        intKey("routing_delay", &NocConfig::routing_delay, 1, 0, 16,
               QT_TRANSLATE_NOOP("commviz::params", "RC cycles; 0 = look-ahead routing")),
        intKey("vc_alloc_delay", &NocConfig::vc_alloc_delay, 1, 1, 16,
               QT_TRANSLATE_NOOP("commviz::params", "VA cycles")),
        intKey("sw_alloc_delay", &NocConfig::sw_alloc_delay, 1, 1, 16,
               QT_TRANSLATE_NOOP("commviz::params", "SA cycles")),
        intKey("st_prepare_delay", &NocConfig::st_prepare_delay, 0, 0, 16,
               QT_TRANSLATE_NOOP("commviz::params", "Crossbar set-up cycles")),
        intKey("st_final_delay", &NocConfig::st_final_delay, 1, 0, 16,
               QT_TRANSLATE_NOOP("commviz::params", "ST cycles")),
        unsupported("vct", kInt, "0"),
        // BookSim's iq router builds its allocators without the config, so
        // iterations (islip, select, pim) and the separable allocators' arbiter
        // come from the name: islip(2), separable_input_first(matrix).
        custom("vc_allocator", kString, "islip", allocatorSetter(&NocConfig::vc_allocator, &NocConfig::vc_alloc_iters),
               choiceParam("vc_allocator", "islip", allocatorNames(),
                           QT_TRANSLATE_NOOP("commviz::params",
                                             "VC allocator: islip(N), select(N) and pim(N) run N iterations; "
                                             "separable_*(matrix) uses matrix arbiters"))),
        custom("sw_allocator", kString, "islip", allocatorSetter(&NocConfig::sw_allocator, &NocConfig::sw_alloc_iters),
               choiceParam("sw_allocator", "islip", allocatorNames(),
                           QT_TRANSLATE_NOOP("commviz::params",
                                             "Switch allocator: islip(N), select(N) and pim(N) run N iterations; "
                                             "separable_*(matrix) uses matrix arbiters"))),
        // Read and without effect, as in BookSim, whose iq router does not pass
        // its config to the allocators: name the arbiter in the allocator instead.
        readOnly("arb_type", kString, "round_robin",
                 choice(&NocConfig::arb_type,
                        std::vector<std::pair<std::string, ArbiterKind>>{{"round_robin", ArbiterKind::RoundRobin},
                                                                         {"matrix", ArbiterKind::Matrix}})),
        // BookSim's allocators read it only when built with the config; the iq router takes islip(N) instead
        readOnly("alloc_iters", kInt, "1", intIn(&NocConfig::alloc_iters, 1, 16)),
        unsupported("classes", kInt, "1"),
        custom("traffic", kString, "uniform", trafficSetter(), trafficParam()),
        unsupported("class_priority", kIntOrString, "0"),
        custom("perm_seed", kIntOrString, "0", permSeedSetter(),
               intParam("perm_seed", 0, -2147483648.0, 2147483647,
                        QT_TRANSLATE_NOOP("commviz::params", "Seed of the randperm permutation (BookSim: perm_seed)"))),
        custom("injection_rate", kFloatOrString, "0.1", injectionRateSetter(),
               floatParam("injection_rate", 0.1, 0.0, 1.0,
                          QT_TRANSLATE_NOOP("commviz::params",
                                            "Packets per node per cycle (flits with injection_rate_uses_flits)"))),
        flagKey("injection_rate_uses_flits", &NocConfig::injection_rate_uses_flits, false,
                QT_TRANSLATE_NOOP("commviz::params", "injection_rate counts flits, not packets")),
        custom("packet_size", kIntOrString, "1", packetSizeSetter(),
               intParam("packet_size", 1, 1, 1024,
                        QT_TRANSLATE_NOOP("commviz::params", "Flits per packet (head, body..., tail)"))),
        unsupported("packet_size_rate", kIntOrString, "1"),
        choiceKey("injection_process", &NocConfig::injection_process, "bernoulli",
                  {{"bernoulli", InjectionProcessKind::Bernoulli}, {"on_off", InjectionProcessKind::OnOff}},
                  QT_TRANSLATE_NOOP("commviz::params",
                                    "bernoulli: a packet each cycle with probability injection_rate; on_off: bursty "
                                    "two-state sources")),
        burstKey("burst_alpha", &NocConfig::burst_alpha, "0.5", kBurstAlphaAllowed,
                 QT_TRANSLATE_NOOP("commviz::params", "on_off: chance per cycle an off source turns on (<0: derived)")),
        burstKey("burst_beta", &NocConfig::burst_beta, "0.5", kBurstBetaAllowed,
                 QT_TRANSLATE_NOOP("commviz::params", "on_off: chance per cycle an on source turns off (<0: derived)")),
        burstKey("burst_r1", &NocConfig::burst_r1, "-1.0", kBurstR1Allowed,
                 QT_TRANSLATE_NOOP("commviz::params",
                                   "on_off: packet chance per cycle while on (<0: derived from injection_rate)")),
        unsupported("priority", kString, "none"),
        // Read by BookSim's batch mode only (sim_type = batch, which commviz refuses), so any
        // value changes nothing, as in BookSim's latency and throughput runs (cmeshconfig sets 2000).
        readOnly("batch_size", kInt, "1000", ignored()),
        unsupported("batch_count", kInt, "1"),
        unsupported("max_outstanding_requests", kInt, "0"),
        unsupported("use_read_write", kIntOrString, "0"),
        unsupported("write_fraction", kFloatOrString, "0.5"),
        // The VC ranges and sizes of the read/write classes are read with use_read_write = 1
        // only (commviz refuses it), so any value changes nothing (flatflyconfig sets them).
        readOnly("read_request_begin_vc", kInt, "0", ignored()),
        readOnly("read_request_end_vc", kInt, "5", ignored()),
        readOnly("write_request_begin_vc", kInt, "2", ignored()),
        readOnly("write_request_end_vc", kInt, "7", ignored()),
        readOnly("read_reply_begin_vc", kInt, "8", ignored()),
        readOnly("read_reply_end_vc", kInt, "13", ignored()),
        readOnly("write_reply_begin_vc", kInt, "10", ignored()),
        readOnly("write_reply_end_vc", kInt, "15", ignored()),
        unsupported("read_request_subnet", kInt, "0"),
        unsupported("read_reply_subnet", kInt, "0"),
        unsupported("write_request_subnet", kInt, "0"),
        unsupported("write_reply_subnet", kInt, "0"),
        readOnly("read_request_size", kIntOrString, "1", ignored()),
        readOnly("write_request_size", kIntOrString, "1", ignored()),
        readOnly("read_reply_size", kIntOrString, "1", ignored()),
        readOnly("write_reply_size", kIntOrString, "1", ignored()),
        choiceKey("sim_type", &NocConfig::sim_type, "latency",
                  {{"latency", SimType::Latency}, {"throughput", SimType::Throughput}},
                  QT_TRANSLATE_NOOP("commviz::params", "latency drains measured packets; throughput does not")),
        intKey("warmup_periods", &NocConfig::warmup_periods, 3, 0, 1000000,
               QT_TRANSLATE_NOOP("commviz::params", "Sample periods of warm-up")),
        intKey("sample_period", &NocConfig::sample_period, 1000, 1, 100000000,
               QT_TRANSLATE_NOOP("commviz::params", "Cycles per sample period")),
        intKey("max_samples", &NocConfig::max_samples, 10, 1, 1000000,
               QT_TRANSLATE_NOOP("commviz::params", "Sample periods at most, warm-up included")),
        unsupported("measure_stats", kIntOrString, "1"),
        unsupported("pair_stats", kInt, "0"),
        thresholdKey(
            "latency_thres", &NocConfig::latency_thres, "500.0",
            QT_TRANSLATE_NOOP("commviz::params", "Average latency above which the run is unstable (negative: off)")),
        thresholdKey("warmup_thres", &NocConfig::warmup_thres, "0.05",
                     QT_TRANSLATE_NOOP("commviz::params", "Latency change that ends warm-up when warmup_periods = 0")),
        thresholdKey(
            "acc_warmup_thres", &NocConfig::acc_warmup_thres, "0.05",
            QT_TRANSLATE_NOOP("commviz::params", "Throughput change that ends warm-up when warmup_periods = 0")),
        thresholdKey("stopping_thres", &NocConfig::stopping_thres, "0.05",
                     QT_TRANSLATE_NOOP("commviz::params", "Latency change of a converged period")),
        thresholdKey("acc_stopping_thres", &NocConfig::acc_stopping_thres, "0.05",
                     QT_TRANSLATE_NOOP("commviz::params", "Throughput change of a converged period")),
        unsupported("sim_count", kInt, "1"),
        flagKey("include_queuing", &NocConfig::include_queuing, true,
                QT_TRANSLATE_NOOP("commviz::params", "Packet latency includes source queueing")),
        unsupported("reorder", kInt, "0"),
        unsupported("flit_timing", kInt, "0"),
        unsupported("split_packets", kInt, "0"),
        custom("seed", kIntOrString, "0", seedSetter(),
               intParam("seed", 0, 0, 2147483647, QT_TRANSLATE_NOOP("commviz::params", "Random seed"))),
        unsupported("print_activity", kInt, "0"),
        unsupported("print_csv_results", kInt, "0"),
        intKey("deadlock_warn_timeout", &NocConfig::deadlock_warn_timeout, 256, 1, 1 << 30,
               QT_TRANSLATE_NOOP("commviz::params", "Cycles without ejection before the deadlock check")),
        unsupported("viewer_trace", kInt, "0"),
        unsupported("watch_file", kString, ""),
        unsupported("watch_flits", kString, ""),
        unsupported("watch_packets", kString, ""),
        unsupported("watch_transactions", kString, ""),
        // read, no effect: nothing can be watched
        readOnly("watch_out", kString, "", ignored()),
        unsupported("stats_out", kString, ""),
        unsupported("injected_flits_out", kString, ""),
        unsupported("received_flits_out", kString, ""),
        unsupported("stored_flits_out", kString, ""),
        unsupported("sent_flits_out", kString, ""),
        unsupported("outstanding_credits_out", kString, ""),
        unsupported("ejected_flits_out", kString, ""),
        unsupported("active_packets_out", kString, ""),
        unsupported("used_credits_out", kString, ""),
        unsupported("free_credits_out", kString, ""),
        unsupported("max_credits_out", kString, ""),
        unsupported("sent_packets_out", kString, ""),
        unsupported("sim_power", kInt, "0"),
        unsupported("power_output_file", kString, "pwr_tmp"),
        unsupported("tech_file", kString, ""),
        unsupported("channel_width", kInt, "128"),
        unsupported("channel_sweep", kInt, "0"),
        custom(
            "network_file", kString, "",
            [](NocConfig& c, const ConfigValue& v) -> std::
                                                       string {
                                                           c.network_file = v.text;
                                                           return "";
                                                       },
            bookSimParam(ownParam("network_file", ParamType::Text, "", 0, 0, {},
                                  QT_TRANSLATE_NOOP("commviz::params",
                                                    "anynet: the file listing routers, nodes and channels, "
                                                    "looked for beside the config file, then in the working "
                                                    "directory (BookSim: network_file)")))),
        unsupported("wire_length", kFloat, "0"),
    };
    return keys;
}

const BookSimKey* findBookSimKey(const std::string& name) {
    for (const BookSimKey& key : bookSimKeys())
        if (name == key.name) return &key;
    return nullptr;
}

namespace {

bool typeAccepted(const BookSimKey& key, const ConfigValue& v) {
    switch (v.kind) {
        case ConfigValueKind::Int:
            return key.acceptsInt;
        case ConfigValueKind::Float:
            return key.acceptsFloat;
        case ConfigValueKind::String:
        case ConfigValueKind::List:
            return key.acceptsString;
    }
    return false;
}

std::string typeName(ConfigValueKind kind) {
    // in ConfigValueKind's order
    static const char* const names[] = {"an integer", "a float", "a string", "a list"};
    return names[static_cast<int>(kind)];
}

/// The word in BookSim's "Unknown <type> field" (config_utils.cpp, Configuration::Assign).
std::string assignTypeWord(ConfigValueKind kind) {
    return kind == ConfigValueKind::Int ? "integer" : kind == ConfigValueKind::Float ? "float" : "string";
}

std::string wantedTypes(const BookSimKey& key) {
    std::string out;
    auto add = [&](bool on, const char* what) {
        if (on) out += (out.empty() ? "" : " or ") + std::string(what);
    };
    add(key.acceptsInt, "an integer");
    add(key.acceptsFloat, "a float (written with a decimal point, e.g. 1.0)");
    add(key.acceptsString, "a string");
    return out;
}

}  // namespace

std::string typeProblem(const BookSimKey& key, const ConfigValue& value) {
    if (typeAccepted(key, value)) return "";
    return std::string(key.name) + " = " + value.text + ": BookSim reads this as " + typeName(value.kind) +
           " (Unknown " + assignTypeWord(value.kind) + " field: " + key.name + "); " + key.name + " takes " +
           wantedTypes(key);
}

sim::Status checkKeysAndTypes(const ConfigDocument& document) {
    for (const ConfigAssignment& a : document.assignments) {
        const BookSimKey* key = findBookSimKey(a.key);
        if (!key) {
            return sim::fail(placeOf(document, a) + "unknown key '" + a.key + "' (did you mean '" + closestKey(a.key) +
                             "'?)");
        }
        if (const std::string problem = typeProblem(*key, a.value); !problem.empty())
            return sim::fail(placeOf(document, a) + problem);
    }
    return sim::Ok{};
}

bool isDefaultValue(const BookSimKey& key, const ConfigValue& value) {
    if (value.text == key.defaultText) return true;
    if (value.kind == ConfigValueKind::Int || value.kind == ConfigValueKind::Float) {
        const ConfigValue d = classifyValue(key.defaultText);
        return d.kind != ConfigValueKind::String &&
               std::strtod(d.text.c_str(), nullptr) == std::strtod(value.text.c_str(), nullptr);
    }
    return false;
}

namespace {

std::size_t editDistance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

}  // namespace

std::string closestKey(const std::string& name) {
    std::string best;
    std::size_t bestDistance = SIZE_MAX;
    for (const BookSimKey& key : bookSimKeys()) {
        const std::size_t d = editDistance(name, key.name);
        if (d < bestDistance) {
            bestDistance = d;
            best = key.name;
        }
    }
    return best;
}

}  // namespace commviz::noc
