#pragma once

#include <array>

#include "nccl/graph/tuning_types.h"

namespace commviz::nccl_tuning {

/// Rows of the bandwidth caps: Volta, Ampere, Hopper, Blackwell (2.25+).
constexpr int kCompCapRows = 4;
using CapTable = std::array<std::array<double, 3>, kCompCapRows>;

/// The constants of NCCL src/graph/tuning.cc for one release (2.28+: ncclTunerConstantsDefaults).
/// Latencies are floats and caps doubles, as NCCL declares them, so the arithmetic rounds alike.
struct TuningTables {
    PerAlgorithm<float> baseLat{};               ///< µs once per operation
    std::array<PerAlgorithm<float>, 3> hwLat{};  ///< [NCCL_HW_*][algo][proto], µs per step
    CapTable llMaxBws{};                         ///< [index1][index2]
    CapTable perChMaxRingLL128Bws{};             ///< [compCapIndex][index2]
    CapTable perChMaxTreeLL128Bws{};
    CapTable perChMaxTreeBws{};
    CapTable perChMaxNVLSTreeBws{};                               ///< 2.28+
    std::array<float, kCompCapRows> nvlsEfficiency{};             ///< 2.28+
    std::array<std::array<float, 24>, 3> treeCorrectionFactor{};  ///< [proto][log2(nBytes/64)]
};

/// The tables of `version` (tuning.cc static tables; the write-up's §3 columns).
TuningTables tuningTables(TuningVersion version);

}  // namespace commviz::nccl_tuning
