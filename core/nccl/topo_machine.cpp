// The bootstrap scene on a real server: the topology file gives the machine, NCCL's topology
// model (core/nccl_topology) the channels, rings, trees and transports of initTransportsRank.

#include "nccl/topo_machine.h"

#include <algorithm>
#include <cctype>
#include <string>

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

// ncclStrToCpuset: hexadecimal digits, the highest CPUs first, a comma between 32-bit words.
std::vector<bool> cpusOfMask(const std::string& mask) {
    std::vector<bool> cpus;
    for (auto digit = mask.rbegin(); digit != mask.rend(); ++digit) {
        if (!std::isxdigit(static_cast<unsigned char>(*digit))) continue;
        const int value = std::stoi(std::string(1, *digit), nullptr, 16);
        for (int bit = 0; bit < 4; ++bit) cpus.push_back((value >> bit & 1) != 0);
    }
    return cpus;
}

// The CPUs of each GPU's local `cpu`, and of the whole host; none when a `cpu` lacks its affinity.
void readCpus(TopoMachine& machine) {
    const nccl_topology::TopoSystem& system = machine.model.system;
    for (int cpu : system.ofType(nccl_topology::NodeType::CPU)) {
        const std::vector<bool> cpus = cpusOfMask(system.nodes[std::size_t(cpu)].affinity);
        if (std::find(cpus.begin(), cpus.end(), true) == cpus.end()) return machine.processCpus.clear();
        machine.processCpus.resize(std::max(machine.processCpus.size(), cpus.size()));
        for (std::size_t index = 0; index < cpus.size(); ++index)
            machine.processCpus[index] = machine.processCpus[index] || cpus[index];
    }
    for (int gpu : system.ofType(nccl_topology::NodeType::GPU)) {
        const int cpu = nccl_topology::localCpu(system, machine.model.paths, gpu);
        if (cpu < 0) return machine.processCpus.clear();
        machine.gpuCpus[system.nodes[std::size_t(gpu)].dev] = cpusOfMask(system.nodes[std::size_t(cpu)].affinity);
    }
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
                         "' for key 'nranks': allowed a multiple of the " + std::to_string(gpus) + " GPUs of " + file +
                         " (every node is a whole copy of that server)");
    if (config.nranks > kMaxTopoRanks)
        return sim::fail("invalid value '" + std::to_string(config.nranks) + "' for key 'nranks': allowed at most " +
                         std::to_string(kMaxTopoRanks) +
                         " with topo_file (the topology model's postset over more ranks takes seconds)");
    config.gpus_per_node = gpus;
    config.nics_per_node = static_cast<int>(system.value().ofType(nccl_topology::NodeType::NET).size());
    config.nodes = config.nranks / gpus;
    return sim::Ok{};
}

std::shared_ptr<const TopoMachine> topoMachine(const Config& config) {
    if (config.topo_file.empty()) return nullptr;
    auto keys = topoKeys(config);
    auto system = readSystem(config);
    if (!keys || !system) return nullptr;
    auto machine = std::make_shared<TopoMachine>();
    machine->model = nccl_topology::buildTopologyModel(std::move(system).value(), keys.value());
    const auto& all = machine->model.comm.connections;
    machine->ringConnections = nccl_topology::ringConnectionCount(machine->model.comm);
    machine->ringUse = nccl_topology::ringNetUse({all.begin(), all.begin() + std::ptrdiff_t(machine->ringConnections)});
    readCpus(*machine);
    return machine;
}

}  // namespace commviz::nccl
