#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "nccl/nccl_config.h"

namespace commviz::nccl_topology {
struct TopologyModel;
}

namespace commviz::nccl {

struct TopoMachine;

/// Where a rank runs: its node (host) and the GPU it drives there.
struct RankPlacement {
    int node = 0;
    int gpu = 0;  ///< cudaDev (= nvmlDev here)
};

/// The machine: nodes × GPUs per node × NICs, ranks filled node by node. By default
/// made up; when `nodes` is set too small, later ranks wrap onto GPUs already in use
/// (the duplicate-GPU check then fires). With `topo_file` every node is a copy of
/// that server (NCCL src/graph/topo.cc, ncclTopoGetSystem): configOf took its GPU and
/// NIC counts, the GPUs' order and bus ids come from the file, and model() holds NCCL's
/// topology model of the whole job. Every question the init stages ask of the machine
/// is asked here.
class Topology {
public:
    explicit Topology(const Config& config);

    int nranks() const { return m_nranks; }
    int nodes() const { return m_nodes; }
    int gpusPerNode() const { return m_gpusPerNode; }
    int nicsPerNode() const { return m_nicsPerNode; }
    RankPlacement placement(int rank) const;
    /// Nodes that hold at least one rank (NCCL counts distinct hostHash values).
    int usedNodes() const;
    int localRanks(int node) const;
    int localRank(int rank) const;
    /// The first rank on `node` (its intra-node chain starts there).
    int firstRankOn(int node) const { return node * m_gpusPerNode; }
    /// PCI bus id of a GPU as NCCL logs it with %lx, e.g. 0x18000 for 0000:18:00.0.
    std::int64_t busId(int gpu) const;
    /// First rank sharing this rank's GPU on its node, or -1.
    int duplicateGpuOf(int rank) const;
    /// NCCL's topology model of `topo_file` across the nodes; null on the made-up machine.
    const TopoMachine* machine() const { return m_machine.get(); }
    const nccl_topology::TopologyModel* model() const;

    /// The host CPUs. Made up by default, as NCCL reads them from sysfs: two sockets of
    /// kCoresPerSocket cores with two hardware threads each (socket s owns logical CPUs
    /// 32s…32s+31 and 64+32s…64+32s+31), the GPUs split evenly between them, and a process
    /// allowed on every CPU. With `topo_file`, a GPU's CPUs are the `affinity` of its local
    /// `cpu` and the process may run on every CPU the file lists (when every `cpu` has one).
    static constexpr int kCoresPerSocket = 32;
    static constexpr int kLogicalCpus = 4 * kCoresPerSocket;
    int cpuSocket(int gpu) const;
    /// Logical CPUs local to `gpu` (its socket's cores and their hyperthreads), by CPU number.
    std::vector<bool> gpuCpus(int gpu) const;
    /// The process's affinity (sched_getaffinity): every CPU of the host.
    std::vector<bool> processCpus() const;
    /// The core a proxy thread of `gpu` runs on (it inherits the GPU-local affinity); `uds` the UDS thread.
    int proxyCpu(int gpu, bool uds) const;

private:
    int m_nranks;
    int m_nodes;
    int m_gpusPerNode;
    int m_nicsPerNode;
    std::shared_ptr<const TopoMachine> m_machine;
};

/// Per-channel tree links of one rank: the `Trees [c] d0/d1/d2->rank->up` of the log.
struct TreeLinks {
    int up = -1;
    std::array<int, 3> down{-1, -1, -1};
};

/// What the ring/tree search and ncclTopoPostset produce. With `topo_file`, the
/// topology model's channels (NCCL src/graph/search.cc, ncclTopoCompute;
/// src/graph/connect.cc, ncclTopoPostset): each channel has its own ring order and
/// tree. On the made-up machine, a coarse stand-in: the search finds one ring channel
/// on a node (one per NIC across nodes), the ring visits ranks in rank order, Postset
/// doubles the channels and the second half uses the mirrored (or shifted) tree of
/// ncclGetDtree.
class GraphPlan {
public:
    explicit GraphPlan(const Topology& topology);
    int searchChannels() const { return m_searchChannels; }
    int nChannels() const;
    /// The channel's ring from rank 0, as rank 0 prints it in the Channel line.
    std::vector<int> ring(int channel) const;
    int ringPrev(int rank, int channel) const;
    int ringNext(int rank, int channel) const;
    TreeLinks tree(int rank, int channel) const;

private:
    const Topology* m_topology;
    int m_searchChannels;
};

/// ncclGetBtree / ncclGetDtree (graph/trees.cc): the double binary tree over nodes.
struct BtreeNode {
    int up = -1, down0 = -1, down1 = -1;
    int parentChildType = 0;
};
BtreeNode btree(int nranks, int rank);
std::array<BtreeNode, 2> dtree(int nranks, int rank);

}  // namespace commviz::nccl
