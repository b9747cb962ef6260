// The GRAPH lines printed while the system is built and searched: NCCL
// src/graph/topo.cc, ncclTopoPrint/ncclTopoPrintRec, src/graph/paths.cc,
// ncclTopoPrintPaths/printNodePaths, and src/graph/search.cc,
// ncclTopoSearchInit (maxBw, totalBw) and ncclTopoPrintGraph.

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <set>

#include "nccl/log/topo_log_fields.h"
#include "nccl/transport/topo_transport.h"

namespace commviz::nccl_topology {

namespace {

std::string printed(const char* format, auto... values) {
    char buffer[256];
    std::snprintf(buffer, sizeof buffer, format, values...);
    return buffer;
}

}  // namespace

namespace {

long localId(const TopoNode& node) { return topoLocalId(node); }

std::string typeName(const TopoNode& node) { return std::string(nodeTypeName(node.type)); }

// ≤ 2.22 names a link's far end by its whole id in upper-case hex, 2.23+ as system-local.
std::string farEnd(const TopoNode& node, nccl::Version version) {
    return version == nccl::Version::V2_30 ? printed("%s/%lx-%lx", typeName(node).c_str(), 0L, localId(node))
                                           : printed("%s/%lX", typeName(node).c_str(), localId(node));
}

int cpuModel(const TopoNode& cpu, nccl::Version version) {
    if (cpu.vendor == CpuVendor::Zhaoxin) return cpu.familyId == 7 && cpu.modelId == 0x5B ? 1 : -1;
    if (cpu.vendor != CpuVendor::Intel) return -1;
    const bool intel6 = cpu.familyId == 6;
    if (version == nccl::Version::V2_30 && intel6 && cpu.modelId >= 0xCF) return 4;
    if (version == nccl::Version::V2_30 && intel6 && cpu.modelId >= 0x8F) return 3;
    return intel6 && cpu.modelId >= 0x55 ? 2 : 1;
}

std::string nodeText(const TopoNode& node, nccl::Version version) {
    const std::string self = printed("%s/%lx-%lx", typeName(node).c_str(), 0L, localId(node));
    if (node.type == NodeType::GPU) return self + printed(" (%d)", node.rank);
    if (node.type == NodeType::PCI) {
        long device = node.device.empty() ? 0 : std::strtol(node.device.c_str(), nullptr, 16);
        return self + printed(" (%lx)", device);
    }
    if (node.type != NodeType::CPU) return self;
    static const int archCodes[] = {-1, 1, 3, 2};    // Unknown, X86, Arm, Power
    static const int vendorCodes[] = {-1, 1, 2, 3};  // Unknown, Intel, Amd, Zhaoxin
    return self + printed(" (%d/%d/%d)", archCodes[static_cast<int>(node.arch)],
                          vendorCodes[static_cast<int>(node.vendor)], cpuModel(node, version));
}

std::string netText(const TopoNode& net, nccl::Version version) {
    const long asic = net.guid.empty() ? net.dev : static_cast<long>(std::strtoull(net.guid.c_str(), nullptr, 16));
    if (version == nccl::Version::V2_30)
        return farEnd(net, version) + printed(" (%d/%lx/%d/%f)", 0, asic, net.port, static_cast<double>(net.bw));
    return farEnd(net, version) + printed(" (%lx/%d/%f)", asic, net.port, static_cast<double>(net.bw));
}

struct TreePrinter {
    const TopoSystem& system;
    nccl::Version version;
    std::vector<std::string>& out;
    std::set<int> visited;

