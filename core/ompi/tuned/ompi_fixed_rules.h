#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "collectives/collective.h"

namespace commviz::collectives {

/// What Open MPI's fixed decision picked and why.
struct FixedChoice {
    int algorithmId = 0;
    std::string rule;  ///< the band and threshold that fired, e.g. "p < 8: S < 8K -> 3"
};

/// Open MPI coll_tuned_decision_fixed.c (intra-communicator tables, 5.0):
/// the algorithm ID for `ranks` processes and message size `bytes` (S as each
/// collective defines it). Empty for a collective without tables here.
std::optional<FixedChoice> fixedDecision(Collective collective, int ranks, std::int64_t bytes, bool commutative);

/// "8", "4K", "256K", "1M": sizes as the rule strings print them.
std::string sizeText(std::int64_t bytes);

}  // namespace commviz::collectives
