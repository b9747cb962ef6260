#include "nccl/nccl_scene_model.h"

#include "nccl/nccl_engine.h"
#include "sim/session.h"

namespace commviz::nccl {

static_assert(sim::Engine<NcclEngine>);

sim::SceneModel sceneModel() {
    sim::SceneModel model;
    model.id = "nccl-bootstrap";
    model.params = params();
    // 1,024 ranks message by message, classic: 2 × 1023 × 1024 allgather messages plus
    // 3 × 1024 check-ins, replies and connects, and a few more steps.
    model.stepCap = 2'200'000;
    model.build = [](const sim::ParamValues& values,
                     const std::optional<sim::Json>& scenario) -> sim::Result<std::unique_ptr<sim::Session>> {
        auto config = configFrom(values, scenario);
        if (!config) return config.error();
        std::unique_ptr<sim::Session> session =
            std::make_unique<sim::TimelineSession<NcclEngine>>(NcclEngine(config.value()));
        return session;
    };
    return model;
}

}  // namespace commviz::nccl
