#pragma once

#include "collectives/schedule.h"
#include "collectives/schedule_request.h"

namespace commviz::collectives {

/// NCCL's ring allreduce (src/device/all_reduce.h, runRing), chunk by chunk:
/// each of `nchannels` channels owns a contiguous share of the buffer, cut
/// into p chunks; p-1 reduce-scatter rounds (round s: rank r sends chunk
/// r-s to r+1, which adds its own copy) leave rank r with the final chunk r,
/// then p-1 allgather rounds (round t: chunk r-t+1) copy it around the ring.
/// One loop over the buffer: NCCL's further slicing into chunkCount pieces
/// pipelines the same transfers and is not drawn.
Schedule ncclRingAllreduce(const ScheduleRequest& request, int nchannels);

}  // namespace commviz::collectives
