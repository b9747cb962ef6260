#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "sim/result.h"

namespace commviz::noc {

/// BookSim's `randperm` traffic (RandomPermutationTrafficPattern): a fixed
/// permutation of the nodes drawn once, from its own seed `perm_seed` (or
/// `randperm(SEED)`), with BookSim's generator (Knuth's ran_array, seeded by
/// RandomSeed) and BookSim's drawing order, so a given perm_seed gives the
/// same permutation BookSim2 uses. The packet stream is not disturbed.
std::vector<std::int32_t> randomPermutation(int nodes, long permSeed);

/// True when `text` names the pattern (`randperm` or `randperm(N)`).
bool isRandpermTraffic(std::string_view text);

/// What parseRandpermSeed returns for plain `randperm` (then perm_seed applies).
constexpr long kNoRandpermArgument = -(1L << 40);

/// The seed in `randperm(N)`, or kNoRandpermArgument for plain `randperm`. Fails with what is allowed when the argument
/// is not an integer.
sim::Result<long> parseRandpermSeed(std::string_view text);

}  // namespace commviz::noc
