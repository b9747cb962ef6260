#pragma once

// Reading one JSON object of a scenario with messages that name where the
// problem is ("script[3] ibv_post_send: wr[0]: ..."). Failures throw
// ScenarioError, caught by parseRdmaScenario before they leave core/rdma.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/json.h"

namespace commviz::rdma {

struct ScenarioError {
    std::string message;
};

class ScenarioFields {
public:
    ScenarioFields(const sim::Json& object, std::string where);

    [[noreturn]] void fail(const std::string& what) const;
    const std::string& where() const { return m_where; }
    bool has(const std::string& key) const;
    const sim::Json& raw(const std::string& key) const;
    /// Rejects keys not in `allowed`.
    void allowOnly(const std::vector<std::string>& allowed) const;

    std::string name(const std::string& key) const;  ///< required non-empty string
    std::optional<std::string> optName(const std::string& key) const;
    std::int64_t integer(const std::string& key, std::int64_t min, std::int64_t max) const;
    std::optional<std::int64_t> optInteger(const std::string& key, std::int64_t min, std::int64_t max) const;
    std::uint64_t u64(const std::string& key) const;  ///< any unsigned 64-bit value
    std::optional<std::uint64_t> optU64(const std::string& key) const;
    std::optional<bool> optBool(const std::string& key) const;  ///< true/false or 0/1
    /// A list of flag names (or one name, or a raw number) OR-ed into a mask.
    template <class Parse>
    std::uint32_t flags(const std::string& key, Parse parse, const std::vector<std::string>& allowed) const;
    ScenarioFields object(const std::string& key) const;
    /// The array at key (a single object is taken as a one-element list).
    std::vector<ScenarioFields> list(const std::string& key, const std::string& itemName) const;

private:
    const sim::Json& m_object;
    std::string m_where;
};

template <class Parse>
std::uint32_t ScenarioFields::flags(const std::string& key, Parse parse,
                                    const std::vector<std::string>& allowed) const {
    if (!has(key)) return 0;
    const auto& v = raw(key);
    if (v.is_number_integer() && v.get<std::int64_t>() >= 0) return static_cast<std::uint32_t>(v.get<std::int64_t>());
    std::vector<sim::Json> items;
    if (v.is_string())
        items.push_back(v);
    else if (v.is_array())
        items.assign(v.begin(), v.end());
    else
        fail("'" + key + "' must be a list of names");
    std::uint32_t mask = 0;
    for (const auto& item : items) {
        if (!item.is_string()) fail("'" + key + "' must be a list of names");
        const auto text = item.get<std::string>();
        const auto parsed = parse(text);
        if (!parsed) {
            std::string names;
            for (std::size_t i = 0; i < allowed.size(); ++i) names += (i ? ", " : "") + allowed[i];
            fail("unknown " + key + " '" + text + "'; allowed " + names);
        }
        mask |= static_cast<std::uint32_t>(*parsed);
    }
    return mask;
}

}  // namespace commviz::rdma
