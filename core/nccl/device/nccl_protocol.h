#pragma once

#include <cstdint>

#include "collectives/nccl_enums.h"

namespace commviz::collectives {

/// The share of a protocol's wire bytes that is data: Simple 1; LL 1/2 (each
/// 8-byte line carries 4 bytes of data and a 4-byte flag, NCCL
/// src/device/prims_ll.h); LL128 120/128 (one 8-byte flag per 128-byte line,
/// NCCL src/include/device.h, NCCL_LL128_DATAELEMS).
double ncclProtocolEfficiency(NcclProtocol protocol);

/// Data bytes one step of a connection's buffer carries: the default buffer (src/init.cc: Simple 4 MiB,
/// LL 512 KiB, LL128 4,800 KiB) over NCCL_STEPS = 8, of which LL carries half and LL128 15/16.
std::int64_t ncclStepDataBytes(NcclProtocol protocol);

/// Data bytes of one chunk as NCCL src/enqueue.cc, calcCollChunking, sizes it
/// from the default buffers (src/init.cc: Simple 4 MiB, LL 512 KiB, LL128
/// 4,800 KiB, each cut into NCCL_STEPS = 8 steps): Simple rings of allreduce,
/// allgather and reduce_scatter take 4 steps (ALLREDUCE_CHUNKSTEPS), everything
/// else one step; LL carries half its step, LL128 15/16. Tree LL128 halves the
/// chunk while a channel's share `channelBytes` is short for the tree's
/// nstepsLL128 = 1 + log2(nNodes) + 0.1 ppn over `ranks` ranks on `nNodes`
/// servers (0: every rank counted as a node of its own).
std::int64_t ncclChunkBytes(NcclAlgorithm algorithm, bool multiStepRing, NcclProtocol protocol,
                            std::int64_t channelBytes, int ranks, int nNodes = 0);

}  // namespace commviz::collectives
