#pragma once

#include <cstddef>

#include "rdma/rdma_world.h"

namespace commviz::rdma {

/// Bytes one copy of the world's mutable state costs: the struct itself, the
/// heap its strings, vectors, deques and sets own (capacity, not size), and
/// the memory-region pages this copy alone holds (PagedBytes::unsharedBytes).
/// Not counted: the shared setup (config and script) and pages shared with
/// another copy. Allocator overhead and deque block slack are estimated.
std::size_t footprintBytes(const RdmaWorld& world);

}  // namespace commviz::rdma
