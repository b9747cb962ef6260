#pragma once

// Test-only scenes for the shell at scale: "burst" records macro-steps of many
// events (millions in a run), "slow" takes milliseconds a step so a seek of a
// few hundred steps is long enough to watch the event loop during it.

#include "burst_engine.h"
#include "counter_scene.h"
#include "slow_engine.h"

namespace commviz::testing {

inline views::SceneDescriptor burstScene() {
    views::SceneDescriptor scene = counterScene();
    scene.model.id = "burst";
    scene.model.params = {
        {"seed", sim::ParamType::Int, 1, 0, 1e9, {}, "Random seed"},
        {"limit", sim::ParamType::Int, 100'000, 1, 1e7, {}, "Steps before done"},
        {"per_step", sim::ParamType::Int, 50, 1, 100'000, {}, "Events a step"},
    };
    scene.model.build = [params = scene.model.params](
                            const sim::ParamValues& explicitValues,
                            const std::optional<sim::Json>& scenario) -> sim::Result<std::unique_ptr<sim::Session>> {
        const auto values = sim::effectiveValues(params, explicitValues, scenario ? &*scenario : nullptr);
        return std::unique_ptr<sim::Session>(std::make_unique<sim::TimelineSession<BurstEngine>>(
            BurstEngine(values.at("seed").get<std::uint64_t>(), values.at("limit").get<long>(),
                        values.at("per_step").get<std::uint32_t>())));
    };
    scene.name = [] { return QStringLiteral("Burst"); };
    scene.createRenderer = [] { return std::make_unique<CounterRenderer>(); };  // draws 0: no counter engine
    return scene;
}

inline views::SceneDescriptor slowScene() {
    views::SceneDescriptor scene = counterScene();
    scene.model.id = "slow";
    scene.model.params = {
        {"limit", sim::ParamType::Int, 100'000, 1, 1e7, {}, "Steps before done"},
        {"delay_us", sim::ParamType::Int, 2000, 0, 1e6, {}, "Microseconds a step takes"},
    };
    scene.model.build = [params = scene.model.params](
                            const sim::ParamValues& explicitValues,
                            const std::optional<sim::Json>& scenario) -> sim::Result<std::unique_ptr<sim::Session>> {
        const auto values = sim::effectiveValues(params, explicitValues, scenario ? &*scenario : nullptr);
        return std::unique_ptr<sim::Session>(std::make_unique<sim::TimelineSession<SlowEngine>>(
            SlowEngine(7, values.at("limit").get<long>(), values.at("delay_us").get<int>()), 1024));
    };
    scene.name = [] { return QStringLiteral("Slow"); };
    return scene;
}

}  // namespace commviz::testing
