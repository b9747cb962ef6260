#include "ompi/tuned/ompi_fixed_rules.h"

#include <vector>

namespace commviz::collectives {

namespace {

constexpr std::int64_t K = 1024;
constexpr std::int64_t M = 1024 * 1024;

struct Threshold {
    std::int64_t below;
    int id;
};

/// One row of a table: applies to p < pBelow (p == 2 when exactlyTwo; every p
/// when pBelow is 0); the first `S < below` that holds picks, else `otherwise`.
struct Band {
    int pBelow;
    std::vector<Threshold> thresholds;
    int otherwise;
    bool exactlyTwo = false;
};

using Table = std::vector<Band>;

// ompi_coll_tuned_allreduce_intra_dec_fixed, commutative op.
const Table kAllreduceCommutative{
    {4, {{8, 4}, {4 * K, 3}, {8 * K, 4}, {16 * K, 3}, {64 * K, 4}, {256 * K, 5}}, 6},
    {8, {{16, 4}, {8 * K, 3}}, 6},
    {16, {{8 * K, 3}}, 6},
    {32, {{64, 5}, {4 * K, 3}}, 6},
    {64, {{128, 5}}, 6},
    {128, {{256 * K, 3}}, 6},
    {256, {{128 * K, 2}, {256 * K, 3}}, 6},
    {512, {{4 * K, 2}}, 6},
    {2048, {{2 * K, 2}, {16 * K, 3}}, 6},
    {4096, {{2 * K, 2}, {4 * K, 5}, {16 * K, 3}}, 6},
    {0, {{2 * K, 2}, {16 * K, 5}, {32 * K, 3}}, 6},
};

// Non-commutative: ring, segmented ring and Rabenseifner are never chosen.
const Table kAllreduceNonCommutative{
    {4, {{128 * K, 3}}, 1},
    {8, {}, 3},
    {16, {{M, 3}}, 2},
    {128, {}, 3},
    {256, {{128 * K, 2}, {512 * K, 3}}, 2},
    {512, {{4 * K, 2}, {512 * K, 3}}, 2},
    {0, {{2 * K, 2}}, 3},
};

// ompi_coll_tuned_bcast_intra_dec_fixed.
const Table kBcast{
    {4, {{32, 3}, {256, 5}, {512, 3}, {K, 7}, {32 * K, 1}, {128 * K, 5}, {256 * K, 2}, {512 * K, 1}, {M, 6}}, 5},
    {8, {{64, 5}, {128, 6}, {2 * K, 5}, {8 * K, 6}, {M, 1}}, 2},
    {16, {{8, 7}, {64, 5}, {4 * K, 7}, {16 * K, 5}, {32 * K, 6}}, 1},
    {32, {{4 * K, 7}, {M, 6}}, 8},
    {64, {{2 * K, 6}}, 7},
    {128, {}, 7},
    {256, {{2, 6}, {16 * K, 5}, {32 * K, 1}, {64 * K, 5}}, 7},
    {1024, {{16 * K, 7}, {32 * K, 4}}, 7},
    {2048, {{512 * K, 7}}, 8},
    {4096, {{256 * K, 7}}, 8},
    {0, {{8 * K, 7}, {16 * K, 5}, {256 * K, 7}}, 8},
};

// ompi_coll_tuned_allgather_intra_dec_fixed (S = one rank's block).
const Table kAllgather{
    {2, {}, 6, true},
    {32, {}, 3},
    {64, {{K, 3}, {64 * K, 5}}, 4},
    {128, {{512, 3}, {64 * K, 5}}, 4},
    {256, {{512, 3}, {128 * K, 5}, {512 * K, 4}, {M, 5}}, 4},
    {512, {{32, 3}, {128, 2}, {K, 3}, {128 * K, 5}, {512 * K, 4}, {M, 5}}, 4},
    {1024, {{64, 3}, {256, 2}, {2 * K, 3}}, 5},
    {2048, {{4, 3}, {8, 2}, {16, 3}, {32, 2}, {256, 3}, {512, 2}, {4 * K, 3}}, 5},
    {4096, {{32, 2}, {128, 3}, {512, 2}, {4 * K, 3}}, 5},
    {0, {{2, 3}, {8, 2}, {16, 3}, {512, 2}, {4 * K, 3}}, 5},
};

// ompi_coll_tuned_reduce_intra_dec_fixed, commutative op.
const Table kReduceCommutative{
    {4, {{8, 7}, {16, 4}, {32, 3}, {256 * K, 1}, {512 * K, 3}, {M, 2}}, 3},
    {8, {{4 * K, 4}, {64 * K, 2}, {256 * K, 5}, {512 * K, 1}, {M, 5}}, 1},
    {16, {{8 * K, 4}}, 5},
    {32, {{4 * K, 4}}, 5},
    {256, {}, 5},
    {512, {{8 * K, 5}, {16 * K, 6}}, 5},
    {2048, {}, 5},
    {4096, {{512, 5}, {K, 6}, {8 * K, 5}, {16 * K, 6}}, 5},
    {0, {{16, 5}, {32, 6}, {K, 5}, {2 * K, 6}, {8 * K, 5}, {16 * K, 6}}, 5},
};

// Non-commutative: only linear (1) and in-order binary (6) keep rank order.
const Table kReduceNonCommutative{
    {4, {{8, 6}}, 1},
    {8, {}, 1},
    {16, {{K, 6}, {8 * K, 1}, {16 * K, 6}, {256 * K, 1}}, 6},
    {128, {}, 6},
    {256, {{512, 6}, {K, 1}}, 6},
    {0, {}, 6},
};

// ompi_coll_tuned_gather_intra_dec_fixed (S = one rank's block).
const Table kGather{
    {4, {{2, 3}, {4, 1}, {32 * K, 2}, {64 * K, 1}, {128 * K, 2}}, 3},
    {8, {{K, 2}, {8 * K, 1}, {32 * K, 2}, {256 * K, 1}}, 3},
    {256, {}, 2},
    {512, {{2 * K, 2}, {8 * K, 1}}, 2},
    {0, {}, 2},
};

// ompi_coll_tuned_scatter_intra_dec_fixed (S = one rank's block).
const Table kScatter{
    {4, {{2, 3}, {128 * K, 1}, {256 * K, 3}}, 1},
    {8, {{2 * K, 2}, {4 * K, 1}, {8 * K, 2}, {32 * K, 1}, {M, 3}}, 1},
    {16, {{16 * K, 2}, {M, 3}}, 1},
    {32, {{16 * K, 2}, {32 * K, 1}}, 3},
    {64, {{512, 2}, {8 * K, 3}, {16 * K, 2}}, 3},
    {0, {{512, 2}}, 3},
};

// ompi_coll_tuned_barrier_intra_dec_fixed: on p alone.
const Table kBarrier{
    {4, {}, 3}, {8, {}, 1}, {64, {}, 3}, {256, {}, 4}, {512, {}, 6}, {1024, {}, 4}, {4096, {}, 6}, {0, {}, 4},
};

// ompi_coll_tuned_alltoall_intra_dec_fixed (S = the block for one peer).
const Table kAlltoall{
    {2, {{2, 2}, {4, 5}, {16, 2}, {64, 5}, {256, 2}, {4 * K, 5}, {32 * K, 2}, {256 * K, 4}, {M, 5}}, 2, true},
    {8, {{8 * K, 4}, {16 * K, 1}, {64 * K, 4}, {512 * K, 1}, {M, 2}}, 1},
    {16, {{256 * K, 4}}, 1},
    {32, {{4, 4}, {512, 3}, {8 * K, 4}, {32 * K, 1}, {256 * K, 4}, {512 * K, 1}}, 4},
    {64, {{512, 3}, {512 * K, 1}}, 4},
    {128, {{K, 3}, {2 * K, 1}, {4 * K, 4}, {256 * K, 1}}, 2},
    {256, {{K, 3}, {2 * K, 4}, {256 * K, 1}}, 2},
    {512, {{K, 3}, {8 * K, 4}, {32 * K, 1}}, 2},
    {1024, {{512, 3}, {8 * K, 4}, {16 * K, 1}, {128 * K, 4}, {256 * K, 1}}, 2},
    {2048, {{512, 3}, {K, 4}, {2 * K, 1}, {16 * K, 4}, {256 * K, 1}}, 4},
    {4096, {{K, 3}, {4 * K, 4}, {8 * K, 1}, {128 * K, 4}}, 1},
    {0, {{2 * K, 3}, {8 * K, 4}, {16 * K, 1}, {32 * K, 4}, {64 * K, 1}}, 4},
};

// ompi_coll_tuned_reduce_scatter_intra_dec_fixed, commutative op (S = the whole vector).
const Table kReduceScatter{
    {4, {{64 * K, 3}, {128 * K, 4}}, 3},
    {8, {{8, 1}, {256 * K, 2}}, 3},
    {32, {{256 * K, 2}}, 3},
    {64, {{64, 1}, {2 * K, 2}, {512 * K, 4}}, 3},
    {128, {{256, 1}, {512, 2}, {2 * K, 4}, {4 * K, 2}}, 4},
    {256, {{256, 1}, {512, 2}}, 4},
    {512, {{256, 1}, {K, 2}}, 4},
    {1024, {{512, 1}, {2 * K, 2}, {8 * K, 4}, {16 * K, 2}}, 4},
    {2048, {{512, 1}, {4 * K, 2}, {16 * K, 4}, {32 * K, 2}}, 4},
    {4096, {{512, 1}, {4 * K, 2}}, 4},
    {0, {{K, 1}, {8 * K, 2}}, 4},
};

// ompi_coll_tuned_reduce_scatter_block_intra_dec_fixed, commutative op (S = one block).
const Table kReduceScatterBlock{
    {4, {{4, 2}, {8, 4}, {16, 3}, {128, 4}, {256, 3}, {4 * K, 4}, {8 * K, 3}, {128 * K, 4}}, 1},
    {8, {{8, 3}, {32, 2}, {256, 4}, {8 * K, 3}, {16 * K, 4}, {M, 3}}, 1},
    {16, {{4, 1}, {32, 3}, {128, 4}, {512 * K, 3}, {4 * M, 1}}, 4},
    {32, {{32, 1}, {512 * K, 3}, {2 * M, 1}, {4 * M, 3}}, 4},
    {0, {{4, 3}, {16, 1}, {64 * K, 4}, {256 * K, 1}}, 4},
};

std::string bandText(const Band& band, const Band* previous) {
    if (band.exactlyTwo) return "p = 2";
    if (band.pBelow != 0) return "p < " + std::to_string(band.pBelow);
    return "p >= " + std::to_string(previous ? previous->pBelow : 0);
}

FixedChoice decide(const Table& table, int ranks, std::int64_t bytes) {
    const Band* previous = nullptr;
    for (const Band& band : table) {
        const bool applies = band.exactlyTwo ? ranks == 2 : (band.pBelow == 0 || ranks < band.pBelow);
        if (!applies) {
            previous = &band;
            continue;
        }
        const std::string where = bandText(band, previous) + ": ";
        for (const Threshold& threshold : band.thresholds)
            if (bytes < threshold.below)
                return {threshold.id,
                        where + "S < " + sizeText(threshold.below) + " -> " + std::to_string(threshold.id)};
        if (band.thresholds.empty()) return {band.otherwise, where + "-> " + std::to_string(band.otherwise)};
        return {band.otherwise,
                where + "S >= " + sizeText(band.thresholds.back().below) + " -> " + std::to_string(band.otherwise)};
    }
    return {0, ""};
}

}  // namespace

std::string sizeText(std::int64_t bytes) {
    if (bytes >= M && bytes % M == 0) return std::to_string(bytes / M) + "M";
    if (bytes >= K && bytes % K == 0) return std::to_string(bytes / K) + "K";
    return std::to_string(bytes);
}

std::optional<FixedChoice> fixedDecision(Collective collective, int ranks, std::int64_t bytes, bool commutative) {
    switch (collective) {
        case Collective::Allreduce:
            return decide(commutative ? kAllreduceCommutative : kAllreduceNonCommutative, ranks, bytes);
        case Collective::Bcast:
            return decide(kBcast, ranks, bytes);
        case Collective::Allgather:
            return decide(kAllgather, ranks, bytes);
        case Collective::Reduce:
            return decide(commutative ? kReduceCommutative : kReduceNonCommutative, ranks, bytes);
        case Collective::Gather:
            return decide(kGather, ranks, bytes);
        case Collective::Scatter:
            return decide(kScatter, ranks, bytes);
        case Collective::Barrier:
            return decide(kBarrier, ranks, bytes);
        case Collective::Alltoall:
            return decide(kAlltoall, ranks, bytes);
        case Collective::ReduceScatter:
            if (!commutative) return FixedChoice{1, "non-commutative op: -> 1"};
            return decide(kReduceScatter, ranks, bytes);
        case Collective::ReduceScatterBlock:
            if (!commutative) return FixedChoice{1, "non-commutative op: -> 1"};
            return decide(kReduceScatterBlock, ranks, bytes);
        default:
            return std::nullopt;
    }
}

}  // namespace commviz::collectives
