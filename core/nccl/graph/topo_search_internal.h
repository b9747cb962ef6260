#pragma once

// The working state of ncclTopoCompute shared by the topo_search_*.cpp files
// (NCCL src/graph/search.cc). Not part of the contract.

#include <array>
#include <cstdint>
#include <vector>

#include "nccl/graph/topo_search.h"

namespace commviz::nccl_topology::search_detail {

/// NCCL's forcedOrder argument of ncclTopoSearchRecGpu.
enum class ForcedOrder { None, Pci, Replay };

/// The graph being built (NCCL's struct ncclTopoGraph): channels hold GPU
/// indices (intra) and NET indices (inter: start, end) instead of ranks and ids.
struct WorkGraph {
    GraphPattern pattern = GraphPattern::Ring;
    int crossNic = 0;
    int sameChannels = 1;
    int minChannels = 1;
    int maxChannels = 32;
    int nChannels = 0;
    int nHops = 0;
    float bwIntra = 0.0f;
    float bwInter = 0.0f;
    float latencyInter = 0.0f;
    PathType typeIntra = PathType::NVL;
    PathType typeInter = PathType::PIX;
    std::vector<std::vector<int>> intra;    ///< [channel][step] GPU index
    std::vector<std::array<int, 2>> inter;  ///< [channel] {first NET, last NET} index

    void ensureChannel(int channel, int ngpus);
};

/// Everything the recursion reads and writes.
struct SearchState {
    TopoSystem work;  ///< a copy whose link and NET bandwidths the search consumes
    const TopoPaths* paths = nullptr;
    nccl::Version version = nccl::Version::Classic;
    std::vector<int> gpus;  ///< node index of GPU g
    std::vector<int> nets;  ///< node index of NET n; empty on one node (NCCL trims NETs)
    int nvsCount = 0;
    int nvs = -1;                ///< node index of the first NVSwitch, the one NVLS pulls through
    std::vector<uint64_t> used;  ///< per GPU, bit c set while channel c uses it
    int ccMin = 0;
    WorkGraph best;       ///< NCCL's saveGraph
    long long steps = 0;  ///< every step of every search, for the narration
    /// selectNets results by (typeInter, gpu + 1): they only read the untouched paths.
    mutable std::vector<std::vector<int>> netOrderCache;
    mutable std::vector<bool> netOrderCached;

    int ngpus() const { return static_cast<int>(gpus.size()); }
    bool inter() const { return !nets.empty(); }
    const Path& gpuPath(int fromGpu, int toGpu) const { return paths->path(gpus[fromGpu], gpus[toGpu]); }
    const Path& gpuNetPath(int gpu, int net) const { return paths->path(gpus[gpu], nets[net]); }
    const Path& netGpuPath(int net, int gpu) const { return paths->path(nets[net], gpus[gpu]); }
};

/// A node of NCCL's search, by kind and per-kind index (type1/index1 of ncclTopoFollowPath).
struct SearchNode {
    enum class Kind { None, Gpu, Net, Nvs };  ///< Nvs: the NVSwitch (NCCL's NVS 0)
    Kind kind = Kind::None;
    int index = -1;
};

/// Whether two NETs are ports of the same NIC ASIC (same guid and port); a NET
/// without a guid (a partial dump) is taken to be a NIC of its own.
bool sameAsicPort(const SearchState& state, int net, int other);

// topo_search_paths.cpp
/// ncclTopoFollowPath: takes (mult > 0) or gives back (mult < 0) the graph's
/// bandwidth along the path from `from` to `to`; false when a link lacks it or
/// the path type is above the graph's allowed type.
bool followPath(SearchState& state, WorkGraph& graph, SearchNode from, SearchNode to, float mult);
/// ncclTopoSearchInit: system->maxBw and system->totalBw.
void searchInit(const SearchState& state, float& maxBw, float& totalBw);

// topo_search_order.cpp
/// ncclTopoSearchNextGpuSort: the GPUs to try after `gpu`, best first.
std::vector<int> nextGpuOrder(const SearchState& state, const WorkGraph& graph, int gpu, int sortNet);
/// ncclTopoSelectNets: NETs to try, preferred ones first; gpu -1 means all GPUs.
std::vector<int> selectNets(const SearchState& state, PathType typeInter, int gpu);
/// ncclTopoGetLocal: the nodes of `toNets ? NET : GPU` widest, then best-typed, from a node.
std::vector<int> localNodes(const SearchState& state, int fromNode, bool toNets);

// topo_search_dfs.cpp
/// ncclTopoSearchRec: adds channels to `graph` while the step budget lasts.
void searchRec(SearchState& state, WorkGraph& graph, int& time);

// topo_dup_channels.cpp
/// ncclTopoDupChannels.
void dupChannels(WorkGraph& graph, int ccMin);

// topo_search_relax.cpp
/// ncclTopoCompute's two passes; fills state.best and the relaxation narration.
void computeGraph(SearchState& state, WorkGraph& graph, GraphSearch& result);

}  // namespace commviz::nccl_topology::search_detail
