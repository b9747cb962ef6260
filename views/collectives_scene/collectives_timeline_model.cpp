#include "collectives_scene/collectives_timeline_model.h"

#include <algorithm>
#include <cmath>
#include <variant>

#include "collectives_scene/collectives_engine.h"
#include "sim/session_access.h"

namespace commviz::views {

namespace {

using collectives::PipelineWait;

/// The simulation computes a start as the max of the times it waited for, so an equal time is the same double.
bool sameTime(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(a)); }

/// Finds each channel's critical path: predecessors of the bars, then the chains back from the latest arrivals.
class CriticalPathWalk {
public:
    CriticalPathWalk(CollectivesTimeline& timeline, const std::vector<int>& laneOf,
                     const std::vector<int>& previousRank)
        : m_timeline(timeline), m_laneOf(laneOf), m_previousRank(previousRank), m_barsOfLane(timeline.lanes.size()) {
        for (std::size_t index = 0; index < timeline.bars.size(); ++index)
            m_barsOfLane[std::size_t(timeline.bars[index].lane)].push_back(int(index));
    }

    void markAll() {
        std::vector<int> latest(std::size_t(std::max(m_timeline.channels, 1)), -1);
        for (std::size_t index = 0; index < m_timeline.bars.size(); ++index) {
            int& best = latest[std::size_t(m_timeline.bars[index].channel)];
            if (best < 0 || m_timeline.bars[index].slice.endUs > m_timeline.bars[std::size_t(best)].slice.endUs)
                best = int(index);
        }
        for (int bar : latest)
            // A chain only goes back in time, so it ends; the guard is for a malformed input.
            for (std::size_t hops = 0; bar >= 0 && hops <= m_timeline.bars.size(); ++hops) {
                TimelineBar& current = m_timeline.bars[std::size_t(bar)];
                current.critical = true;
                current.predecessor = predecessor(bar);
                bar = current.predecessor;
            }
    }

private:
    int lane(int channel, int rank) const {
        return m_laneOf[std::size_t(channel) * std::size_t(m_timeline.ranks) + std::size_t(rank)];
    }
    /// The latest bar of `laneIndex` before `before` that ended (arrived, or left the wire) at `timeUs`.
    int endingAt(int laneIndex, int before, double timeUs, bool arrival) const {
        if (laneIndex < 0) return -1;
        const std::vector<int>& bars = m_barsOfLane[std::size_t(laneIndex)];
        for (auto it = bars.rbegin(); it != bars.rend(); ++it) {
            if (*it >= before) continue;
            const TimelineBar& bar = m_timeline.bars[std::size_t(*it)];
            if (sameTime(arrival ? bar.slice.endUs : bar.wireEndUs, timeUs)) return *it;
        }
        return -1;
    }
    int previousInLane(int laneIndex, int before) const {
        const std::vector<int>& bars = m_barsOfLane[std::size_t(laneIndex)];
        const auto it = std::lower_bound(bars.begin(), bars.end(), before);
        return it == bars.begin() ? -1 : *(it - 1);
    }

    // The sender's clock (Program) moves at the end of its previous send or when it stores an arrival; data
    // (Data) is the arrival from the previous rank; a slot (Slot) frees when the receiver forwards the step
    // (its send leaves the wire) or stores it (the arrival itself).
    int predecessor(int index) const {
        const TimelineBar& bar = m_timeline.bars[std::size_t(index)];
        const double start = bar.slice.startUs;
        const int own = bar.lane;
        const int upstream =
            lane(bar.channel,
                 m_previousRank[std::size_t(bar.channel) * std::size_t(m_timeline.ranks) + std::size_t(bar.src)]);
        switch (bar.slice.boundBy) {
            case PipelineWait::None:
                return -1;
            case PipelineWait::Data:
                return endingAt(upstream, index, start, true);
            case PipelineWait::Program: {
                if (const int sent = endingAt(own, index, start, false); sent >= 0) return sent;
                if (const int stored = endingAt(upstream, index, start, true); stored >= 0) return stored;
                return previousInLane(own, index);
            }
            case PipelineWait::Slot: {
                if (const int forwarded = endingAt(lane(bar.channel, bar.dst), index, start, false); forwarded >= 0)
                    return forwarded;
                return endingAt(own, index, start, true);
            }
        }
        return -1;
    }

