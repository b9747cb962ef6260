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

RingOrder::RingOrder(const std::vector<std::vector<int>>& rings, int ranks) {
    std::vector<int> identity(std::size_t(std::max(ranks, 0)));
    for (int rank = 0; rank < ranks; ++rank) identity[std::size_t(rank)] = rank;
    m_ranks = rings.empty() ? std::vector<std::vector<int>>{identity} : rings;
    for (const auto& ring : m_ranks) {
        std::vector<int> positions(ring.size());
        for (std::size_t position = 0; position < ring.size(); ++position)
            positions[std::size_t(ring[position])] = int(position);
        m_positions.push_back(std::move(positions));
    }
}

int RingOrder::rank(int channel, int position) const {
    const auto& ring = m_ranks[std::size_t(channel) % m_ranks.size()];
    return ring[std::size_t(position)];
}

int RingOrder::position(int channel, int rank) const {
    return m_positions[std::size_t(channel) % m_positions.size()][std::size_t(rank)];
}

std::string ringOrderError(const std::vector<std::vector<int>>& rings, int ranks) {
    for (std::size_t channel = 0; channel < rings.size(); ++channel) {
        std::vector<bool> seen(std::size_t(std::max(ranks, 0)), false);
        bool whole = int(rings[channel].size()) == ranks;
        for (int rank : rings[channel]) {
            whole = whole && rank >= 0 && rank < ranks && !seen[std::size_t(rank)];
            if (rank >= 0 && rank < ranks) seen[std::size_t(rank)] = true;
        }
        if (!whole)
            return "the ring of channel " + std::to_string(channel) + " does not list each of the " +
                   std::to_string(ranks) + " ranks once";
    }
    return {};
}

}  // namespace nccl_detail

namespace {

/// The chain of a rooted ring: position k of the chain is the rank `offset` + k places after the root
/// on the channel's ring (broadcast starts at the root, reduce after it so as to end there).
struct Chain {
    int root = 0;
    int offset = 0;
    nccl_detail::RingOrder order;
    bool reduce = false;
    std::vector<int> firstChunk;  ///< per channel
    std::vector<std::int64_t> chunks;
    std::int64_t maxChunks = 1;
};

Schedule chainSchedule(const ScheduleRequest& request, int offset, bool reduce) {
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
    if (auto wrong = ringOrderError(request.rings, p); !wrong.empty()) {
        schedule.unsupported = wrong;
        return schedule;
    }
    auto chain = std::make_shared<Chain>(Chain{request.root, offset, RingOrder(request.rings, p), reduce, {}, {}, 1});
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
                const int c = int(channel), start = chain->order.position(c, chain->root) + chain->offset;
                const int src = chain->order.rank(c, (start + position) % p);
                const int dst = chain->order.rank(c, (start + position + 1) % p);
                Message message =
                    makeMessage(layout, bytes, src, dst, {{chain->firstChunk[channel] + chunkIndex, 1}}, chain->reduce);
                message.channel = c;
                round.push_back(std::move(message));
            }
        return round;
    };
    schedule.deviceFunction = nccl_primitives::kRunRing;
    // A sender's place in its channel's chain.
    auto positionOf = [chain, p](const Message& message) {
        const auto& order = chain->order;
        const int start = order.position(message.channel, chain->root) + chain->offset;
        return ((order.position(message.channel, message.src) - start) % p + p) % p;
    };
    schedule.primitive = [positionOf, reduce](int, const Message& message) {
        const int position = positionOf(message);
        return reduce ? nccl_primitives::ringReduce(position) : nccl_primitives::ringBroadcast(position);
    };
    schedule.receiverPrimitive = [positionOf, p, reduce](int, const Message& message) {
        const int position = positionOf(message);
        return reduce ? nccl_primitives::ringReduceReceiver(position, p)
                      : nccl_primitives::ringBroadcastReceiver(position, p);
    };
    return schedule;
}

}  // namespace

Schedule ncclRingBroadcast(const ScheduleRequest& request) { return chainSchedule(request, 0, false); }

Schedule ncclRingReduce(const ScheduleRequest& request) { return chainSchedule(request, 1, true); }

}  // namespace commviz::collectives
