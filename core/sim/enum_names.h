#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace commviz::sim {

/// The names JSON, logs and the views show for an enum's values: one table per
/// enum in place of a switch per name function. `Last` is the enum's last
/// value; the table gives one name per value, in declaration order, from the
/// first value to `Last`. The constructor is consteval, so a table with a name
/// missing fails to compile (and one with a name too many does not compile).
template <auto Last>
class EnumNames {
public:
    using Enum = decltype(Last);
    static constexpr std::size_t kCount = static_cast<std::size_t>(Last) + 1;

    consteval explicit EnumNames(const std::string_view (&names)[kCount]) {
        for (std::size_t i = 0; i < kCount; ++i) {
            if (names[i].empty()) throw "EnumNames: every value up to Last needs a name";
            m_names[i] = names[i];
        }
    }

    /// The value's name; `fallback` for a value past `Last`.
    constexpr std::string_view operator()(Enum value, std::string_view fallback = {}) const {
        auto index = static_cast<std::size_t>(value);
        return index < kCount ? m_names[index] : fallback;
    }

    /// The value named `name`, if one is.
    constexpr std::optional<Enum> find(std::string_view name) const {
        for (std::size_t i = 0; i < kCount; ++i) {
            if (m_names[i] == name) return static_cast<Enum>(i);
        }
        return std::nullopt;
    }

private:
    std::array<std::string_view, kCount> m_names{};
};

}  // namespace commviz::sim
