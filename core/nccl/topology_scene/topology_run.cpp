#include "nccl/topology_scene/topology_run.h"

#include <algorithm>
#include <sstream>

#include "nccl/graph/bundled_files.h"
#include "nccl/graph/topo_postset.h"
#include "nccl/topology_scene/log_servers.h"
#include "nccl/transport/topo_transport.h"
#include "sim/translatable.h"

namespace commviz::nccl_topology {

namespace {

// The log pane shows at most this many lines of a loaded log; the reader sees all of it.
constexpr std::size_t kLogPaneLines = 5000;

sim::ParamSpec fileKey(std::string name, std::string defaultValue, std::string help) {
    sim::ParamSpec spec;
    spec.key = std::move(name);
    spec.type = sim::ParamType::Text;
    spec.defaultValue = std::move(defaultValue);
    spec.help = std::move(help);
    return spec;
}

const TopoGraph* graphWithId(const GraphFile& file, int id) {
    for (const TopoGraph& graph : file.graphs)
        if (graph.id == id) return &graph;
    return nullptr;
}

// NCCL_GRAPH_FILE replaces the search of the graphs it holds (NCCL src/graph/search.cc,
// ncclTopoCompute: graphs read from the file are used as they are).
sim::Status searchOrRead(TopologyRun& run) {
    TopologyModel& model = run.model;
    std::optional<GraphFile> file;
    if (!run.files.graphFile.empty()) {
        auto read = readGraphFile(run.files.graphFile);
        if (!read) return read.error();
        file = std::move(read).value();
    }
    const TopoGraph* ring = file ? graphWithId(*file, 0) : nullptr;
    const TopoGraph* tree = file ? graphWithId(*file, 1) : nullptr;
    run.ringFromFile = ring != nullptr;
    run.treeFromFile = tree != nullptr;
    model.ring = ring ? GraphSearch{*ring, false, {}}
                      : searchGraph(model.system, model.paths, GraphPattern::Ring, run.keys.search);
    model.tree = tree ? GraphSearch{*tree, false, {}}
                      : searchGraph(model.system, model.paths, GraphPattern::BalancedTree,
                                    treeSearchSettings(run.keys.search, model.ring));
    model.nvls = nvlsSetup(model.system, model.paths, run.keys.search, run.keys.nvlsEnable);
    if (file && !ring && !tree)
        return sim::fail(run.files.graphFile + ": no <graph id=\"0\"> (ring) nor <graph id=\"1\"> (tree) to draw");
    for (const TopoGraph* graph : {ring, tree})
        if (graph)
            if (auto fits = checkGraphChannels(model.system, *graph, run.files.graphFile); !fits) return fits;
    return sim::Ok{};
}

sim::Status readLog(TopologyRun& run) {
    if (run.files.logFile.empty()) return sim::Ok{};
    auto text = readInfoLogText(run.files.logFile);
    if (!text) return text.error();
    auto log = parseInfoLog(text.value(), run.files.logFile);
    if (!log) return log.error();
    run.log = std::move(log).value();
    std::istringstream in(text.value());
    std::string line;
    while (run.logFileText.size() < kLogPaneLines && std::getline(in, line)) run.logFileText.push_back(line);
    return sim::Ok{};
}

// topo_file left empty: a log is drawn on the servers it describes, and without a log the bundled
// default server is read. A topology given with a log is drawn as given.
sim::Result<TopoSystem> serversOf(TopologyRun& run) {
    if (!run.files.topoFile.empty()) return readTopoFile(run.files.topoFile, run.keys.assumptions);
    const std::string xml = run.log ? serverXmlFromLog(*run.log, run.keys.assumptions) : std::string();
    if (xml.empty()) {
        run.files.topoFile = kDefaultTopology;
        return readTopoFile(run.files.topoFile, run.keys.assumptions);
    }
    auto system = parseTopoXml(xml, run.files.logFile, run.keys.assumptions);
    if (!system) return system.error();
    auto& assumed = system.value().assumed;
    assumed.insert(assumed.begin(),
                   {{0, "cpu", "arch and vendor", "x86_64 GenuineIntel (a log names no CPU)"},
                    {0, "gpu", "sm", std::to_string(run.keys.assumptions.gpuSm) + " (key gpu_sm)"},
                    {0, "net", "speed", std::to_string(run.keys.assumptions.nicSpeedMbps) + " Mb/s (key nic_speed)"}});
    run.serversFromLog = true;
    const int hosts = std::max(1, int(ranksPerHost(*run.log).size()));
    run.keys.search.nNodes = hosts;
    run.keys.postset.nNodes = hosts;
    return system;
}

std::vector<TopologyStage> stagesOf(const TopologyRun& run) {
    using S = TopologyStage;
    if (run.log) return {S::System, S::Paths, S::LogRead, S::Postset, S::Connect};
    return {S::System, S::Paths, S::Ring, S::Tree, S::Postset, S::Connect};
}

}  // namespace

const std::vector<sim::ParamSpec>& topologyFileKeys() {
    static const std::vector<sim::ParamSpec> keys = {
        fileKey("topo_file", "",
                QT_TRANSLATE_NOOP("commviz::params",
                                  "NCCL_TOPO_FILE: the server's topology XML (a path, or the name of a bundled "
                                  "server; empty: the servers log_file describes, else the bundled DGX H100)")),
        fileKey("graph_file", "",
                QT_TRANSLATE_NOOP("commviz::params",
                                  "NCCL_GRAPH_FILE: rings and trees to draw instead of searching (empty: search)")),
        fileKey("log_file", "",
                QT_TRANSLATE_NOOP("commviz::params",
                                  "An NCCL_DEBUG=INFO log whose rings, trees and transports are drawn (empty: none)")),
    };
    return keys;
}

sim::Result<TopologyRun> buildTopologyRun(const sim::ParamValues& values) {
    auto keys = topoKeysFromValues(values);
    if (!keys) return keys.error();
    TopologyRun run;
    run.keys = keys.value();
    run.files = {values.at("topo_file").get<std::string>(), values.at("graph_file").get<std::string>(),
                 values.at("log_file").get<std::string>()};
    if (auto read = readLog(run); !read) return read.error();
    auto system = serversOf(run);
    if (!system) return system.error();
    run.model.system = std::move(system).value();
    if (run.log && !run.serversFromLog) run.mismatch = logTopologyMismatch(*run.log, run.model.system);
    run.model.paths = computePaths(run.model.system, run.keys.policy);
    if (auto searched = searchOrRead(run); !searched) return searched.error();
    run.model.comm = postsetChannels(run.model.system, run.model.ring.graph, run.model.tree.graph, run.keys.postset);
    run.model.comm.connections =
        selectTransports(run.model.system, run.model.paths, run.model.comm, run.keys.version,
                         TransportGraphs{&run.model.ring.graph, &run.model.tree.graph, run.keys.cuMem});
    run.lines = topologyLog(run.model, run.keys);
    for (const TopoLogLine& line : run.lines) run.formatted.push_back(formatLogLine(line, run.model));
    run.stages = stagesOf(run);
    return run;
}

std::string nodeLabel(const TopoSystem& system, int node) {
    if (node < 0 || node >= int(system.nodes.size())) return "?";
    const TopoNode& topoNode = system.nodes[std::size_t(node)];
    const std::string type(nodeTypeName(topoNode.type));
    switch (topoNode.type) {
        case NodeType::GPU:
            return type + " " + std::to_string(topoNode.dev);
        case NodeType::CPU:
            return type + " " + std::to_string(topoNode.numaId);
        case NodeType::PCI:
            return type + " " + topoNode.busId;
        case NodeType::NET:
            return type + " " + std::to_string(topoNode.dev) +
                   (topoNode.name.empty() ? "" : " (" + topoNode.name + ")");
        default:
            break;
    }
    // NICs and NVSwitches: their place among nodes of their type.
    const std::vector<int> same = system.ofType(topoNode.type);
    const auto index = std::find(same.begin(), same.end(), node) - same.begin();
    return type + " " + std::to_string(index);
}

}  // namespace commviz::nccl_topology
