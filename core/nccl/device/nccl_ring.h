#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "collectives/schedule.h"
#include "collectives/schedule_request.h"

namespace commviz::collectives {

/// NCCL's ring allreduce (src/device/all_reduce.h, runRing), chunk by chunk:
/// each of `nchannels` channels owns a contiguous share of the buffer and
/// loops over it nranks x chunkCount elements at a time; a loop cuts into p
/// chunks and runs p-1 reduce-scatter rounds (round s: rank r sends chunk r-s
/// to r+1, which adds its own copy) leaving rank r with the final chunk r,
/// then p-1 allgather rounds (round t: chunk r-t+1) copying it around the ring.
Schedule ncclRingAllreduce(const ScheduleRequest& request, int nchannels);

/// NCCL's ring allgather (src/device/all_gather.h, runRing): every channel
/// carries a share of each rank's block, chunkCount elements per loop; in
/// round j of a loop rank r forwards rank r-j's piece to r+1 (p-1 rounds).
Schedule ncclRingAllgather(const ScheduleRequest& request);

/// NCCL's ring reduce_scatter (src/device/reduce_scatter.h, runRing): the
/// vector is p blocks, one per rank; in round s of a loop rank r sends its
/// partial sum of block r-s to r+1, which adds its own; after p-1 rounds rank
/// r holds block r reduced.
Schedule ncclRingReduceScatter(const ScheduleRequest& request);

/// NCCL's ring broadcast (src/device/broadcast.h, runRing): a pipelined chain
/// root -> root+1 -> ... -> root-1; round t: the rank k hops from the root
/// forwards chunk t-k. p-1 hops, chunks + p - 2 rounds.
Schedule ncclRingBroadcast(const ScheduleRequest& request);

/// NCCL's ring reduce (src/device/reduce.h, runRing): the chain starts after
/// the root and ends at it, root+1 -> root+2 -> ... -> root, every receiver
/// adding its own chunk before forwarding.
Schedule ncclRingReduce(const ScheduleRequest& request);

namespace nccl_detail {

/// Where each rank sits on each channel's ring: the topology's `Channel c : …` order
/// (ScheduleRequest::rings), or 0, 1, …, p-1 when none is given. NCCL's device code works on ring
/// positions (ncclRing::index), so chunk arithmetic is done on positions and mapped to ranks here.
class RingOrder {
public:
    RingOrder(const std::vector<std::vector<int>>& rings, int ranks);
    int rank(int channel, int position) const;
    int position(int channel, int rank) const;

private:
    std::vector<std::vector<int>> m_ranks;      ///< per ring: rank at each position
    std::vector<std::vector<int>> m_positions;  ///< per ring: position of each rank
};

/// Refusal when a ring does not list every rank once; empty when all do.
std::string ringOrderError(const std::vector<std::vector<int>>& rings, int ranks);

/// How NCCL cuts a part of `part` elements into loops of `chunk` elements: at
/// least one loop, the last one shorter.
std::int64_t loopsOver(std::int64_t part, std::int64_t chunk);
/// Elements of loop `loop` of a part cut that way (0 past its end).
std::int64_t loopElements(std::int64_t part, std::int64_t chunk, std::int64_t loop);
/// Refusal when a layout would exceed kMaxSegments blocks; empty when it fits.
std::string layoutLimitError(std::size_t blocks);

}  // namespace nccl_detail

}  // namespace commviz::collectives
