#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "collectives/collective.h"
#include "collectives/cost_model.h"

namespace commviz::collectives {

/// The textbook Hockney cost of an algorithm (Thakur, Rabenseifner & Gropp
/// 2005; Chan et al. 2007), in µs, to print beside the simulated critical
/// path. `bytes` is S as the collective's call means it. Empty when no closed form is known.
std::optional<double> closedFormUs(Collective collective, const std::string& algorithm, int ranks, std::int64_t bytes,
                                   const LinkCost& cost);

}  // namespace commviz::collectives
