#include "nccl_topology/topo_xml_reader.h"

#include "nccl_topology/topo_tree_walk.h"
#include "nccl_topology/xml_attributes.h"

namespace commviz::nccl_topology {

namespace {

bool listsNvLinks(const XmlElement& element) {
    if (element.name == "nvlink") return true;
    for (const XmlElement& child : element.children)
        if (listsNvLinks(child)) return true;
    return false;
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
    if (auto ok = addNvLinks(root, build); !ok) return ok.error();
    if (!listsNvLinks(root))
        if (auto ok = addAssumedNvLinks(build); !ok) return ok.error();
    addC2cAndPciLinks(root, build);
    connectCpus(build.system);
    return std::move(build.system);
}

sim::Result<TopoSystem> readTopoFile(const std::string& path, const TopoAssumptions& assumptions) {
    auto text = readTextFile(path);
    if (!text) return text.error();
    return parseTopoXml(text.value(), path, assumptions);
}

}  // namespace commviz::nccl_topology
