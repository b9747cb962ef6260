#pragma once

#include <array>
#include <cstdint>

#include "nccl/graph/tuning_version.h"

namespace commviz::nccl_tuning {

// Indices as NCCL numbers them (include/device.h, include/nccl_common.h): the rows and columns of the
// TUNING table and the `Algo %d proto %d` of the selection lines.
constexpr int NCCL_NUM_FUNCTIONS = 5;
constexpr int ncclFuncBroadcast = 0;
constexpr int ncclFuncReduce = 1;
constexpr int ncclFuncAllGather = 2;
constexpr int ncclFuncReduceScatter = 3;
constexpr int ncclFuncAllReduce = 4;

constexpr int NCCL_ALGO_TREE = 0;
constexpr int NCCL_ALGO_RING = 1;
constexpr int NCCL_ALGO_COLLNET_DIRECT = 2;
constexpr int NCCL_ALGO_COLLNET_CHAIN = 3;
constexpr int NCCL_ALGO_NVLS = 4;
constexpr int NCCL_ALGO_NVLS_TREE = 5;
constexpr int NCCL_ALGO_PAT = 6;  ///< 2.23+
constexpr int kMaxAlgorithms = 7;

constexpr int NCCL_NUM_PROTOCOLS = 3;
constexpr int NCCL_PROTO_LL = 0;
constexpr int NCCL_PROTO_LL128 = 1;
constexpr int NCCL_PROTO_SIMPLE = 2;

constexpr int NCCL_HW_NVLINK = 0;
constexpr int NCCL_HW_PCI = 1;
constexpr int NCCL_HW_NET = 2;

/// NCCL_NUM_ALGORITHMS of the release: 6 up to 2.22, 7 (PAT) from 2.23.
inline int ncclNumAlgorithms(TuningVersion version) { return version.atLeast(23) ? 7 : 6; }

/// Path types in the order every release keeps (graph/topo.h): C2C (2.26) and P2C (2.27) were inserted
/// without reordering, and tuning.cc only compares against named types, so one enum serves all releases.
enum class PathType : std::uint8_t { LOC, NVL, NVB, C2C, PIX, PXB, P2C, PXN, PHB, SYS, NET, DIS };

/// CPU ids of include/graph.h (MIXED: 2.22+, ranks disagreeing).
enum class CpuArch : std::uint8_t { X86 = 1, POWER = 2, ARM = 3, MIXED = 4 };
enum class CpuVendor : std::uint8_t { INTEL = 1, AMD = 2, ZHAOXIN = 3, MIXED = 4 };

/// NCCL_TOPO_PATTERN_TREE: the tree pattern that costs ×0.85 in the model.
constexpr int NCCL_TOPO_PATTERN_TREE = 3;

template <class T>
using PerProtocol = std::array<T, NCCL_NUM_PROTOCOLS>;
template <class T>
using PerAlgorithm = std::array<PerProtocol<T>, kMaxAlgorithms>;
template <class T>
using PerFunction = std::array<PerAlgorithm<T>, NCCL_NUM_FUNCTIONS>;

}  // namespace commviz::nccl_tuning
