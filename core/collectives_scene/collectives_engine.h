#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "collectives/cost_model.h"
#include "collectives/rank_buffers.h"
#include "collectives/schedule.h"
#include "collectives_scene/collectives_config.h"
#include "collectives_scene/collectives_events.h"
#include "collectives_scene/nccl_auto_choice.h"
#include "nccl/device/nvls_pipeline.h"
#include "nccl/device/tree_pipeline.h"
#include "sim/event_record.h"
#include "sim/json.h"
#include "sim/result.h"

namespace commviz::collectives {

/// The collectives scene: one step = one round of an Open MPI or NCCL
/// algorithm. Real data moves (RankBuffers), every message is costed with
/// Hockney's α-β-γ model and the run's time is the critical path.
class CollectivesEngine {
public:
    using Event = CollectivesEvent;

    /// Lays out the schedule; fails on an unknown algorithm (listing the allowed ones).
    static sim::Result<CollectivesEngine> create(const Config& config);

    std::vector<Event> step();
    bool done() const { return m_round >= m_schedule->rounds; }
    sim::Json summary() const;
    /// Ids: "rank:R" (its buffer), "schedule". Null when unknown.
    sim::Json inspect(const std::string& id) const;
    static sim::EventRecord describe(const Event& event);
    static std::vector<std::string> eventKinds();
    std::size_t footprintBytes() const;

    const Config& config() const { return m_config; }
    const Schedule& schedule() const { return *m_schedule; }
    /// The same schedule as shared by every copy of this run: views key their caches on it.
    std::shared_ptr<const Schedule> sharedSchedule() const { return m_schedule; }
    int roundsDone() const { return m_round; }
    const RankBuffers& buffers() const { return m_buffers; }
    double timeUs() const;
    const std::vector<std::int64_t>& bytesSent() const { return m_bytesSent; }
    std::int64_t messages() const { return m_messages; }
    bool perMessageEvents() const;
    SendEvent sendEvent(int roundIndex, const Message& message, double endUs) const;
    /// time_us, closed_form_us, algbw_GBps and busbw_GBps (nccl-tests' definitions) of the
    /// run so far; the bandwidths are null while no time has passed or no data moves.
    sim::Json bandwidthFields() const;
    /// NCCL's tuner on the config's server (library=nccl with a topo_file); null otherwise.
    const NcclAutoChoice* ncclChoice() const { return m_ncclChoice.get(); }
    /// NCCL's rings on the config's server, step by step through the slots; null for trees, Open MPI and
    /// runs without a server.
    const RingPipeline* ringPipeline() const { return m_pipeline ? &*m_pipeline : nullptr; }
    /// NCCL's trees on the config's server, chunk by chunk through the slots; null otherwise.
    const TreePipeline* treePipeline() const { return m_treePipeline ? &*m_treePipeline : nullptr; }
    /// NCCL's NVLS allreduce on one NVSwitch server, loop by loop through the switch; null otherwise.
    const NvlsPipeline* nvlsPipeline() const { return m_nvlsPipeline ? &*m_nvlsPipeline : nullptr; }
    /// The running pipeline's shape; null when none runs.
    const PipelineShape* pipelineShape() const;
    /// The most steps a sender had posted ahead of its receiver in the running pipeline (0: none runs).
    std::int64_t maxStepsAhead() const;

private:
    CollectivesEngine(Config config, Schedule schedule, std::shared_ptr<const NcclAutoChoice> choice);
    sim::Json ncclFields() const;
    std::vector<MessageTiming> pipelineTimings(int roundIndex, const Round& round);
    nccl_topology::Transport transportOf(const Message& message) const;

    Config m_config;
    std::shared_ptr<const Schedule> m_schedule;  ///< immutable, shared by copies
    int m_round = 0;
    RankBuffers m_buffers;
    CriticalPath m_path;
    std::vector<std::int64_t> m_bytesSent;  ///< per rank, to other ranks
    std::int64_t m_messages = 0;
    std::shared_ptr<const NcclAutoChoice> m_ncclChoice;  ///< immutable, shared by copies
    std::int64_t m_messageEstimate = 0;                  ///< rounds x the first round's messages
    std::optional<RingPipeline> m_pipeline;
    std::optional<TreePipeline> m_treePipeline;
    std::optional<NvlsPipeline> m_nvlsPipeline;
};

}  // namespace commviz::collectives
