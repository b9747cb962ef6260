// TopologyRenderer: one channel drawn over the servers, as the search left it
// inside a server (the ring stage, the tree stage) or as postset joined it
// across servers (or a log described it).
#include <algorithm>
#include <cmath>

#include "nccl/topology_scene/topology_engine.h"
#include "nccl/topology_scene/topology_paint.h"
#include "nccl/topology_scene/topology_renderer.h"

namespace commviz::views {

using nccl_topology::GraphHop;
using nccl_topology::NodeType;
using nccl_topology::TopoGraph;
using nccl_topology::TopologyEngine;
using nccl_topology::TopologyRun;
using nccl_topology::TopologyStage;
using nccl_topology::TopoSystem;

namespace {

// The node a graph hop names: a GPU or NET by its `dev`.
int hopNode(const TopoSystem& system, const GraphHop& hop) {
    const NodeType type = hop.kind == GraphHop::Kind::Gpu ? NodeType::GPU : NodeType::NET;
    for (int node : system.ofType(type))
        if (system.nodes[std::size_t(node)].dev == hop.dev) return node;
    return -1;
}

// A server's GPU holding local rank `local`: the one the file gives that rank, else by order.
int gpuOfLocalRank(const TopoSystem& system, int local) {
    const std::vector<int> gpus = system.ofType(NodeType::GPU);
    for (int node : gpus)
        if (system.nodes[std::size_t(node)].rank == local) return node;
    return gpus.empty() ? -1 : gpus[std::size_t(local) % gpus.size()];
}

// Channels leave and enter a device at the bottom of its box, under its label.
QPointF anchor(const ServerLayout& layout, int node) {
    const QRectF& box = layout.boxes[std::size_t(node)];
    return {box.center().x(), box.bottom()};
}

// While a step animates, the channels pass in turn; settled, the chosen one.
int channelToShow(int chosen, int count, double progress) {
    if (count <= 0) return 0;
    if (progress < 1.0) return std::min(count - 1, int(progress * count));
    return std::clamp(chosen, 0, count - 1);
}

}  // namespace

TopologyRenderer::RankPlace TopologyRenderer::rankPlace(const TopologyRun& run, int rank) {
    const TopoSystem& system = run.model.system;
    const auto& comm = run.comm();
    const int gpus = int(system.ofType(NodeType::GPU).size());
    const int local = comm.nRanks > 0 ? std::max(1, comm.nRanks / std::max(1, comm.nNodes)) : std::max(1, gpus);
    return {rank / local, rank % local, gpuOfLocalRank(system, rank % local)};
}

QPointF TopologyRenderer::rankPoint(const TopologyRun& run, int rank) const {
    const int gpus = int(run.model.system.ofType(NodeType::GPU).size());
    const RankPlace place = rankPlace(run, rank);
    if (place.server < int(m_servers.size()))
        return place.gpu >= 0 ? anchor(m_servers[std::size_t(place.server)], place.gpu) : QPointF();
    if (place.server < int(m_compact.size())) {
        const QRectF& box = m_compact[std::size_t(place.server)];
        const double step = (box.width() - 8) / std::max(1, gpus);
        return {box.left() + 4 + (place.localRank % std::max(1, gpus) + 0.5) * step, box.center().y() + 6};
    }
    return {};
}

void TopologyRenderer::paintChannel(TopologyPaint& p, const TopologyEngine& engine) {
    if (engine.reached(TopologyStage::Postset) || engine.reached(TopologyStage::LogRead))
        paintComm(p, engine);
    else if (engine.reached(TopologyStage::Ring))
        paintSearched(p, engine);
}

void TopologyRenderer::paintSearched(TopologyPaint& p, const TopologyEngine& engine) {
    if (m_servers.empty()) return;
    const TopologyRun& run = engine.run();
    const bool tree = engine.lastStage() == TopologyStage::Tree;
    const TopoGraph& graph = tree ? run.model.tree.graph : run.model.ring.graph;
    const int shown = channelToShow(m_channel, int(graph.channels.size()), m_progress);
    if (graph.channels.empty()) return;
    std::vector<QPointF> points;
    std::vector<QPointF> nets;  // where the channel enters the server, then where it leaves
    for (const GraphHop& hop : graph.channels[std::size_t(shown)].hops) {
        const int node = hopNode(run.model.system, hop);
        if (!m_servers.front().drawn(node)) continue;
        (hop.kind == GraphHop::Kind::Net ? nets : points).push_back(anchor(m_servers.front(), node));
    }
    const QColor color = TopologyPaint::channelColor(shown);
    const Qt::PenStyle style = tree ? Qt::DashLine : Qt::SolidLine;
    // A ring inside one server closes on itself; one that enters by a NET leaves by one from its
    // last GPU; a tree leaves from its first GPU, the second in a SPLIT_TREE (NCCL src/graph/search.cc,
    // ncclTopoSearchParams: backToNet).
    if (nets.empty()) {
        p.chain(points, color, !tree, style);
        return;
    }
    const std::size_t backToNet = !tree                                                     ? points.size() - 1
                                  : graph.pattern == nccl_topology::GraphPattern::SplitTree ? 1
                                                                                            : 0;
    std::vector<QPointF> entering{nets.front()};
    entering.insert(entering.end(), points.begin(), points.end());
    p.chain(entering, color, false, style);
    if (nets.size() > 1 && backToNet < points.size()) p.chain({points[backToNet], nets.back()}, color, false, style);
}

void TopologyRenderer::paintComm(TopologyPaint& p, const TopologyEngine& engine) {
    const TopologyRun& run = engine.run();
    const auto& channels = run.comm().channels;
    if (channels.empty()) return;
    const int shown = channelToShow(m_channel, int(channels.size()), m_progress);
    const auto& channel = channels[std::size_t(shown)];
    const QColor color = TopologyPaint::channelColor(shown);
    std::vector<QPointF> ring;
    for (int rank : channel.ring) ring.push_back(rankPoint(run, rank));
    p.chain(ring, color, true, Qt::SolidLine);
    if (engine.reached(TopologyStage::Connect)) paintTransports(p, run, shown);
    for (int rank = 0; rank < int(channel.tree.size()); ++rank) {
        const int up = channel.tree[std::size_t(rank)].up;
        if (up >= 0) p.chain({rankPoint(run, rank), rankPoint(run, up)}, color.darker(140), false, Qt::DashLine);
    }
}

// The connect stage tags the channel's ring hops with their transports ("P2P/CUMEM/read", "NET/IB/0/GDRDMA").
void TopologyRenderer::paintTransports(TopologyPaint& p, const TopologyRun& run, int channel) {
    const auto& ring = run.comm().channels[std::size_t(channel)].ring;
    std::string lastVia;
    for (std::size_t index = 0; index < ring.size(); ++index) {
        const int from = ring[index], to = ring[(index + 1) % ring.size()];
        const auto& connections = run.comm().connections;
        const auto found = std::find_if(connections.begin(), connections.end(), [&](const auto& connection) {
            return connection.channel == channel && connection.fromRank == from && connection.toRank == to &&
                   connection.connIndex == 0;
        });
        const QPointF a = rankPoint(run, from), b = rankPoint(run, to);
        if (found == connections.end() || a.isNull() || b.isNull()) continue;
        // One tag per run of hops with the same transport, and every network hop: the ring stays readable.
        if (found->via == lastVia && found->transport != nccl_topology::Transport::NET) continue;
        lastVia = found->via;
        // Hops between servers cross each other halfway: tag each near its sender instead.
        const bool net = found->transport == nccl_topology::Transport::NET;
        const QPointF at = net ? a + (b - a) * 0.3 : (a + b) / 2;
        p.tag(at + QPointF(0, 18), QString::fromStdString(found->via), p.theme.panel, p.theme.text, 13);
    }
}

}  // namespace commviz::views
