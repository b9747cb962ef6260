#include "rdma_vs_socket/rdma_vs_socket_config.h"

#include <string>

#include "sim/translatable.h"

namespace commviz::rdma_vs_socket {

std::vector<sim::ParamSpec> params() {
    using sim::ParamType;
    return {
        {"message_size",
         ParamType::Int,
         4096,
         1,
         8388608,
         {},
         QT_TRANSLATE_NOOP("commviz::params", "Bytes per message (1 B to 8 MiB)")},
        {"messages",
         ParamType::Int,
         1,
         1,
         64,
         {},
         QT_TRANSLATE_NOOP("commviz::params", "Messages each lane sends, one at a time")},
        {"verbs_op",
         ParamType::Choice,
         "write",
         0,
         0,
         {"write", "send"},
         QT_TRANSLATE_NOOP("commviz::params", "Verb on the RDMA lane: one-sided RDMA WRITE or two-sided SEND")},
        {"order",
         ParamType::Choice,
         "race",
         0,
         0,
         {"race", "sequential"},
         QT_TRANSLATE_NOOP(
             "commviz::params",
             "race: both lanes on one clock, earliest stage first; sequential: the socket lane, then the verbs lane")},
    };
}

sim::Result<sim::ParamValues> scenarioKeys(const sim::Json& scenario) {
    // Every field of this scene's scenario is a key.
    return sim::topLevelKeys(params(), scenario, true, "rdma-vs-socket");
}

Config configOf(const sim::MergedKeys& keys) {
    Config config;
    config.message_size = keys.at("message_size").get<std::int64_t>();
    config.messages = keys.at("messages").get<int>();
    config.verbs_op = keys.at("verbs_op").get<std::string>() == "send" ? VerbsOp::Send : VerbsOp::Write;
    config.order = keys.at("order").get<std::string>() == "sequential" ? Order::Sequential : Order::Race;
    return config;
}

sim::Result<Config> configFrom(const sim::ParamValues& values, const std::optional<sim::Json>& scenario) {
    sim::ParamValues fromScenario;
    if (scenario) {
        auto read = scenarioKeys(*scenario);
        if (!read) return read.error();
        fromScenario = std::move(read).value();
    }
    auto keys = sim::mergeKeys(params(), values, fromScenario);
    if (!keys) return keys.error();
    return configOf(keys.value());
}

sim::Json toJson(const Config& c) {
    return {{"message_size", c.message_size},
            {"messages", c.messages},
            {"verbs_op", c.verbs_op == VerbsOp::Send ? "send" : "write"},
            {"order", c.order == Order::Sequential ? "sequential" : "race"}};
}

}  // namespace commviz::rdma_vs_socket