    // ncclTopoPrintRec: the node, then its links widest first (ncclTopoConnectNodes
    // keeps them sorted), going down PCI links and naming the other ends.
    void print(int node, int previous, const std::string& head) {
        if (!visited.insert(node).second) return;  // a malformed PCI loop
        out.push_back(head + nodeText(system.nodes[node], version));
        const std::string indent(head.size(), ' ');
        std::vector<TopoLink> links = system.nodes[node].links;
        std::stable_sort(links.begin(), links.end(),
                         [](const TopoLink& left, const TopoLink& right) { return left.bw > right.bw; });
        for (const TopoLink& link : links) {
            if (link.type == LinkType::PCI && link.remote == previous) continue;
            const std::string step = indent + printed("+ %s[%2.1f] - ", std::string(linkTypeName(link.type)).c_str(),
                                                      static_cast<double>(link.bw));
            const TopoNode& remote = system.nodes[link.remote];
            if (link.type == LinkType::PCI)
                print(link.remote, node, step);
            else if (remote.type == NodeType::NET && link.type != LinkType::LOC)
                out.push_back(step + netText(remote, version));
            else
                out.push_back(step + farEnd(remote, version));
        }
    }
};

float totalBandwidth(const TopoNode& gpu) {
    float nvLink = 0.0f;
    float pci = 0.0f;
    for (const TopoLink& link : gpu.links) {
        if (link.type == LinkType::NVL) nvLink += link.bw;
        if (link.type == LinkType::PCI) pci = link.bw;
    }
    return std::max(pci, nvLink);
}

}  // namespace

std::vector<std::string> systemPrintTexts(const TopoSystem& system, const TopoPaths& paths, int nNodes,
                                          nccl::Version version) {
    const std::vector<int> gpus = system.ofType(NodeType::GPU);
    const std::vector<int> nets = system.ofType(NodeType::NET);
    // ncclTopoSearchInit: ≤ 2.22 counts the NICs, 2.30 whether the job spans servers.
    const bool inter = version == nccl::Version::V2_30 ? nNodes > 1 : !nets.empty();
    float maxBw = 0.0f;
    float totalBw = 0.0f;
    if (!inter && gpus.size() == 1) maxBw = totalBw = bw::kLoc;
    for (int gpu : gpus) {
        if (gpus.size() == 1 && !inter) break;
        for (int target : inter ? nets : gpus)
            if (paths.path(gpu, target).hops > 0) maxBw = std::max(maxBw, paths.path(gpu, target).bw);
        totalBw = std::max(totalBw, totalBandwidth(system.nodes[gpu]));
    }
    std::vector<std::string> out{printed("=== System : maxBw %2.1f totalBw %2.1f ===", static_cast<double>(maxBw),
                                         static_cast<double>(totalBw))};
    TreePrinter printer{system, version, out, {}};
    for (int cpu : system.ofType(NodeType::CPU)) printer.print(cpu, -1, "");
    out.push_back("==========================================");
    return out;
}

std::vector<std::string> pathPrintTexts(const TopoSystem& system, const TopoPaths& paths, nccl::Version version) {
    // NCCL keeps paths towards GPUs, NVSwitches, CPUs and NICs, in its type order.
    const NodeType targets[] = {NodeType::GPU, NodeType::NVS, NodeType::CPU, NodeType::NET};
    std::vector<std::string> out;
    for (NodeType from : {NodeType::GPU, NodeType::NET}) {
        for (int node : system.ofType(from)) {
            std::string line = farEnd(system.nodes[node], version) + " :";
            for (NodeType type : targets)
                for (int target : system.ofType(type)) {
                    const Path& path = paths.path(node, target);
                    line += printed("%s/%lx-%lx (%d/%.1f/%s) ", typeName(system.nodes[target]).c_str(), 0L,
                                    localId(system.nodes[target]), path.hops, static_cast<double>(path.bw),
                                    std::string(pathTypeName(path.type)).c_str());
                }
            out.push_back(line.substr(0, 1023));  // a 1024-byte buffer
        }
    }
    return out;
}

std::vector<std::string> graphPrintTexts(const TopoSystem& system, const TopoGraph& graph, int nNodes,
                                         nccl::Version version) {
    std::vector<std::string> out{printed(
        "Pattern %d, crossNic %d, nChannels %d, bw %f/%f, type %s/%s, sameChannels %d", static_cast<int>(graph.pattern),
        graph.crossNic, static_cast<int>(graph.channels.size()), static_cast<double>(graph.speedIntra),
        static_cast<double>(graph.speedInter), std::string(pathTypeName(graph.typeIntra)).c_str(),
        std::string(pathTypeName(graph.typeInter)).c_str(), graph.sameChannels)};
    const bool classic = version == nccl::Version::Classic;
    const bool showNets = classic ? !system.ofType(NodeType::NET).empty() : nNodes > 1;
    for (size_t channel = 0; channel < graph.channels.size(); ++channel) {
        std::string line = printed("%2d :", static_cast<int>(channel));
        std::vector<const GraphHop*> nets;
        for (const GraphHop& hop : graph.channels[channel].hops)
            if (hop.kind == GraphHop::Kind::Net) nets.push_back(&hop);
        auto netAt = [&](bool first) {
            const long dev = nets.empty() ? 0L : static_cast<long>((first ? nets.front() : nets.back())->dev);
            return classic ? printed(" NET/%lx", dev) : printed(" NET/%lx-%lx", 0L, dev);
        };
        if (showNets) line += netAt(true);
        std::vector<GraphHop> gpus;
        for (const GraphHop& hop : graph.channels[channel].hops)
            if (hop.kind == GraphHop::Kind::Gpu) gpus.push_back(hop);
        // An NVLS channel holds its head alone; NCCL prints the rest of the row as
        // it was allocated, zeros, which name rank 0's GPU.
        if (graph.pattern == GraphPattern::Nvls && !gpus.empty()) {
            GraphHop rankZero;
            rankZero.rank = 0;
            rankZero.dev = placeRank(system, 0).dev;
            gpus.resize(system.ofType(NodeType::GPU).size(), rankZero);
        }
        for (const GraphHop& hop : gpus) {
            // ≤ 2.22 names the GPU by its rank, 2.30 by its topology id (its PCI address).
            long busId = 0;
            for (int gpu : system.ofType(NodeType::GPU))
                if (system.nodes[gpu].dev == hop.dev) busId = localId(system.nodes[gpu]);
            line += classic ? printed(" GPU/%d", hopLocalRank(system, hop)) : printed(" GPU/%lx-%lx", 0L, busId);
        }
        if (showNets) line += netAt(false);
        out.push_back(line);
    }
    return out;
}

}  // namespace commviz::nccl_topology
