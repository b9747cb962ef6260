// Second pass over the file: links that name another device (NVLink, C2C,
// pcilink), then the SYS links between CPUs.

#include <array>

#include "nccl/graph/topo_tree_walk.h"
#include "nccl/graph/xml_attributes.h"

namespace commviz::nccl_topology {

namespace {

// The CPU a node hangs under: follow PCI links up until a CPU is reached.
int localCpuOf(const TopoSystem& system, int node) {
    std::vector<bool> seen(system.nodes.size(), false);
    std::vector<int> frontier = {node};
    seen[node] = true;
    while (!frontier.empty()) {
        std::vector<int> next;
        for (int current : frontier) {
            if (system.nodes[current].type == NodeType::CPU) return current;
            for (const TopoLink& link : system.nodes[current].links) {
                if (link.type != LinkType::PCI || seen[link.remote]) continue;
                seen[link.remote] = true;
                next.push_back(link.remote);
            }
        }
        frontier = std::move(next);
    }
    return -1;
}

int nvSwitchNode(TopoSystem& system) {
    // NCCL makes a single NVS node for every switch target (ncclTopoAddNvLinks).
    std::vector<int> switches = system.ofType(NodeType::NVS);
    if (!switches.empty()) return switches.front();
    return system.addNode(makeNode(NodeType::NVS));
}

sim::Status addOneNvLink(const XmlElement& nvlink, int gpu, TopoBuild& build) {
    AttributeReader reader(nvlink, build.origin);
    reader.listUnknown({"target", "count", "tclass"}, build.system.unknown);
    auto count = reader.requireInt("count");
    if (!count) return count.error();
    if (count.value() <= 0 || count.value() > 64) return reader.error("count", "expected 1 to 64 links");
    auto targetClass = reader.requireHex("tclass");
    if (!targetClass) return targetClass.error();
    float bw = static_cast<float>(count.value()) * nvLinkBandwidth(build.system.nodes[gpu].sm);
    NodeType targetType = nodeTypeOfPciClass(targetClass.value());
    if (targetType == NodeType::GPU) {
        auto target = reader.requireBusId("target");
        if (!target) return target.error();
        // Each GPU lists its own side, so a GPU-GPU NVLink is added one way per element.
        int remote = findByBusId(build.system, NodeType::GPU, target.value());
        if (remote >= 0) build.system.connectOneWay(gpu, remote, LinkType::NVL, bw);
        return sim::Ok{};
    }
    int remote = targetType == NodeType::CPU ? localCpuOf(build.system, gpu) : nvSwitchNode(build.system);
    if (remote >= 0) build.system.connect(gpu, remote, LinkType::NVL, bw);
    return sim::Ok{};
}

sim::Status walkNvLinks(const XmlElement& element, const std::string& busId, TopoBuild& build) {
    for (const XmlElement& child : element.children) {
        if (child.name == "gpu") {
            int gpu = findByBusId(build.system, NodeType::GPU, busId);
            for (const XmlElement& link : child.children)
                if (link.name == "nvlink" && gpu >= 0)
                    if (auto ok = addOneNvLink(link, gpu, build); !ok) return ok;
            continue;
        }
        const std::string* childBusId = child.attribute("busid");
        std::string lowered = childBusId ? *childBusId : busId;
        for (char& c : lowered) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (auto ok = walkNvLinks(child, lowered, build); !ok) return ok;
    }
    return sim::Ok{};
}

void walkC2cAndPciLinks(const XmlElement& element, const std::string& busId, TopoBuild& build) {
    for (const XmlElement& child : element.children) {
        const std::string* childBusId = child.attribute("busid");
        std::string lowered = childBusId ? *childBusId : busId;
        for (char& c : lowered) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (child.name == "c2c") {
            int gpu = findByBusId(build.system, NodeType::GPU, busId);
            AttributeReader reader(child, build.origin);
            auto bw = reader.optionalInt("bw", 0);
            auto count = reader.optionalInt("count", 0);
            int cpu = gpu >= 0 ? localCpuOf(build.system, gpu) : -1;
            if (cpu >= 0 && bw && count)
                build.system.connect(gpu, cpu, LinkType::C2C, static_cast<float>(bw.value() * count.value()) / 1000);
        } else if (child.name == "pcilink") {
            // A Broadcom Gen4 switch's two halves, joined at LOC_BW (ncclTopoAddPciLinks).
            int from = findByBusId(build.system, NodeType::PCI, busId);
            const std::string* target = child.attribute("target");
            int to = target ? findByBusId(build.system, NodeType::PCI, *target) : -1;
            if (from >= 0 && to >= 0) build.system.connectOneWay(from, to, LinkType::LOC, bw::kLoc);
        } else {
            walkC2cAndPciLinks(child, lowered, build);
        }
    }
}

float interCpuBandwidth(const TopoNode& cpu) {
    if (cpu.arch == CpuArch::Power) return bw::kPower9;
    if (cpu.arch == CpuArch::Arm) return bw::kArm;
    if (cpu.arch != CpuArch::X86) return bw::kLoc;
    if (cpu.vendor == CpuVendor::Amd) return bw::kAmd;
    bool family6 = cpu.familyId == 6;
    if (cpu.vendor == CpuVendor::Intel) {
        if (family6 && cpu.modelId >= 0xCF) return bw::kEmeraldRapidsQpi;
        if (family6 && cpu.modelId >= 0x8F) return bw::kSapphireRapidsQpi;
        if (family6 && cpu.modelId >= 0x55) return bw::kSkylakeQpi;
        return bw::kBroadwellQpi;
    }
    if (cpu.vendor == CpuVendor::Zhaoxin)
        return cpu.familyId == 7 && cpu.modelId == 0x5B ? bw::kYongfengZpi : bw::kZhaoxinZpi;
    return bw::kLoc;
}

}  // namespace

sim::Status addNvLinks(const XmlElement& root, TopoBuild& build) { return walkNvLinks(root, "", build); }

void addC2cAndPciLinks(const XmlElement& root, TopoBuild& build) { walkC2cAndPciLinks(root, "", build); }

void connectCpus(TopoSystem& system) {
    std::vector<int> cpus = system.ofType(NodeType::CPU);
    for (int from : cpus)
        for (int to : cpus)
            if (from != to) system.connectOneWay(from, to, LinkType::SYS, interCpuBandwidth(system.nodes[from]));
}

sim::Status addAssumedNvLinks(TopoBuild& build) {
    TopoSystem& system = build.system;
    std::vector<int> gpus = system.ofType(NodeType::GPU);
    auto note = [&](int gpu, const std::string& value) {
        system.assumed.push_back({system.nodes[gpu].line, "gpu", "nvlink", value});
    };
    if (build.assumptions.nvlink == NvLinkFill::NvSwitch) {
        if (gpus.empty()) return sim::Ok{};
        int nvs = nvSwitchNode(system);
        for (int gpu : gpus) {
            int count = maxNvLinks(system.nodes[gpu].sm);
            system.connect(gpu, nvs, LinkType::NVL, static_cast<float>(count) * nvLinkBandwidth(system.nodes[gpu].sm));
            note(gpu, std::to_string(count) + " links to the NVSwitch");
        }
    } else if (build.assumptions.nvlink == NvLinkFill::HybridCubeMesh) {
        if (gpus.size() != 8)
            return sim::fail(build.origin + ": nvlink=hybrid_cube_mesh needs 8 GPUs, the file has " +
                             std::to_string(gpus.size()));
        // DGX-1 (V100) wiring as nvidia-smi topo -m shows it: {peer, links} per GPU.
        struct Peer {
            int peer, count;
        };
        static const std::array<std::array<Peer, 4>, 8> mesh = {{{{{1, 1}, {2, 1}, {3, 2}, {4, 2}}},
                                                                 {{{0, 1}, {2, 2}, {3, 1}, {5, 2}}},
                                                                 {{{0, 1}, {1, 2}, {3, 2}, {6, 1}}},
                                                                 {{{0, 2}, {1, 1}, {2, 2}, {7, 1}}},
                                                                 {{{0, 2}, {5, 1}, {6, 1}, {7, 2}}},
                                                                 {{{1, 2}, {4, 1}, {6, 2}, {7, 1}}},
                                                                 {{{2, 1}, {4, 1}, {5, 2}, {7, 2}}},
                                                                 {{{3, 1}, {4, 2}, {5, 1}, {6, 2}}}}};
        for (size_t g = 0; g < 8; ++g) {
            for (const Peer& peer : mesh[g]) {
                float bw = static_cast<float>(peer.count) * nvLinkBandwidth(system.nodes[gpus[g]].sm);
                system.connectOneWay(gpus[g], gpus[peer.peer], LinkType::NVL, bw);
                note(gpus[g], std::to_string(peer.count) + " links to GPU " + std::to_string(peer.peer));
            }
        }
    }
    return sim::Ok{};
}

}  // namespace commviz::nccl_topology
