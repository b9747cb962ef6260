#pragma once

#include <memory>
#include <string>
#include <vector>

#include "nccl/topology_scene/topology_events.h"
#include "nccl/topology_scene/topology_run.h"
#include "sim/event_record.h"
#include "sim/json.h"
#include "sim/result.h"

namespace commviz::nccl_topology {

/// The NCCL topology scene: one step = one stage of NCCL's topology work on a
/// server (read the XML, compute paths, search rings, search trees, postset
/// across nodes, connect). Everything is computed once at create(); a step
/// reveals the next stage and says what it found.
class TopologyEngine {
public:
    using Event = TopologyEvent;

    /// Reads the files named by the keys (topologyKeys() + topologyFileKeys()).
    static sim::Result<TopologyEngine> create(const sim::ParamValues& values);

    std::vector<Event> step();
    bool done() const { return m_step >= int(m_run->stages.size()); }
    sim::Json summary() const;
    /// Ids: "system", "node:N", "path:A:B" (node indices), "channel:C". Null when unknown.
    sim::Json inspect(const std::string& id) const;
    static sim::EventRecord describe(const Event& event);
    static std::vector<std::string> eventKinds();
    std::size_t footprintBytes() const { return sizeof(*this); }

    const TopologyRun& run() const { return *m_run; }
    /// The same run as shared by every copy: views key their caches on it.
    std::shared_ptr<const TopologyRun> sharedRun() const { return m_run; }
    int stagesDone() const { return m_step; }
    /// True once `stage` has been stepped through.
    bool reached(TopologyStage stage) const;
    /// The stage the last step showed; nullopt before the first.
    std::optional<TopologyStage> lastStage() const;

private:
    explicit TopologyEngine(std::shared_ptr<const TopologyRun> run) : m_run(std::move(run)) {}
    Event eventOf(TopologyStage stage) const;

    std::shared_ptr<const TopologyRun> m_run;  ///< immutable, shared by copies
    int m_step = 0;
};

}  // namespace commviz::nccl_topology
