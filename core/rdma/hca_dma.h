#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rdma/host.h"
#include "rdma/work_request.h"

namespace commviz::rdma {

/// Where a scatter landed first: the MR id and address the view points at.
struct ScatterTarget {
    std::string mrId;
    std::uint64_t addr = 0;
};

/// Writes `data` into a local scatter list starting `offset` bytes into it, SGE by SGE
/// (rdma-core providers/rxe and Linux rxe_mr.c, copy_data). SGEs whose lkey names no MR are skipped.
ScatterTarget scatterToSgList(Host& host, const std::vector<Sge>& sgList, std::uint64_t offset,
                              const std::vector<std::uint8_t>& data);

}  // namespace commviz::rdma
