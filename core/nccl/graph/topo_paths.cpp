// NCCL src/graph/paths.cc, ncclTopoComputePaths: the search, then the P2P,
// P2C, PXN and GDR rules that divert some paths through a CPU or a peer GPU.

#include "nccl/graph/topo_paths.h"

#include <algorithm>

#include "nccl/graph/topo_paths_internal.h"

namespace commviz::nccl_topology {

namespace {

// mergePathType: a C2C hop to the CPU followed by PCI to the NIC is P2C, not PHB.
PathType mergeTypes(PathType first, PathType second) {
    PathType worst = std::max(first, second);
    PathType best = std::min(first, second);
    return worst == PathType::PHB && best == PathType::C2C ? PathType::P2C : worst;
}

// addInterStep: route from → via → to instead of the direct path.
void divertThrough(const TopoSystem& system, TopoPaths& paths, int via, int from, int to) {
    const Path& first = paths.path(from, via);
    const Path& second = paths.path(via, to);
    if (first.route.empty() || second.route.empty()) return;  // no way through `via`
    Path diverted;
    diverted.route = first.route;
    diverted.route.insert(diverted.route.end(), second.route.begin() + 1, second.route.end());
    diverted.hops = first.hops + second.hops;
    diverted.type = system.nodes[via].type == NodeType::GPU ? PathType::PXN : mergeTypes(first.type, second.type);
    diverted.bw = std::min(first.bw, second.bw);
    diverted.via = via;
    paths.path(from, to) = std::move(diverted);
}

// ncclTopoGetLocal: the nodes of a type with the widest, then best-typed, path from `node`.
std::vector<int> localNodes(const TopoSystem& system, const TopoPaths& paths, int node, NodeType type) {
    std::vector<int> locals;
    float bestBw = 0.0f;
    PathType bestType = PathType::DIS;
    for (int candidate : system.ofType(type)) {
        const Path& path = paths.path(node, candidate);
        if (path.bw > bestBw || (path.bw == bestBw && path.type < bestType)) {
            bestBw = path.bw;
            bestType = path.type;
            locals.clear();
        }
        if (path.bw == bestBw && path.type == bestType) locals.push_back(candidate);
    }
    return locals;
}

void applyP2pPolicy(const TopoSystem& system, TopoPaths& paths) {
    std::vector<int> gpus = system.ofType(NodeType::GPU);
    for (int to : gpus) {
        int cpu = localCpu(system, paths, to);
        for (int from : gpus)
            if (!checkP2p(system, paths, from, to) && cpu >= 0) divertThrough(system, paths, cpu, from, to);
    }
}

void applyP2cRule(const TopoSystem& system, TopoPaths& paths) {
    for (int gpu : system.ofType(NodeType::GPU)) {
        int cpu = localCpu(system, paths, gpu);
        if (cpu < 0) continue;
        for (int net : localNodes(system, paths, gpu, NodeType::NET)) {
            if (mergeTypes(paths.path(gpu, cpu).type, paths.path(net, cpu).type) != PathType::P2C) continue;
            paths.path(gpu, net).type = std::min(PathType::P2C, paths.path(gpu, net).type);
            paths.path(net, gpu).type = std::min(PathType::P2C, paths.path(net, gpu).type);
        }
    }
}

// PXN: send to a NIC through an NVLink peer that sits close to it, when that is
// wider or avoids the CPU. Only the GPU-to-NIC direction, as NCCL does.
void tryPxn(const TopoSystem& system, TopoPaths& paths, int gpu, int net) {
    std::vector<int> locals = localNodes(system, paths, net, NodeType::GPU);
    if (locals.empty() || locals.front() == gpu) return;
    int peer = locals.front();
    const PathPolicy& policy = paths.policy;
    PathType pxnType = policy.pxnC2c ? PathType::P2C : PathType::PXB;
    const Path& peerToNet = paths.path(peer, net);
    const Path& ownToNet = paths.path(gpu, net);
    if (peerToNet.type <= pxnType && checkGdr(system, paths, peer, net, true) &&
        paths.path(peer, gpu).type <= PathType::NVL && (peerToNet.bw > ownToNet.bw || ownToNet.type > PathType::PXN))
        divertThrough(system, paths, peer, gpu, net);
}

void applyNetPolicy(const TopoSystem& system, TopoPaths& paths) {
    for (int net : system.ofType(NodeType::NET)) {
        for (int gpu : system.ofType(NodeType::GPU)) {
            if (!paths.policy.pxnDisable) tryPxn(system, paths, gpu, net);
            if (paths.path(gpu, net).type >= PathType::PHB || checkGdr(system, paths, gpu, net, false)) continue;
            // Without GPUDirect RDMA the data is staged in the memory of the GPU's CPU.
            int cpu = localCpu(system, paths, gpu);
            if (cpu < 0) continue;
            divertThrough(system, paths, cpu, net, gpu);
            divertThrough(system, paths, cpu, gpu, net);
        }
    }
}

}  // namespace

int localCpu(const TopoSystem& system, const TopoPaths& paths, int node) {
    std::vector<int> cpus = localNodes(system, paths, node, NodeType::CPU);
    if (cpus.empty()) return -1;
    int best = cpus.front();
    for (int cpu : cpus)
        if (paths.path(node, cpu).hops < paths.path(node, best).hops) best = cpu;
    return best;
}

PathType p2pLevel(const TopoSystem& system, const PathPolicy& policy) {
    if (policy.p2pDisable) return PathType::LOC;
    if (policy.p2pLevel) return *policy.p2pLevel;
    std::vector<int> cpus = system.ofType(NodeType::CPU);
    bool amd = !cpus.empty() && system.nodes[cpus.front()].arch == CpuArch::X86 &&
               system.nodes[cpus.front()].vendor == CpuVendor::Amd;
    // P2P between a pair of GPUs goes through AMD CPUs well enough (ncclTopoCheckP2p).
    return amd && system.ofType(NodeType::GPU).size() <= 2 ? PathType::SYS : PathType::PXB;
}

bool checkP2p(const TopoSystem& system, const TopoPaths& paths, int from, int to) {
    return paths.path(from, to).type <= p2pLevel(system, paths.policy);
}

bool checkGdr(const TopoSystem& system, const TopoPaths& paths, int gpu, int net, bool read) {
    if (!system.nodes[net].gdr || !system.nodes[gpu].gdr) return false;
    if (read && system.nodes[gpu].sm < 80) {
        // Before Ampere, GDR reads compete with other PCI flows: only with NVLink peers.
        std::vector<int> gpus = system.ofType(NodeType::GPU);
        bool nvlink = gpus.size() == 1;
        for (int other : gpus)
            if (other != gpu && paths.path(gpu, other).type == PathType::NVL) nvlink = true;
        if (!nvlink) return false;
    }
    const PathPolicy& policy = paths.policy;
    PathType level = policy.netGdrLevel.value_or(policy.netGdrC2c ? PathType::P2C : PathType::PXB);
    const Path& path = paths.path(gpu, net);
    // Through PXN, what counts is the relaying GPU's distance to the NIC.
    PathType distance = path.type == PathType::PXN && path.via >= 0 ? paths.path(path.via, net).type : path.type;
    return distance <= level;
}

TopoPaths computePaths(const TopoSystem& system, const PathPolicy& policy) {
    TopoPaths paths;
    paths.nodeCount = static_cast<int>(system.nodes.size());
    paths.table.resize(system.nodes.size() * system.nodes.size());
    paths.policy = policy;
    for (NodeType type : {NodeType::CPU, NodeType::GPU, NodeType::NET, NodeType::NVS})
        for (int base : system.ofType(type)) setPathsTo(system, base, policy.nvbDisable, paths);
    applyP2pPolicy(system, paths);
    applyP2cRule(system, paths);
    applyNetPolicy(system, paths);
    return paths;
}

PathMatrix pathMatrix(const TopoSystem& system, const TopoPaths& paths, NodeType rowType, NodeType columnType) {
    PathMatrix matrix;
    matrix.rows = system.ofType(rowType);
    matrix.columns = system.ofType(columnType);
    for (int row : matrix.rows)
        for (int column : matrix.columns) matrix.cells.push_back(paths.path(row, column));
    return matrix;
}

}  // namespace commviz::nccl_topology
