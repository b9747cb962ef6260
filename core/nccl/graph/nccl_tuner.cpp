// The link presets of the collectives scene price NCCL's steps with tuning.cc's latency tables of 2.30,
// the same tables NCCL's tuner reads (tuning_tables.h).

#include "nccl/graph/nccl_tuner.h"

#include "nccl/graph/tuning_tables.h"

namespace commviz::collectives {

namespace {

nccl_tuning::TuningTables tables230() { return nccl_tuning::tuningTables(nccl_tuning::TuningVersion{30, 7}); }

std::size_t algorithmIndex(NcclAlgorithm algorithm) {
    return algorithm == NcclAlgorithm::Tree ? nccl_tuning::NCCL_ALGO_TREE : nccl_tuning::NCCL_ALGO_RING;
}

// The tables hold floats, as NCCL declares them; printed to 0.1 µs they are the sheet's decimals.
double decimal(float value) { return static_cast<double>(static_cast<long>(value * 100.0f + 0.5f)) / 100.0; }

}  // namespace

double ncclStepLatencyUs(NcclHardware hardware, NcclAlgorithm algorithm, NcclProtocol protocol) {
    static const nccl_tuning::TuningTables tables = tables230();
    return decimal(tables.hwLat[static_cast<std::size_t>(hardware)][algorithmIndex(algorithm)]
                               [static_cast<std::size_t>(ncclProtocolIndex(protocol))]);
}

double ncclBaseLatencyUs(NcclAlgorithm algorithm, NcclProtocol protocol) {
    static const nccl_tuning::TuningTables tables = tables230();
    return decimal(tables.baseLat[algorithmIndex(algorithm)][static_cast<std::size_t>(ncclProtocolIndex(protocol))]);
}

}  // namespace commviz::collectives
