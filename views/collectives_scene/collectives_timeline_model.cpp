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

/// Who feeds whom on each channel, and the lane of each (channel, rank, program): a ring's previous rank, a
/// tree's parent and children.
class ChannelFlow {
public:
    ChannelFlow(int ranks, int channels)
        : m_ranks(ranks), m_laneOf(std::size_t(ranks) * std::size_t(channels) * 2, -1) {}

    void setRingPrevious(std::vector<int> previousRank) { m_previousRank = std::move(previousRank); }
    void setTrees(const collectives::NcclTreePlan* plan) { m_plan = plan; }
    void setNvls() { m_nvls = true; }
    bool tree() const { return m_plan != nullptr; }
    int& laneOf(int channel, int rank, bool down) { return m_laneOf[cell(channel, rank, down)]; }
    int lane(int channel, int rank, bool down) const { return m_laneOf[cell(channel, rank, down)]; }
    const collectives::NcclTree& treeOf(int channel) const { return m_plan->treeOf(channel); }

    /// The lanes whose arrivals a bar's sender waited for as data.
    std::vector<int> feeders(const TimelineBar& bar) const {
        if (m_nvls) return bar.up ? std::vector<int>{} : nvlsLoads(bar.channel);
        if (!m_plan) return {lane(bar.channel, previous(bar.channel, bar.src), false)};
        const collectives::NcclTree& tree = treeOf(bar.channel);
        const bool down = !bar.up;
        if (down && bar.src != tree.root) return {lane(bar.channel, tree.parent[std::size_t(bar.src)], true)};
        std::vector<int> lanes;
        for (int child : tree.children[std::size_t(bar.src)]) lanes.push_back(lane(bar.channel, child, false));
        return lanes;
    }
    /// The lane whose send frees a bar's slot at its receiver (-1: the receiver only stores it).
    int forwarder(const TimelineBar& bar) const {
        if (m_nvls) return -1;  // the slots free as the reduce warps finish: program order, no other lane
        if (!m_plan) return lane(bar.channel, bar.dst, false);
        const collectives::NcclTree& tree = treeOf(bar.channel);
        if (bar.up) return lane(bar.channel, bar.dst, bar.dst == tree.root);
        return tree.children[std::size_t(bar.dst)].empty() ? -1 : lane(bar.channel, bar.dst, true);
    }

private:
    // A head's stores wait for its loads from every rank.
    std::vector<int> nvlsLoads(int channel) const {
        std::vector<int> lanes;
        for (int rank = 0; rank < m_ranks; ++rank) lanes.push_back(lane(channel, rank, false));
        return lanes;
    }
    std::size_t cell(int channel, int rank, bool down) const {
        return (std::size_t(channel) * std::size_t(m_ranks) + std::size_t(rank)) * 2 + (down ? 1 : 0);
    }
    int previous(int channel, int rank) const {
        return m_previousRank[std::size_t(channel) * std::size_t(m_ranks) + std::size_t(rank)];
    }

    int m_ranks;
    std::vector<int> m_laneOf;
    std::vector<int> m_previousRank;
    const collectives::NcclTreePlan* m_plan = nullptr;
    bool m_nvls = false;
};

