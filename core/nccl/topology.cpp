#include "nccl/topology.h"

#include <algorithm>
#include <numeric>

#include "nccl/graph/topo_system.h"
#include "nccl/topo_machine.h"

namespace commviz::nccl {

Topology::Topology(const Config& config)
    : m_nranks(config.nranks),
      m_nodes(config.nodeCount()),
      m_gpusPerNode(config.gpus_per_node),
      m_nicsPerNode(config.nics_per_node),
      m_machine(topoMachine(config)) {}

const nccl_topology::TopologyModel* Topology::model() const { return m_machine ? &m_machine->model : nullptr; }

RankPlacement Topology::placement(int rank) const {
    const int node = (rank / m_gpusPerNode) % m_nodes;
    // A file's local rank l is the GPU whose `rank` is l; it runs on that GPU's dev.
    if (const auto* topo = model()) return {node, nccl_topology::placeRank(topo->system, rank % m_gpusPerNode).dev};
    return {node, rank % m_gpusPerNode};
}

int Topology::usedNodes() const { return std::min(m_nodes, (m_nranks + m_gpusPerNode - 1) / m_gpusPerNode); }

int Topology::localRanks(int node) const {
    int count = 0;
    const int perWrap = m_nodes * m_gpusPerNode;
    for (int base = node * m_gpusPerNode; base < m_nranks; base += perWrap)
        count += std::min(m_gpusPerNode, m_nranks - base);
    return count;
}

int Topology::localRank(int rank) const {
    const int perWrap = m_nodes * m_gpusPerNode;
    return (rank / perWrap) * m_gpusPerNode + rank % m_gpusPerNode;
}

std::int64_t Topology::busId(int gpu) const {
    if (const auto* topo = model())  // busIdToInt64 of the GPU's PCI address in the file
        for (int node : topo->system.ofType(nccl_topology::NodeType::GPU))
            if (topo->system.nodes[std::size_t(node)].dev == gpu)
                return nccl_topology::topoLocalId(topo->system.nodes[std::size_t(node)]);
    // The bus ids of a DGX-like board for the first eight GPUs, then one per bus.
    static constexpr std::int64_t dgx[8] = {0x18000, 0x2a000, 0x3a000, 0x5d000, 0x9a000, 0xab000, 0xba000, 0xdb000};
    return gpu < 8 ? dgx[gpu] : 0xe0000 + 0x1000 * (gpu - 8);
}

int Topology::duplicateGpuOf(int rank) const {
    const int perWrap = m_nodes * m_gpusPerNode;
    return rank >= perWrap ? rank % perWrap : -1;
}

int Topology::cpuSocket(int gpu) const { return m_gpusPerNode > 1 ? (2 * gpu) / m_gpusPerNode : 0; }

std::vector<bool> Topology::gpuCpus(int gpu) const {
    if (m_machine && !m_machine->processCpus.empty()) return m_machine->gpuCpus.at(gpu);
    std::vector<bool> cpus(kLogicalCpus);
    for (int cpu = 0; cpu < kLogicalCpus; ++cpu)
        cpus[std::size_t(cpu)] = (cpu % (2 * kCoresPerSocket)) / kCoresPerSocket == cpuSocket(gpu);
    return cpus;
}

std::vector<bool> Topology::processCpus() const {
    if (m_machine && !m_machine->processCpus.empty()) return m_machine->processCpus;
    return std::vector<bool>(kLogicalCpus, true);
}

int Topology::proxyCpu(int gpu, bool uds) const {
    if (m_machine && !m_machine->processCpus.empty()) {
        // The file's GPUs that share this GPU's CPUs take two of them each, in dev order.
        const std::vector<bool> mine = gpuCpus(gpu);
        int before = 0;
        for (const auto& [dev, cpus] : m_machine->gpuCpus) before += dev < gpu && cpus == mine;
        std::vector<int> set;
        for (std::size_t cpu = 0; cpu < mine.size(); ++cpu)
            if (mine[cpu]) set.push_back(int(cpu));
        return set.empty() ? 0 : set[std::size_t(2 * before + (uds ? 1 : 0)) % set.size()];
    }
    const int perSocket = std::max(1, (m_gpusPerNode + 1) / 2);
    return cpuSocket(gpu) * kCoresPerSocket + (2 * (gpu % perSocket) + (uds ? 1 : 0)) % kCoresPerSocket;
}

GraphPlan::GraphPlan(const Topology& topology)
    : m_topology(&topology), m_searchChannels(topology.usedNodes() > 1 ? std::max(1, topology.nicsPerNode()) : 1) {}

int GraphPlan::nChannels() const {
    if (const auto* model = m_topology->model()) return int(model->comm.channels.size());
    return 2 * m_searchChannels;
}

std::vector<int> GraphPlan::ring(int channel) const {
    if (const auto* model = m_topology->model()) return model->comm.channels[std::size_t(channel)].ring;
    std::vector<int> ranks(std::size_t(m_topology->nranks()));
    std::iota(ranks.begin(), ranks.end(), 0);
    return ranks;
}

int GraphPlan::ringPrev(int rank, int channel) const {
    const int n = m_topology->nranks();
    const auto* model = m_topology->model();
    if (!model) return (rank - 1 + n) % n;
    const std::vector<int>& ring = model->comm.channels[std::size_t(channel)].ring;
    const auto at = std::find(ring.begin(), ring.end(), rank);
    return at == ring.begin() ? ring.back() : *(at - 1);
}

int GraphPlan::ringNext(int rank, int channel) const {
    const auto* model = m_topology->model();
    if (!model) return (rank + 1) % m_topology->nranks();
    const std::vector<int>& ring = model->comm.channels[std::size_t(channel)].ring;
    const auto at = std::find(ring.begin(), ring.end(), rank);
    return at + 1 == ring.end() ? ring.front() : *(at + 1);
}

BtreeNode btree(int nranks, int rank) {
    BtreeNode node;
    int bit = 1;
    for (; bit < nranks; bit <<= 1)
        if (bit & rank) break;
    if (rank == 0) {
        node.down1 = nranks > 1 ? bit >> 1 : -1;  // rank 0's only child is its child 1
        return node;
    }
    int up = (rank ^ bit) | (bit << 1);
    if (up >= nranks) up = rank ^ bit;
    node.parentChildType = rank < up ? 0 : 1;
    node.up = up;
    int lowbit = bit >> 1;
    node.down0 = lowbit == 0 ? -1 : rank - lowbit;
    int down1 = lowbit == 0 ? -1 : rank + lowbit;
    while (down1 >= nranks) {
        lowbit >>= 1;
        down1 = lowbit == 0 ? -1 : rank + lowbit;
    }
    node.down1 = down1;
    return node;
}

std::array<BtreeNode, 2> dtree(int nranks, int rank) {
    const BtreeNode first = btree(nranks, rank);
    BtreeNode second;
    auto map = [&](int r, bool shift) { return r == -1 ? -1 : shift ? (r + 1) % nranks : nranks - 1 - r; };
    const bool shift = nranks % 2 == 1;  // odd: shift by one; even: mirror
    const BtreeNode t = btree(nranks, shift ? (rank - 1 + nranks) % nranks : nranks - 1 - rank);
    second.up = map(t.up, shift);
    second.down0 = map(t.down0, shift);
    second.down1 = map(t.down1, shift);
    second.parentChildType = t.parentChildType;
    return {first, second};
}

TreeLinks GraphPlan::tree(int rank, int channel) const {
    const Topology& topo = *m_topology;
    if (const auto* model = topo.model()) {
        const auto& tree = model->comm.channels[std::size_t(channel)].tree;
        if (std::size_t(rank) >= tree.size()) return {};
        return {tree[std::size_t(rank)].up, tree[std::size_t(rank)].down};
    }
    const int node = topo.placement(rank).node;
    const int local = topo.localRank(rank);
    const int count = topo.localRanks(node);
    // Intra-node chain in rank order (ncclTopoPreset): up is the previous local rank.
    TreeLinks links;
    const int first = topo.firstRankOn(node);
    links.up = local == 0 ? -1 : first + local - 1;
    links.down[0] = local == count - 1 ? -1 : first + local + 1;
    const int nNodes = topo.usedNodes();
    if (nNodes < 2 || topo.duplicateGpuOf(rank) >= 0) return links;
    // connectTrees with BALANCED_TREE: parent link at local 0, child0 at local 1, child1 at local 0.
    const auto trees = dtree(nNodes, node);
    const BtreeNode& t = trees[channel < m_searchChannels ? 0 : 1];
    auto ttp = [&](int n) { return topo.firstRankOn(n); };
    auto ttc0 = [&](int n) { return topo.firstRankOn(n) + (topo.localRanks(n) > 1 ? 1 : 0); };
    auto addDown = [&](int r) {
        for (int& slot : links.down)
            if (slot == -1) {
                slot = r;
                return;
            }
    };
    if (rank == ttp(node) && t.up != -1) links.up = t.parentChildType == 0 ? ttc0(t.up) : ttp(t.up);
    if (rank == ttc0(node) && t.down0 != -1) addDown(ttp(t.down0));
    if (rank == ttp(node) && t.down1 != -1) addDown(ttp(t.down1));
    return links;
}

}  // namespace commviz::nccl
