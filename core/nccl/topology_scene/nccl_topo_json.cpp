#include "nccl/topology_scene/nccl_topo_json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "nccl/log/nccl_log_report.h"
#include "nccl/log/topo_log_fields.h"
#include "nccl/log/topo_log_tuning.h"
#include "nccl/log/tuning_log.h"

namespace commviz::nccl_topology {

namespace {

std::string named(std::string_view name) { return std::string(name); }

sim::Json nodesJson(const TopoSystem& system) {
    sim::Json nodes = sim::Json::array();
    for (size_t index = 0; index < system.nodes.size(); ++index) {
        const TopoNode& node = system.nodes[index];
        char id[48];
        std::snprintf(id, sizeof id, "%s/0-%lx", named(nodeTypeName(node.type)).c_str(), topoLocalId(node));
        nodes.push_back({{"index", index},
                         {"type", named(nodeTypeName(node.type))},
                         {"id", id},
                         {"busId", node.busId},
                         {"dev", node.dev},
                         {"rank", node.rank},
                         {"line", node.line},
                         {"attributes", nodeAttributes(node)}});
    }
    return nodes;
}

sim::Json linksJson(const TopoSystem& system) {
    sim::Json links = sim::Json::array();
    for (size_t from = 0; from < system.nodes.size(); ++from)
        for (const TopoLink& link : system.nodes[from].links)
            links.push_back({{"from", from},
                             {"to", link.remote},
                             {"type", named(linkTypeName(link.type))},
                             {"bw", gbpsTenths(link.bw)}});
    return links;
}

sim::Json matrixJson(const PathMatrix& matrix) {
    sim::Json cells = sim::Json::array();
    for (size_t row = 0; row < matrix.rows.size(); ++row) {
        sim::Json line = sim::Json::array();
        for (size_t column = 0; column < matrix.columns.size(); ++column)
            line.push_back({{"type", named(pathTypeName(matrix.at(row, column).type))},
                            {"bw", gbpsTenths(matrix.at(row, column).bw)}});
        cells.push_back(line);
    }
    return {{"rows", matrix.rows}, {"columns", matrix.columns}, {"cells", cells}};
}

sim::Json graphJson(const GraphSearch& search) {
    const TopoGraph& graph = search.graph;
    sim::Json channels = sim::Json::array();
    for (const GraphChannel& channel : graph.channels) {
        sim::Json hops = sim::Json::array();
        for (const GraphHop& hop : channel.hops)
            hops.push_back(
                {{"kind", hop.kind == GraphHop::Kind::Net ? "net" : "gpu"}, {"dev", hop.dev}, {"rank", hop.rank}});
        channels.push_back(hops);
    }
    return {{"pattern", static_cast<int>(graph.pattern)},
            {"patternName", named(graphPatternName(graph.pattern))},
            {"crossNic", graph.crossNic},
            {"nChannels", graph.channels.size()},
            {"bwIntra", gbpsTenths(graph.speedIntra)},
            {"bwInter", gbpsTenths(graph.speedInter)},
            {"typeIntra", named(pathTypeName(graph.typeIntra))},
            {"typeInter", named(pathTypeName(graph.typeInter))},
            {"sameChannels", graph.sameChannels},
            {"fellBack", search.fellBack},
            {"relaxations", search.relaxations},
            {"channels", channels}};
}

sim::Json channelsJson(const CommGraphs& comm) {
    sim::Json channels = sim::Json::array();
    for (const CommChannel& channel : comm.channels) {
        sim::Json tree = sim::Json::array();
        for (size_t rank = 0; rank < channel.tree.size(); ++rank)
            tree.push_back({{"rank", rank}, {"up", channel.tree[rank].up}, {"down", channel.tree[rank].down}});
        channels.push_back({{"ring", channel.ring}, {"tree", tree}});
    }
    return channels;
}

sim::Json connectionsJson(const TopologyModel& model) {
    sim::Json connections = sim::Json::array();
    const size_t ringCount = ringConnectionCount(model.comm);
    for (size_t index = 0; index < model.comm.connections.size(); ++index) {
        const Connection& connection = model.comm.connections[index];
        const char* side = connection.side == Connection::Side::Send      ? "send"
                           : connection.side == Connection::Side::Receive ? "receive"
                                                                          : "both";
        connections.push_back({{"graph", index < ringCount ? "ring" : "tree"},
                               {"channel", connection.channel},
                               {"connIndex", connection.connIndex},
                               {"from", connection.fromRank},
                               {"fromDev", connection.fromDev},
                               {"to", connection.toRank},
                               {"toDev", connection.toDev},
                               {"side", side},
                               {"transport", loggedTransportName(connection.transport)},
                               {"via", connection.via}});
    }
    return connections;
}

// A value as the TUNING table prints it (%.1f), without float noise.
double printedTenths(float value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", static_cast<double>(value));
    return std::strtod(text, nullptr);
}

// {"AllReduce": {"Ring/Simple": [latency µs, bandwidth GB/s], …}, …} in NCCL's names.
sim::Json tuningCellsJson(const nccl_tuning::TuningModel& tuning) {
    sim::Json functions = sim::Json::object();
    for (int func = 0; func < nccl_tuning::NCCL_NUM_FUNCTIONS; ++func) {
        sim::Json cells = sim::Json::object();
        for (int a = 0; a < tuning.nAlgorithms; ++a)
            for (int p = 0; p < nccl_tuning::NCCL_NUM_PROTOCOLS; ++p)
                cells[nccl_tuning::ncclAlgoStr(a) + "/" + nccl_tuning::ncclProtoStr(p)] = {
                    printedTenths(tuning.latencies[func][a][p]), printedTenths(tuning.bandwidths[func][a][p])};
        functions[nccl_tuning::ncclFuncStr(func)] = cells;
    }
    return functions;
}

sim::Json tuningJson(const TopologyModel& model, const TopoKeys& keys) {
    const nccl_tuning::TuningModel tuning = topologyTuning(model, keys);
    sim::Json threads = sim::Json::object();
    for (int a = 0; a < tuning.nAlgorithms; ++a) threads[nccl_tuning::ncclAlgoStr(a)] = tuning.maxThreads[a];
    const nccl_tuning::TuningVersion version = tuningVersion(keys);
    return {{"version", "2." + std::to_string(version.minor) + "." + std::to_string(version.patch)},
            {"model", tuningCellsJson(tuning)},
            {"max_nthreads", threads}};
}

}  // namespace

sim::Json nodeAttributes(const TopoNode& node) {
    switch (node.type) {
        case NodeType::GPU:
            return {{"dev", node.dev}, {"rank", node.rank}, {"sm", node.sm}, {"gdr", node.gdr}};
        case NodeType::CPU:
            return {{"numaid", node.numaId},
                    {"affinity", node.affinity},
                    {"familyid", node.familyId},
                    {"modelid", node.modelId}};
        case NodeType::NET:
            return {{"name", node.name}, {"dev", node.dev},        {"bw", gbpsTenths(node.bw)},
                    {"port", node.port}, {"guid", node.guid},      {"maxconn", node.maxConn},
                    {"gdr", node.gdr},   {"latency", node.latency}};
        case NodeType::PCI:
            return {{"device", node.device}};
        default:
            return sim::Json::object();
    }
}

double gbpsTenths(float gbps) { return std::round(double(gbps) * 10.0) / 10.0; }

sim::Json assumedJson(const TopoSystem& system) {
    sim::Json assumed = sim::Json::array();
    for (const AssumedValue& value : system.assumed)
        assumed.push_back(
            {{"line", value.line}, {"element", value.element}, {"what", value.what}, {"value", value.value}});
    sim::Json unknown = sim::Json::array();
    for (const UnknownItem& item : system.unknown)
        unknown.push_back({{"line", item.line}, {"element", item.element}, {"attribute", item.attribute}});
    return {{"assumed", assumed}, {"unknown", unknown}};
}

sim::Json topologyJson(const TopologyModel& model, const TopoKeys& keys) {
    const sim::Json notes = assumedJson(model.system);
    sim::Json json = {{"version", keys.version == nccl::Version::V2_30 ? "2.30" : "classic"},
                      {"nRanks", model.comm.nRanks},
                      {"nNodes", model.comm.nNodes},
                      {"nodes", nodesJson(model.system)},
                      {"links", linksJson(model.system)},
                      {"paths",
                       {{"gpu_gpu", matrixJson(pathMatrix(model.system, model.paths, NodeType::GPU, NodeType::GPU))},
                        {"gpu_net", matrixJson(pathMatrix(model.system, model.paths, NodeType::GPU, NodeType::NET))}}},
                      {"graphs", {{"ring", graphJson(model.ring)}, {"tree", graphJson(model.tree)}}},
                      {"channels", channelsJson(model.comm)},
                      {"connections", connectionsJson(model)},
                      {"assumed", notes.at("assumed")},
                      {"unknown", notes.at("unknown")}};
    if (keys.tuningSubsys) json["tuning"] = tuningJson(model, keys);
    return json;
}

}  // namespace commviz::nccl_topology
