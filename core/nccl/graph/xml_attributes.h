#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nccl/graph/topo_system.h"
#include "nccl/graph/xml_document.h"
#include "sim/result.h"

namespace commviz::nccl_topology {

/// Typed reads of one element's attributes. Every failure names the file, the
/// line, the element and the attribute, with what was expected.
class AttributeReader {
public:
    AttributeReader(const XmlElement& element, const std::string& origin) : m_element(element), m_origin(origin) {}

    sim::Error error(std::string_view attribute, std::string_view problem) const;
    sim::Error elementError(std::string_view problem) const;

    sim::Result<std::string> requireText(std::string_view attribute) const;
    sim::Result<long long> requireInt(std::string_view attribute) const;
    /// Absent gives `fallback`; present but not an integer is an error.
    sim::Result<long long> optionalInt(std::string_view attribute, long long fallback) const;
    sim::Result<float> optionalFloat(std::string_view attribute, float fallback) const;
    /// A PCI address such as `0000:18:00.0`, returned in lower case.
    sim::Result<std::string> requireBusId(std::string_view attribute) const;
    /// A hex code such as `0x060400`.
    sim::Result<std::string> requireHex(std::string_view attribute) const;

    /// Lists the attributes not in `known` into `unknown`.
    void listUnknown(std::initializer_list<std::string_view> known, std::vector<UnknownItem>& unknown) const;

private:
    const XmlElement& m_element;
    const std::string& m_origin;
};

}  // namespace commviz::nccl_topology
