#include "nccl/graph/graph_xml_reader.h"

#include <cctype>
#include <utility>

#include "nccl/graph/xml_attributes.h"

namespace commviz::nccl_topology {

namespace {

// NCCL_GRAPH_XML_MAX_NODES bounds what NCCL itself reads (NCCL src/graph/topo.h).
constexpr int kGraphMaxElements = 65536;

sim::Result<int64_t> hexDev(const AttributeReader& reader) {
    auto text = reader.requireText("dev");
    if (!text) return text.error();
    std::string_view digits = text.value();
    if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) digits.remove_prefix(2);
    if (digits.empty() || digits.size() > 16)
        return reader.error("dev", "'" + text.value() + "' is not a hexadecimal device id");
    uint64_t value = 0;
    for (char c : digits) {
        if (!std::isxdigit(static_cast<unsigned char>(c)))
            return reader.error("dev", "'" + text.value() + "' is not a hexadecimal device id");
        value = value * 16 + static_cast<uint64_t>(std::isdigit(static_cast<unsigned char>(c))
                                                       ? c - '0'
                                                       : std::tolower(static_cast<unsigned char>(c)) - 'a' + 10);
    }
    return static_cast<int64_t>(value);
}

sim::Result<GraphChannel> readChannel(const XmlElement& channel, const std::string& origin, GraphFile& file) {
    AttributeReader(channel, origin).listUnknown({}, file.unknown);
    GraphChannel result;
    result.line = channel.line;
    for (const XmlElement& hop : channel.children) {
        if (hop.name != "net" && hop.name != "gpu") {
            file.unknown.push_back({hop.line, hop.name, {}});
            continue;
        }
        AttributeReader reader(hop, origin);
        reader.listUnknown({"dev", "rank"}, file.unknown);
        auto dev = hexDev(reader);
        if (!dev) return dev.error();
        auto rank = reader.optionalInt("rank", -1);
        if (!rank) return rank.error();
        GraphHop entry;
        entry.kind = hop.name == "net" ? GraphHop::Kind::Net : GraphHop::Kind::Gpu;
        entry.line = hop.line;
        entry.systemId = static_cast<int>(static_cast<uint64_t>(dev.value()) >> 56);
        entry.dev = dev.value() & 0x00ffffffffffffffLL;
        entry.rank = static_cast<int>(rank.value());
        result.hops.push_back(entry);
    }
    return result;
}

sim::Result<PathType> pathTypeAttribute(const AttributeReader& reader, std::string_view attribute) {
    auto text = reader.requireText(attribute);
    if (!text) return text.error();
    auto type = parsePathTypeName(text.value());
    if (!type || *type > PathType::NET)
        return reader.error(attribute,
                            "'" + text.value() + "' is not a path type (LOC NVL NVB C2C PIX PXB P2C PXN PHB SYS NET)");
    return *type;
}

// The integer attributes of a <graph> and the fields they fill.
sim::Status readGraphInts(const AttributeReader& reader, TopoGraph& graph) {
    const std::pair<const char*, int TopoGraph::*> fields[] = {{"id", &TopoGraph::id},
                                                               {"crossnic", &TopoGraph::crossNic},
                                                               {"nchannels", &TopoGraph::nChannels},
                                                               {"samechannels", &TopoGraph::sameChannels}};
    for (const auto& [attribute, field] : fields) {
        auto value = reader.requireInt(attribute);
        if (!value) return value.error();
        graph.*field = static_cast<int>(value.value());
    }
    return sim::Ok{};
}

sim::Result<TopoGraph> readGraph(const XmlElement& element, const std::string& origin, GraphFile& file) {
    AttributeReader reader(element, origin);
    reader.listUnknown({"id", "pattern", "crossnic", "nchannels", "speedintra", "speedinter", "latencyinter",
                        "typeintra", "typeinter", "samechannels"},
                       file.unknown);
    TopoGraph graph;
    graph.line = element.line;
    if (auto ints = readGraphInts(reader, graph); !ints) return ints.error();
    auto pattern = reader.requireInt("pattern");
    if (!pattern) return pattern.error();
    if (pattern.value() < 1 || pattern.value() > 6)
        return reader.error("pattern", "expected 1 (balanced tree) to 6 (CollNet direct)");
    graph.pattern = static_cast<GraphPattern>(pattern.value());
    if (!element.attribute("speedintra")) return reader.error("speedintra", "missing (GB/s expected)");
    if (!element.attribute("speedinter")) return reader.error("speedinter", "missing (GB/s expected)");
    auto intra = reader.optionalFloat("speedintra", 0.0f);
    auto inter = reader.optionalFloat("speedinter", 0.0f);
    auto latency = reader.optionalFloat("latencyinter", 0.0f);
    if (!intra) return intra.error();
    if (!inter) return inter.error();
    if (!latency) return latency.error();
    graph.speedIntra = intra.value();
    graph.speedInter = inter.value();
    graph.latencyInter = latency.value();
    auto typeIntra = pathTypeAttribute(reader, "typeintra");
    if (!typeIntra) return typeIntra.error();
    auto typeInter = pathTypeAttribute(reader, "typeinter");
    if (!typeInter) return typeInter.error();
    graph.typeIntra = typeIntra.value();
    graph.typeInter = typeInter.value();
    for (const XmlElement& child : element.children) {
        if (child.name != "channel") {
            file.unknown.push_back({child.line, child.name, {}});
            continue;
        }
        auto channel = readChannel(child, origin, file);
        if (!channel) return channel.error();
        graph.channels.push_back(std::move(channel).value());
    }
    return graph;
}

}  // namespace

std::string_view graphPatternName(GraphPattern pattern) {
    switch (pattern) {
        case GraphPattern::BalancedTree:
            return "BALANCED_TREE";
        case GraphPattern::SplitTree:
            return "SPLIT_TREE";
        case GraphPattern::Tree:
            return "TREE";
        case GraphPattern::Ring:
            return "RING";
        case GraphPattern::Nvls:
            return "NVLS";
        case GraphPattern::CollnetDirect:
            return "COLLNET_DIRECT";
    }
    return "?";
}

sim::Result<GraphFile> parseGraphXml(std::string_view text, const std::string& origin) {
    XmlLimits limits;
    limits.maxElements = kGraphMaxElements;
    auto document = parseXmlDocument(text, origin, limits);
    if (!document) return document.error();
    const XmlElement& root = document.value();
    AttributeReader reader(root, origin);
    if (root.name != "graphs") return reader.elementError("the root element must be <graphs version=\"1\">");
    GraphFile file;
    reader.listUnknown({"version"}, file.unknown);
    for (const XmlElement& child : root.children) {
        if (child.name != "graph") {
            file.unknown.push_back({child.line, child.name, {}});
            continue;
        }
        auto graph = readGraph(child, origin, file);
        if (!graph) return graph.error();
        file.graphs.push_back(std::move(graph).value());
    }
    return file;
}

sim::Result<GraphFile> readGraphFile(const std::string& path) {
    auto text = readXmlFile(path, "graph file");
    if (!text) return text.error();
    return parseGraphXml(text.value(), path);
}

}  // namespace commviz::nccl_topology
