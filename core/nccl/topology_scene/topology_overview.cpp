#include "nccl/topology_scene/topology_overview.h"

#include <cstdio>
#include <map>

#include "nccl/graph/topo_types.h"

namespace commviz::nccl_topology {

namespace {

std::string fixed1(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", value);
    return text;
}

std::string count(std::size_t number, const std::string& one, const std::string& many) {
    return std::to_string(number) + " " + (number == 1 ? one : many);
}

std::string serversLine(const TopologyModel& model, const TopoKeys& keys, const std::string& fileName) {
    const std::size_t gpus = model.system.ofType(NodeType::GPU).size();
    const char* rules = keys.version == nccl::Version::Classic ? "2.22.3" : "2.30.7";
    return fileName + ": " + count(std::size_t(model.comm.nNodes), "server", "servers") + " x " +
           count(gpus, "GPU", "GPUs") + " = " + count(std::size_t(model.comm.nRanks), "rank", "ranks") + " (NCCL " +
           rules + "'s rules)";
}

/// NVLink as seen from the first GPU: to an NVSwitch or to other GPUs, and its total bandwidth.
std::string nvlinkText(const TopoSystem& system) {
    const std::vector<int> gpus = system.ofType(NodeType::GPU);
    if (gpus.empty()) return "no NVLink";
    float bandwidth = 0.0f;
    std::size_t peers = 0;
    bool toSwitch = false;
    for (const TopoLink& link : system.nodes[std::size_t(gpus.front())].links) {
        if (link.type != LinkType::NVL) continue;
        bandwidth += link.bw;
        toSwitch = toSwitch || system.nodes[std::size_t(link.remote)].type == NodeType::NVS;
        ++peers;
    }
    if (peers == 0) return "no NVLink";
    if (toSwitch) return "NVLink to an NVSwitch, " + fixed1(bandwidth) + " GB/s per GPU";
    return "NVLink to " + count(peers, "GPU", "GPUs") + ", " + fixed1(bandwidth) + " GB/s per GPU";
}

std::string hardwareLine(const TopoSystem& system) {
    const std::vector<int> gpus = system.ofType(NodeType::GPU);
    std::string line = count(gpus.size(), "GPU", "GPUs");
    if (!gpus.empty()) line += " (sm " + std::to_string(system.nodes[std::size_t(gpus.front())].sm) + ")";
    line += ", " + count(system.ofType(NodeType::NET).size(), "NIC", "NICs");
    line += ", " + count(system.ofType(NodeType::CPU).size(), "CPU", "CPUs");
    line += ", " + count(system.ofType(NodeType::PCI).size(), "PCIe switch", "PCIe switches");
    return line + "; " + nvlinkText(system);
}

std::string graphText(const char* name, const GraphSearch& search) {
    const TopoGraph& graph = search.graph;
    std::string text = std::string(name) + " " + count(std::size_t(graph.nChannels), "channel", "channels") + " at " +
                       fixed1(graph.speedIntra) + "/" + fixed1(graph.speedInter) + " GB/s, " +
                       std::string(pathTypeName(graph.typeIntra)) + "/" + std::string(pathTypeName(graph.typeInter));
    return search.fellBack ? text + " (no path for the pattern: the simple order)" : text;
}

std::string transportsLine(const CommGraphs& comm) {
    std::map<std::string, std::size_t> byTransport;
    for (const Connection& connection : comm.connections)
        byTransport[connection.via.substr(0, connection.via.find('/'))] += 1;
    std::string line = count(comm.channels.size(), "channel", "channels") + " after postset; connections:";
    if (byTransport.empty()) return line + " none";
    for (const auto& [transport, number] : byTransport) line += " " + transport + " " + std::to_string(number);
    return line;
}

std::string assumedLine(const TopoSystem& system) {
    if (system.assumed.empty()) return "nothing assumed: every value came from the file";
    const AssumedValue& first = system.assumed.front();
    return count(system.assumed.size(), "value", "values") + " assumed, e.g. " + first.what + " = " + first.value +
           " for <" + first.element + "> (line " + std::to_string(first.line) + ")";
}

}  // namespace

std::vector<std::string> topologyOverview(const TopologyModel& model, const TopoKeys& keys,
                                          const std::string& fileName) {
    std::vector<std::string> lines{serversLine(model, keys, fileName),
                                   hardwareLine(model.system),
                                   "graphs: " + graphText("ring", model.ring) + "; " + graphText("tree", model.tree),
                                   transportsLine(model.comm),
                                   assumedLine(model.system),
                                   "the INFO lines NCCL would print follow"};
    for (std::string& line : lines) line.insert(0, "# ");
    return lines;
}

}  // namespace commviz::nccl_topology
