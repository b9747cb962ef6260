#include "nccl/graph/xml_document.h"

#include <algorithm>
#include <pugixml.hpp>

#include "sim/text_file.h"

namespace commviz::nccl_topology {

const std::string* XmlElement::attribute(std::string_view attributeName) const {
    for (const XmlAttribute& attr : attributes)
        if (attr.name == attributeName) return &attr.value;
    return nullptr;
}

namespace {

// pugixml reports byte offsets; people read line numbers.
class LineTable {
public:
    explicit LineTable(std::string_view text) {
        for (size_t i = 0; i < text.size(); ++i)
            if (text[i] == '\n') m_newlines.push_back(static_cast<long>(i));
    }
    int lineOf(long offset) const {
        auto it = std::lower_bound(m_newlines.begin(), m_newlines.end(), offset);
        return static_cast<int>(it - m_newlines.begin()) + 1;
    }

private:
    std::vector<long> m_newlines;
};

struct Converter {
    const LineTable& lines;
    const std::string& origin;
    const XmlLimits& limits;
    int elementCount = 0;

    sim::Result<XmlElement> convert(const pugi::xml_node& node, int depth) {
        XmlElement element;
        element.name = node.name();
        element.line = lines.lineOf(node.offset_debug());
        if (depth > limits.maxDepth)
            return sim::fail(origin + ":" + std::to_string(element.line) + ": <" + element.name +
                             ">: nesting deeper than " + std::to_string(limits.maxDepth) + " levels");
        if (++elementCount > limits.maxElements)
            return sim::fail(origin + ":" + std::to_string(element.line) + ": <" + element.name + ">: more than " +
                             std::to_string(limits.maxElements) + " elements");
        for (const pugi::xml_attribute& attr : node.attributes())
            element.attributes.push_back({attr.name(), attr.value()});
        for (const pugi::xml_node& child : node.children()) {
            if (child.type() != pugi::node_element) continue;
            auto converted = convert(child, depth + 1);
            if (!converted) return converted.error();
            element.children.push_back(std::move(converted).value());
        }
        return element;
    }
};

}  // namespace

sim::Result<XmlElement> parseXmlDocument(std::string_view text, const std::string& origin, const XmlLimits& limits) {
    LineTable lines(text);
    pugi::xml_document document;
    // Default options, no in-situ parsing: pugixml keeps no pointers into `text`.
    pugi::xml_parse_result parsed = document.load_buffer(text.data(), text.size());
    if (!parsed)
        return sim::fail(origin + ":" + std::to_string(lines.lineOf(static_cast<long>(parsed.offset))) +
                         ": malformed XML: " + parsed.description());
    pugi::xml_node root = document.document_element();
    if (!root) return sim::fail(origin + ":1: no XML element in the file");
    Converter converter{lines, origin, limits};
    return converter.convert(root, 1);
}

sim::Result<std::string> readXmlFile(const std::string& path, std::string_view what) {
    return sim::readTextFile(path, what, 16u << 20);
}

}  // namespace commviz::nccl_topology
