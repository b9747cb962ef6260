#pragma once

#include <cstdint>
#include <string>

#include "rdma/paged_bytes.h"

namespace commviz::rdma {

/// ibv_mr: a registered range of a host's memory with its keys and rights. The
/// bytes are real, so a WRITE visibly changes the peer's buffer. They live in
/// copy-on-write pages, so copies of the engine share what neither has written.
struct MemoryRegion {
    std::string id;    ///< "A/mr/buf"
    std::string name;  ///< the script's name for it
    std::string host;
    std::uint64_t addr = 0;  ///< virtual address of byte 0 (what an SGE or RETH names)
    std::uint32_t lkey = 0;
    std::uint32_t rkey = 0;
    std::uint32_t access = 0;  ///< IBV_ACCESS_* bits
    PagedBytes bytes;

    std::uint64_t length() const { return bytes.size(); }
    /// [va, va + len) lies inside the region.
    bool contains(std::uint64_t va, std::uint64_t len) const {
        return va >= addr && va - addr <= bytes.size() && len <= bytes.size() - (va - addr);
    }
    bool allows(std::uint32_t accessBit) const { return (access & accessBit) != 0; }
};

}  // namespace commviz::rdma
