#pragma once

#include <cstdint>

#include "rdma/script.h"

namespace commviz::rdma {

/// Costs of the micro-actions in simulated nanoseconds. Orders of magnitude of a
/// PCIe-attached HCA, not measurements; "About this model" says so.
struct Timing {
    std::uint64_t cpuStepNs = 50;    ///< one driver micro-step on the CPU (WQE write, poll of one CQE)
    std::uint64_t doorbellNs = 100;  ///< MMIO doorbell until the HCA sees it
    std::uint64_t wqeFetchNs = 200;  ///< HCA reads the WQE over PCIe
    std::uint64_t dmaNs = 150;       ///< DMA read/write of a payload over PCIe
    std::uint64_t hcaStepNs = 20;    ///< building a header, a check, an ACK
    std::uint64_t cqeWriteNs = 100;  ///< CQE DMA into host memory
};

struct RdmaConfig {
    std::uint64_t seed = 1;  ///< initial PSNs (rc_pingpong: lrand48() & 0xffffff)
    std::uint64_t wireLatencyNs = 500;
    double linkGbps = 100.0;
    Timing timing;
};

/// Everything an engine is built from.
struct RdmaSetup {
    RdmaConfig config;
    Script script;
};

}  // namespace commviz::rdma
