#include "rdma_vs_socket/why_rdma_config.h"

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

sim::Result<Config> configFrom(const sim::ParamValues& values, const std::optional<sim::Json>& scenario) {
    const auto specs = params();
    sim::ParamValues chosen = sim::defaults(specs);
    if (scenario) {
        if (!scenario->is_object()) return sim::fail("rdma-vs-socket scenario must be a JSON object");
        for (const auto& [key, value] : scenario->items()) {
            if (key == "scene" || key == "format" || key == "title" || key == "description") continue;
            const sim::ParamSpec* spec = sim::findParam(specs, key);
            if (!spec)
                return sim::fail("unknown scenario field '" + key +
                                 "' for scene rdma-vs-socket: allowed message_size, messages, verbs_op, order");
            if (auto status = sim::checkParam(*spec, value); !status) return status.error();
            chosen[key] = value;
        }
    }
    for (const auto& [key, value] : values) {
        const sim::ParamSpec* spec = sim::findParam(specs, key);
        if (!spec)
            return sim::fail("unknown key '" + key + "': allowed keys are message_size, messages, verbs_op, order");
        if (auto status = sim::checkParam(*spec, value); !status) return status.error();
        chosen[key] = value;
    }
    Config config;
    config.message_size = chosen.at("message_size").get<std::int64_t>();
    config.messages = chosen.at("messages").get<int>();
    config.verbs_op = chosen.at("verbs_op").get<std::string>() == "send" ? VerbsOp::Send : VerbsOp::Write;
    config.order = chosen.at("order").get<std::string>() == "sequential" ? Order::Sequential : Order::Race;
    return config;
}

sim::Json toJson(const Config& c) {
    return {{"message_size", c.message_size},
            {"messages", c.messages},
            {"verbs_op", c.verbs_op == VerbsOp::Send ? "send" : "write"},
            {"order", c.order == Order::Sequential ? "sequential" : "race"}};
}

}  // namespace commviz::rdma_vs_socket
