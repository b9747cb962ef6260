#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim/json.h"
#include "sim/param_spec.h"
#include "sim/result.h"
#include "sim/session.h"

namespace commviz::sim {

/// The part of a scene that needs no GUI: its id, settable keys and how to
/// build its session from key values and an optional scenario document.
/// Scenes fill it with makeSceneModel() below rather than by hand.
struct SceneModel {
    std::string id;
    std::vector<ParamSpec> params;
    /// Steps `run` takes at most when no --steps is given.
    std::size_t stepCap = 1'000'000;
    /// `values` holds only the keys a person set (--set, the Parameters dock);
    /// they win over the scenario's fields, which win over the defaults.
    std::function<Result<std::unique_ptr<Session>>(const ParamValues& values, const std::optional<Json>& scenario)>
        build;
    /// The key values a scenario document gives, for resolveKeys(). Optional:
    /// without it, the scenario's top-level fields named like a key.
    std::function<Result<ParamValues>(const Json& scenario)> scenarioKeys;
    /// The scenario document that reproduces a run, for File > Save Scenario.
    /// Optional: without it, scenarioFor() writes the scenario (or a bare
    /// envelope) with the explicitly set keys as top-level fields.
    std::function<Json(const ParamValues& values, const std::optional<Json>& scenario)> toScenario;
};

/// Every key of `model` for one run: keys a person set (`values`) win over
/// the scenario's (SceneModel::scenarioKeys), which win over the defaults.
Result<MergedKeys> resolveKeys(const SceneModel& model, const ParamValues& values, const std::optional<Json>& scenario);

/// The document to save for a run of `model` (see SceneModel::toScenario).
Json scenarioFor(const SceneModel& model, const ParamValues& values, const std::optional<Json>& scenario);

/// Builds a scene's engine from its resolved keys and, for what is not a key
/// (an RDMA script, a topology), the scenario document.
template <Engine E>
using EngineFactory = std::function<Result<E>(const MergedKeys& keys, const std::optional<Json>& scenario)>;

/// The SceneModel of a scene whose session is a TimelineSession<E>: `build`
/// resolves the keys (resolveKeys, the one merge rule), asks `makeEngine` for
/// the engine and wraps it in a timeline. Fill id, params, stepCap and the
/// optional scenarioKeys / toScenario in `model` first.
template <Engine E>
SceneModel makeSceneModel(SceneModel model, EngineFactory<E> makeEngine) {
    // The build closure keeps its own copy of what resolveKeys needs (not the
    // model it is stored in).
    SceneModel keysOnly;
    keysOnly.id = model.id;
    keysOnly.params = model.params;
    keysOnly.scenarioKeys = model.scenarioKeys;
    model.build = [keysOnly = std::move(keysOnly), makeEngine = std::move(makeEngine)](
                      const ParamValues& values,
                      const std::optional<Json>& scenario) -> Result<std::unique_ptr<Session>> {
        auto keys = resolveKeys(keysOnly, values, scenario);
        if (!keys) return keys.error();
        auto engine = makeEngine(keys.value(), scenario);
        if (!engine) return engine.error();
        std::unique_ptr<Session> session = std::make_unique<TimelineSession<E>>(std::move(engine).value());
        return session;
    };
    return model;
}

}  // namespace commviz::sim
