#include "rdma/scenario_fields.h"

#include <algorithm>

namespace commviz::rdma {

ScenarioFields::ScenarioFields(const sim::Json& object, std::string where)
    : m_object(object), m_where(std::move(where)) {
    if (!m_object.is_object()) fail("must be a JSON object");
}

void ScenarioFields::fail(const std::string& what) const { throw ScenarioError{m_where + ": " + what}; }

bool ScenarioFields::has(const std::string& key) const { return m_object.contains(key) && !m_object.at(key).is_null(); }

const sim::Json& ScenarioFields::raw(const std::string& key) const { return m_object.at(key); }

void ScenarioFields::allowOnly(const std::vector<std::string>& allowed) const {
    for (const auto& [key, value] : m_object.items()) {
        if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
        std::string names;
        for (std::size_t i = 0; i < allowed.size(); ++i) names += (i ? ", " : "") + allowed[i];
        fail("unknown field '" + key + "'; allowed " + names);
    }
}

std::string ScenarioFields::name(const std::string& key) const {
    if (!has(key)) fail("missing '" + key + "'");
    const auto& v = raw(key);
    if (!v.is_string() || v.get<std::string>().empty()) fail("'" + key + "' must be a non-empty name");
    return v.get<std::string>();
}

std::optional<std::string> ScenarioFields::optName(const std::string& key) const {
    if (!has(key)) return std::nullopt;
    return name(key);
}

std::int64_t ScenarioFields::integer(const std::string& key, std::int64_t min, std::int64_t max) const {
    if (!has(key)) fail("missing '" + key + "'");
    const auto& v = raw(key);
    const std::string range = "an integer from " + std::to_string(min) + " to " + std::to_string(max);
    if (!v.is_number_integer()) fail("'" + key + "' must be " + range);
    if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(max))
        fail("'" + key + "' is " + v.dump() + "; allowed " + range);
    const auto n = v.get<std::int64_t>();
    if (n < min || n > max) fail("'" + key + "' is " + v.dump() + "; allowed " + range);
    return n;
}

std::optional<std::int64_t> ScenarioFields::optInteger(const std::string& key, std::int64_t min,
                                                       std::int64_t max) const {
    if (!has(key)) return std::nullopt;
    return integer(key, min, max);
}

std::uint64_t ScenarioFields::u64(const std::string& key) const {
    if (!has(key)) fail("missing '" + key + "'");
    const auto& v = raw(key);
    if (v.is_number_unsigned()) return v.get<std::uint64_t>();
    if (v.is_number_integer() && v.get<std::int64_t>() >= 0) return static_cast<std::uint64_t>(v.get<std::int64_t>());
    fail("'" + key + "' must be an unsigned integer");
}

std::optional<std::uint64_t> ScenarioFields::optU64(const std::string& key) const {
    if (!has(key)) return std::nullopt;
    return u64(key);
}

std::optional<bool> ScenarioFields::optBool(const std::string& key) const {
    if (!has(key)) return std::nullopt;
    const auto& v = raw(key);
    if (v.is_boolean()) return v.get<bool>();
    if (v.is_number_integer() && (v.get<std::int64_t>() == 0 || v.get<std::int64_t>() == 1))
        return v.get<std::int64_t>() == 1;
    fail("'" + key + "' must be 0, 1, true or false");
}

ScenarioFields ScenarioFields::object(const std::string& key) const {
    if (!has(key)) fail("missing '" + key + "'");
    if (!raw(key).is_object()) fail("'" + key + "' must be a JSON object");
    return ScenarioFields(raw(key), m_where + ": " + key);
}

std::vector<ScenarioFields> ScenarioFields::list(const std::string& key, const std::string& itemName) const {
    std::vector<ScenarioFields> out;
    if (!has(key)) fail("missing '" + key + "'");
    const auto& v = raw(key);
    if (v.is_object()) {
        out.emplace_back(v, m_where + ": " + itemName + "[0]");
        return out;
    }
    if (!v.is_array()) fail("'" + key + "' must be a list of objects");
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (!v[i].is_object()) fail(itemName + "[" + std::to_string(i) + "] must be a JSON object");
        out.emplace_back(v[i], m_where + ": " + itemName + "[" + std::to_string(i) + "]");
    }
    return out;
}

}  // namespace commviz::rdma