    CollectivesTimeline& m_timeline;
    const std::vector<int>& m_laneOf;
    const std::vector<int>& m_previousRank;
    std::vector<std::vector<int>> m_barsOfLane;
};

}  // namespace

CollectivesTimeline collectTimeline(const sim::Session* session, int channel) {
    CollectivesTimeline timeline;
    const auto access = sim::SessionAccess<collectives::CollectivesEngine>::of(session);
    if (!access) return timeline;
    const collectives::CollectivesEngine& engine = access->engine();
    const collectives::RingPipeline* pipeline = engine.ringPipeline();
    if (!pipeline || !engine.perMessageEvents()) return timeline;
    timeline.timed = true;
    timeline.ranks = engine.config().ranks;
    timeline.channels = std::max(engine.config().nchannels, 1);
    timeline.cursor = int(access->cursor());
    // Each channel's ring from rank 0, as the channel's Channel line lists it.
    const std::size_t cells = std::size_t(timeline.channels) * std::size_t(timeline.ranks);
    std::vector<int> laneOf(cells, -1), previousRank(cells, 0);
    for (int c = 0; c < timeline.channels; ++c) {
        int rank = 0;
        for (int position = 0; position < timeline.ranks; ++position) {
            const std::size_t cell = std::size_t(c) * std::size_t(timeline.ranks) + std::size_t(rank);
            if (laneOf[cell] >= 0) break;  // not one cycle through every rank: the rest in rank order below
            const int next = pipeline->hops().next(c, rank);
            previousRank[std::size_t(c) * std::size_t(timeline.ranks) + std::size_t(next)] = rank;
            if (channel < 0 || channel == c) {
                laneOf[cell] = int(timeline.lanes.size());
                timeline.lanes.push_back({rank, c});
            } else {
                laneOf[cell] = -2;  // filtered out
            }
            rank = next;
        }
        for (int r = 0; r < timeline.ranks; ++r) {
            const std::size_t cell = std::size_t(c) * std::size_t(timeline.ranks) + std::size_t(r);
            if (laneOf[cell] != -1) continue;
            laneOf[cell] = channel < 0 || channel == c ? int(timeline.lanes.size()) : -2;
            if (laneOf[cell] >= 0) timeline.lanes.push_back({r, c});
        }
    }
    for (std::size_t step = 1; step <= access->cursor(); ++step) {
        const auto* events = access->events(step);
        if (!events) break;
        for (const collectives::CollectivesEvent& event : *events) {
            const auto* send = std::get_if<collectives::SendEvent>(&event);
            if (!send || !send->timing) continue;
            const collectives::Message& message = send->message;
            if (message.channel < 0 || message.channel >= timeline.channels || message.src < 0 ||
                message.src >= timeline.ranks)
                continue;
            const int laneIndex =
                laneOf[std::size_t(message.channel) * std::size_t(timeline.ranks) + std::size_t(message.src)];
            if (laneIndex < 0) continue;
            for (int s = 0; s < send->timing->sliceCount; ++s) {
                TimelineBar bar;
                bar.lane = laneIndex;
                bar.src = message.src;
                bar.dst = message.dst;
                bar.channel = message.channel;
                bar.step = int(step);
                bar.slice = send->timing->slices[std::size_t(s)];
                bar.wireEndUs = bar.slice.endUs - pipeline->hops().hop(bar.channel, bar.src).latencyUs;
                bar.transport = send->transport;
                bar.receiverPrimitive = send->receiverPrimitive;
                timeline.endUs = std::max(timeline.endUs, bar.slice.endUs);
                timeline.bars.push_back(bar);
            }
        }
    }
    CriticalPathWalk(timeline, laneOf, previousRank).markAll();
    return timeline;
}

}  // namespace commviz::views
