#include "nccl/log/tuning_log_inputs.h"

#include <algorithm>
#include <map>

#include "nccl/log/tuning_log_reader_internal.h"

namespace commviz::nccl_tuning {

namespace {

/// One rank's searched graphs in init.cc's order: ring, tree, then (with CollNet) the chain graph (tree
/// pattern) and the direct graph (pattern 6), then NVLS (pattern 5).
struct ProcessGraphs {
    std::optional<TuningGraph> ring, tree, collNetChain, collNetDirect, nvls;
};

void assign(ProcessGraphs& graphs, const TuningGraph& graph) {
    const auto keepFirst = [&](std::optional<TuningGraph>& slot) {
        if (!slot) slot = graph;
    };
    if (graph.pattern == 4) return keepFirst(graphs.ring);
    if (graph.pattern == 5) return keepFirst(graphs.nvls);
    if (graph.pattern == 6) return keepFirst(graphs.collNetDirect);
    if (!graphs.tree) return keepFirst(graphs.tree);
    keepFirst(graphs.collNetChain);
}

/// init.cc after the allgather of graph infos: every rank takes the min channels and bandwidths and the
/// max path types, so all agree.
void align(TuningGraph& into, const TuningGraph& graph, bool first) {
    if (first) {
        into = graph;
        return;
    }
    into.nChannels = std::min(into.nChannels, graph.nChannels);
    into.bwIntra = std::min(into.bwIntra, graph.bwIntra);
    into.bwInter = std::min(into.bwInter, graph.bwInter);
    into.typeIntra = std::max(into.typeIntra, graph.typeIntra);
    into.typeInter = std::max(into.typeInter, graph.typeInter);
    into.sameChannels = into.sameChannels && graph.sameChannels;
    into.pattern = std::max(into.pattern, graph.pattern);  // maxTreePattern (2.26+)
}

void alignSlot(TuningGraph& into, const std::map<std::string, ProcessGraphs>& processes,
               std::optional<TuningGraph> ProcessGraphs::*slot) {
    bool first = true;
    for (const auto& [process, graphs] : processes)
        if (graphs.*slot) align(into, *(graphs.*slot), first), first = false;
}

/// comm->nChannels as the log prints it: `%d coll channels`, else rank 0's `Channel xx/yy :` ring lists.
int commChannels(const LoggedTuning& logged, int ringListChannels) {
    return logged.collChannels > 0 ? logged.collChannels : ringListChannels;
}

void setGraphs(const LoggedTuning& logged, int ringListChannels, LogTuningInputs& result) {
    std::map<std::string, ProcessGraphs> processes;
    for (const LoggedGraph& graph : logged.graphs) assign(processes[graph.process], graph.graph);
    TuningInputs& in = result.inputs;
    alignSlot(in.ringGraph, processes, &ProcessGraphs::ring);
    alignSlot(in.treeGraph, processes, &ProcessGraphs::tree);
    alignSlot(in.collNetChainGraph, processes, &ProcessGraphs::collNetChain);
    alignSlot(in.collNetDirectGraph, processes, &ProcessGraphs::collNetDirect);
    alignSlot(in.nvlsGraph, processes, &ProcessGraphs::nvls);
    in.maxTreePattern = in.treeGraph.pattern;
    bool firstTree = true;  // the tree graph's own pattern is rank 0's: the min is not what NCCL keeps
    for (const LoggedGraph& graph : logged.graphs)
        if (graph.graph.pattern >= 1 && graph.graph.pattern <= 3 && firstTree)
            in.treeGraph.pattern = graph.graph.pattern, firstTree = false;
    if (!in.version.atLeast(26)) in.maxTreePattern = 0;
    in.collNet.enabled = in.collNetDirectGraph.nChannels > 0;
    if (!in.version.atLeast(22)) in.collNetChainGraph = in.collNetDirectGraph;
    result.nvlsGraph = in.nvlsGraph.nChannels > 0;
    if (in.ringGraph.nChannels == 0) result.assumptions.push_back("no ring graph (`Pattern 4`): its cells stay 0");
    if (in.treeGraph.nChannels == 0) result.assumptions.push_back("no tree graph (`Pattern 1/2/3`): its cells stay 0");
    result.commNChannels = commChannels(logged, ringListChannels);
    if (result.commNChannels == 0) {
        result.commNChannels = in.ringGraph.nChannels;
        result.assumptions.push_back("comm channels: the ring graph's " + std::to_string(in.ringGraph.nChannels) +
                                     " (no `coll channels` or `Channel xx/yy :` line)");
    }
}

int intOf(const std::string& text, int fallback) {
    const auto value = tuning_log_detail::readInteger(text);
    return value && *value >= -2 && *value <= 1 << 20 ? static_cast<int>(*value) : fallback;
}

void setEnvironment(const LoggedTuning& logged, TuningEnvironment& env) {
    for (const LoggedEnv& entry : logged.environment) {
        if (entry.name == "NCCL_ALGO") env.ncclAlgo = entry.value;
        if (entry.name == "NCCL_PROTO") env.ncclProto = entry.value;
        if (entry.name == "NCCL_NTHREADS") env.nThreads = intOf(entry.value, env.nThreads);
        if (entry.name == "NCCL_LL128_NTHREADS") env.ll128NThreads = intOf(entry.value, env.ll128NThreads);
        if (entry.name == "NCCL_PAT_ENABLE") env.patEnable = intOf(entry.value, env.patEnable);
        if (entry.name == "NCCL_LL128_C2C") env.ll128C2C = intOf(entry.value, 1) != 0;
        if (entry.name == "NCCL_NET_OVERHEAD") env.netOverheadNs = intOf(entry.value, -1);
    }
}

/// `2.29.7+cuda12.9`: CUDART_VERSION 12090.
int cudartOf(const std::string& version) {
    const std::size_t at = version.find("+cuda");
    if (at == std::string::npos) return 12000;
    const std::vector<std::string_view> parts =
        tuning_log_detail::splitKeep(std::string_view(version).substr(at + 5), '.');
    const auto major = tuning_log_detail::readInteger(parts[0]);
    const auto minor = parts.size() > 1 ? tuning_log_detail::readInteger(parts[1]) : std::optional<long long>(0);
    if (!major || !minor || *major < 9 || *major > 99 || *minor < 0 || *minor > 9) return 12000;
    return static_cast<int>(*major * 1000 + *minor * 10);
}

sim::Status setVersion(const nccl_topology::InfoLog& log, const TuningLogSettings& settings, LogTuningInputs& result) {
    const std::string& text = log.version.empty() ? settings.ncclVersion : log.version;
    if (text.empty()) return sim::fail("the log prints no `NCCL version` line: give nccl_version=2.N.P (2.18 to 2.30)");
    auto version = parseTuningVersion(text);
    if (!version) return sim::fail(version.error().message + (log.version.empty() ? " (key nccl_version)" : ""));
    result.inputs.version = version.value();
    result.inputs.cudartVersion = cudartOf(text);
    result.versionSource = log.version.empty() ? "key nccl_version" : "the log's `NCCL version " + log.version + "`";
    return sim::Ok{};
}

sim::Status setCounts(const LoggedTuning& logged, const nccl_topology::InfoLog& log, const TuningLogSettings& settings,
                      LogTuningInputs& result) {
    TuningInputs& in = result.inputs;
    in.nRanks = settings.nRanks > 0 ? settings.nRanks : log.comm.nRanks;
    in.nNodes = settings.nNodes > 0 ? settings.nNodes : log.comm.nNodes;
    // Up to 2.19 no line prints the node count: the hosts the log's ranks run on is all there is, too few
    // when the log is one rank's of several nodes (ranks reached `via NET` live on other nodes).
    if (settings.nNodes <= 0 && !logged.nNodesPrinted)
        result.assumptions.push_back("nodes: " + std::to_string(in.nNodes) +
                                     ", the hosts of the ranks the log shows (no `comm … nNodes` line): give "
                                     "nnodes=N when the log holds only some ranks");
    if (in.nRanks <= 0)
        return sim::fail("the log names no rank count (no Init or `comm … nRanks` line): give nranks=N");
    if (in.nNodes <= 0 || in.nNodes > in.nRanks)
        return sim::fail("nnodes " + std::to_string(in.nNodes) + " does not fit nranks " + std::to_string(in.nRanks));
    in.maxLocalRanks = (in.nRanks + in.nNodes - 1) / in.nNodes;
    return sim::Ok{};
}

}  // namespace

sim::Result<LogTuningInputs> tuningInputsFromLog(const LoggedTuning& logged, const nccl_topology::InfoLog& log,
                                                 const TuningLogSettings& settings) {
    if (logged.graphs.empty())
        return sim::fail(
            "the log has no GRAPH `Pattern …` lines (NCCL_DEBUG_SUBSYS without GRAPH): the model needs "
            "each searched graph's channels, bandwidths and path types");
    LogTuningInputs result;
    if (auto ok = setVersion(log, settings, result); !ok) return ok.error();
    if (auto ok = setCounts(logged, log, settings, result); !ok) return ok.error();
    if (settings.gpuSm <= 0)
        return sim::fail("the log does not name the GPUs' compute capability: give gpu_sm=N (e.g. 80, 90)");
    result.inputs.minCompCap = result.inputs.maxCompCap = settings.gpuSm;
    if (logged.cpu) {
        result.inputs.cpuArch = static_cast<CpuArch>(std::clamp(logged.cpu->arch, 1, 4));
        result.inputs.cpuVendor = static_cast<CpuVendor>(std::clamp(logged.cpu->vendor, 1, 4));
    } else {
        result.assumptions.push_back("CPU: x86 Intel (no topology print `CPU/…` line)");
    }
    setEnvironment(logged, result.inputs.env);
    setGraphs(logged, static_cast<int>(log.comm.channels.size()), result);
    return result;
}

sim::Result<LogTuningInputs> tableInputsFromLog(const LoggedTuning& logged, const nccl_topology::InfoLog& log,
                                                const TuningLogSettings& settings) {
    LogTuningInputs result;
    if (auto ok = setVersion(log, settings, result); !ok) return ok.error();
    if (auto ok = setCounts(logged, log, settings, result); !ok) return ok.error();
    result.inputs.minCompCap = result.inputs.maxCompCap = settings.gpuSm > 0 ? settings.gpuSm : 90;
    if (settings.gpuSm <= 0) result.assumptions.push_back("sm90 (no gpu_sm key)");
    if (logged.cpu) {
        result.inputs.cpuArch = static_cast<CpuArch>(std::clamp(logged.cpu->arch, 1, 4));
        result.inputs.cpuVendor = static_cast<CpuVendor>(std::clamp(logged.cpu->vendor, 1, 4));
    }
    result.commNChannels = commChannels(logged, static_cast<int>(log.comm.channels.size()));
    if (result.commNChannels == 0)
        result.assumptions.push_back(
            "no `coll channels` or `Channel xx/yy :` line: the ring/Simple AllReduce "
            "plateau is not applied");
    return result;
}

}  // namespace commviz::nccl_tuning
