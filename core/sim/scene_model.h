#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sim/json.h"
#include "sim/param_spec.h"
#include "sim/result.h"
#include "sim/session.h"

namespace commviz::sim {

/// The part of a scene that needs no GUI: its id, settable keys and how to
/// build its session from key values and an optional scenario document.
struct SceneModel {
    std::string id;
    std::vector<ParamSpec> params;
    /// Steps `run` takes at most when no --steps is given.
    std::size_t stepCap = 1'000'000;
    /// `values` holds only the keys a person set (--set, the Parameters dock);
    /// they win over the scenario's fields, which win over the defaults.
    std::function<Result<std::unique_ptr<Session>>(const ParamValues& values, const std::optional<Json>& scenario)>
        build;
    /// The scenario document that reproduces a run, for File > Save Scenario.
    /// Optional: without it, scenarioFor() writes the scenario (or a bare
    /// envelope) with the explicitly set keys as top-level fields.
    std::function<Json(const ParamValues& values, const std::optional<Json>& scenario)> toScenario;
};

/// The document to save for a run of `model` (see SceneModel::toScenario).
Json scenarioFor(const SceneModel& model, const ParamValues& values, const std::optional<Json>& scenario);

}  // namespace commviz::sim
