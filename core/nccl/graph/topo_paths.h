#pragma once

#include <optional>
#include <vector>

#include "nccl/graph/topo_system.h"

namespace commviz::nccl_topology {

/// NCCL's environment knobs on paths, as scene keys.
struct PathPolicy {
    std::optional<PathType> p2pLevel;     ///< NCCL_P2P_LEVEL; unset: PXB, or SYS on AMD with ≤ 2 GPUs
    bool p2pDisable = false;              ///< NCCL_P2P_DISABLE=1 (P2P level LOC)
    std::optional<PathType> netGdrLevel;  ///< NCCL_NET_GDR_LEVEL; unset: P2C (PXB with net_gdr_c2c off)
    bool netGdrC2c = true;                ///< NCCL_NET_GDR_C2C
    bool pxnDisable = false;              ///< NCCL_PXN_DISABLE
    bool pxnC2c = true;                   ///< NCCL_PXN_C2C
    bool nvbDisable = false;              ///< NCCL_NVB_DISABLE
};

/// A path from one node to another: its type is the worst step, its bandwidth
/// the narrowest link (NCCL src/graph/paths.cc, ncclTopoSetPaths).
struct Path {
    PathType type = PathType::DIS;
    float bw = 0.0f;
    int hops = 0;
    std::vector<int> route;  ///< node indices from the start to the end, both included
    int via = -1;            ///< the CPU or GPU the path was diverted through, or -1
};

/// Paths between all nodes that NCCL computes them for (from every node to each
/// CPU, GPU, NET and NVS), after the P2P, P2C, PXN and GDR rules.
struct TopoPaths {
    int nodeCount = 0;
    std::vector<Path> table;  ///< row-major, [from * nodeCount + to]
    PathPolicy policy;

    const Path& path(int from, int to) const { return table[static_cast<size_t>(from) * nodeCount + to]; }
    Path& path(int from, int to) { return table[static_cast<size_t>(from) * nodeCount + to]; }
};

/// NCCL src/graph/paths.cc, ncclTopoComputePaths, for one process that sees the
/// whole server (no NVML P2P status: every pair is taken as P2P-capable).
/// Simplified: a NIC's "local GPU" for PXN is the first GPU closest to it, where
/// NCCL picks the one whose channel-0.. NIC choice lands on it (ncclTopoGetLocalGpu).
TopoPaths computePaths(const TopoSystem& system, const PathPolicy& policy = {});

/// The P2P level in force: the key, or NCCL's default for this system.
PathType p2pLevel(const TopoSystem& system, const PathPolicy& policy);
/// ncclTopoCheckP2p: may GPU nodes `from` and `to` talk through P2P?
bool checkP2p(const TopoSystem& system, const TopoPaths& paths, int from, int to);
/// ncclTopoCheckGdr: may this GPU use GPUDirect RDMA with this NET? `read` is the send side.
bool checkGdr(const TopoSystem& system, const TopoPaths& paths, int gpu, int net, bool read);

/// The CPU NCCL treats as local to a node (ncclGetLocalCpu): widest, then best type, then fewest hops.
int localCpu(const TopoSystem& system, const TopoPaths& paths, int node);

/// Rows × columns of paths, e.g. GPU × GPU or GPU × NET, in NCCL's index order.
struct PathMatrix {
    std::vector<int> rows;
    std::vector<int> columns;
    std::vector<Path> cells;  ///< row-major
    const Path& at(size_t row, size_t column) const { return cells[row * columns.size() + column]; }
};

PathMatrix pathMatrix(const TopoSystem& system, const TopoPaths& paths, NodeType rowType, NodeType columnType);

}  // namespace commviz::nccl_topology
