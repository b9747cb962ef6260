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
    model.scenarioKeys = scenarioKeys;
    return sim::makeSceneModel<WhyRdmaEngine>(
        std::move(model),
        [](const sim::MergedKeys& keys, const std::optional<sim::Json>&) -> sim::Result<WhyRdmaEngine> {
            return WhyRdmaEngine(configOf(keys));
        });
}

}  // namespace commviz::rdma_vs_socket
