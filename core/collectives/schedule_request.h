#pragma once

#include <cstdint>
#include <vector>

#include "collectives/collective.h"
#include "collectives/nccl_enums.h"

namespace commviz::collectives {

/// NCCL: one channel's tree as the topology left it (rank 0's `Trees [c] 1/-1/-1->0->-1`): each rank's
/// parent (-1 at the root) and its children in NCCL's down[] order.
struct ChannelTree {
    std::vector<int> up;
    std::vector<std::vector<int>> down;
};

/// What an algorithm needs to lay out its schedule. `count` is in elements of
/// `elementBytes` each and means what Open MPI's call means: the whole vector
/// (allreduce, reduce, bcast, reduce_scatter) or one rank's block (allgather,
/// gather, scatter, alltoall, reduce_scatter_block).
struct ScheduleRequest {
    Collective collective = Collective::Allreduce;
    int ranks = 1;
    std::int64_t count = 1;
    std::int64_t elementBytes = 1;
    int root = 0;
    std::int64_t segsize = 0;  ///< bytes; 0 = no segmentation
    int fanout = 4;
    int radix = 4;
    int nchannels = 1;                             ///< NCCL channels
    NcclProtocol protocol = NcclProtocol::Simple;  ///< NCCL: sizes the chunks
    NcclHardware hardware = NcclHardware::Net;     ///< NCCL's tuner: latency table row
    double linkGBps = 50.0;                        ///< NCCL's tuner: bandwidth of one channel
    bool commutative = true;
    /// NCCL: each channel's ring as the topology search left it (rank 0 prints `Channel 03/16 : 0 7 6 5 …`);
    /// channel c runs on rings[c % rings.size()]. Empty: the ring 0, 1, …, ranks-1 on every channel.
    std::vector<std::vector<int>> rings;
    /// NCCL: each channel's tree on the server; channel c runs on trees[c % trees.size()]. Empty: the double
    /// binary tree over the ranks, every rank a node of its own (ncclGetDtree), channels in pairs.
    std::vector<ChannelTree> trees;
    int nnodes = 0;           ///< NCCL: the servers the ranks are on (0: every rank a node of its own)
    bool nvlsSwitch = false;  ///< NCCL: the server's NVSwitch reduces (comm->nvlsSupport, an NVLS graph)
    std::int64_t bytes() const { return count * elementBytes; }
};

}  // namespace commviz::collectives
