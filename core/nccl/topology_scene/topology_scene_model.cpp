#include "nccl/topology_scene/topology_scene_model.h"

#include "nccl/graph/topo_keys.h"
#include "nccl/topology_scene/topology_engine.h"
#include "sim/session.h"

namespace commviz::nccl_topology {

static_assert(sim::Engine<TopologyEngine>);

namespace {

std::vector<sim::ParamSpec> sceneKeys() {
    std::vector<sim::ParamSpec> keys = topologyFileKeys();
    const auto& model = topologyKeys();
    keys.insert(keys.end(), model.begin(), model.end());
    return keys;
}

}  // namespace

sim::SceneModel sceneModel() {
    sim::SceneModel model;
    model.id = "nccl-topology";
    model.params = sceneKeys();
    model.stepCap = 16;  // six stages at most
    model.scenarioKeys = [](const sim::Json& scenario) {
        return sim::topLevelKeys(sceneKeys(), scenario, true, "nccl-topology");
    };
    return sim::makeSceneModel<TopologyEngine>(
        std::move(model),
        [](const sim::MergedKeys& keys, const std::optional<sim::Json>&) -> sim::Result<TopologyEngine> {
            return TopologyEngine::create(keys.values);
        });
}

}  // namespace commviz::nccl_topology
