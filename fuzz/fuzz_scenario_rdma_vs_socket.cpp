// libFuzzer target: a scenario file of the "rdma-vs-socket" scene (see scenario_target.h).
#include "rdma_vs_socket/rdma_vs_socket_scene_model.h"
#include "scenario_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const commviz::sim::SceneModel model = commviz::rdma_vs_socket::sceneModel();
    return commviz::fuzz::fuzzScenario(model, data, size);
}
