#include "nccl/device/nccl_ring.h"

#include <algorithm>
#include <memory>

#include "collectives/block_layout.h"
#include "collectives/phases.h"
#include "nccl/device/nccl_primitives.h"
#include "nccl/device/nccl_protocol.h"

namespace commviz::collectives {

using nccl_detail::layoutLimitError;
using nccl_detail::loopElements;
using nccl_detail::loopsOver;
using nccl_detail::RingOrder;
using nccl_detail::ringOrderError;

namespace {

std::int64_t chunkElements(const ScheduleRequest& request, std::int64_t channelBytes) {
    const auto bytes =
        ncclChunkBytes(NcclAlgorithm::Ring, true, request.protocol, channelBytes, request.ranks) / request.elementBytes;
    return std::max<std::int64_t>(1, bytes);
}

int wrap(int rank, int ranks) { return ((rank % ranks) + ranks) % ranks; }

/// Where each channel's loops start in the layout of one ring allreduce.
struct RingLoops {
    std::vector<int> firstBlock;  ///< per channel
    std::vector<std::int64_t> loops;
    std::int64_t maxLoops = 1;
};

}  // namespace

Schedule ncclRingAllreduce(const ScheduleRequest& request, int nchannels) {
    const int p = request.ranks;
    const int channels = int(std::clamp<std::int64_t>(request.count / std::max(p, 1), 1, nchannels));
    const BlockLayout shares = evenBlocks(request.count, channels);
    const std::int64_t loopCount = std::int64_t(p) * chunkElements(request, shares.front() * request.elementBytes);
    Schedule schedule = namedSchedule("ring", 0, {});
    auto loops = std::make_shared<RingLoops>();
    std::size_t blocks = 0;
    for (std::int64_t share : shares) blocks += std::size_t(loopsOver(share, loopCount)) * std::size_t(p);
    schedule.unsupported = layoutLimitError(blocks);
    if (schedule.unsupported.empty()) schedule.unsupported = ringOrderError(request.rings, p);
    if (!schedule.unsupported.empty()) return schedule;
    auto order = std::make_shared<const RingOrder>(request.rings, p);
    for (std::int64_t share : shares) {
        loops->firstBlock.push_back(int(schedule.layout.size()));
        loops->loops.push_back(loopsOver(share, loopCount));
        loops->maxLoops = std::max(loops->maxLoops, loops->loops.back());
        for (std::int64_t loop = 0; loop < loops->loops.back(); ++loop)
            for (std::int64_t chunk : evenBlocks(loopElements(share, loopCount, loop), p))
                schedule.layout.push_back(chunk);
    }
    if (p < 2) return schedule;
    const BlockLayout layout = schedule.layout;
    const auto bytes = request.elementBytes;
    const int steps = 2 * (p - 1);
    // Step s < p-1 is reduce-scatter round s+1 (chunk i-s-1 from ring position i); step p-1+t is allgather
    // round t+1 (chunk i-t).
    schedule.rounds = int(loops->maxLoops) * steps;
    schedule.round = [=](int roundIndex) {
        const int loop = roundIndex / steps, step = roundIndex % steps;
        const bool reduce = step < p - 1;
        const int chunkOffset = reduce ? -(step + 1) : -(step - (p - 1));
        Round round;
        for (int channel = 0; channel < channels; ++channel) {
            if (loop >= loops->loops[std::size_t(channel)]) continue;
            const int base = loops->firstBlock[std::size_t(channel)] + loop * p;
            for (int position = 0; position < p; ++position) {
                const int chunk = wrap(position + chunkOffset, p);
                Message message = makeMessage(layout, bytes, order->rank(channel, position),
                                              order->rank(channel, (position + 1) % p), {{base + chunk, 1}}, reduce);
                message.channel = channel;
                round.push_back(std::move(message));
            }
        }
        return round;
    };
    schedule.deviceFunction = nccl_primitives::kRunRing;
    schedule.primitive = [p, steps](int roundIndex, const Message&) {
        return nccl_primitives::ringAllreduce(roundIndex % steps, p);
    };
    schedule.receiverPrimitive = [p, steps](int roundIndex, const Message&) {
        return nccl_primitives::ringAllreduceReceiver(roundIndex % steps, p);
    };
    return schedule;
}

namespace {

/// The pieces of one rank's block (allgather) or share (reduce_scatter):
/// channel by channel, loop by loop. Every rank has the same number of pieces,
/// so block b*pieces + i is piece i of rank b (RankBuffers' owner rule).
struct RankPieces {
    std::vector<int> firstPiece;  ///< per channel
    std::vector<std::int64_t> loops;
    std::int64_t maxLoops = 1;
    int pieces = 0;
};

RankPieces rankPieces(std::int64_t share, int channels, std::int64_t chunk) {
    RankPieces cut;
    for (std::int64_t part : evenBlocks(share, channels)) {
        cut.firstPiece.push_back(cut.pieces);
        cut.loops.push_back(loopsOver(part, chunk));
        cut.maxLoops = std::max(cut.maxLoops, cut.loops.back());
        cut.pieces += int(cut.loops.back());
    }
    return cut;
}

/// The ring shared by allgather and reduce_scatter: p-1 rounds per loop; in
/// round j the rank at ring position i sends to the next its piece of the block of the rank at
/// position i - j - `shift`.
void setPerRankRing(Schedule& schedule, const ScheduleRequest& request, std::shared_ptr<const RankPieces> cut,
                    int shift, bool reduce) {
    const int p = request.ranks;
    if (p < 2) return;
    schedule.unsupported = ringOrderError(request.rings, p);
    if (!schedule.unsupported.empty()) return;
    auto order = std::make_shared<const RingOrder>(request.rings, p);
    const BlockLayout layout = schedule.layout;
    const auto bytes = request.elementBytes;
    schedule.rounds = int(cut->maxLoops) * (p - 1);
    schedule.round = [=](int roundIndex) {
        const int loop = roundIndex / (p - 1), step = roundIndex % (p - 1);
        Round round;
        for (std::size_t channel = 0; channel < cut->loops.size(); ++channel) {
            if (loop >= cut->loops[channel]) continue;
            const int piece = cut->firstPiece[channel] + loop;
            const int c = int(channel);
            for (int position = 0; position < p; ++position) {
                const int owner = order->rank(c, wrap(position - step - shift, p));
                Message message =
                    makeMessage(layout, bytes, order->rank(c, position), order->rank(c, (position + 1) % p),
                                {{owner * cut->pieces + piece, 1}}, reduce);
                message.channel = c;
                round.push_back(std::move(message));
            }
        }
        return round;
    };
    schedule.deviceFunction = nccl_primitives::kRunRing;
    schedule.primitive = [p, reduce](int roundIndex, const Message&) {
        const int step = roundIndex % (p - 1);
        return reduce ? nccl_primitives::ringReduceScatter(step) : nccl_primitives::ringAllgather(step);
    };
    schedule.receiverPrimitive = [p, reduce](int roundIndex, const Message&) {
        const int step = roundIndex % (p - 1);
        return reduce ? nccl_primitives::ringReduceScatterReceiver(step, p)
                      : nccl_primitives::ringAllgatherReceiver(step, p);
    };
}

}  // namespace

Schedule ncclRingAllgather(const ScheduleRequest& request) {
    const int channels = int(std::clamp<std::int64_t>(request.count, 1, request.nchannels));
    const std::int64_t chunk = chunkElements(request, request.bytes() / channels * request.ranks);
    auto cut = std::make_shared<const RankPieces>(rankPieces(request.count, channels, chunk));
    Schedule schedule = namedSchedule("ring", 0, {});
    schedule.unsupported = layoutLimitError(std::size_t(cut->pieces) * std::size_t(request.ranks));
    if (!schedule.unsupported.empty()) return schedule;
    const BlockLayout parts = evenBlocks(request.count, channels);
    for (int rank = 0; rank < request.ranks; ++rank)
        for (std::size_t channel = 0; channel < parts.size(); ++channel)
            for (std::int64_t loop = 0; loop < cut->loops[channel]; ++loop)
                schedule.layout.push_back(loopElements(parts[channel], chunk, loop));
    setPerRankRing(schedule, request, cut, 0, false);
    return schedule;
}

Schedule ncclRingReduceScatter(const ScheduleRequest& request) {
    const int p = request.ranks;
    const BlockLayout shares = evenBlocks(request.count, p);  // the largest share comes first
    const int channels = int(std::clamp<std::int64_t>(shares.front(), 1, request.nchannels));
    const std::int64_t chunk = chunkElements(request, request.bytes() / channels);
    auto cut = std::make_shared<const RankPieces>(rankPieces(shares.front(), channels, chunk));
    Schedule schedule = namedSchedule("ring", 0, {});
    schedule.unsupported = layoutLimitError(std::size_t(cut->pieces) * std::size_t(p));
    if (!schedule.unsupported.empty()) return schedule;
    for (std::int64_t share : shares) {
        const BlockLayout parts = evenBlocks(share, channels);
        for (std::size_t channel = 0; channel < parts.size(); ++channel)
            for (std::int64_t loop = 0; loop < cut->loops[channel]; ++loop)
                schedule.layout.push_back(loopElements(parts[channel], chunk, loop));
    }
    setPerRankRing(schedule, request, cut, 1, true);
    return schedule;
}

}  // namespace commviz::collectives
