#pragma once

#include <concepts>
#include <cstddef>

namespace commviz::sim {

/// What a Timeline may keep (keyframes plus stored events) unless told otherwise.
inline constexpr std::size_t kDefaultMemoryBudgetBytes = std::size_t(256) << 20;
/// The range `--memory-mib` and the GUI setting accept, in MiB.
inline constexpr std::size_t kMinMemoryMib = 16;
inline constexpr std::size_t kMaxMemoryMib = 1 << 20;

/// Engines that know what one copy of their mutable state costs say so; parts
/// shared between copies (`std::shared_ptr<const …>`) are not counted.
template <class E>
concept ReportsFootprint = requires(const E& engine) {
    { engine.footprintBytes() } -> std::convertible_to<std::size_t>;
};

/// Bytes one more copy of `engine` costs: its own report, else sizeof(E).
template <class E>
std::size_t footprintOf(const E& engine) {
    if constexpr (ReportsFootprint<E>)
        return std::size_t(engine.footprintBytes());
    else
        return sizeof(E);
}

}  // namespace commviz::sim
