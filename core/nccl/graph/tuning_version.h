#pragma once

#include <string_view>

#include "sim/result.h"

namespace commviz::nccl_tuning {

constexpr int kFirstTuningMinor = 18;
constexpr int kLastTuningMinor = 30;

/// The NCCL release whose tuning rules (src/graph/tuning.cc, src/enqueue.cc) apply: 2.minor.patch.
/// The patch matters in a few places (2.18.1, 2.27.3, 2.29.2/3, 2.30.3/4).
struct TuningVersion {
    int minor = 29;
    int patch = 7;

    bool atLeast(int otherMinor) const { return minor >= otherMinor; }
    bool between(int firstMinor, int lastMinor) const { return minor >= firstMinor && minor <= lastMinor; }
    /// 2.18.1 (and 2.18.0), whose tuning.cc kept the 2.17 tree latencies and caps that 2.18.3 changed.
    bool is2_18_1() const { return minor == 18 && patch < 3; }
};

/// Reads "2.22.3", "2.22", "2.22.3-1" or "2.29.7+cuda12.9"; refuses releases outside 2.18 … 2.30.
/// Without a patch number the last patch of the minor is taken (the one the rules were read at).
sim::Result<TuningVersion> parseTuningVersion(std::string_view text);

/// The last patch of each minor, as tagged (v2.18.6-1 … v2.30.7-1).
int lastTuningPatch(int minor);

}  // namespace commviz::nccl_tuning