/// Finds each channel's critical path: predecessors of the bars, then the chains back from the latest arrivals.
class CriticalPathWalk {
public:
    CriticalPathWalk(CollectivesTimeline& timeline, const ChannelFlow& flow)
        : m_timeline(timeline), m_flow(flow), m_barsOfLane(timeline.lanes.size()) {
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
    /// A bar of `lanes` before `before` whose data arrived at `timeUs`: all of it, or (LL and LL128, forwarded
    /// line by line) its first line, one hop latency after it started.
    int arrivingAt(const std::vector<int>& lanes, int before, double timeUs) const {
        for (int laneIndex : lanes) {
            if (laneIndex < 0) continue;
            if (const int found = endingAt(laneIndex, before, timeUs, true); found >= 0) return found;
            const std::vector<int>& bars = m_barsOfLane[std::size_t(laneIndex)];
            for (auto it = bars.rbegin(); it != bars.rend(); ++it) {
                const TimelineBar& bar = m_timeline.bars[std::size_t(*it)];
                if (*it < before && sameTime(bar.slice.startUs + (bar.slice.endUs - bar.wireEndUs), timeUs)) return *it;
            }
        }
        return -1;
    }
    int previousInLane(int laneIndex, int before) const {
        const std::vector<int>& bars = m_barsOfLane[std::size_t(laneIndex)];
        const auto it = std::lower_bound(bars.begin(), bars.end(), before);
        return it == bars.begin() ? -1 : *(it - 1);
    }

    // The sender's clock (Program) moves at the end of its previous send or when it stores an arrival; data
    // (Data) is an arrival from a feeding rank; a slot (Slot) frees when the receiver forwards the step (its
    // send leaves the wire) or stores it (the arrival itself).
    int predecessor(int index) const {
        const TimelineBar& bar = m_timeline.bars[std::size_t(index)];
        const double start = bar.slice.startUs;
        const int own = bar.lane;
        switch (bar.slice.boundBy) {
            case PipelineWait::None:
                return -1;
            case PipelineWait::Data:
                return arrivingAt(m_flow.feeders(bar), index, start);
            case PipelineWait::Program: {
                if (const int sent = endingAt(own, index, start, false); sent >= 0) return sent;
                if (const int stored = arrivingAt(m_flow.feeders(bar), index, start); stored >= 0) return stored;
                return previousInLane(own, index);
            }
            case PipelineWait::Slot: {
                if (const int forwarded = endingAt(m_flow.forwarder(bar), index, start, false); forwarded >= 0)
                    return forwarded;
                return endingAt(own, index, start, true);
            }
        }
        return -1;
    }

    CollectivesTimeline& m_timeline;
    const ChannelFlow& m_flow;
    std::vector<std::vector<int>> m_barsOfLane;
};

/// Each channel's ring from rank 0, as the channel's Channel line lists it.
void addRingLanes(CollectivesTimeline& timeline, const collectives::RingPipeline& pipeline, int channel,
                  ChannelFlow& flow) {
    std::vector<int> previousRank(std::size_t(timeline.channels) * std::size_t(timeline.ranks), 0);
    for (int c = 0; c < timeline.channels; ++c) {
        const bool shown = channel < 0 || channel == c;
        int rank = 0;
        for (int position = 0; position < timeline.ranks; ++position) {
            int& lane = flow.laneOf(c, rank, false);
            if (lane >= 0 || lane == -2) break;  // not one cycle through every rank: the rest in rank order below
            const int next = pipeline.hops().next(c, rank);
            previousRank[std::size_t(c) * std::size_t(timeline.ranks) + std::size_t(next)] = rank;
            lane = shown ? int(timeline.lanes.size()) : -2;
            if (shown) timeline.lanes.push_back({rank, c});
            rank = next;
        }
        for (int r = 0; r < timeline.ranks; ++r) {
            int& lane = flow.laneOf(c, r, false);
            if (lane != -1) continue;
            lane = shown ? int(timeline.lanes.size()) : -2;
            if (shown) timeline.lanes.push_back({r, c});
        }
    }
    flow.setRingPrevious(std::move(previousRank));
}

/// Each channel's tree: the up lanes from the leaves to the root's children, then the down lanes from the
/// root to the leaves' parents (ranks of one height or depth in rank order).
void addTreeLanes(CollectivesTimeline& timeline, const collectives::NcclTreePlan& plan, int channel,
                  ChannelFlow& flow) {
    flow.setTrees(&plan);
    for (int c = 0; c < timeline.channels; ++c) {
        if (channel >= 0 && channel != c) continue;
        const collectives::NcclTree& tree = plan.treeOf(c);
        std::vector<int> ranks(std::size_t(timeline.ranks));
        for (int r = 0; r < timeline.ranks; ++r) ranks[std::size_t(r)] = r;
        std::stable_sort(ranks.begin(), ranks.end(),
                         [&tree](int a, int b) { return tree.height[std::size_t(a)] < tree.height[std::size_t(b)]; });
        for (int r : ranks)
            if (r != tree.root) {
                flow.laneOf(c, r, false) = int(timeline.lanes.size());
                timeline.lanes.push_back({r, c, LaneDirection::Up});
            }
        std::stable_sort(ranks.begin(), ranks.end(),
                         [&tree](int a, int b) { return tree.depth[std::size_t(a)] < tree.depth[std::size_t(b)]; });
        for (int r : ranks)
            if (!tree.children[std::size_t(r)].empty()) {
                flow.laneOf(c, r, true) = int(timeline.lanes.size());
                timeline.lanes.push_back({r, c, LaneDirection::Down});
            }
    }
}

/// Each channel's ranks in order: their loads into the switch, then their stores as heads.
void addNvlsLanes(CollectivesTimeline& timeline, int channel, ChannelFlow& flow) {
    flow.setNvls();
    for (int c = 0; c < timeline.channels; ++c) {
        if (channel >= 0 && channel != c) continue;
        for (const bool down : {false, true})
            for (int r = 0; r < timeline.ranks; ++r) {
                flow.laneOf(c, r, down) = int(timeline.lanes.size());
                timeline.lanes.push_back({r, c, down ? LaneDirection::Down : LaneDirection::Up});
            }
    }
}

/// The same slice already drawn in its lane: an NVLS load or store goes to every other rank at once.
bool drawnAlready(const CollectivesTimeline& timeline, int lane, const collectives::PipelineSlice& slice) {
    for (auto it = timeline.bars.rbegin(); it != timeline.bars.rend() && it - timeline.bars.rbegin() < 64; ++it)
        if (it->lane == lane && it->slice.step == slice.step && it->slice.startUs == slice.startUs) return true;
    return false;
}

}  // namespace

