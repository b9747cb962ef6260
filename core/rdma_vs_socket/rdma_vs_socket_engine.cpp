#include "rdma_vs_socket/rdma_vs_socket_engine.h"

#include <charconv>
#include <type_traits>

namespace commviz::rdma_vs_socket {

namespace {

std::int64_t parseIndex(std::string_view text) {
    std::int64_t value = -1;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size() ? value : -1;
}

sim::Json laneSummary(const RdmaVsSocketEngine& engine, Lane lane) {
    const LaneState& state = engine.lane(lane);
    int completed = 0;
    double deliveredSum = 0;
    for (const auto& t : state.timings) {
        if (t.completed_ns >= 0) ++completed;
        if (t.delivered_ns >= 0) deliveredSum += t.delivered_ns - t.start_ns;
    }
    int delivered = 0;
    for (const auto& t : state.timings) delivered += t.delivered_ns >= 0 ? 1 : 0;
    sim::Json json = toJson(state.totals);
    json["messages_completed"] = completed;
    json["latency_ns"] = engine.modelLatencyNs(lane);
    json["latency_us"] = engine.modelLatencyNs(lane) / 1000.0;
    json["avg_delivered_latency_ns"] = delivered > 0 ? sim::Json(deliveredSum / delivered) : sim::Json();
    json["clock_ns"] = state.clock_ns;
    if (lane == Lane::Verbs) json["setup"] = toJson(state.setup);
    return json;
}

sim::Json laneJson(const LaneState& s) {
    sim::Json timings = sim::Json::array();
    for (const auto& t : s.timings)
        timings.push_back({{"start_ns", t.start_ns},
                           {"delivered_ns", t.delivered_ns >= 0 ? sim::Json(t.delivered_ns) : sim::Json()},
                           {"completed_ns", t.completed_ns >= 0 ? sim::Json(t.completed_ns) : sim::Json()}});
    return {{"lane", std::string(name(s.lane))},
            {"setup_done", s.setup_done},
            {"message", s.message},
            {"stage", s.stage},
            {"clock_ns", s.clock_ns},
            {"totals", toJson(s.totals)},
            {"setup", toJson(s.setup)},
            {"timings", timings}};
}

}  // namespace

RdmaVsSocketEngine::RdmaVsSocketEngine(Config config)
    : m_config(config),
      m_socketPlan(socketPlan(config.message_size)),
      m_verbsPlan(verbsPlan(config.message_size, config.verbs_op)),
      m_setupPlan(verbsSetupPlan()) {
    m_socket.lane = Lane::Socket;
    m_verbs.lane = Lane::Verbs;
}

bool RdmaVsSocketEngine::finished(Lane lane) const { return this->lane(lane).message >= m_config.messages; }

bool RdmaVsSocketEngine::done() const { return finished(Lane::Socket) && finished(Lane::Verbs); }

const StageDef* RdmaVsSocketEngine::nextStage(Lane which) const {
    const LaneState& state = lane(which);
    if (which == Lane::Verbs && state.setup_done < int(m_setupPlan.size())) return &m_setupPlan[state.setup_done];
    if (finished(which)) return nullptr;
    return &plan(which)[state.stage];
}

std::optional<Lane> RdmaVsSocketEngine::nextLane() const {
    const bool socketLeft = !finished(Lane::Socket);
    const bool verbsLeft = !finished(Lane::Verbs);
    if (!socketLeft && !verbsLeft) return std::nullopt;
    if (!socketLeft) return Lane::Verbs;
    if (!verbsLeft) return Lane::Socket;
    if (m_config.order == Order::Sequential) return Lane::Socket;
    if (m_verbs.setup_done < int(m_setupPlan.size())) return Lane::Verbs;  // setup comes before the clock starts
    return m_verbs.clock_ns < m_socket.clock_ns ? Lane::Verbs : Lane::Socket;
}

std::vector<RdmaVsSocketEngine::Event> RdmaVsSocketEngine::step() {
    std::vector<Event> events;
    const auto which = nextLane();
    if (!which) return events;
    LaneState& state = mutableLane(*which);
    const StageDef& def = *nextStage(*which);

    StageEvent ev;
    ev.lane = *which;
    ev.def = def;
    if (def.setup) {
        ev.stage = state.setup_done++;
        state.setup += def.delta;
        ev.start_ns = ev.end_ns = 0;
    } else {
        ev.stage = state.stage;
        ev.message = state.message;
        if (state.stage == 0) state.timings.push_back({state.clock_ns, -1, -1});
        ev.start_ns = state.clock_ns;
        ev.end_ns = state.clock_ns + def.cost_ns;
        state.clock_ns = ev.end_ns;
        state.totals += def.delta;
        MessageTiming& timing = state.timings.back();
        if (def.delivers) timing.delivered_ns = ev.end_ns;
        ++state.stage;
    }
    ev.totals = state.totals;
    ev.setup_totals = state.setup;
    events.push_back(ev);

    // One message in flight per lane, like a ping-pong benchmark: the next
    // message starts when this one's last stage is done.
    if (!def.setup && state.stage == int(plan(*which).size())) {
        MessageTiming& timing = state.timings.back();
        timing.completed_ns = state.clock_ns;
        events.push_back(MessageDone{*which, state.message, timing.start_ns, timing.delivered_ns, timing.completed_ns});
        ++state.message;
        state.stage = 0;
    }
    return events;
}

double RdmaVsSocketEngine::modelLatencyNs(Lane which) const {
    double sum = 0;
    for (const auto& def : plan(which)) {
        sum += def.cost_ns;
        if (def.delivers) break;
    }
    return sum;
}

std::string_view RdmaVsSocketEngine::modelNote() {
    return "Illustrative order-of-magnitude times (reference: kernel TCP ≈ 10+ µs, RDMA ≈ 1–2 µs one way); "
           "stages are drawn one after another, real hardware overlaps them. Not a benchmark.";
}

sim::Json RdmaVsSocketEngine::summary() const {
    const double socketNs = modelLatencyNs(Lane::Socket);
    const double verbsNs = modelLatencyNs(Lane::Verbs);
    return {{"config", toJson(m_config)},
            {"socket", laneSummary(*this, Lane::Socket)},
            {"verbs", laneSummary(*this, Lane::Verbs)},
            {"latency_ratio", verbsNs > 0 ? socketNs / verbsNs : 0.0},
            {"illustrative", true},
            {"note", std::string(modelNote())}};
}

sim::Json RdmaVsSocketEngine::inspect(const std::string& id) const {
    const std::string_view text(id);
    for (Lane l : {Lane::Socket, Lane::Verbs}) {
        const std::string laneName(name(l));
        if (id == "lane:" + laneName) return laneJson(lane(l));
        const std::string stagePrefix = "stage:" + laneName + ":";
        if (text.substr(0, stagePrefix.size()) == stagePrefix) {
            const auto n = parseIndex(text.substr(stagePrefix.size()));
            if (n < 0 || n >= std::int64_t(plan(l).size())) return nullptr;
            sim::Json json = toJson(plan(l)[std::size_t(n)]);
            json["index"] = n;
            return json;
        }
        const std::string messagePrefix = "message:" + laneName + ":";
        if (text.substr(0, messagePrefix.size()) == messagePrefix) {
            const auto n = parseIndex(text.substr(messagePrefix.size()));
            if (n < 0 || n >= std::int64_t(lane(l).timings.size())) return nullptr;
            const MessageTiming& t = lane(l).timings[std::size_t(n)];
            return {{"lane", laneName},
                    {"message", n},
                    {"bytes", m_config.message_size},
                    {"start_ns", t.start_ns},
                    {"delivered_ns", t.delivered_ns >= 0 ? sim::Json(t.delivered_ns) : sim::Json()},
                    {"completed_ns", t.completed_ns >= 0 ? sim::Json(t.completed_ns) : sim::Json()}};
        }
    }
    if (text.substr(0, 6) == "setup:") {
        const auto n = parseIndex(text.substr(6));
        if (n < 0 || n >= std::int64_t(m_setupPlan.size())) return nullptr;
        sim::Json json = toJson(m_setupPlan[std::size_t(n)]);
        json["index"] = n;
        json["done"] = n < m_verbs.setup_done;
        return json;
    }
    return nullptr;
}

std::vector<std::string> RdmaVsSocketEngine::eventKinds() {
    std::vector<std::string> kinds;
    for (int id = 0; id <= static_cast<int>(StageId::PollCq); ++id) kinds.emplace_back(kind(static_cast<StageId>(id)));
    kinds.emplace_back(MessageDone::kKind);
    return kinds;
}

sim::EventRecord RdmaVsSocketEngine::describe(const Event& event) {
    if (const auto* done = std::get_if<MessageDone>(&event)) {
        const std::string laneName(name(done->lane));
        const std::string message = std::to_string(done->message);
        return {std::string(MessageDone::kKind),
                done->lane == Lane::Socket ? "recv(2) returns" : "ibv_poll_cq",
                {"lane:" + laneName, "message:" + laneName + ":" + message},
                {{"lane", laneName},
                 {"message", done->message},
                 {"start_ns", done->start_ns},
                 {"delivered_ns", done->delivered_ns},
                 {"completed_ns", done->completed_ns},
                 {"latency_ns", done->delivered_ns - done->start_ns},
                 {"illustrative", true}}};
    }
    const auto& ev = std::get<StageEvent>(event);
    const std::string laneName(name(ev.lane));
    std::vector<std::string> objects{"lane:" + laneName};
    if (ev.def.setup) {
        objects.push_back("setup:" + std::to_string(ev.stage));
    } else {
        objects.push_back("stage:" + laneName + ":" + std::to_string(ev.stage));
        objects.push_back("message:" + laneName + ":" + std::to_string(ev.message));
    }
    return {std::string(kind(ev.def.id)),
            std::string(ev.def.anchor),
            objects,
            {{"lane", laneName},
             {"stage", ev.stage},
             {"message", ev.message >= 0 ? sim::Json(ev.message) : sim::Json()},
             {"setup", ev.def.setup},
             {"where", toJson(ev.def.where)},
             {"from", toJson(ev.def.from)},
             {"to", toJson(ev.def.to)},
             {"moves_payload", ev.def.moves_payload},
             {"cpu", ev.def.cpu},
             {"delivers", ev.def.delivers},
             {"start_ns", ev.start_ns},
             {"cost_ns", ev.def.cost_ns},
             {"end_ns", ev.end_ns},
             {"illustrative", true},
             {"delta", toJson(ev.def.delta)},
             {"totals", toJson(ev.totals)},
             {"setup_totals", toJson(ev.setup_totals)}}};
}

}  // namespace commviz::rdma_vs_socket
