#include "nccl/graph/topo_xml_reader.h"

#include <string>

#include "nccl/graph/bundled_files.h"
#include "nccl/graph/topo_tree_walk.h"
#include "nccl/graph/xml_attributes.h"

namespace commviz::nccl_topology {

namespace {

bool listsNvLinks(const XmlElement& element) {
    if (element.name == "nvlink") return true;
    for (const XmlElement& child : element.children)
        if (listsNvLinks(child)) return true;
    return false;
}

// NCCL_TOPO_MAX_NODES (NCCL 2.30 src/include/graph.h): ncclTopoCreateNode
// fails with "tried to create too many nodes of type %d" past it.
constexpr std::size_t kTopoMaxNodes = 640;

sim::Status checkNodeCounts(const TopoSystem& system, const std::string& origin) {
    for (NodeType type : {NodeType::GPU, NodeType::PCI, NodeType::NVS, NodeType::CPU, NodeType::NIC, NodeType::NET}) {
        const std::size_t count = system.ofType(type).size();
        if (count > kTopoMaxNodes)
            return sim::fail(origin + ": " + std::to_string(count) + " " + std::string(nodeTypeName(type)) +
                             " nodes; allowed: at most " + std::to_string(kTopoMaxNodes) +
                             " of one type (NCCL_TOPO_MAX_NODES; NCCL fails with 'tried to create too many nodes')");
    }
    return sim::Ok{};
}

}  // namespace

sim::Result<TopoSystem> parseTopoXml(std::string_view text, const std::string& origin,
                                     const TopoAssumptions& assumptions) {
    auto document = parseXmlDocument(text, origin);
    if (!document) return document.error();
    const XmlElement& root = document.value();
    AttributeReader reader(root, origin);
    if (root.name != "system") return reader.elementError("the root element must be <system version=\"1\">");
    if (auto version = reader.requireInt("version"); !version) return version.error();
    TopoBuild build{origin, assumptions, {}};
    reader.listUnknown({"version"}, build.system.unknown);
    for (const XmlElement& child : root.children) {
        if (child.name == "cpu") {
            if (auto ok = addCpu(child, build); !ok) return ok.error();
        } else {
            build.system.unknown.push_back({child.line, child.name, {}});
        }
    }
    // Before the links: an NVSwitch fill links every pair of GPUs.
    if (auto counts = checkNodeCounts(build.system, origin); !counts) return counts.error();
    if (auto ok = addNvLinks(root, build); !ok) return ok.error();
    if (!listsNvLinks(root))
        if (auto ok = addAssumedNvLinks(build); !ok) return ok.error();
    addC2cAndPciLinks(root, build);
    connectCpus(build.system);
    return std::move(build.system);
}

sim::Result<TopoSystem> readTopoFile(const std::string& file, const TopoAssumptions& assumptions) {
    if (file.empty()) return sim::fail("no topology file given: name an NCCL topology XML file");
    if (auto bundled = isBareName(file) ? bundledTopology(file) : std::nullopt)
        return parseTopoXml(*bundled, file, assumptions);
    auto text = readXmlFile(file, "topology file");
    if (!text) return text.error();
    return parseTopoXml(text.value(), file, assumptions);
}

}  // namespace commviz::nccl_topology
