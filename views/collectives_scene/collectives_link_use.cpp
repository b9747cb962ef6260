#include "collectives_scene/collectives_link_use.h"

#include <algorithm>
#include <set>
#include <tuple>
#include <utility>

namespace commviz::views {

namespace {

using nccl_topology::Transport;

// +1 where a slice goes on the wire, -1 where it leaves it; a start sorts after an end at the same time,
// so back-to-back slices of one connection never count it twice.
std::vector<std::pair<double, int>> wireEdges(const CollectivesTimeline& timeline, Transport transport) {
    std::vector<std::pair<double, int>> edges;
    for (const TimelineBar& bar : timeline.bars) {
        if (bar.transport != transport || bar.wireEndUs <= bar.slice.startUs) continue;
        edges.emplace_back(bar.slice.startUs, +1);
        edges.emplace_back(bar.wireEndUs, -1);
    }
    std::sort(edges.begin(), edges.end());
    return edges;
}

int connectionsOf(const CollectivesTimeline& timeline, Transport transport) {
    // A lane's direction too: an NVLS rank's loads and its stores as a head name the same two ranks.
    std::set<std::tuple<int, int, int, bool>> seen;
    for (const TimelineBar& bar : timeline.bars)
        if (bar.transport == transport) seen.emplace(bar.channel, bar.src, bar.dst, bar.up);
    return int(seen.size());
}

}  // namespace

std::vector<LinkUse> linkUse(const CollectivesTimeline& timeline, double fromUs, double toUs, int samples) {
    std::vector<LinkUse> out;
    samples = std::max(samples, 2);
    for (const Transport transport : {Transport::P2P, Transport::SHM, Transport::NET, Transport::NVLS}) {
        LinkUse use;
        use.transport = transport;
        use.connections = connectionsOf(timeline, transport);
        if (use.connections == 0) continue;
        const auto edges = wireEdges(timeline, transport);
        std::size_t next = 0;
        int onWire = 0;
        for (int sample = 0; sample < samples; ++sample) {
            const double timeUs = fromUs + (toUs - fromUs) * sample / (samples - 1);
            // A slice on the wire over [start, end): counted at its start, no longer at its end.
            while (next < edges.size() && edges[next].first <= timeUs) onWire += edges[next++].second;
            use.share.push_back(std::clamp(double(onWire) / use.connections, 0.0, 1.0));
        }
        out.push_back(std::move(use));
    }
    return out;
}

}  // namespace commviz::views
