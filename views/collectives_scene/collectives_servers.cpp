#include "collectives_scene/collectives_servers.h"

#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <set>

#include "collectives_scene/collectives_engine.h"
#include "nccl/topology_scene/topology_paint.h"
#include "nccl/transport/topo_transport.h"

namespace commviz::views {

using collectives::CollectivesEngine;
using collectives::PhysicalLink;
using collectives::ServerNode;
using nccl_topology::NodeType;

namespace {

constexpr double kNetworkBand = 34;  // the network between the servers' halves
constexpr double kTitle = 16;        // the server's title above its devices

// The servers' half of the area above the network, the other half below it, two side by side per row.
QRectF serverRect(const QRectF& area, int index, int count, bool& lower) {
    lower = false;
    if (count == 1) return area;
    const int columns = count == 2 ? 1 : 2;
    const int rows = (count + columns - 1) / columns;
    const int upperRows = (rows + 1) / 2;
    const int row = index / columns;
    lower = row >= upperRows;
    const double height = (area.height() - kNetworkBand) / rows;
    const double top = area.top() + row * height + (lower ? kNetworkBand : 0);
    const double width = area.width() / columns;
    return QRectF(area.left() + (index % columns) * width, top, width, height).adjusted(2, 2, -2, -2);
}

// The band between the upper and the lower servers; empty on one server.
QRectF networkBand(const QRectF& area, int count) {
    if (count <= 1) return {};
    const int rows = count == 2 ? 2 : (count + 1) / 2;
    const double height = (area.height() - kNetworkBand) / rows;
    return QRectF(area.left(), area.top() + (rows + 1) / 2 * height, area.width(), kNetworkBand);
}

// A server below the network drawn upside down, so its NICs and NETs face the other server's across it.
void mirror(ServerLayout& layout, const QRectF& devices) {
    const double axis = devices.top() + devices.bottom();
    for (QRectF& box : layout.boxes)
        if (!box.isNull()) box.moveTop(axis - box.bottom());
}

// Thick and pale, under the sends: how busy each link is.
QColor linkUseColor(const Theme& theme) { return ScenePaint::tint(theme.mutedText, 90); }

// Where a link's count goes: near a GPU on its NVLink to the switch (where the GPUs' links part), near the
// switch or CPU on a PCI link (the GPU and NIC rows are full of labels), else mid-link.
QPointF tagPoint(const QPointF& a, const QPointF& b, NodeType typeA, NodeType typeB) {
    const auto leaf = [](NodeType type) { return type == NodeType::GPU || type == NodeType::NIC; };
    if (typeB == NodeType::NVS) return a + (b - a) * 0.3;
    if (typeA == NodeType::NVS) return b + (a - b) * 0.3;
    if (leaf(typeA) && !leaf(typeB)) return a + (b - a) * 0.62;
    if (leaf(typeB) && !leaf(typeA)) return b + (a - b) * 0.62;
    return (a + b) / 2;
}

QPointF pointAlong(const std::vector<QPointF>& points, double length) {
    for (std::size_t index = 0; index + 1 < points.size(); ++index) {
        const QPointF step = points[index + 1] - points[index];
        const double segment = std::hypot(step.x(), step.y());
        if (length <= segment) return points[index] + step * (segment > 0 ? length / segment : 0);
        length -= segment;
    }
    return points.back();
}

}  // namespace

bool CollectivesServers::offered(const CollectivesEngine& engine) {
    const auto& topology = engine.config().topology;
    return topology && topology->model && (engine.ringPipeline() || engine.treePipeline() || engine.nvlsPipeline());
}

void CollectivesServers::layOut(const collectives::NcclTopologySetup& setup, const QRectF& area) {
    if (!m_model.expired() && m_model.lock() == setup.model && m_area == area) return;
    m_model = setup.model;
    m_area = area;
    m_servers.clear();
    const int count = std::max(1, setup.nNodes);
    for (int server = 0; server < count; ++server) {
        bool lower = false;
        const QRectF frame = serverRect(area, server, count, lower);
        const QRectF devices = frame.adjusted(0, kTitle, 0, 0);
        ServerLayout layout = ServerLayout::of(setup.model->system, devices);
        layout.frame = frame;
        if (lower) mirror(layout, devices.adjusted(8, 8, -8, -8));
        m_servers.push_back(std::move(layout));
    }
    m_network = networkBand(area, count);
}

QPointF CollectivesServers::centre(const ServerNode& stop) const {
    if (stop.server < 0 || stop.server >= int(m_servers.size())) return {};
    const ServerLayout& layout = m_servers[std::size_t(stop.server)];
    return layout.drawn(stop.node) ? layout.centre(stop.node) : QPointF();
}

std::vector<QPointF> CollectivesServers::routePoints(const std::vector<ServerNode>& route) const {
    std::vector<QPointF> points;
    for (std::size_t index = 0; index < route.size(); ++index) {
        const QPointF point = centre(route[index]);
        if (index > 0 && route[index].server != route[index - 1].server && !m_network.isNull()) {
            // The network: down (or up) from the sender's NET into the band, across, and out to the receiver's.
            const double y = m_network.center().y();
            points.push_back({points.back().x(), y});
            points.push_back({point.x(), y});
        }
        points.push_back(point);
    }
    return points;
}

void CollectivesServers::paint(TopologyPaint& p, const CollectivesEngine& engine, const collectives::Round& round,
                               int focus) {
    const auto& setup = *engine.config().topology;
    const auto& system = setup.model->system;
    const auto graph = engine.treePipeline() ? collectives::RouteGraph::Tree : collectives::RouteGraph::Ring;
    for (std::size_t server = 0; server < m_servers.size(); ++server)
        p.serverFrame(m_servers[server], tr("Node %1 · ranks %2–%3")
                                             .arg(server)
                                             .arg(int(server) * setup.gpusPerNode)
                                             .arg((int(server) + 1) * setup.gpusPerNode - 1));
    if (!m_network.isNull()) {
        p.box(m_network.adjusted(4, 5, -4, -5),
              ScenePaint::tint(TopologyPaint::linkColor(nccl_topology::LinkType::NET), 40),
              TopologyPaint::linkColor(nccl_topology::LinkType::NET), 6, 1);
        // Its left end only: the NICs' tags sit along the rest.
        p.text(m_network.adjusted(12, 0, 0, 0), tr("NET"), 12,
               TopologyPaint::linkColor(nccl_topology::LinkType::NET).darker(150), Qt::AlignLeft | Qt::AlignVCenter,
               true);
    }
    for (const ServerLayout& layout : m_servers) p.links(system, layout, setup.netsTrimmed);
    std::set<PhysicalLink> insideServers;
    for (const collectives::Message& message : round) {
        if (message.src / setup.gpusPerNode != message.dst / setup.gpusPerNode) continue;
        const auto route = collectives::sendRoute(setup, graph, message.channel, message.src, message.dst);
        for (std::size_t index = 0; index + 1 < route.size(); ++index)
            insideServers.insert(std::minmax(route[index], route[index + 1]));
    }
    paintLinkUse(p, collectives::linkUse(setup, graph, round), insideServers);
    // The sends of the channel in focus, over the links and under the devices they pass.
    m_chunks.clear();
    for (const collectives::Message& message : round) {
        if (focus >= 0 && message.channel != focus) continue;
        const auto route = collectives::sendRoute(setup, graph, message.channel, message.src, message.dst);
        if (route.size() < 2) continue;
        const QColor color = focus >= 0 ? (message.reduce ? p.theme.accent2 : p.theme.accent)
                                        : TopologyPaint::channelColor(message.channel);
        paintSend(p, routePoints(route), color, focus >= 0 ? 3 : 1.4, focus >= 0);
    }
    for (const ServerLayout& layout : m_servers) p.nodes(system, layout, false, setup.netsTrimmed);
    // The chunks on their way, over the devices they pass through (the NVSwitch, a NIC).
    for (const auto& [at, color] : m_chunks) {
        p.p.setPen(QPen(color.darker(130), 1));
        p.p.setBrush(color);
        p.p.drawEllipse(at, 4.5, 4.5);
    }
    // The counts over everything, so no send or device hides them.
    for (const auto& [at, count] : m_tags)
        //: How many of the round's sends cross one link, e.g. "×4".
        p.tag(at, tr("×%1").arg(count), p.theme.mutedText.darker(120), QColor(Qt::white), 11);
    paintRanks(p, engine);
}

// Every physical link the round's sends cross: thicker the more cross it, tagged with how many.
void CollectivesServers::paintLinkUse(TopologyPaint& p, const std::map<PhysicalLink, int>& use,
                                      const std::set<PhysicalLink>& insideServers) {
    int most = 1;
    for (const auto& [link, count] : use) most = std::max(most, count);
    const QColor color = linkUseColor(p.theme);
    m_tags.clear();
    const auto* system = &m_model.lock()->system;
    for (const auto& [link, count] : use) {
        const std::vector<QPointF> points = routePoints({link.first, link.second});
        if (points.size() < 2 || points.front().isNull() || points.back().isNull()) continue;
        p.p.setPen(QPen(color, 3 + 9.0 * count / most, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        p.p.setBrush(Qt::NoBrush);
        p.p.drawPolyline(points.data(), int(points.size()));
        // Tagged where the count tells something: the links of sends inside a server (each GPU's NVLink to
        // the switch) and the network hop; the PCI links only sends to the NICs cross carry the network hop's
        // sends, so they are thickened only and the rows of devices stay readable.
        const auto typeOf = [system](const ServerNode& end) { return system->nodes[std::size_t(end.node)].type; };
        const bool network = link.first.server != link.second.server;
        if (!network && !insideServers.count(link)) continue;
        const QPointF at = network && points.size() == 4
                               ? (points[1] + points[2]) / 2
                               : tagPoint(points.front(), points.back(), typeOf(link.first), typeOf(link.second));
        m_tags.push_back({at, count});
    }
}

// A send along its route, drawn as far as the step's progress, its head moving from link to link; each
// segment a little to the left of travel so the two directions of a link stay apart.
void CollectivesServers::paintSend(TopologyPaint& p, const std::vector<QPointF>& points, const QColor& color,
                                   double width, bool moving) {
    std::vector<QPointF> shifted;
    for (std::size_t index = 0; index + 1 < points.size(); ++index) {
        const QPointF step = points[index + 1] - points[index];
        const double length = std::hypot(step.x(), step.y());
        if (length < 1) continue;
        const QPointF left = QPointF(step.y(), -step.x()) / length * 3.5;
        shifted.push_back(points[index] + left);
        shifted.push_back(points[index + 1] + left);
    }
    if (shifted.size() < 2) return;
    double total = 0;
    for (std::size_t index = 0; index + 1 < shifted.size(); ++index) {
        const QPointF step = shifted[index + 1] - shifted[index];
        total += std::hypot(step.x(), step.y());
    }
    const double reached = total * std::clamp(p.state.progress, 0.0, 1.0);
    std::vector<QPointF> drawn{shifted.front()};
    double walked = 0;
    for (std::size_t index = 0; index + 1 < shifted.size(); ++index) {
        const QPointF step = shifted[index + 1] - shifted[index];
        const double length = std::hypot(step.x(), step.y());
        if (walked + length >= reached) {
            drawn.push_back(pointAlong({shifted[index], shifted[index + 1]}, reached - walked));
            break;
        }
        walked += length;
        drawn.push_back(shifted[index + 1]);
    }
    p.p.setPen(QPen(color, width, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.p.setBrush(Qt::NoBrush);
    p.p.drawPolyline(drawn.data(), int(drawn.size()));
    if (!moving || drawn.size() < 2) return;
    const QPointF head = drawn.back();
    const QPointF before = drawn[drawn.size() - 2];
    if (head != before) p.arrowHead(head, head - before, 6 + 2 * width, color);
    if (p.state.progress < 1) m_chunks.push_back({head, color});  // the chunk itself, on its way: drawn last
}

// Rank r on GPU r % gpusPerNode of server r / gpusPerNode: NCCL's numbering (placeRank), the GPU whose
// `rank` attribute is the local rank. Each GPU carries its rank and is the rank's click target.
void CollectivesServers::paintRanks(TopologyPaint& p, const CollectivesEngine& engine) {
    const auto& system = engine.config().topology->model->system;
    for (int rank = 0; rank < engine.config().ranks; ++rank) {
        const nccl_topology::RankPlace place = nccl_topology::placeRank(system, rank);
        if (place.node >= int(m_servers.size()) || !m_servers[std::size_t(place.node)].drawn(place.gpu)) continue;
        const QRectF box = m_servers[std::size_t(place.node)].boxes[std::size_t(place.gpu)];
        const bool lower = m_servers[std::size_t(place.node)].frame.top() > m_area.center().y();
        const QPointF at(box.center().x(), lower ? box.bottom() + 8 : box.top() - 8);
        p.tag(at, tr("r%1").arg(rank), p.theme.panel, p.theme.text, 11);
        p.object(box, QStringLiteral("rank:%1").arg(rank));
    }
}

void CollectivesServers::legend(TopologyPaint& p, const CollectivesEngine& engine, const QRectF& area, int focus) {
    const double right = 330;
    p.legend(QRectF(area.left(), area.top(), area.width() - right, area.height()),
             engine.config().topology->model->system, 0, -1);
    double x = area.right() - right + 8;
    const double y = area.center().y();
    p.p.setPen(QPen(linkUseColor(p.theme), 8, Qt::SolidLine, Qt::RoundCap));
    p.p.drawLine(QPointF(x, y), QPointF(x + 18, y));
    x += 24 + p.text(QRectF(x + 24, area.top(), 150, area.height()), tr("×N: sends on a link"), 13, p.theme.text);
    // Orange where the receiver reduces, blue where it stores, as the ranks' own view draws them.
    p.p.setPen(QPen(focus >= 0 ? p.theme.accent2 : TopologyPaint::channelColor(0), 3, Qt::SolidLine, Qt::RoundCap));
    p.p.drawLine(QPointF(x + 6, y), QPointF(x + 16, y));
    p.p.setPen(QPen(focus >= 0 ? p.theme.accent : TopologyPaint::channelColor(1), 3, Qt::SolidLine, Qt::RoundCap));
    p.p.drawLine(QPointF(x + 20, y), QPointF(x + 30, y));
    p.text(QRectF(x + 34, area.top(), area.right() - x - 34, area.height()),
           focus >= 0 ? tr("channel %1's sends").arg(focus) : tr("every channel's sends"), 13, p.theme.text);
}

}  // namespace commviz::views
