// NCCL src/init.cc, initTransportsRank: after the searches, the alignment over ranks and
// ncclTopoPostset, it calls ncclTopoTuneModel (src/graph/tuning.cc) with the communicator, the
// min/max compute capability and the graphs; rank 0 prints the TUNING table from inside it.

#include "nccl/log/topo_log_tuning.h"

#include <algorithm>

#include "nccl/log/tuning_log.h"

namespace commviz::nccl_topology {

namespace tuning = commviz::nccl_tuning;

namespace {

// NCCL src/graph/topo.cc, ncclTopoCpuType: the system's first CPU gives comm->cpuArch/cpuVendor
// (aligned over ranks from 2.22; every server here is the same, so nothing is MIXED). A file without
// arch or vendor leaves what NCCL would probe on the host; we take x86 / Intel, the tuner's usual case.
tuning::CpuArch cpuArchOf(CpuArch arch) {
    switch (arch) {
        case CpuArch::Power:
            return tuning::CpuArch::POWER;
        case CpuArch::Arm:
            return tuning::CpuArch::ARM;
        default:
            return tuning::CpuArch::X86;
    }
}

tuning::CpuVendor cpuVendorOf(CpuVendor vendor) {
    switch (vendor) {
        case CpuVendor::Amd:
            return tuning::CpuVendor::AMD;
        case CpuVendor::Zhaoxin:
            return tuning::CpuVendor::ZHAOXIN;
        default:
            return tuning::CpuVendor::INTEL;
    }
}

void setCpu(tuning::TuningInputs& in, const TopoSystem& system) {
    const std::vector<int> cpus = system.ofType(NodeType::CPU);
    if (cpus.empty()) return;
    const TopoNode& first = system.nodes[static_cast<size_t>(cpus.front())];
    in.cpuArch = cpuArchOf(first.arch);
    in.cpuVendor = cpuVendorOf(first.vendor);
}

// init.cc: minCompCap / maxCompCap over every rank's cudaCompCap (the GPUs' `sm`).
void setCompCap(tuning::TuningInputs& in, const TopoSystem& system) {
    bool first = true;
    for (int index : system.ofType(NodeType::GPU)) {
        const int sm = system.nodes[static_cast<size_t>(index)].sm;
        in.minCompCap = first ? sm : std::min(in.minCompCap, sm);
        in.maxCompCap = first ? sm : std::max(in.maxCompCap, sm);
        first = false;
    }
}

}  // namespace

tuning::TuningVersion tuningVersion(const TopoKeys& keys) {
    return keys.version == nccl::Version::V2_30 ? tuning::TuningVersion{30, 7} : tuning::TuningVersion{22, 3};
}

tuning::TuningGraph tuningGraph(const TopoGraph& graph) {
    tuning::TuningGraph out;
    out.pattern = static_cast<int>(graph.pattern);
    out.nChannels = static_cast<int>(graph.channels.size());  // what the Pattern line prints
    out.bwIntra = graph.speedIntra;
    out.bwInter = graph.speedInter;
    // Both enums keep NCCL's PATH_* order (graph/topo.h).
    out.typeIntra = static_cast<tuning::PathType>(static_cast<int>(graph.typeIntra));
    out.typeInter = static_cast<tuning::PathType>(static_cast<int>(graph.typeInter));
    out.latencyInter = graph.latencyInter;
    out.sameChannels = graph.sameChannels != 0;
    return out;
}

tuning::TuningInputs tuningInputs(const TopologyModel& model, const TopoKeys& keys) {
    tuning::TuningInputs in;
    in.version = tuningVersion(keys);
    in.nRanks = std::max(model.comm.nRanks, 1);
    in.nNodes = std::max(model.comm.nNodes, 1);
    in.maxLocalRanks = std::max(static_cast<int>(model.system.ofType(NodeType::GPU).size()), 1);
    setCompCap(in, model.system);
    setCpu(in, model.system);
    in.ringGraph = tuningGraph(model.ring.graph);
    in.treeGraph = tuningGraph(model.tree.graph);
    in.maxTreePattern = in.treeGraph.pattern;  // 2.26+: the max over ranks, all alike here
    in.nvsCount = static_cast<int>(model.system.ofType(NodeType::NVS).size());
    // Without NVLS support the NVLS graph stays all zero, as init.cc leaves it (nvls_support.h).
    if (model.nvls.support) in.nvlsGraph = tuningGraph(model.nvls.search.graph);
    // CollNet stays off: it needs NCCL_COLLNET_ENABLE and a CollNet plugin.
    return in;
}

tuning::TuningModel topologyTuning(const TopologyModel& model, const TopoKeys& keys) {
    auto tuned = tuning::ncclTopoTuneModel(tuningInputs(model, keys));
    // Only an NCCL_ALGO / NCCL_PROTO that 2.24+ refuses makes the model fail; none is set here.
    return tuned ? std::move(tuned).value() : tuning::TuningModel{};
}

std::vector<TopoLogLine> tuningLogLines(const tuning::TuningModel& tuning) {
    std::vector<TopoLogLine> lines;
    for (std::string& text : tuning::tuningTableLines(tuning))
        lines.push_back({0, "TUNING", std::move(text), "tuning"});
    return lines;
}

}  // namespace commviz::nccl_topology
