#include "nccl/graph/topo_tree_walk.h"

#include "nccl/graph/xml_attributes.h"

namespace commviz::nccl_topology {

namespace {

#define TRY_ASSIGN(var, expr)                       \
    auto var##_result = (expr);                     \
    if (!var##_result) return var##_result.error(); \
    auto var = var##_result.value()

sim::Status addPci(const XmlElement& pci, int parent, int numaId, TopoBuild& build);

CpuArch archOf(const std::string& text) {
    if (text == "x86_64") return CpuArch::X86;
    if (text == "arm64") return CpuArch::Arm;
    if (text == "ppc64") return CpuArch::Power;
    return CpuArch::Unknown;
}

CpuVendor vendorOf(const std::string& text) {
    if (text == "GenuineIntel") return CpuVendor::Intel;
    if (text == "AuthenticAMD") return CpuVendor::Amd;
    if (text == "CentaurHauls" || text == "  Shanghai  ") return CpuVendor::Zhaoxin;
    return CpuVendor::Unknown;
}

void assume(TopoBuild& build, const XmlElement& element, std::string what, std::string value) {
    build.system.assumed.push_back({element.line, element.name, std::move(what), std::move(value)});
}

sim::Status addNet(const XmlElement& net, int nic, TopoBuild& build) {
    AttributeReader reader(net, build.origin);
    reader.listUnknown({"name", "dev", "speed", "port", "latency", "guid", "maxconn", "gdr", "coll", "rail", "plane",
                        "net", "gin", "rma", "keep"},
                       build.system.unknown);
    // ncclTopoAddNic: a `net` without `dev` is not part of the graph.
    if (!net.attribute("dev")) return sim::Ok{};
    TopoNode node;
    node.type = NodeType::NET;
    node.line = net.line;
    TRY_ASSIGN(dev, reader.requireInt("dev"));
    TRY_ASSIGN(speed, reader.optionalInt("speed", 0));
    TRY_ASSIGN(port, reader.optionalInt("port", 0));
    TRY_ASSIGN(gdr, reader.optionalInt("gdr", 0));
    TRY_ASSIGN(maxConn, reader.optionalInt("maxconn", 0));
    TRY_ASSIGN(latency, reader.optionalFloat("latency", 0.0f));
    node.dev = static_cast<int>(dev);
    // Some NICs report speed -1; NCCL then takes 10 Gb/s (ncclTopoAddNet).
    node.bw = static_cast<float>(speed <= 0 ? 10000 : speed) / 8000.0f;
    node.port = static_cast<int>(port);
    node.gdr = gdr != 0;
    node.maxConn = static_cast<int>(maxConn);
    node.latency = latency;
    if (const std::string* name = net.attribute("name")) node.name = *name;
    if (const std::string* guid = net.attribute("guid")) node.guid = *guid;
    int index = build.system.addNode(std::move(node));
    build.system.connect(nic, index, LinkType::NET, build.system.nodes[index].bw);
    return sim::Ok{};
}

sim::Status addNic(const XmlElement& nic, int nicIndex, TopoBuild& build) {
    AttributeReader(nic, build.origin).listUnknown({}, build.system.unknown);
    for (const XmlElement& child : nic.children) {
        if (child.name != "net") {
            build.system.unknown.push_back({child.line, child.name, {}});
            continue;
        }
        if (auto ok = addNet(child, nicIndex, build); !ok) return ok;
    }
    return sim::Ok{};
}

// A PCI device whose class says NIC but which has no `nic` child: NCCL would get
// its ports from the net plugin; we make one port from the keys.
void addAssumedNet(const XmlElement& pci, int nicIndex, TopoBuild& build) {
    TopoNode node;
    node.type = NodeType::NET;
    node.line = pci.line;
    node.dev = static_cast<int>(build.system.ofType(NodeType::NET).size());
    node.bw = static_cast<float>(build.assumptions.nicSpeedMbps) / 8000.0f;
    node.gdr = build.assumptions.gdr;
    node.port = 1;
    node.name = "net" + std::to_string(node.dev);
    assume(build, pci, "net dev", std::to_string(node.dev));
    assume(build, pci, "speed", std::to_string(build.assumptions.nicSpeedMbps));
    assume(build, pci, "gdr", build.assumptions.gdr ? "1" : "0");
    int index = build.system.addNode(std::move(node));
    build.system.connect(nicIndex, index, LinkType::NET, build.system.nodes[index].bw);
}

sim::Status addGpu(const XmlElement& gpu, const std::string& busId, int parent, float bw, TopoBuild& build) {
    AttributeReader reader(gpu, build.origin);
    reader.listUnknown({"dev", "sm", "rank", "gdr", "mlopart", "keep"}, build.system.unknown);
    TopoNode node;
    node.type = NodeType::GPU;
    node.line = gpu.line;
    node.busId = busId;
    TRY_ASSIGN(dev, reader.requireInt("dev"));
    TRY_ASSIGN(sm, reader.requireInt("sm"));
    TRY_ASSIGN(gdr, reader.requireInt("gdr"));
    TRY_ASSIGN(rank, reader.optionalInt("rank", dev));
    if (!gpu.attribute("rank")) assume(build, gpu, "rank", std::to_string(rank));
    if (sm <= 0 || sm > 1000) return reader.error("sm", "expected a compute capability such as 80 or 90");
    node.dev = static_cast<int>(dev);
    node.sm = static_cast<int>(sm);
    node.gdr = gdr != 0;
    node.rank = static_cast<int>(rank);
    int index = build.system.addNode(std::move(node));
    build.system.connect(parent, index, LinkType::PCI, bw);
    for (const XmlElement& child : gpu.children)
        if (child.name != "nvlink" && child.name != "c2c") build.system.unknown.push_back({child.line, child.name, {}});
    return sim::Ok{};
}

// A PCI device whose class says GPU but which has no `gpu` child (NCCL fills it from NVML).
void addAssumedGpu(const XmlElement& pci, const std::string& busId, int parent, float bw, TopoBuild& build) {
    TopoNode node;
    node.type = NodeType::GPU;
    node.line = pci.line;
    node.busId = busId;
    node.dev = static_cast<int>(build.system.ofType(NodeType::GPU).size());
    node.rank = node.dev;
    node.sm = build.assumptions.gpuSm;
    node.gdr = build.assumptions.gdr;
    assume(build, pci, "gpu dev and rank", std::to_string(node.dev));
    assume(build, pci, "sm", std::to_string(node.sm));
    assume(build, pci, "gdr", node.gdr ? "1" : "0");
    int index = build.system.addNode(std::move(node));
    build.system.connect(parent, index, LinkType::PCI, bw);
}

sim::Result<float> linkBandwidth(const XmlElement& pci, TopoBuild& build) {
    AttributeReader reader(pci, build.origin);
    TRY_ASSIGN(width, reader.optionalInt("link_width", 16));
    if (width < 0 || width > 32) return reader.error("link_width", "expected a lane count from 0 to 32");
    if (!pci.attribute("link_width")) assume(build, pci, "link_width", "16");
    std::string speed = pci.attribute("link_speed") ? *pci.attribute("link_speed") : "";
    if (pciLaneSpeed(speed) == 60 && speed.rfind("8", 0) != 0) assume(build, pci, "link_speed", "8.0 GT/s PCIe");
    return pciBandwidth(static_cast<int>(width), speed);
}

sim::Status addPciChildren(const XmlElement& pci, int self, int numaId, TopoBuild& build) {
    for (const XmlElement& child : pci.children) {
        if (child.name == "pci") {
            if (auto ok = addPci(child, self, numaId, build); !ok) return ok;
        } else if (child.name != "pcilink" && child.name != "gpu" && child.name != "nic") {
            build.system.unknown.push_back({child.line, child.name, {}});
        }
    }
    return sim::Ok{};
}

const XmlElement* firstChild(const XmlElement& element, std::string_view name) {
    for (const XmlElement& child : element.children)
        if (child.name == name) return &child;
    return nullptr;
}

sim::Status addPci(const XmlElement& pci, int parent, int numaId, TopoBuild& build) {
    AttributeReader reader(pci, build.origin);
    reader.listUnknown({"busid", "class", "vendor", "device", "subsystem_vendor", "subsystem_device", "link_speed",
                        "link_width", "keep"},
                       build.system.unknown);
    TRY_ASSIGN(pciClass, reader.requireHex("class"));
    TRY_ASSIGN(busId, reader.requireBusId("busid"));
    TRY_ASSIGN(bw, linkBandwidth(pci, build));
    NodeType type = nodeTypeOfPciClass(pciClass);
    bool hasGpu = false;
    for (const XmlElement& child : pci.children) {
        if (child.name != "gpu") continue;
        hasGpu = true;
        if (auto ok = addGpu(child, busId, parent, bw, build); !ok) return ok;
    }
    // Only NVIDIA devices: a board's VGA controller is class 0x0300 too.
    const std::string* vendor = pci.attribute("vendor");
    bool nvidia = !vendor || *vendor == "0x10de" || *vendor == "0x10DE";
    if (type == NodeType::GPU && !hasGpu && nvidia) addAssumedGpu(pci, busId, parent, bw, build);
    const XmlElement* nic = firstChild(pci, "nic");
    if (nic || (type == NodeType::NIC && !hasGpu)) {
        // Multi-port NICs share one NIC node per PCI function (ncclTopoAddPci).
        int nicIndex = findByBusId(build.system, NodeType::NIC, busId);
        if (nicIndex < 0) {
            TopoNode node = makeNode(NodeType::NIC, pci.line, busId);
            nicIndex = build.system.addNode(std::move(node));
            build.system.connect(parent, nicIndex, LinkType::PCI, bw);
        }
        if (nic) return addNic(*nic, nicIndex, build);
        addAssumedNet(pci, nicIndex, build);
        return sim::Ok{};
    }
    if (type != NodeType::PCI) {  // GPUs, and NVSwitch or CPU functions, which are not PCI nodes
        for (const XmlElement& child : pci.children)
            if (child.name != "gpu" && child.name != "nic")
                build.system.unknown.push_back({child.line, child.name, {}});
        return sim::Ok{};
    }
    TopoNode node = makeNode(NodeType::PCI, pci.line, busId);
    if (const std::string* device = pci.attribute("device")) node.device = *device;
    int self = build.system.addNode(std::move(node));
    build.system.connect(parent, self, LinkType::PCI, bw);
    return addPciChildren(pci, self, numaId, build);
}

}  // namespace

int findByBusId(const TopoSystem& system, NodeType type, const std::string& busId) {
    for (size_t i = 0; i < system.nodes.size(); ++i)
        if (system.nodes[i].type == type && system.nodes[i].busId == busId) return static_cast<int>(i);
    return -1;
}

sim::Status addCpu(const XmlElement& cpu, TopoBuild& build) {
    AttributeReader reader(cpu, build.origin);
    reader.listUnknown({"host_hash", "numaid", "affinity", "arch", "vendor", "familyid", "modelid"},
                       build.system.unknown);
    TopoNode node;
    node.type = NodeType::CPU;
    node.line = cpu.line;
    TRY_ASSIGN(numaId, reader.requireInt("numaid"));
    TRY_ASSIGN(arch, reader.requireText("arch"));
    node.numaId = static_cast<int>(numaId);
    node.arch = archOf(arch);
    if (node.arch == CpuArch::Unknown) return reader.error("arch", "'" + arch + "' is not x86_64, arm64 or ppc64");
    if (const std::string* affinity = cpu.attribute("affinity")) node.affinity = *affinity;
    if (node.arch == CpuArch::X86) {
        TRY_ASSIGN(vendor, reader.requireText("vendor"));
        node.vendor = vendorOf(vendor);
        if (node.vendor == CpuVendor::Intel || node.vendor == CpuVendor::Zhaoxin) {
            TRY_ASSIGN(family, reader.requireInt("familyid"));
            TRY_ASSIGN(model, reader.requireInt("modelid"));
            node.familyId = static_cast<int>(family);
            node.modelId = static_cast<int>(model);
        }
    }
    int self = build.system.addNode(std::move(node));
    for (const XmlElement& child : cpu.children) {
        if (child.name == "pci") {
            if (auto ok = addPci(child, self, static_cast<int>(numaId), build); !ok) return ok;
        } else if (child.name == "nic") {
            // A NIC without a PCI path hangs off the CPU at LOC_BW (ncclTopoAddCpu).
            TopoNode nic = makeNode(NodeType::NIC, child.line);
            int nicIndex = build.system.addNode(std::move(nic));
            build.system.connect(self, nicIndex, LinkType::PCI, bw::kLoc);
            if (auto ok = addNic(child, nicIndex, build); !ok) return ok;
        } else {
            build.system.unknown.push_back({child.line, child.name, {}});
        }
    }
    return sim::Ok{};
}

}  // namespace commviz::nccl_topology