CollectivesTimeline collectTimeline(const sim::Session* session, int channel) {
    CollectivesTimeline timeline;
    const auto access = sim::SessionAccess<collectives::CollectivesEngine>::of(session);
    if (!access) return timeline;
    const collectives::CollectivesEngine& engine = access->engine();
    const collectives::RingPipeline* ring = engine.ringPipeline();
    const collectives::TreePipeline* tree = engine.treePipeline();
    const bool nvls = engine.nvlsPipeline() != nullptr;
    if ((!ring && !tree && !nvls) || !engine.perMessageEvents()) return timeline;
    timeline.timed = true;
    timeline.tree = tree != nullptr;
    timeline.nvls = nvls;
    timeline.ranks = engine.config().ranks;
    timeline.channels = std::max(engine.config().nchannels, 1);
    timeline.cursor = int(access->cursor());
    ChannelFlow flow(timeline.ranks, timeline.channels);
    if (ring)
        addRingLanes(timeline, *ring, channel, flow);
    else if (tree)
        addTreeLanes(timeline, tree->plan(), channel, flow);
    else
        addNvlsLanes(timeline, channel, flow);
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
            const bool down = (tree || nvls) && !message.reduce;
            const int laneIndex = flow.lane(message.channel, message.src, down);
            if (laneIndex < 0) continue;
            if (nvls && drawnAlready(timeline, laneIndex, send->timing->slices[0])) continue;
            const double latencyUs = ring   ? ring->hops().hop(message.channel, message.src).latencyUs
                                     : tree ? tree->hop(message).latencyUs
                                            : 0.0;
            for (int s = 0; s < send->timing->sliceCount; ++s) {
                TimelineBar bar;
                bar.lane = laneIndex;
                bar.src = message.src;
                bar.dst = message.dst;
                bar.channel = message.channel;
                bar.up = (tree || nvls) && message.reduce;
                bar.step = int(step);
                bar.slice = send->timing->slices[std::size_t(s)];
                bar.wireEndUs = bar.slice.endUs - latencyUs;
                bar.transport = send->transport;
                bar.receiverPrimitive = send->receiverPrimitive;
                timeline.endUs = std::max(timeline.endUs, bar.slice.endUs);
                timeline.bars.push_back(bar);
            }
        }
    }
    CriticalPathWalk(timeline, flow).markAll();
    return timeline;
}

}  // namespace commviz::views
