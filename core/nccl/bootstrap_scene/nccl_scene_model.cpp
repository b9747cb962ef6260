#include "nccl/bootstrap_scene/nccl_scene_model.h"

#include "nccl/bootstrap_scene/nccl_engine.h"
#include "sim/session.h"

namespace commviz::nccl {

static_assert(sim::Engine<NcclEngine>);

sim::SceneModel sceneModel() {
    sim::SceneModel model;
    model.id = kSceneId;
    model.params = params();
    // 1,024 ranks message by message, classic: 2 × 1023 × 1024 allgather messages plus
    // 3 × 1024 check-ins, replies and connects, and a few more steps.
    model.stepCap = 2'200'000;
    model.scenarioKeys = scenarioKeys;
    return sim::makeSceneModel<NcclEngine>(
        std::move(model), [](const sim::MergedKeys& keys, const std::optional<sim::Json>&) -> sim::Result<NcclEngine> {
            auto config = configOf(keys);
            if (!config) return config.error();
            return NcclEngine(config.value());
        });
}

}  // namespace commviz::nccl
