// TopologyEngine::inspect and summary: a node with its attributes (values NCCL
// would have probed marked "assumed"), a path between two nodes, a channel, a WARN of the log.
#include <charconv>

#include "nccl/log/warn_meaning.h"
#include "nccl/topology_scene/nccl_topo_json.h"
#include "nccl/topology_scene/topology_engine.h"

namespace commviz::nccl_topology {

namespace {

std::optional<int> indexOf(std::string_view text, int count) {
    int value = -1;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < 0 || value >= count) return std::nullopt;
    return value;
}

sim::Json nodeJson(const TopoSystem& system, int index) {
    const TopoNode& node = system.nodes[std::size_t(index)];
    sim::Json out{{"label", nodeLabel(system, index)},
                  {"type", std::string(nodeTypeName(node.type))},
                  {"line", node.line},
                  {"busid", node.busId},
                  {"device", node.device},
                  {"attributes", nodeAttributes(node)}};
    sim::Json links = sim::Json::array();
    for (const TopoLink& link : node.links)
        links.push_back({{"to", nodeLabel(system, link.remote)},
                         {"id", "node:" + std::to_string(link.remote)},
                         {"type", std::string(linkTypeName(link.type))},
                         {"bw", gbpsTenths(link.bw)}});
    out["links"] = links;
    // What the file left out and a key filled in, on the element that declared this node.
    sim::Json assumed = sim::Json::array();
    for (const AssumedValue& value : system.assumed)
        if (node.line != 0 && value.line == node.line)
            assumed.push_back({{"what", value.what}, {"value", value.value}, {"element", value.element}});
    out["assumed"] = assumed;
    return out;
}

sim::Json pathJson(const TopologyRun& run, int from, int to) {
    const TopoSystem& system = run.model.system;
    const Path& path = run.model.paths.path(from, to);
    sim::Json route = sim::Json::array();
    for (int node : path.route) route.push_back(nodeLabel(system, node));
    return {{"from", nodeLabel(system, from)},
            {"to", nodeLabel(system, to)},
            {"type", std::string(pathTypeName(path.type))},
            {"bw", gbpsTenths(path.bw)},
            {"hops", path.hops},
            {"route", route},
            {"via", path.via >= 0 ? sim::Json(nodeLabel(system, path.via)) : sim::Json(nullptr)}};
}

sim::Json channelJson(const CommChannel& channel, int index) {
    sim::Json tree = sim::Json::array();
    for (std::size_t rank = 0; rank < channel.tree.size(); ++rank) {
        sim::Json down = sim::Json::array();
        for (int child : channel.tree[rank].down)
            if (child >= 0) down.push_back(child);
        tree.push_back({{"rank", rank}, {"up", channel.tree[rank].up}, {"down", down}});
    }
    return {{"channel", index}, {"ring", channel.ring}, {"tree", tree}};
}

sim::Json pathOf(const TopologyRun& run, std::string_view pair) {
    const auto colon = pair.find(':');
    if (colon == std::string_view::npos) return nullptr;
    const int count = int(run.model.system.nodes.size());
    const auto from = indexOf(pair.substr(0, colon), count);
    const auto to = indexOf(pair.substr(colon + 1), count);
    if (!from || !to || run.model.paths.nodeCount != count) return nullptr;
    return pathJson(run, *from, *to);
}

/// One WARN line with the rank that printed it and what it means (nccl/log/warn_meaning.h).
sim::Json warnJson(const LoggedWarn& warn) {
    const WarnMeaning meaning = warnMeaning(warn);
    sim::Json entry = {{"line", warn.line},
                       {"rank", warn.rank >= 0 ? sim::Json(warn.rank) : sim::Json(nullptr)},
                       {"text", warn.text},
                       {"meaning", meaning.meaning.empty() ? sim::Json(nullptr) : sim::Json(meaning.meaning)}};
    if (meaning.wcStatus) entry["wc_status"] = *meaning.wcStatus;
    if (!meaning.rdmaScenario.empty()) entry["rdma_scenario"] = meaning.rdmaScenario;
    return entry;
}

sim::Json logWarningsJson(const TopologyRun& run) {
    sim::Json out = sim::Json::array();
    if (run.log)
        for (const LoggedWarn& warn : run.log->warns) out.push_back(warnJson(warn));
    return out;
}

/// "warn:LINE": the WARN printed at that line of the log.
sim::Json warnAt(const TopologyRun& run, std::string_view line) {
    if (!run.log) return nullptr;
    for (const LoggedWarn& warn : run.log->warns)
        if (std::to_string(warn.line) == line) return warnJson(warn);
    return nullptr;
}

}  // namespace

sim::Json TopologyEngine::inspect(const std::string& id) const {
    const TopologyRun& run = *m_run;
    const TopoSystem& system = run.model.system;
    const std::string_view text(id);
    if (id == "system") return summary();
    if (text.rfind("node:", 0) == 0) {
        const auto index = indexOf(text.substr(5), int(system.nodes.size()));
        return index ? nodeJson(system, *index) : sim::Json(nullptr);
    }
    if (text.rfind("path:", 0) == 0) return pathOf(run, text.substr(5));
    if (text.rfind("warn:", 0) == 0) return warnAt(run, text.substr(5));
    if (text.rfind("channel:", 0) == 0) {
        const auto& channels = run.comm().channels;
        const auto index = indexOf(text.substr(8), int(channels.size()));
        return index ? channelJson(channels[std::size_t(*index)], *index) : sim::Json(nullptr);
    }
    return nullptr;
}

sim::Json TopologyEngine::summary() const {
    const TopologyRun& run = *m_run;
    const TopoSystem& system = run.model.system;
    const sim::Json notes = assumedJson(system);
    return {{"topo_file", run.files.topoFile},
            {"graph_file", run.files.graphFile},
            {"log_file", run.files.logFile},
            {"nodes", system.nodes.size()},
            {"gpus", system.ofType(NodeType::GPU).size()},
            {"nnodes", run.comm().nNodes},
            {"nranks", run.comm().nRanks},
            {"channels", run.comm().channels.size()},
            {"connections", run.comm().connections.size()},
            {"stages", run.stages.size()},
            {"stages_done", m_step},
            {"assumed", notes.at("assumed")},
            {"unknown", notes.at("unknown")},
            {"servers_from_log", run.serversFromLog},
            {"warnings", mismatchSentences(run.mismatch)},
            {"log_warnings", logWarningsJson(run)}};
}

}  // namespace commviz::nccl_topology
