// The bootstrap scene on a real server: the topology file gives the machine, NCCL's topology
// model (core/nccl_topology) the channels, rings, trees and transports of initTransportsRank.

#include "nccl/topo_machine.h"

#include "nccl_topology/topo_log.h"

namespace commviz::nccl {

namespace {

// The scene's keys in the topology model's own key handling (nccl_topology::topoKeysFromValues).
sim::Result<nccl_topology::TopoKeys> topoKeys(const Config& config) {
    sim::ParamValues values{{"nvlink", config.nvlink},
                            {"gpu_sm", config.gpu_sm},
                            {"version", versionName(config.version)},
                            {"graph_subsys", config.graph_subsys}};
    auto keys = nccl_topology::topoKeysFromValues(sim::withDefaults(nccl_topology::topologyKeys(), values));
    if (!keys) return keys.error();
    // nnodes is outside the key's range for large runs: set after the check.
    keys.value().search.nNodes = keys.value().postset.nNodes = config.nodeCount();
    return keys;
}

sim::Result<nccl_topology::TopoSystem> readSystem(const Config& config) {
    auto keys = topoKeys(config);
    if (!keys) return keys.error();
    return nccl_topology::readTopoFile(config.topo_file, keys.value().assumptions);
}

}  // namespace

sim::Status applyTopoFile(Config& config, const sim::MergedKeys& keys) {
    for (const char* shape : {"nodes", "gpus_per_node", "nics_per_node"})
        if (keys.sources.at(shape) != sim::KeySource::Default)
            return sim::fail(std::string("key '") + shape +
                             "' cannot be set together with 'topo_file': the topology file gives the GPUs and NICs "
                             "of every node, and the nodes are nranks / its GPUs");
    auto system = readSystem(config);
    if (!system) return sim::fail("topo_file: " + system.error().message);
    const int gpus = static_cast<int>(system.value().ofType(nccl_topology::NodeType::GPU).size());
    const std::string file = "'" + config.topo_file + "'";
    if (gpus == 0) return sim::fail("topo_file: " + file + " has no GPU, so no rank can run on it");
    // The model searches every GPU of the server (nccl_topology/topo_search.h): whole servers only.
    if (config.nranks % gpus != 0)
        return sim::fail("invalid value '" + std::to_string(config.nranks) +
                         "' for key 'nranks': allowed a multiple of the " + std::to_string(gpus) + " GPUs of " +
                         file + " (every node is a whole copy of that server)");
    if (config.nranks > kMaxTopoRanks)
        return sim::fail("invalid value '" + std::to_string(config.nranks) + "' for key 'nranks': allowed at most " +
                         std::to_string(kMaxTopoRanks) +
                         " with topo_file (the topology model's postset over more ranks takes seconds)");
    config.gpus_per_node = gpus;
    config.nics_per_node = static_cast<int>(system.value().ofType(nccl_topology::NodeType::NET).size());
    config.nodes = config.nranks / gpus;
    return sim::Ok{};
}

std::shared_ptr<const nccl_topology::TopologyModel> machineModel(const Config& config) {
    if (config.topo_file.empty()) return nullptr;
    auto keys = topoKeys(config);
    auto system = readSystem(config);
    if (!keys || !system) return nullptr;
    return std::make_shared<const nccl_topology::TopologyModel>(
        nccl_topology::buildTopologyModel(std::move(system).value(), keys.value()));
}

}  // namespace commviz::nccl
