#include "collectives/collective.h"

#include <array>
#include <utility>

namespace commviz::collectives {

namespace {

constexpr std::array<std::pair<Collective, std::string_view>, 10> kNames{{
    {Collective::Allreduce, "allreduce"},
    {Collective::Bcast, "bcast"},
    {Collective::Reduce, "reduce"},
    {Collective::Allgather, "allgather"},
    {Collective::Gather, "gather"},
    {Collective::Scatter, "scatter"},
    {Collective::Alltoall, "alltoall"},
    {Collective::ReduceScatter, "reduce_scatter"},
    {Collective::ReduceScatterBlock, "reduce_scatter_block"},
    {Collective::Barrier, "barrier"},
}};

}  // namespace

std::string_view name(Collective collective) {
    for (const auto& [value, text] : kNames)
        if (value == collective) return text;
    return "allreduce";
}

std::optional<Collective> parseCollective(std::string_view text) {
    for (const auto& [value, spelling] : kNames)
        if (spelling == text) return value;
    return std::nullopt;
}

std::vector<std::string> collectiveNames() {
    std::vector<std::string> names;
    for (const auto& entry : kNames) names.emplace_back(entry.second);
    return names;
}

bool bytesArePerRank(Collective collective) {
    switch (collective) {
        case Collective::Allgather:
        case Collective::Gather:
        case Collective::Scatter:
        case Collective::Alltoall:
        case Collective::ReduceScatterBlock:
            return true;
        default:
            return false;
    }
}

// nccl-tests src/*.cu, the *GetBw functions: the size algbw divides by.
std::int64_t algbwBytes(Collective collective, std::int64_t bytes, int ranks) {
    if (collective == Collective::Barrier) return 0;  // moves no data
    return bytesArePerRank(collective) ? bytes * ranks : bytes;
}

// nccl-tests doc/PERFORMANCE.md: the factor that makes busbw comparable with a
// link's peak whatever the rank count.
double busbwFactor(Collective collective, int ranks) {
    const double n = ranks;
    switch (collective) {
        case Collective::Allreduce:
            return 2.0 * (n - 1) / n;
        case Collective::Allgather:
        case Collective::Gather:
        case Collective::Scatter:
        case Collective::Alltoall:
        case Collective::ReduceScatter:
        case Collective::ReduceScatterBlock:
            return (n - 1) / n;
        default:
            return 1.0;
    }
}

}  // namespace commviz::collectives
