#pragma once

// NCCL's words a schedule request carries (ScheduleRequest): the kernel names
// them so that neither ompi/ nor nccl/ sits below it; the rules that use them
// are NCCL's, in nccl/device/nccl_protocol.h and nccl/graph/nccl_tuner.h.

namespace commviz::collectives {

/// NCCL's protocols (NCCL_PROTO): Simple, LL (8-byte lines of 4 data bytes and
/// a 4-byte flag) and LL128 (128-byte lines with one 8-byte flag).
enum class NcclProtocol { Simple, Ll, Ll128 };
/// The two NCCL algorithms modelled: the double binary tree and the ring.
enum class NcclAlgorithm { Tree, Ring };
/// NCCL's hardware classes of its latency table (NCCL_HW_NVLINK, _PCI, _NET).
enum class NcclHardware { Nvlink, Pci, Net };

/// A protocol's index in NCCL's tables: NCCL_PROTO_LL 0, NCCL_PROTO_LL128 1, NCCL_PROTO_SIMPLE 2.
constexpr int ncclProtocolIndex(NcclProtocol protocol) {
    return protocol == NcclProtocol::Ll ? 0 : protocol == NcclProtocol::Ll128 ? 1 : 2;
}

}  // namespace commviz::collectives
