#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "sim/result.h"

namespace commviz::nccl_topology {

/// One attribute as written in the file, in file order.
struct XmlAttribute {
    std::string name;
    std::string value;
};

/// An element of an NCCL XML file (topology or graph), with the line it starts on,
/// so every later complaint can name where in the file it comes from.
struct XmlElement {
    std::string name;
    int line = 0;
    std::vector<XmlAttribute> attributes;
    std::vector<XmlElement> children;

    /// The attribute's value, or nullptr when it is absent.
    const std::string* attribute(std::string_view attributeName) const;
};

/// Bounds against absurd files: nesting deeper than real topologies ever are,
/// or more elements than any server holds.
struct XmlLimits {
    int maxDepth = 32;
    int maxElements = 20000;
};

/// Parses XML text with pugixml into our own tree. Errors name `origin:line`.
sim::Result<XmlElement> parseXmlDocument(std::string_view text, const std::string& origin,
                                         const XmlLimits& limits = {});

/// Reads a whole XML file (`what`: "topology file", "graph file"). 20,000 elements of a few
/// hundred bytes each fit in 16 MiB; a larger file is refused before it is read.
sim::Result<std::string> readXmlFile(const std::string& path, std::string_view what);

}  // namespace commviz::nccl_topology
