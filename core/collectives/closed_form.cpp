#include "collectives/closed_form.h"

#include <cmath>

#include "collectives/block_layout.h"

namespace commviz::collectives {

namespace {

struct Terms {
    double alpha = 0, beta = 0, gamma = 0;  ///< how many α, bytes of β, bytes of γ
};

double priced(const Terms& terms, const LinkCost& cost) {
    return terms.alpha * cost.alpha_us + terms.beta / (cost.beta_GBps * 1e3) + terms.gamma / (cost.gamma_GBps * 1e3);
}

std::optional<Terms> allreduceTerms(const std::string& algorithm, double p, double n) {
    const double lg = std::log2(p), fraction = (p - 1) / p;
    const double floorLg = std::floor(lg), ceilLg = std::ceil(lg);
    const bool pof2 = floorLg == lg;
    if (algorithm == "ring" || algorithm == "segmented_ring") return Terms{2 * (p - 1), 2 * fraction * n, fraction * n};
    if (algorithm == "recursive_doubling")
        return pof2 ? Terms{lg, lg * n, lg * n} : Terms{floorLg + 2, (floorLg + 2) * n, (floorLg + 1) * n};
    if (algorithm == "rabenseifner")
        return pof2 ? Terms{2 * lg, 2 * fraction * n, fraction * n}
                    : Terms{2 * floorLg + 2, (2 * fraction + 2) * n, (1 + fraction) * n};
    if (algorithm == "nonoverlapping") return Terms{2 * ceilLg, 2 * ceilLg * n, ceilLg * n};
    if (algorithm == "basic_linear") return Terms{2 * (p - 1), 2 * (p - 1) * n, (p - 1) * n};
    if (algorithm == "allgather_reduce") return Terms{lg, (p - 1) * n, (p - 1) * n};
    return std::nullopt;
}

// n = p x S, the gathered size.
std::optional<Terms> allgatherTerms(const std::string& algorithm, double p, double n) {
    const double fraction = (p - 1) / p;
    if (algorithm == "ring") return Terms{p - 1, fraction * n, 0};
    if (algorithm == "recursive_doubling" || algorithm == "bruck")
        return Terms{std::ceil(std::log2(p)), fraction * n, 0};
    if (algorithm == "neighbor") return Terms{p / 2, fraction * n, 0};
    return std::nullopt;
}

std::optional<Terms> bcastTerms(const std::string& algorithm, double p, double n) {
    const double ceilLg = std::ceil(std::log2(p));
    if (algorithm == "basic_linear") return Terms{p - 1, (p - 1) * n, 0};
    if (algorithm == "binomial") return Terms{ceilLg, ceilLg * n, 0};
    if (algorithm == "scatter_allgather_ring") return Terms{ceilLg + p - 1, 2 * (p - 1) / p * n, 0};
    if (algorithm == "scatter_allgather") return Terms{2 * ceilLg, 2 * (p - 1) / p * n, 0};
    return std::nullopt;
}

// n = p x S, what one rank sends to all others (own block included).
std::optional<Terms> alltoallTerms(const std::string& algorithm, double p, double n) {
    if (algorithm == "linear" || algorithm == "linear_sync" || algorithm == "pairwise")
        return Terms{p - 1, (p - 1) / p * n, 0};
    if (algorithm == "modified_bruck") return Terms{std::ceil(std::log2(p)), n / 2 * std::log2(p), 0};
    if (algorithm == "two_proc") return Terms{1, n / 2, 0};
    return std::nullopt;
}

// n = the whole vector (reduce_scatter) or p x S (reduce_scatter_block).
std::optional<Terms> reduceScatterTerms(const std::string& algorithm, double p, double n) {
    const double lg = std::log2(p), fraction = (p - 1) / p, floorLg = std::floor(lg);
    if (algorithm == "ring") return Terms{p - 1, fraction * n, fraction * n};
    if (algorithm == "recursive_halving")
        return floorLg == lg ? Terms{lg, fraction * n, fraction * n}
                             : Terms{floorLg + 2, (fraction + 1) * n, (fraction + 1) * n};
    if (algorithm == "recursive_doubling") return Terms{std::ceil(lg), (lg - fraction) * n, (lg - fraction) * n};
    if (algorithm == "butterfly") return Terms{2 * std::ceil(lg), 2 * fraction * n, fraction * n};
    return std::nullopt;
}

// NCCL's rings and tree where Open MPI has no algorithm of that name. n is
// the whole vector (allgather: p x S). The tree: 2⌈lg p⌉ hops up and down, the
// busiest rank sending S/2 up in one tree and S/2 to each of two children in
// the other, adding two halves (NCCL src/graph/tuning.cc prices it as 2 log2 p
// steps at half the bus bandwidth). Broadcast and reduce: the pipelined chain
// (p + k - 2)(α + (n/k)β) of k chunks, at its many-chunk bound (p-1)α + nβ.
std::optional<Terms> ncclTerms(Collective collective, const std::string& algorithm, double p, double n) {
    const double fraction = (p - 1) / p;
    if (collective == Collective::Allreduce && algorithm == "tree") return Terms{2 * std::ceil(std::log2(p)), 2 * n, n};
    if (algorithm != "ring") return std::nullopt;
    if (collective == Collective::Bcast) return Terms{p - 1, n, 0};
    if (collective == Collective::Reduce) return Terms{p - 1, n, n};
    if (collective == Collective::ReduceScatter) return Terms{p - 1, fraction * n, fraction * n};
    return std::nullopt;
}

std::optional<Terms> reduceTerms(const std::string& algorithm, double p, double n) {
    const double lg = std::log2(p), fraction = (p - 1) / p;
    if (algorithm == "binomial") return Terms{std::ceil(lg), std::ceil(lg) * n, std::ceil(lg) * n};
    if (algorithm != "rabenseifner") return std::nullopt;
    if (std::floor(lg) == lg) return Terms{2 * lg, 2 * fraction * n, fraction * n};
    return Terms{2 * std::floor(lg) + 1, (2 * fraction + 1) * n, (1 + fraction) * n};
}

// n = p x S, all the data the root gathers or scatters.
std::optional<Terms> gatherScatterTerms(const std::string& algorithm, double p, double n) {
    const double fraction = (p - 1) / p;
    if (algorithm == "binomial") return Terms{std::ceil(std::log2(p)), fraction * n, 0};
    if (algorithm == "basic_linear" || algorithm == "linear_nb") return Terms{p - 1, fraction * n, 0};
    return std::nullopt;
}

}  // namespace

std::optional<double> closedFormUs(Collective collective, const std::string& algorithm, int ranks, std::int64_t bytes,
                                   const LinkCost& cost) {
    if (ranks <= 1) return 0.0;
    std::optional<Terms> terms;
    if (collective == Collective::Allreduce) terms = allreduceTerms(algorithm, ranks, double(bytes));
    if (collective == Collective::Allgather) terms = allgatherTerms(algorithm, ranks, double(bytes) * ranks);
    if (collective == Collective::Bcast) terms = bcastTerms(algorithm, ranks, double(bytes));
    if (collective == Collective::Reduce) terms = reduceTerms(algorithm, ranks, double(bytes));
    if (collective == Collective::Gather || collective == Collective::Scatter)
        terms = gatherScatterTerms(algorithm, ranks, double(bytes) * ranks);
    if (collective == Collective::Barrier && algorithm == "bruck") terms = Terms{std::ceil(std::log2(ranks)), 0, 0};
    if (collective == Collective::Alltoall) terms = alltoallTerms(algorithm, ranks, double(bytes) * ranks);
    if (collective == Collective::ReduceScatter) terms = reduceScatterTerms(algorithm, ranks, double(bytes));
    if (collective == Collective::ReduceScatterBlock)
        terms = reduceScatterTerms(algorithm, ranks, double(bytes) * ranks);
    if (!terms) terms = ncclTerms(collective, algorithm, ranks, double(bytes));
    if (!terms) return std::nullopt;
    return priced(*terms, cost);
}

}  // namespace commviz::collectives
