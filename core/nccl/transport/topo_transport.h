#pragma once

#include <vector>

#include "nccl/graph/comm_graphs.h"
#include "nccl/graph/graph_xml_reader.h"
#include "nccl/graph/topo_paths.h"
#include "nccl/graph/topo_system.h"
#include "nccl/nccl_version.h"

namespace commviz::nccl_topology {

/// The transport of every ring and tree connection of `comm`, in the order NCCL
/// sets them up (rings, then trees), as ncclTransportP2pSetup picks it: P2P when
/// ncclTopoCheckP2p allows, else SHM inside a server, NET across servers, with
/// NCCL's wording for `version` (P2P/CUMEM, /read, NET/IB/0/GDRDMA, PXN).
std::vector<Connection> selectTransports(const TopoSystem& system, const TopoPaths& paths, const CommGraphs& comm,
                                         nccl::Version version);

/// The searched graphs whose NICs the NET connections use (ncclTopoGetNetDev
/// honours the graph's `<net>` of each channel); null: the GPU's nearest NIC.
struct TransportGraphs {
    const TopoGraph* ring = nullptr;
    const TopoGraph* tree = nullptr;
    /// NCCL_CUMEM_ENABLE: on (the default) P2P buffers are shared as cuMem
    /// handles, "P2P/CUMEM"; off, through legacy CUDA IPC, "P2P/IPC".
    bool cuMem = true;
};

std::vector<Connection> selectTransports(const TopoSystem& system, const TopoPaths& paths, const CommGraphs& comm,
                                         nccl::Version version, const TransportGraphs& graphs);

/// Where a rank lives: node n's local rank l is rank n * localRanks + l, and local
/// rank l is the GPU whose `rank` attribute is l (else the l-th GPU).
struct RankPlace {
    int node = 0;
    int localRank = 0;
    int gpu = -1;  ///< index into TopoSystem::nodes
    int dev = -1;  ///< the nvmlDev NCCL prints in brackets
};

RankPlace placeRank(const TopoSystem& system, int rank);

/// The local rank of a graph's `<gpu>`: its `rank`, or when the file leaves it
/// out the rank of the GPU with that `dev` (ncclTopoDevToRank); -1 if none.
int hopLocalRank(const TopoSystem& system, const GraphHop& hop);

/// The connections of the rings and of the trees, each in setup order; a tree
/// connection a ring already made is not made (nor printed) again.
struct TransportPlan {
    std::vector<Connection> rings;
    std::vector<Connection> trees;
};

TransportPlan planTransports(const TopoSystem& system, const TopoPaths& paths, const CommGraphs& comm,
                             nccl::Version version, const TransportGraphs& graphs = {});

/// What 2.30 prints after the rings (`Connected all rings, use ring PXN %d GDR %d`,
/// NCCL src/transport/generic.cc): some ring send goes through a PXN proxy; every
/// ring send over the network uses GPUDirect RDMA.
struct RingNetUse {
    bool pxn = false;
    bool gdr = true;
};

RingNetUse ringNetUse(const std::vector<Connection>& ringConnections);

/// How many of `comm.connections` come from the rings: the leading ones that join
/// a rank to its ring successor on their channel (trees never repeat those).
size_t ringConnectionCount(const CommGraphs& comm);

}  // namespace commviz::nccl_topology
