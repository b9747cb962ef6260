#pragma once

#include <cstdint>

namespace commviz::rdma {

/// PSNs are 24-bit and wrap; compare them with modular arithmetic (rxe psn_compare).
inline constexpr std::uint32_t kPsnMask = 0xffffff;

constexpr std::uint32_t psnAdd(std::uint32_t psn, std::int64_t n) {
    return static_cast<std::uint32_t>((static_cast<std::int64_t>(psn) + n) & kPsnMask);
}
/// a - b in the range [-2^23, 2^23).
constexpr std::int32_t psnDiff(std::uint32_t a, std::uint32_t b) {
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(a - b) << 8) >> 8;
}
constexpr bool psnLess(std::uint32_t a, std::uint32_t b) { return psnDiff(a, b) < 0; }
constexpr bool psnLessEq(std::uint32_t a, std::uint32_t b) { return psnDiff(a, b) <= 0; }

}  // namespace commviz::rdma
