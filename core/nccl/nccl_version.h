#pragma once

#include <cstdint>

namespace commviz::nccl {

/// Which bootstrap the engine follows: NCCL src/bootstrap.cc, bootstrapInit and
/// bootstrapRoot, as tagged v2.22.3-1 (classic) or v2.30.7-1.
enum class Version : std::uint8_t {
    Classic,  ///< ≤ 2.22: root waits for all, three one-way allgathers (logs as 2.22.3)
    V2_30,    ///< 2.30.7: pipelined root, several roots, one packed bidirectional allgather
};

}  // namespace commviz::nccl
