#include "collectives_scene/collectives_engine.h"

#include <algorithm>
#include <numeric>

#include "collectives/closed_form.h"
#include "collectives_scene/algorithm_catalog.h"
#include "sim/event_kinds.h"

namespace commviz::collectives {

namespace {

sim::Json nullIfEmpty(const std::string& text) { return text.empty() ? sim::Json(nullptr) : sim::Json(text); }

sim::Json blocksJson(const std::vector<BlockRange>& ranges) {
    sim::Json blocks = sim::Json::array();
    for (const auto& range : ranges)
        for (int block = range.first; block < range.first + range.count; ++block) blocks.push_back(block);
    return blocks;
}

}  // namespace

sim::Result<CollectivesEngine> CollectivesEngine::create(const Config& config) {
    if (config.ranks < 1 || config.root < 0 || config.root >= config.ranks)
        return sim::fail("root=" + std::to_string(config.root) + " is not a rank; allowed: 0 to " +
                         std::to_string(config.ranks - 1));
    auto schedule = buildSchedule(config.library, config.algorithm, scheduleRequest(config));
    if (!schedule) return schedule.error();
    return CollectivesEngine(config, std::move(schedule).value());
}

CollectivesEngine::CollectivesEngine(Config config, Schedule schedule)
    : m_config(std::move(config)),
      m_schedule(std::make_shared<const Schedule>(std::move(schedule))),
      m_buffers(m_config.collective, m_config.ranks, m_config.root, m_schedule->layout, m_config.op == ReduceOp::Max),
      m_path(m_config.ranks, launchLatencyUs(m_config, m_schedule->algorithm)),
      m_bytesSent(std::size_t(m_config.ranks), 0) {}

bool CollectivesEngine::perMessageEvents() const {
    if (m_config.detail == Detail::Auto) return m_config.ranks <= kMessageEventRanks;
    return m_config.detail == Detail::Messages;
}

SendEvent CollectivesEngine::sendEvent(int roundIndex, const Message& message, double endUs) const {
    SendEvent event{roundIndex, message, endUs};
    event.deviceFunction = m_schedule->deviceFunction;
    if (m_schedule->primitive) event.primitive = m_schedule->primitive(roundIndex, message);
    return event;
}

std::vector<CollectivesEngine::Event> CollectivesEngine::step() {
    if (done()) return {};
    const int roundIndex = m_round++;
    const Round round = m_schedule->round(roundIndex);
    const std::vector<double> ends = m_path.apply(effectiveCost(m_config, m_schedule->algorithm), round);
    m_buffers.apply(round);
    RoundEvent summary{roundIndex, std::int64_t(round.size()), 0, false, m_path.timeUs()};
    std::vector<Event> events;
    for (std::size_t index = 0; index < round.size(); ++index) {
        const Message& message = round[index];
        m_bytesSent[std::size_t(message.src)] += message.bytes;
        summary.bytes += message.bytes;
        summary.reduce = summary.reduce || message.reduce;
        if (perMessageEvents()) events.push_back(sendEvent(roundIndex, message, ends[index]));
    }
    m_messages += std::int64_t(round.size());
    if (!perMessageEvents()) events.push_back(summary);
    return events;
}

sim::Json CollectivesEngine::bandwidthFields() const {
    const double time = timeUs();
    const auto algbwSize = algbwBytes(m_config.collective, m_config.bytes, m_config.ranks);
    const double factor = busbwFactor(m_config.collective, m_config.ranks);
    // GB/s = bytes / (µs x 10^3); no bandwidth is defined for a run that took no time or moved no data.
    const sim::Json algbw =
        time > 0 && algbwSize > 0 ? sim::Json(double(algbwSize) / (time * 1e3)) : sim::Json(nullptr);
    const sim::Json busbw = algbw.is_number() ? sim::Json(algbw.get<double>() * factor) : sim::Json(nullptr);
    const std::string& algorithm = m_schedule->algorithm;
    auto closed = closedFormUs(m_config.collective, algorithm, m_config.ranks, m_config.bytes,
                               effectiveCost(m_config, algorithm));
    if (closed) *closed += launchLatencyUs(m_config, algorithm);
    return {{"time_us", time},
            {"closed_form_us", closed ? sim::Json(*closed) : sim::Json(nullptr)},
            {"algbw_GBps", algbw},
            {"busbw_GBps", busbw},
            {"busbw_factor", factor}};
}

sim::Json CollectivesEngine::summary() const {
    const Schedule& schedule = *m_schedule;
    sim::Json out{
        {"collective", std::string(name(m_config.collective))},
        {"library", m_config.library == Library::Ompi ? "ompi" : "nccl"},
        {"algorithm", schedule.algorithm},
        {"algorithm_id", m_config.library == Library::Ompi ? sim::Json(schedule.algorithmId) : sim::Json(nullptr)},
        {"rule", nullIfEmpty(schedule.rule)},
        {"redirected_from", nullIfEmpty(schedule.redirectedFrom)},
        {"ranks", m_config.ranks},
        {"bytes", m_config.bytes},
        {"rounds", schedule.rounds},
        {"rounds_done", m_round},
        {"messages", m_messages},
        {"bytes_sent_max", *std::max_element(m_bytesSent.begin(), m_bytesSent.end())},
        {"bytes_sent_total", std::accumulate(m_bytesSent.begin(), m_bytesSent.end(), std::int64_t(0))}};
    out.update(bandwidthFields());
    out["data_consistent"] = m_buffers.consistent();
    out["result_ok"] = done() ? sim::Json(m_buffers.resultOk()) : sim::Json(nullptr);
    return out;
}

sim::Json CollectivesEngine::inspect(const std::string& id) const {
    if (id == "schedule")
        return {{"algorithm", m_schedule->algorithm},
                {"blocks", m_schedule->layout.size()},
                {"rounds", m_schedule->rounds},
                {"tracked_blocks", RankBuffers::kTrackedBlocks},
                {"tracked_elements", RankBuffers::kTrackedElements}};
    if (id.rfind("rank:", 0) == 0) {
        const std::string number = id.substr(5);
        if (number.empty() || number.find_first_not_of("0123456789") != std::string::npos || number.size() > 5)
            return nullptr;
        const int rank = std::stoi(number);
        sim::Json out = m_buffers.inspect(rank);
        if (!out.is_null()) out["bytes_sent"] = m_bytesSent[std::size_t(rank)];
        return out;
    }
    return nullptr;
}

sim::EventRecord CollectivesEngine::describe(const Event& event) {
    if (const auto* send = std::get_if<SendEvent>(&event)) {
        const Message& message = send->message;
        // NCCL's sender runs a device primitive; Open MPI's algorithms exchange point-to-point messages.
        sim::EventRecord record{std::string(SendEvent::kKind),
                                send->primitive.empty() ? "MPI_Sendrecv" : std::string(send->primitive),
                                {"rank:" + std::to_string(message.src), "rank:" + std::to_string(message.dst)},
                                {{"round", send->round + 1},  // counted from 1, as the window and the lessons count
                                 {"src", message.src},
                                 {"dst", message.dst},
                                 {"bytes", message.bytes},
                                 {"blocks", blocksJson(message.blocks)},
                                 {"reduce", message.reduce},
                                 {"end_us", send->end_us}}};
        if (!send->deviceFunction.empty()) record.fields["device_function"] = std::string(send->deviceFunction);
        return record;
    }
    const auto& round = std::get<RoundEvent>(event);
    return {std::string(RoundEvent::kKind),
            "",
            {},
            {{"round", round.round + 1},
             {"messages", round.messages},
             {"bytes", round.bytes},
             {"reduce", round.reduce},
             {"end_us", round.end_us}}};
}

std::vector<std::string> CollectivesEngine::eventKinds() { return sim::variantKinds<Event>(); }

std::size_t CollectivesEngine::footprintBytes() const {
    return sizeof(*this) + m_buffers.footprintBytes() + m_bytesSent.size() * sizeof(std::int64_t) +
           m_path.clocks().size() * sizeof(double);
}

}  // namespace commviz::collectives
