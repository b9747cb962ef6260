#pragma once

#include <cstdint>

#include "collectives/phases.h"
#include "collectives/schedule.h"

namespace commviz::collectives {

/// Phases that move the whole vector (every block of `layout`) to or from `root`.
/// Shared by reduce, bcast and the allreduce algorithms built from them.
struct WholeVector {
    int ranks = 1;
    int root = 0;
    BlockLayout layout;
    std::int64_t elementBytes = 1;
};

/// Open MPI reduce_intra_basic_linear: one round, every rank sends its vector
/// to the root, which receives from p-1 down to 1 and folds each in.
Phase linearReduce(const WholeVector& whole);
/// Open MPI bcast_intra_basic_linear: one round, the root sends to every rank.
Phase linearBcast(const WholeVector& whole);
/// Binomial bcast on virtual ranks v = (r - root) mod p: in round k every
/// holder v < 2^k sends to v + 2^k; ⌈lg p⌉ rounds.
Phase binomialBcast(const WholeVector& whole);
/// In-order binomial reduce (Open MPI reduce_intra_binomial): in round k every
/// v whose lowest set bit is 2^k sends its partial result to v - 2^k.
Phase binomialReduce(const WholeVector& whole);

}  // namespace commviz::collectives
