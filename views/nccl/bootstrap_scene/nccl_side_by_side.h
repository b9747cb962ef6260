#pragma once

// Classic vs 2.30 on the same n: the scene's session runs one version; this
// keeps an engine of the other, built from the same keys, and moves it to the
// same point of the bootstrap (same phase, as far through it) for the second
// pane. Views only: the shell's one session stays the one the user steps.

#include <optional>
#include <vector>

#include "nccl/bootstrap_scene/nccl_engine.h"

namespace commviz::views {

class NcclOtherVersion {
public:
    /// The other version's engine at the point `main` has reached. Steps
    /// forward from where it was, or from the last phase start at or before
    /// that point when `main` went back; O(steps) the first time.
    const nccl::NcclEngine& alignedWith(const nccl::NcclEngine& main);
    /// The typed events of the step that led to the engine returned (empty at a phase start).
    const std::vector<nccl::NcclEvent>& events() const { return m_events; }

    /// Where an engine is, comparable across versions: its phase, then how far
    /// through it by messages sent (0 ≤ fraction < 1).
    static double position(const nccl::NcclEngine& engine);
    /// The same keys with the version switched (one root for classic, which has no others).
    static nccl::Config otherConfig(const nccl::Config& main);

private:
    nccl::Config m_config;
    std::optional<nccl::NcclEngine> m_engine;
    std::vector<nccl::NcclEngine> m_phaseStarts;  ///< a copy at the first step of each phase reached
    std::vector<nccl::NcclEvent> m_events;
};

}  // namespace commviz::views
