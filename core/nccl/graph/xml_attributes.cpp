#include "nccl/graph/xml_attributes.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>

namespace commviz::nccl_topology {

namespace {

std::optional<long long> toInt(std::string_view text) {
    int base = 10;
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        base = 16;
        text.remove_prefix(2);
    }
    long long value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, base);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
    return value;
}

bool isHexDigits(std::string_view text) {
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return std::isxdigit(c) != 0; });
}

// dddd:bb:dd.f as sysfs writes it (the domain may be shorter).
bool isBusId(std::string_view text) {
    size_t first = text.find(':');
    size_t second = text.find(':', first == std::string_view::npos ? 0 : first + 1);
    size_t dot = text.find('.');
    if (first == std::string_view::npos || second == std::string_view::npos || dot == std::string_view::npos)
        return false;
    if (dot < second || dot + 2 != text.size()) return false;
    return first >= 1 && first <= 8 && isHexDigits(text.substr(0, first)) &&
           isHexDigits(text.substr(first + 1, second - first - 1)) &&
           isHexDigits(text.substr(second + 1, dot - second - 1)) && text[dot + 1] >= '0' && text[dot + 1] <= '7';
}

}  // namespace

sim::Error AttributeReader::error(std::string_view attribute, std::string_view problem) const {
    return sim::fail(m_origin + ":" + std::to_string(m_element.line) + ": <" + m_element.name + "> attribute '" +
                     std::string(attribute) + "': " + std::string(problem));
}

sim::Error AttributeReader::elementError(std::string_view problem) const {
    return sim::fail(m_origin + ":" + std::to_string(m_element.line) + ": <" + m_element.name +
                     ">: " + std::string(problem));
}

sim::Result<std::string> AttributeReader::requireText(std::string_view attribute) const {
    const std::string* value = m_element.attribute(attribute);
    if (!value) return error(attribute, "missing");
    return *value;
}

sim::Result<long long> AttributeReader::requireInt(std::string_view attribute) const {
    const std::string* value = m_element.attribute(attribute);
    if (!value) return error(attribute, "missing (an integer is expected)");
    auto number = toInt(*value);
    if (!number) return error(attribute, "'" + *value + "' is not an integer");
    // NCCL stores these in an int (xmlGetAttrInt): refuse what would wrap.
    if (*number < std::numeric_limits<int>::min() || *number > std::numeric_limits<int>::max())
        return error(attribute, "'" + *value + "' is out of range (an int is expected)");
    return *number;
}

sim::Result<long long> AttributeReader::optionalInt(std::string_view attribute, long long fallback) const {
    if (!m_element.attribute(attribute)) return fallback;
    return requireInt(attribute);
}

sim::Result<float> AttributeReader::optionalFloat(std::string_view attribute, float fallback) const {
    const std::string* value = m_element.attribute(attribute);
    if (!value) return fallback;
    float number = 0.0f;
    auto [end, ec] = std::from_chars(value->data(), value->data() + value->size(), number);
    if (ec != std::errc() || end != value->data() + value->size() || value->empty())
        return error(attribute, "'" + *value + "' is not a number");
    return number;
}

sim::Result<std::string> AttributeReader::requireBusId(std::string_view attribute) const {
    auto text = requireText(attribute);
    if (!text) return text;
    if (!isBusId(text.value()))
        return error(attribute, "'" + text.value() + "' is not a PCI address like 0000:18:00.0");
    std::string lower = text.value();
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    return lower;
}

sim::Result<std::string> AttributeReader::requireHex(std::string_view attribute) const {
    auto text = requireText(attribute);
    if (!text) return text;
    std::string_view value = text.value();
    if (value.size() < 3 || value.substr(0, 2) != "0x" || !isHexDigits(value.substr(2)))
        return error(attribute, "'" + text.value() + "' is not a hex code like 0x060400");
    return text;
}

void AttributeReader::listUnknown(std::initializer_list<std::string_view> known,
                                  std::vector<UnknownItem>& unknown) const {
    for (const XmlAttribute& attr : m_element.attributes)
        if (std::find(known.begin(), known.end(), attr.name) == known.end())
            unknown.push_back({m_element.line, m_element.name, attr.name});
}

}  // namespace commviz::nccl_topology
