// The collectives scene reuses the nccl-topology scene's reading and search (src/init.cc order: the
// topology, paths, ring and tree searches, ncclTopoPostset) and its TuningInputs, so both scenes show the
// same NCCL tuner for the same server.

#include "collectives_scene/nccl_topology_setup.h"

#include <algorithm>

#include "nccl/graph/bundled_files.h"
#include "nccl/graph/topo_keys.h"
#include "nccl/log/topo_log.h"
#include "nccl/log/topo_log_tuning.h"
#include "nccl/topology_model.h"
#include "nccl/topology_scene/topology_run.h"
#include "sim/translatable.h"

namespace commviz::collectives {

namespace {

sim::ParamSpec specNamed(const std::vector<sim::ParamSpec>& specs, const std::string& key) {
    return *std::find_if(specs.begin(), specs.end(), [&key](const sim::ParamSpec& spec) { return spec.key == key; });
}

// Every topology key but nnodes and nvls_enable keeps the nccl-topology scene's default.
sim::Result<nccl_topology::TopoKeys> topoKeysOf(const sim::MergedKeys& keys) {
    const auto& specs = nccl_topology::topologyKeys();
    sim::ParamValues values{{"nnodes", keys.at("nnodes")}, {"nvls_enable", keys.at("nvls_enable")}};
    return nccl_topology::topoKeysFromValues(sim::withDefaults(specs, values));
}

sim::Status checkRanks(const NcclTopologySetup& setup, int ranks) {
    if (ranks == setup.nRanks()) return sim::Ok{};
    return sim::fail("ranks=" + std::to_string(ranks) + " does not fit topo_file=" + setup.topoFile +
                     " with nnodes=" + std::to_string(setup.nNodes) + ": the file has " +
                     std::to_string(setup.gpusPerNode) + " GPUs, so ranks must be " +
                     std::to_string(setup.gpusPerNode) + " x " + std::to_string(setup.nNodes) + " = " +
                     std::to_string(setup.nRanks()) + " (or set topo_file= empty for no server)");
}

}  // namespace

std::vector<sim::ParamSpec> ncclTopologyParams() {
    sim::ParamSpec file = specNamed(nccl_topology::topologyFileKeys(), "topo_file");
    file.defaultValue = std::string(nccl_topology::kDefaultTopology);  // the topology scene's empty means "the log's"
    file.help = QT_TRANSLATE_NOOP("commviz::params",
                                  "library=nccl: the server NCCL's tuner prices (NCCL_TOPO_FILE: a path or a bundled "
                                  "server); empty: none, the link preset prices a named algorithm and protocol");
    return {file, specNamed(nccl_topology::topologyKeys(), "nnodes"),
            specNamed(nccl_topology::topologyKeys(), "nvls_enable")};
}

sim::Result<std::shared_ptr<const NcclTopologySetup>> loadNcclTopology(const sim::MergedKeys& keys) {
    const std::string file = keys.at("topo_file").get<std::string>();
    if (keys.at("library").get<std::string>() != "nccl" || file.empty())
        return std::shared_ptr<const NcclTopologySetup>{};
    auto topoKeys = topoKeysOf(keys);
    if (!topoKeys) return topoKeys.error();
    auto system = nccl_topology::readTopoFile(file, topoKeys->assumptions);
    if (!system) return system.error();
    auto shared = std::make_shared<const nccl_topology::TopologyModel>(
        nccl_topology::buildTopologyModel(std::move(system).value(), topoKeys.value()));
    const nccl_topology::TopologyModel& model = *shared;
    auto setup = std::make_shared<NcclTopologySetup>();
    setup->topoFile = file;
    setup->gpusPerNode = static_cast<int>(model.system.ofType(nccl_topology::NodeType::GPU).size());
    setup->nNodes = std::max(model.comm.nNodes, 1);
    setup->nChannels = static_cast<int>(model.comm.channels.size());
    setup->nvlsChannels = model.nvls.support && model.nvls.search.graph.nChannels > 0 ? model.nvls.channels : 0;
    setup->inputs = nccl_topology::tuningInputs(model, topoKeys.value());
    setup->comm = model.comm;
    setup->netsTrimmed = nccl_topology::netsTrimmed(model, topoKeys.value());
    setup->model = std::move(shared);
    if (auto fits = checkRanks(*setup, keys.at("ranks").get<int>()); !fits) return fits.error();
    return std::shared_ptr<const NcclTopologySetup>(std::move(setup));
}

}  // namespace commviz::collectives
