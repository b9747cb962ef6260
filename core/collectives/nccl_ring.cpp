#include "collectives/nccl_ring.h"

#include <algorithm>

#include "collectives/block_layout.h"
#include "collectives/phases.h"

namespace commviz::collectives {

Schedule ncclRingAllreduce(const ScheduleRequest& request, int nchannels) {
    const int p = request.ranks;
    const int channels = int(std::clamp<std::int64_t>(request.count / std::max(p, 1), 1, nchannels));
    Schedule schedule;
    schedule.algorithm = "ring";
    for (std::int64_t share : evenBlocks(request.count, channels))
        for (std::int64_t chunk : evenBlocks(share, p)) schedule.layout.push_back(chunk);
    const BlockLayout layout = schedule.layout;
    const auto bytes = request.elementBytes;
    auto ringRound = [=](int chunkOffset, bool reduce) {
        Round round;
        for (int channel = 0; channel < channels; ++channel)
            for (int rank = 0; rank < p; ++rank) {
                const int chunk = ((rank + chunkOffset) % p + p) % p;
                round.push_back(makeMessage(layout, bytes, rank, (rank + 1) % p, {{channel * p + chunk, 1}}, reduce));
            }
        return round;
    };
    Phase reduceScatter{p - 1, [ringRound](int index) { return ringRound(-(index + 1), true); }};
    Phase allgather{p - 1, [ringRound](int index) { return ringRound(-index, false); }};
    setPhases(schedule, {reduceScatter, allgather});
    return schedule;
}

}  // namespace commviz::collectives
