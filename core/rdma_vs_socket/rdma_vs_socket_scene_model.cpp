#include "rdma_vs_socket/rdma_vs_socket_scene_model.h"

#include "rdma_vs_socket/why_rdma_engine.h"
#include "sim/session.h"

namespace commviz::rdma_vs_socket {

static_assert(sim::Engine<WhyRdmaEngine>);

sim::SceneModel sceneModel() {
    sim::SceneModel model;
    model.id = "rdma-vs-socket";
    model.params = params();
    // 64 messages × (11 socket + 7 verbs stages) + 4 setup stages = 1156 steps at most.
    model.stepCap = 10'000;
    model.build = [](const sim::ParamValues& values,
                     const std::optional<sim::Json>& scenario) -> sim::Result<std::unique_ptr<sim::Session>> {
        auto config = configFrom(values, scenario);
        if (!config) return config.error();
        std::unique_ptr<sim::Session> session =
            std::make_unique<sim::TimelineSession<WhyRdmaEngine>>(WhyRdmaEngine(config.value()));
        return session;
    };
    return model;
}

}  // namespace commviz::rdma_vs_socket
