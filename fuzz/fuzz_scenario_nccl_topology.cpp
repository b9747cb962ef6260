// libFuzzer target: a scenario file of the "nccl-topology" scene (see scenario_target.h).
// Its topo_file, graph_file and log_file name bundled files or paths: both are read.
#include "nccl/topology_scene/topology_scene_model.h"
#include "scenario_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const commviz::sim::SceneModel model = commviz::nccl_topology::sceneModel();
    return commviz::fuzz::fuzzScenario(model, data, size);
}
