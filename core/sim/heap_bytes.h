#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace commviz::sim {

/// What the heap takes for a request of `bytes`: glibc's malloc adds an 8-byte
/// header, rounds to 16 and hands out no less than 32. Counting this way keeps
/// an engine's footprint close to what a copy really costs when it holds
/// thousands of small buffers.
constexpr std::size_t allocatedBytes(std::size_t bytes) {
    return bytes == 0 ? 0 : std::max<std::size_t>(32, (bytes + 8 + 15) & ~std::size_t(15));
}

/// The heap block behind `items` (its capacity, not its size).
template <class T>
std::size_t heapBytes(const std::vector<T>& items) {
    return allocatedBytes(items.capacity() * sizeof(T));
}

}  // namespace commviz::sim
