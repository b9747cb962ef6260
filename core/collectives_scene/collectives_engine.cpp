#include "collectives_scene/collectives_engine.h"

#include <algorithm>
#include <numeric>

#include "collectives/closed_form.h"
#include "collectives_scene/algorithm_catalog.h"
#include "collectives_scene/nccl_nvls_pricing.h"
#include "collectives_scene/nccl_ring_hops.h"
#include "collectives_scene/nccl_tree_hops.h"
#include "nccl/device/nccl_primitives.h"
#include "nccl/log/tuning_log.h"
#include "sim/event_kinds.h"

namespace commviz::collectives {

namespace {

const char* waitName(PipelineWait wait) {
    switch (wait) {
        case PipelineWait::Program:
            return "previous_primitive";
        case PipelineWait::Data:
            return "data";
        case PipelineWait::Slot:
            return "slot";
        case PipelineWait::None:
            break;
    }
    return "launch";
}

// A send on a server's ring: its channel, its slices through the connection's slots, and what waits on what.
void addPipelineFields(sim::Json& fields, const SendEvent& send) {
    const MessageTiming& timing = *send.timing;
    sim::Json slices = sim::Json::array();
    for (int index = 0; index < timing.sliceCount; ++index) {
        const PipelineSlice& slice = timing.slices[std::size_t(index)];
        slices.push_back({{"step", slice.step},
                          {"slot", slice.slot()},
                          {"bytes", slice.bytes},
                          {"start_us", slice.startUs},
                          {"end_us", slice.endUs},
                          {"waited_for", waitName(slice.boundBy)},
                          {"slot_wait_us", slice.slotWaitUs}});
    }
    fields["channel"] = send.message.channel;
    fields["nccl_step"] = timing.slices[0].step;  // "step" is the run's step in the CLI's events
    fields["slot"] = timing.slices[0].slot();
    fields["start_us"] = timing.startUs();
    fields["waited_for"] = waitName(timing.slices[0].boundBy);
    fields["transport"] = std::string(nccl_topology::transportName(send.transport));
    fields["receiver_primitive"] = std::string(send.receiverPrimitive);
    fields["slices"] = std::move(slices);
}

sim::Json nullIfEmpty(const std::string& text) { return text.empty() ? sim::Json(nullptr) : sim::Json(text); }

sim::Json blocksJson(const std::vector<BlockRange>& ranges) {
    sim::Json blocks = sim::Json::array();
    for (const auto& range : ranges)
        for (int block = range.first; block < range.first + range.count; ++block) blocks.push_back(block);
    return blocks;
}

// NCCL's index of an algorithm the scene names ("tree", "nvls", "ring").
int ncclAlgorithmIndex(const std::string& name) {
    if (name == "tree") return nccl_tuning::NCCL_ALGO_TREE;
    return name == "nvls" ? nccl_tuning::NCCL_ALGO_NVLS : nccl_tuning::NCCL_ALGO_RING;
}

std::string sceneAlgorithmName(int algorithm) {
    if (algorithm == nccl_tuning::NCCL_ALGO_TREE) return "tree";
    return algorithm == nccl_tuning::NCCL_ALGO_NVLS ? "nvls" : "ring";
}

NcclCall ncclCallOf(const Config& config) {
    NcclCall call;
    call.collective = config.collective;
    call.nBytes = ncclBytesOf(config.collective, config.bytes, config.ranks);
    call.algorithm = config.algorithm;
    if (!config.protocolAuto) call.protocol = config.protocol;
    call.nvlsReduces = ncclNvlsReduces(config);
    for (const AlgorithmEntry& entry : algorithms(Library::Nccl, config.collective))
        call.animated.push_back(ncclAlgorithmIndex(entry.name));
    return call;
}

// A named algorithm=nvls where NCCL would not run NVLS: why (NCCL would fall back to another algorithm).
std::string nvlsRefusal(const Config& config) {
    const NcclTopologySetup& setup = *config.topology;
    if (setup.nvlsChannels == 0)
        return "algorithm=nvls: NCCL has no NVLS on topo_file=" + setup.topoFile +
               " (it needs an NVSwitch, sm90 or newer, more than two GPUs, and nvls_enable not 0)";
    if (setup.nNodes > 1)
        return "algorithm=nvls: across servers NCCL's NVLS allreduce needs CollNet (SHARP), not modelled; with "
               "nnodes=" +
               std::to_string(setup.nNodes) + " NCCL runs NVLSTree, or set nnodes=1";
    if (!ncclNvlsReduces(config))
        return "algorithm=nvls: the NVSwitch does not reduce this datatype and op (ncclNvlsSupported: sums of "
               "half, bfloat16, int32, int64, float and double; the maximum of half, bfloat16, int32 and int64; no "
               "8-bit types)";
    return {};
}

// library=nccl with a server: NCCL's tuner picks the pair, the scene animates the best one it can.
sim::Result<std::shared_ptr<const NcclAutoChoice>> tunerChoice(Config& config, std::string& algorithm) {
    const auto names = allowedAlgorithmNames(Library::Nccl, config.collective);
    const bool known = std::find(names.begin(), names.end(), config.algorithm) != names.end();
    // Unknown names and collectives NCCL has no algorithm for are refused by buildSchedule, naming the allowed.
    if (config.library != Library::Nccl || !config.topology || ncclFuncOf(config.collective) < 0 || !known)
        return std::shared_ptr<const NcclAutoChoice>{};
    if (config.algorithm == "nvls")
        if (std::string refusal = nvlsRefusal(config); !refusal.empty()) return sim::fail(refusal);
    const NcclCall call = ncclCallOf(config);
    auto choice = ncclAutoChoice(*config.topology, call);
    if (!choice) return choice.error();
    config.protocol = ncclProtocolOfIndex(choice->animatedProtocol);
    algorithm = sceneAlgorithmName(choice->animatedAlgorithm);
    // Rings and trees run on the server's channels, as many as enqueue.cc gives a call of this size
    // (nchannels=N caps the communicator's, as NCCL_MAX_NCHANNELS does); NVLS on comm->nvlsChannels.
    config.nchannels = ncclChannelsFor(*config.topology, choice->animatedAlgorithm, choice->animatedProtocol,
                                       call.nBytes, config.nchannels);
    return std::make_shared<const NcclAutoChoice>(std::move(choice).value());
}

// A server channel's tree as the schedule reads it: each rank's parent and children (NCCL's up and down[]).
ChannelTree channelTree(const nccl_topology::CommChannel& channel) {
    ChannelTree tree;
    for (const nccl_topology::RankTree& rank : channel.tree) {
        tree.up.push_back(rank.up);
        tree.down.emplace_back();
        for (int child : rank.down)
            if (child >= 0) tree.down.back().push_back(child);
    }
    return tree;
}

}  // namespace

sim::Result<CollectivesEngine> CollectivesEngine::create(const Config& config) {
    if (config.ranks < 1 || config.root < 0 || config.root >= config.ranks)
        return sim::fail("root=" + std::to_string(config.root) + " is not a rank; allowed: 0 to " +
                         std::to_string(config.ranks - 1));
    Config resolved = config;
    std::string algorithm = config.algorithm;
    auto choice = tunerChoice(resolved, algorithm);
    if (!choice) return choice.error();
    ScheduleRequest request = scheduleRequest(resolved);
    if (choice.value()) request.nnodes = resolved.topology->nNodes;
    if (choice.value()) request.nvlsSwitch = resolved.topology->nvlsChannels > 0;
    if (choice.value())
        for (const auto& channel : resolved.topology->comm.channels) {
            request.rings.push_back(channel.ring);
            request.trees.push_back(channelTree(channel));
        }
    auto schedule = buildSchedule(config.library, algorithm, request);
    if (!schedule) return schedule.error();
    if (choice.value()) schedule->rule = choice.value()->rule;
    std::shared_ptr<const NvlsPlan> nvlsPlan;
    if (schedule->deviceFunction == nccl_primitives::kRunNvls) {
        nvlsPlan = std::make_shared<const NvlsPlan>(ncclNvlsPlan(request));
        resolved.nchannels = nvlsPlan->channels();  // enqueue.cc spreads a small call over fewer
    }
    CollectivesEngine engine(resolved, std::move(schedule).value(), std::move(choice).value());
    if (nvlsPlan && engine.m_ncclChoice) engine.m_nvlsPipeline.emplace(nvlsPlan, ncclNvlsPricing(*resolved.topology));
    if (engine.m_ncclChoice && engine.m_schedule->deviceFunction == nccl_primitives::kRunTreeSplit &&
        config.ranks >= 2) {
        // NCCL's trees on a server run as a pipeline too, chunk by chunk through the slots of each connection.
        auto plan = std::make_shared<const NcclTreePlan>(ncclTreePlan(request));
        const NcclTopologySetup& setup = *resolved.topology;
        engine.m_treePipeline.emplace(plan, ncclTreeHops(setup, resolved.protocol, *plan),
                                      treePipelineShape(resolved.protocol, resolved.elementBytes,
                                                        ncclTreeBaseLatencyUs(setup, resolved.protocol)),
                                      resolved.elementBytes, resolved.protocol != NcclProtocol::Simple);
    }
    return engine;
}

CollectivesEngine::CollectivesEngine(Config config, Schedule schedule, std::shared_ptr<const NcclAutoChoice> choice)
    : m_config(std::move(config)),
      m_schedule(std::make_shared<const Schedule>(std::move(schedule))),
      m_buffers(m_config.collective, m_config.ranks, m_config.root, m_schedule->layout, m_config.op == ReduceOp::Max),
      m_path(m_config.ranks, launchLatencyUs(m_config, m_schedule->algorithm)),
      m_bytesSent(std::size_t(m_config.ranks), 0),
      m_ncclChoice(std::move(choice)),
      m_messageEstimate(m_config.library == Library::Nccl && m_schedule->rounds > 0
                            ? std::int64_t(m_schedule->rounds) * std::int64_t(m_schedule->round(0).size())
                            : 0) {
    // NCCL's rings on a server run as a pipeline through the slots of each connection.
    if (!m_ncclChoice || m_schedule->deviceFunction != nccl_primitives::kRunRing || m_config.ranks < 2) return;
    const NcclTopologySetup& setup = *m_config.topology;
    const bool multiStep = m_config.collective == Collective::Allreduce ||
                           m_config.collective == Collective::Allgather ||
                           m_config.collective == Collective::ReduceScatter;
    m_pipeline.emplace(m_config.ranks, m_config.nchannels,
                       ringPipelineShape(m_config.protocol, multiStep, m_config.elementBytes,
                                         ncclRingBaseLatencyUs(setup, m_config.protocol)),
                       ncclRingHops(setup, m_config.protocol, ncclFuncOf(m_config.collective)));
}

bool CollectivesEngine::perMessageEvents() const {
    if (m_config.detail == Detail::Auto)
        return m_config.ranks <= kMessageEventRanks && m_messageEstimate <= kMessageEventLimit;
    return m_config.detail == Detail::Messages;
}

SendEvent CollectivesEngine::sendEvent(int roundIndex, const Message& message, double endUs) const {
    SendEvent event{roundIndex, message, endUs};
    event.deviceFunction = m_schedule->deviceFunction;
    if (m_schedule->primitive) event.primitive = m_schedule->primitive(roundIndex, message);
    if (m_schedule->receiverPrimitive) event.receiverPrimitive = m_schedule->receiverPrimitive(roundIndex, message);
    return event;
}

const PipelineShape* CollectivesEngine::pipelineShape() const {
    if (m_pipeline) return &m_pipeline->shape();
    if (m_nvlsPipeline) return &m_nvlsPipeline->shape();
    return m_treePipeline ? &m_treePipeline->shape() : nullptr;
}

double CollectivesEngine::timeUs() const {
    if (m_pipeline) return m_pipeline->endUs();
    if (m_treePipeline) return m_treePipeline->endUs();
    return m_nvlsPipeline ? m_nvlsPipeline->endUs() : m_path.timeUs();
}

std::int64_t CollectivesEngine::maxStepsAhead() const {
    if (m_pipeline) return m_pipeline->maxStepsAhead();
    if (m_treePipeline) return m_treePipeline->maxStepsAhead();
    return m_nvlsPipeline ? m_nvlsPipeline->maxStepsAhead() : 0;
}

nccl_topology::Transport CollectivesEngine::transportOf(const Message& message) const {
    if (m_pipeline) return m_pipeline->hops().hop(message.channel, message.src).transport;
    if (m_treePipeline) return m_treePipeline->hop(message).transport;
    return nccl_topology::Transport::NVLS;
}

std::vector<MessageTiming> CollectivesEngine::pipelineTimings(int roundIndex, const Round& round) {
    if (m_treePipeline || m_nvlsPipeline) {
        std::vector<MessageTiming> timings;
        timings.reserve(round.size());
        for (const Message& message : round)
            timings.push_back(m_treePipeline ? m_treePipeline->timing(message)
                                             : m_nvlsPipeline->timing(roundIndex, message));
        return timings;
    }
    std::vector<bool> receives(round.size());
    for (std::size_t index = 0; index < round.size(); ++index)
        receives[index] = nccl_primitives::receives(m_schedule->primitive(roundIndex, round[index]));
    auto timings = m_pipeline->advance(round, receives);
    if (done()) m_pipeline->drain();
    return timings;
}

std::vector<CollectivesEngine::Event> CollectivesEngine::step() {
    if (done()) return {};
    const int roundIndex = m_round++;
    const Round round = m_schedule->round(roundIndex);
    // One clock prices the round: the ring, tree or NVLS pipeline on a server, else Hockney's critical path.
    std::vector<MessageTiming> timings;
    std::vector<double> ends;
    const bool pipelined = pipelineShape() != nullptr;
    if (pipelined)
        timings = pipelineTimings(roundIndex, round);
    else
        ends = m_path.apply(effectiveCost(m_config, m_schedule->algorithm), round);
    m_buffers.apply(round);
    RoundEvent summary{roundIndex, std::int64_t(round.size()), 0, false, timeUs()};
    std::vector<Event> events;
    for (std::size_t index = 0; index < round.size(); ++index) {
        const Message& message = round[index];
        m_bytesSent[std::size_t(message.src)] += message.bytes;
        summary.bytes += message.bytes;
        summary.reduce = summary.reduce || message.reduce;
        if (!perMessageEvents()) continue;
        if (pipelined) {
            SendEvent event = sendEvent(roundIndex, message, timings[index].endUs());
            event.timing = timings[index];
            event.transport = transportOf(message);
            events.push_back(std::move(event));
        } else {
            events.push_back(sendEvent(roundIndex, message, ends[index]));
        }
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
    if (m_config.library == Library::Nccl) out.update(ncclFields());
    out["data_consistent"] = m_buffers.consistent();
    out["result_ok"] = done() ? sim::Json(m_buffers.resultOk()) : sim::Json(nullptr);
    return out;
}

// The tuner's view beside the animation's: the animation prices each message with the link preset's α-β
// (and the protocol's efficiency), NCCL's tuner prices the whole call from the server's graphs.
sim::Json CollectivesEngine::ncclFields() const {
    sim::Json out{{"protocol", nccl_tuning::ncclProtoStr(ncclProtocolIndex(m_config.protocol))},
                  {"nchannels", std::max(m_config.nchannels, 1)}};
    if (!m_ncclChoice) return out;
    const NcclAutoChoice& choice = *m_ncclChoice;
    sim::Json candidates = sim::Json::array();
    for (const NcclCandidate& candidate : choice.candidates)
        candidates.push_back({{"algorithm", nccl_tuning::ncclAlgoStr(candidate.algorithm)},
                              {"protocol", nccl_tuning::ncclProtoStr(candidate.protocol)},
                              {"latency_us", candidate.latencyUs},
                              {"bandwidth_GBps", candidate.bandwidthGBps},
                              {"time_us", candidate.timeUs}});
    out["comm_nchannels"] = m_config.topology->nChannels;
    out["candidates"] = std::move(candidates);
    out["nccl_pick"] = ncclPairName(choice.algorithm, choice.protocol);
    out["model_time_us"] = choice.animatedTimeUs;
    if (const PipelineShape* shape = pipelineShape()) {
        out["time_note"] =
            m_nvlsPipeline
                ? std::string(
                      "time_us is the NVLS pipeline's: every loop of every channel through the NVSwitch, "
                      "each GPU's link to the switch priced from NCCL's NVLS bandwidth; model_time_us is "
                      "NCCL's ncclTopoGetAlgoTime for NVLS/Simple on this server")
                : std::string("time_us is the ") + (m_pipeline ? "ring" : "tree") +
                      " pipeline's: every slice through the NCCL_STEPS slots of its connection on the server's "
                      "own " +
                      (m_pipeline ? "rings" : "trees") +
                      ", each hop priced by its path class and bandwidth; model_time_us is NCCL's "
                      "ncclTopoGetAlgoTime for the animated pair on this server";
        out["pipeline"] = {{"slots", kNcclSteps},
                           {"steps_per_slice", shape->stepsPerSlice},
                           {"slices_per_chunk", shape->slicesPerChunk},
                           {"step_bytes", shape->stepBytes},
                           {"launch_us", shape->startUs},
                           {"max_steps_ahead", maxStepsAhead()}};
    } else {
        out["time_note"] =
            "time_us is the animation's critical path, each message priced by the link's alpha-beta and the "
            "protocol's share of the bandwidth; model_time_us is NCCL's ncclTopoGetAlgoTime for the animated pair "
            "on this server";
    }
    out["topo_file"] = m_config.topology->topoFile;
    out["nnodes"] = m_config.topology->nNodes;
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
        if (send->timing) addPipelineFields(record.fields, *send);
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
           m_path.clocks().size() * sizeof(double) + (m_pipeline ? m_pipeline->footprintBytes() : 0) +
           (m_treePipeline ? m_treePipeline->footprintBytes() : 0) +
           (m_nvlsPipeline ? m_nvlsPipeline->footprintBytes() : 0);
}

}  // namespace commviz::collectives
