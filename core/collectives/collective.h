#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace commviz::collectives {

enum class Collective {
    Allreduce,
    Bcast,
    Reduce,
    Allgather,
    Gather,
    Scatter,
    Alltoall,
    ReduceScatter,
    ReduceScatterBlock,
    Barrier,
};

enum class Library { Ompi, Nccl };

/// Open MPI's spelling ("allreduce", "bcast", "reduce_scatter_block", …).
std::string_view name(Collective collective);
std::optional<Collective> parseCollective(std::string_view text);
std::vector<std::string> collectiveNames();

/// True when `bytes` is one rank's block (Open MPI's fixed rules: allgather,
/// gather, scatter, alltoall, reduce_scatter_block), false when it is the whole vector.
bool bytesArePerRank(Collective collective);

/// nccl-tests' size for algbw: the buffer, or the total gathered/scattered data (0 for a barrier).
std::int64_t algbwBytes(Collective collective, std::int64_t bytes, int ranks);

/// nccl-tests' busbw factor (allreduce 2(n-1)/n, allgather (n-1)/n, bcast 1, …).
double busbwFactor(Collective collective, int ranks);

}  // namespace commviz::collectives
