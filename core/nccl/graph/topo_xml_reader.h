#pragma once

#include <string>
#include <string_view>

#include "nccl/graph/topo_system.h"
#include "sim/result.h"

namespace commviz::nccl_topology {

/// How to fill NVLinks a partial dump does not list (NCCL would ask NVML).
enum class NvLinkFill { None, NvSwitch, HybridCubeMesh };

/// Values NCCL probes from the hardware, used when a file leaves them out; every
/// use is recorded in TopoSystem::assumed.
struct TopoAssumptions {
    NvLinkFill nvlink = NvLinkFill::None;  ///< key `nvlink`
    int gpuSm = 80;                        ///< key `gpu_sm`
    int nicSpeedMbps = 100000;             ///< key `nic_speed` (NCCL's NET_BW, 12 GB/s, is 100 Gb/s)
    bool gdr = true;                       ///< key `gdr`: GPUDirect RDMA on GPUs and NICs made up from their class
};

/// Builds the system from an NCCL topology file (`NCCL_TOPO_FILE`,
/// `NCCL_TOPO_DUMP_FILE`) the way ncclTopoGetSystemFromXml does (NCCL
/// src/graph/topo.cc): CPUs, then the PCI tree with its GPUs and NICs, then
/// NVLinks, C2C links and pcilinks, then SYS links between CPUs.
/// Not modelled: host_hash (one host), Broadcom switch flattening, MLOPart.
sim::Result<TopoSystem> parseTopoXml(std::string_view text, const std::string& origin,
                                     const TopoAssumptions& assumptions = {});
/// `file` is a path, or the bare name of a bundled server (bundled_files.h).
sim::Result<TopoSystem> readTopoFile(const std::string& file, const TopoAssumptions& assumptions = {});

}  // namespace commviz::nccl_topology
