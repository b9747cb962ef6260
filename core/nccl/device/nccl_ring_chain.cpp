// NCCL's rooted rings: broadcast and reduce pipelined along the ring, and the
// loop arithmetic every NCCL schedule shares.

#include <algorithm>
#include <memory>

#include "collectives/block_layout.h"
#include "nccl/device/nccl_primitives.h"
#include "nccl/device/nccl_protocol.h"
#include "nccl/device/nccl_ring.h"

namespace commviz::collectives {

namespace nccl_detail {

std::int64_t loopsOver(std::int64_t part, std::int64_t chunk) {
    return std::max<std::int64_t>(1, (part + chunk - 1) / chunk);
}

std::int64_t loopElements(std::int64_t part, std::int64_t chunk, std::int64_t loop) {
    return std::clamp<std::int64_t>(part - loop * chunk, 0, chunk);
}

std::string layoutLimitError(std::size_t blocks) {
    if (blocks <= std::size_t(kMaxSegments)) return {};
    return "cuts the buffer into " + std::to_string(blocks) + " NCCL chunks; allowed: at most " +
           std::to_string(kMaxSegments) + " (use fewer ranks, fewer bytes or the Simple protocol)";
}

}  // namespace nccl_detail

namespace {

/// The chain of a rooted ring: position k of the chain is rank first + k.
struct Chain {
    int first = 0;
    bool reduce = false;
    std::vector<int> firstChunk;  ///< per channel
    std::vector<std::int64_t> chunks;
    std::int64_t maxChunks = 1;
};

Schedule chainSchedule(const ScheduleRequest& request, int first, bool reduce) {
    using namespace nccl_detail;
    const int p = request.ranks;
    const int channels = int(std::clamp<std::int64_t>(request.count, 1, request.nchannels));
    const BlockLayout parts = evenBlocks(request.count, channels);
    const std::int64_t chunk = std::max<std::int64_t>(
        1, ncclChunkBytes(NcclAlgorithm::Ring, false, request.protocol, 0, p) / request.elementBytes);
    Schedule schedule = namedSchedule("ring", 0, {});
    std::size_t blocks = 0;
    for (std::int64_t part : parts) blocks += std::size_t(loopsOver(part, chunk));
    schedule.unsupported = layoutLimitError(blocks);
    if (!schedule.unsupported.empty()) return schedule;
    auto chain = std::make_shared<Chain>();
    chain->first = first;
    chain->reduce = reduce;
    for (std::int64_t part : parts) {
        chain->firstChunk.push_back(int(schedule.layout.size()));
        chain->chunks.push_back(loopsOver(part, chunk));
        chain->maxChunks = std::max(chain->maxChunks, chain->chunks.back());
        for (std::int64_t loop = 0; loop < chain->chunks.back(); ++loop)
            schedule.layout.push_back(loopElements(part, chunk, loop));
    }
    if (p < 2) return schedule;
    const BlockLayout layout = schedule.layout;
    const auto bytes = request.elementBytes;
    // Chunk c leaves position k in round c + k: the last of p-1 hops of the last chunk ends the run.
    schedule.rounds = int(chain->maxChunks) + p - 2;
    schedule.round = [=](int roundIndex) {
        Round round;
        for (std::size_t channel = 0; channel < chain->chunks.size(); ++channel)
            for (int position = 0; position < p - 1; ++position) {
                const int chunkIndex = roundIndex - position;
                if (chunkIndex < 0 || chunkIndex >= chain->chunks[channel]) continue;
                const int src = (chain->first + position) % p, dst = (chain->first + position + 1) % p;
                round.push_back(makeMessage(layout, bytes, src, dst, {{chain->firstChunk[channel] + chunkIndex, 1}},
                                            chain->reduce));
            }
        return round;
    };
    schedule.deviceFunction = nccl_primitives::kRunRing;
    schedule.primitive = [first, p, reduce](int, const Message& message) {
        const int position = ((message.src - first) % p + p) % p;
        return reduce ? nccl_primitives::ringReduce(position) : nccl_primitives::ringBroadcast(position);
    };
    return schedule;
}

}  // namespace

Schedule ncclRingBroadcast(const ScheduleRequest& request) { return chainSchedule(request, request.root, false); }

Schedule ncclRingReduce(const ScheduleRequest& request) {
    return chainSchedule(request, (request.root + 1) % request.ranks, true);
}

}  // namespace commviz::collectives
