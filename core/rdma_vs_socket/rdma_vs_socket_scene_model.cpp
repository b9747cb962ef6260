#include "rdma_vs_socket/rdma_vs_socket_scene_model.h"

#include "rdma_vs_socket/rdma_vs_socket_engine.h"
#include "sim/session.h"

namespace commviz::rdma_vs_socket {

static_assert(sim::Engine<RdmaVsSocketEngine>);

sim::SceneModel sceneModel() {
    sim::SceneModel model;
    model.id = "rdma-vs-socket";
    model.params = params();
    // 64 messages × (11 socket + 7 verbs stages) + 4 setup stages = 1156 steps at most.
    model.stepCap = 10'000;
    model.scenarioKeys = scenarioKeys;
    return sim::makeSceneModel<RdmaVsSocketEngine>(
        std::move(model),
        [](const sim::MergedKeys& keys, const std::optional<sim::Json>&) -> sim::Result<RdmaVsSocketEngine> {
            return RdmaVsSocketEngine(configOf(keys));
        });
}

}  // namespace commviz::rdma_vs_socket
