// The vocabulary of BookSim2's config file: every key booksim_config.cpp
// defines, the value types its parser accepts for it, and its default. Keys
// marked unsupported are accepted only at their default value, so a config
// that writes BookSim's defaults out explicitly still runs, and anything that
// would change behaviour commviz does not model is refused by name.

#include <algorithm>
#include <cstdlib>

#include "noc/noc_config.h"

namespace commviz::noc {

namespace {

constexpr bool I = true;
constexpr bool o = false;
constexpr bool yes = true;
constexpr bool no = false;

}  // namespace

const std::vector<BookSimKey>& bookSimKeys() {
    // name, int, float, string, default, supported
    static const std::vector<BookSimKey> keys = {
        {"topology", o, o, I, "torus", yes},
        {"k", I, o, o, "8", yes},
        {"n", I, o, o, "2", yes},
        {"c", I, o, o, "1", no},
        {"routing_function", o, o, I, "none", yes},
        {"use_noc_latency", I, o, o, "1", yes},
        {"dateline", I, o, o, "1", yes},  // commviz extension
        {"subnets", I, o, o, "1", no},
        {"channel_file", o, o, I, "", no},
        {"x", I, o, o, "8", no},
        {"y", I, o, o, "8", no},
        {"xr", I, o, o, "1", no},
        {"yr", I, o, o, "1", no},
        {"link_failures", I, o, o, "0", no},
        {"fail_seed", I, o, I, "0", no},
        {"in_ports", I, o, o, "5", no},
        {"out_ports", I, o, o, "5", no},
        {"router", o, o, I, "iq", yes},
        {"output_delay", I, o, o, "0", no},
        {"credit_delay", I, o, o, "0", yes},
        {"internal_speedup", o, I, o, "1.0", yes},
        {"output_buffer_size", I, o, o, "-1", yes},
        {"noq", I, o, o, "0", no},
        {"speculative", I, o, o, "0", yes},
        {"spec_check_elig", I, o, o, "1", no},
        {"spec_check_cred", I, o, o, "1", no},
        {"spec_mask_by_reqs", I, o, o, "0", no},
        {"spec_sw_allocator", o, o, I, "prio", no},
        {"num_vcs", I, o, o, "16", yes},
        {"vc_buf_size", I, o, o, "8", yes},
        {"buf_size", I, o, o, "-1", no},
        {"buffer_policy", o, o, I, "private", no},
        {"private_bufs", I, o, o, "-1", no},
        {"private_buf_size", I, o, I, "1", no},
        {"private_buf_start_vc", I, o, I, "-1", no},
        {"private_buf_end_vc", I, o, I, "-1", no},
        {"max_held_slots", I, o, o, "-1", no},
        {"feedback_aging_scale", I, o, o, "1", no},
        {"feedback_offset", I, o, o, "0", no},
        {"wait_for_tail_credit", I, o, o, "0", yes},
        {"vc_busy_when_full", I, o, o, "0", no},
        {"vc_prioritize_empty", I, o, o, "0", no},
        {"vc_priority_donation", I, o, o, "0", no},
        {"vc_shuffle_requests", I, o, o, "0", no},
        {"hold_switch_for_packet", I, o, o, "0", yes},
        {"input_speedup", I, o, o, "1", yes},
        {"output_speedup", I, o, o, "1", yes},
        {"routing_delay", I, o, o, "1", yes},
        {"vc_alloc_delay", I, o, o, "1", yes},
        {"sw_alloc_delay", I, o, o, "1", yes},
        {"st_prepare_delay", I, o, o, "0", yes},
        {"st_final_delay", I, o, o, "1", yes},
        {"vct", I, o, o, "0", no},
        {"vc_allocator", o, o, I, "islip", yes},
        {"sw_allocator", o, o, I, "islip", yes},
        {"arb_type", o, o, I, "round_robin", no},
        {"alloc_iters", I, o, o, "1", yes},
        {"classes", I, o, o, "1", no},
        {"traffic", o, o, I, "uniform", yes},
        {"class_priority", I, o, I, "0", no},
        {"perm_seed", I, o, I, "0", yes},
        {"injection_rate", o, I, I, "0.1", yes},
        {"injection_rate_uses_flits", I, o, o, "0", yes},
        {"packet_size", I, o, I, "1", yes},
        {"packet_size_rate", I, o, I, "1", no},
        {"injection_process", o, o, I, "bernoulli", yes},
        {"burst_alpha", o, I, o, "0.5", yes},
        {"burst_beta", o, I, o, "0.5", yes},
        {"burst_r1", o, I, o, "-1.0", yes},
        {"priority", o, o, I, "none", no},
        {"batch_size", I, o, o, "1000", no},
        {"batch_count", I, o, o, "1", no},
        {"max_outstanding_requests", I, o, o, "0", no},
        {"use_read_write", I, o, I, "0", no},
        {"write_fraction", o, I, I, "0.5", no},
        {"read_request_begin_vc", I, o, o, "0", no},
        {"read_request_end_vc", I, o, o, "5", no},
        {"write_request_begin_vc", I, o, o, "2", no},
        {"write_request_end_vc", I, o, o, "7", no},
        {"read_reply_begin_vc", I, o, o, "8", no},
        {"read_reply_end_vc", I, o, o, "13", no},
        {"write_reply_begin_vc", I, o, o, "10", no},
        {"write_reply_end_vc", I, o, o, "15", no},
        {"read_request_subnet", I, o, o, "0", no},
        {"read_reply_subnet", I, o, o, "0", no},
        {"write_request_subnet", I, o, o, "0", no},
        {"write_reply_subnet", I, o, o, "0", no},
        {"read_request_size", I, o, I, "1", no},
        {"write_request_size", I, o, I, "1", no},
        {"read_reply_size", I, o, I, "1", no},
        {"write_reply_size", I, o, I, "1", no},
        {"sim_type", o, o, I, "latency", yes},
        {"warmup_periods", I, o, o, "3", yes},
        {"sample_period", I, o, o, "1000", yes},
        {"max_samples", I, o, o, "10", yes},
        {"measure_stats", I, o, I, "1", no},
        {"pair_stats", I, o, o, "0", no},
        {"latency_thres", o, I, I, "500.0", yes},
        {"warmup_thres", o, I, I, "0.05", yes},
        {"acc_warmup_thres", o, I, I, "0.05", yes},
        {"stopping_thres", o, I, I, "0.05", yes},
        {"acc_stopping_thres", o, I, I, "0.05", yes},
        {"sim_count", I, o, o, "1", no},
        {"include_queuing", I, o, o, "1", yes},
        {"reorder", I, o, o, "0", no},
        {"flit_timing", I, o, o, "0", no},
        {"split_packets", I, o, o, "0", no},
        {"seed", I, o, I, "0", yes},
        {"print_activity", I, o, o, "0", no},
        {"print_csv_results", I, o, o, "0", no},
        {"deadlock_warn_timeout", I, o, o, "256", yes},
        {"viewer_trace", I, o, o, "0", no},
        {"watch_file", o, o, I, "", no},
        {"watch_flits", o, o, I, "", no},
        {"watch_packets", o, o, I, "", no},
        {"watch_transactions", o, o, I, "", no},
        {"watch_out", o, o, I, "", yes},  // read, no effect: nothing can be watched
        {"stats_out", o, o, I, "", no},
        {"injected_flits_out", o, o, I, "", no},
        {"received_flits_out", o, o, I, "", no},
        {"stored_flits_out", o, o, I, "", no},
        {"sent_flits_out", o, o, I, "", no},
        {"outstanding_credits_out", o, o, I, "", no},
        {"ejected_flits_out", o, o, I, "", no},
        {"active_packets_out", o, o, I, "", no},
        {"used_credits_out", o, o, I, "", no},
        {"free_credits_out", o, o, I, "", no},
        {"max_credits_out", o, o, I, "", no},
        {"sent_packets_out", o, o, I, "", no},
        {"sim_power", I, o, o, "0", no},
        {"power_output_file", o, o, I, "pwr_tmp", no},
        {"tech_file", o, o, I, "", no},
        {"channel_width", I, o, o, "128", no},
        {"channel_sweep", I, o, o, "0", no},
        {"network_file", o, o, I, "", no},
        {"wire_length", o, I, o, "0", no},
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
